import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { AppPage } from '@/components/AppPage';
import { DocumentForm } from '@/components/documents/DocumentForm';
import { SettlementClientCard } from '@/components/settlements/SettlementClientCard';
import { SettlementInvoicesCard } from '@/components/settlements/SettlementInvoicesCard';
import { SettlementPaymentCard } from '@/components/settlements/SettlementPaymentCard';
import { SettlementSummaryCard } from '@/components/settlements/SettlementSummaryCard';
import { useSettlementForm } from '@/components/settlements/useSettlementForm';

/**
 * Trésorerie › Nouveau règlement: the client (balance, advance), their open invoices (date, due
 * date, age, amount, already paid, remaining), the amount received and how (espèces, mobile money
 * with operator / phone / transaction id, chèque, virement, carte — into an account the user works
 * on — or the client's acompte), then the allocation: oldest due first or the invoices ticked, with
 * the amounts shown before validation. What is left over becomes an explicit advance. The preview
 * is computed by the same shared functions the server checks with (shared/settlements.ts).
 */
export default function SettlementsCreate({ client, invoices, accounts }: PageProps<'settlements/Create'>) {
  const state = useSettlementForm({ client, invoices, accounts });
  return (
    <AppPage
      title="Nouveau règlement"
      subtitle="Un client paie ses factures à crédit : le montant reçu entre en caisse, en banque ou sur un compte mobile money et solde ses factures, les plus anciennes d’abord ou celles que vous cochez."
      breadcrumbs={[
        { label: 'Opérations' },
        { label: 'Trésorerie' },
        { label: 'Règlements', href: route('settlements.index') },
        { label: 'Nouveau règlement' },
      ]}
    >
      <DocumentForm form={state.form} onSubmit={state.submit} errors={state.shownErrors} testId="settlement-form">
        <SettlementClientCard state={state} />
        {client ? (
          <>
            <SettlementPaymentCard state={state} client={client} />
            <SettlementInvoicesCard state={state} client={client} />
            <SettlementSummaryCard state={state} />
          </>
        ) : null}
      </DocumentForm>
    </AppPage>
  );
}
