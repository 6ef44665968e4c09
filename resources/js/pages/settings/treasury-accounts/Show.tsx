import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { MOBILE_MONEY_OPERATOR_LABELS, TREASURY_KIND_LABELS } from '@shared/treasury';
import { AuditHistory } from '@/components/data/AuditHistory';
import { Fact, FactsCard } from '@/components/data/Fact';
import { RecordLifecycle } from '@/components/data/RecordLifecycle';
import { EditLink, RecordPage } from '@/components/data/RecordPage';
import { StatusBadge } from '@/components/data/StatusBadge';
import { AccountLedger } from '@/components/treasury/AccountLedger';

/** A bank or mobile-money account: what it is, its ledger (balance, movements, export), its history. */
export default function TreasuryAccountShow({
  account,
  ledger,
  usage,
  history,
  can_manage,
}: PageProps<'settings/treasury-accounts/Show'>) {
  const bank = account.kind === 'banque';
  return (
    <RecordPage
      title={account.name}
      subtitle={
        <>
          {account.code} · {TREASURY_KIND_LABELS[account.kind]} <StatusBadge active={account.active} />
        </>
      }
      breadcrumbs={[
        { label: 'Paramètres' },
        { label: 'Société' },
        { label: 'Banques et mobile money', href: route('treasuryAccounts.index') },
        { label: account.code },
      ]}
      actions={<EditLink href={can_manage ? route('treasuryAccounts.edit', { id: account.id }) : null} />}
      aside={
        <RecordLifecycle
          resource="treasuryAccounts"
          id={account.id}
          active={account.active}
          usage={usage}
          noun="ce compte"
          canDelete={can_manage}
        />
      }
      below={
        <>
          <AccountLedger
            ledger={ledger}
            url={route('treasuryAccounts.show', { id: account.id })}
            balance={account.balance}
          />
          <div className="mt-4">
            <AuditHistory items={history} />
          </div>
        </>
      }
    >
      <FactsCard title="Fiche compte">
        <Fact label="Type" value={TREASURY_KIND_LABELS[account.kind]} />
        {bank ? (
          <Fact label="Banque" value={account.bank_name} />
        ) : (
          <Fact label="Opérateur" value={account.operator ? MOBILE_MONEY_OPERATOR_LABELS[account.operator] : null} />
        )}
        <Fact
          label={bank ? 'Numéro de compte' : 'Téléphone'}
          value={<span className="font-monospace">{account.account_number}</span>}
        />
        <Fact label="Paiements reçus" value={bank ? 'Chèque, virement, carte bancaire' : 'Mobile money'} />
      </FactsCard>
    </RecordPage>
  );
}
