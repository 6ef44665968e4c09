import type { SaleCancellationRow } from '@shared/pages/cancellations';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { PAYMENT_MODE_LABELS } from '@shared/sales';
import { accountChoiceLabel } from '@shared/treasury-accounts';
import { cancelledRow, numberColumn } from '@/components/data/DataTable';
import { Money } from '@/components/data/Money';
import { SaleStatus } from '@/components/sales/SaleStatus';
import { formatDate } from '@/components/data/format';
import { useList } from '@/components/data/useList';
import type { DialogChoice } from '@/components/documents/CancelDialog';
import { CancellationPage } from '@/components/documents/CancellationPage';
import { SaleFilters } from '@/components/sales/SaleFilters';
import { useMoney } from '@/hooks/useCompany';

/** What cancelling this sale will do, in the dialog's words. */
function cancelEffects(s: SaleCancellationRow, money: (minor: number) => string): string {
  const parts = [`La marchandise revient dans le stock de ${s.location_name} à son coût d’origine.`];
  if (s.payment_mode === 'credit')
    parts.push(s.due > 0 ? `Le reste dû (${money(s.due)}) est retiré du solde de ${s.client_name}.` : '');
  else
    parts.push(
      `Ce qui a été encaissé (${money(s.total_ttc)}, moins les avoirs déjà remboursés) sort des comptes qui l’ont reçu, ou du compte choisi ci-dessous.`,
    );
  parts.push('Le numéro reste, marqué « ANNULÉE ».');
  return parts.filter(Boolean).join(' ');
}

/**
 * Annulations et réimpressions › Factures: find an invoice (FAC-) or a counter sale (VB-) by
 * number, client, period, status; cancel it with a mandatory reason (refused while settlements are
 * allocated to it, the row says which), or reprint its invoice A6 / cash invoice A6 / ticket — every
 * print after the first is a DUPLICATA, counted and audited.
 */
export default function SalesCancellation({
  filters,
  sales,
  client,
  locations,
  can,
  refund_accounts,
}: PageProps<'sales/Cancellation'>) {
  const money = useMoney();
  const list = useList(route('sales.cancellations'), filters);
  // A sale paid at the sale is refunded: from the accounts that took the money, or from another one of the user's (the desk's cash may have been banked since).
  const refundChoice = (s: SaleCancellationRow): DialogChoice | undefined =>
    s.payment_mode === 'cash' && refund_accounts.length
      ? {
          name: 'refund_account_id',
          label: 'Rembourser depuis',
          placeholder: 'Les comptes qui ont encaissé la vente',
          options: refund_accounts.map((a) => ({ value: String(a.id), label: accountChoiceLabel(a) })),
          hint: 'Si la caisse ne contient plus ces espèces (versées en banque), choisissez le compte d’où sort le remboursement.',
        }
      : undefined;
  return (
    <CancellationPage
      title="Annulation des factures"
      subtitle="Recherchez une facture ou une vente boutique pour l’annuler (motif obligatoire) ou la réimprimer en duplicata."
      crumb="Factures"
      query={filters}
      list={list}
      search={{ placeholder: 'N° (FAC-2026-…, VB-2026-…)', label: 'Rechercher une facture ou une vente' }}
      filters={<SaleFilters list={list} filters={filters} client={client} locations={locations} kind={filters.kind} />}
      page={sales}
      caption="Factures et ventes à annuler ou réimprimer"
      pageLabel="Pagination des factures"
      dialog={(s) => ({
        url: route('sales.cancel', { id: s.id }),
        title: `Annuler ${s.kind === 'counter' ? 'la vente' : 'la facture'} ${s.number}`,
        explanation: cancelEffects(s, money),
        choice: refundChoice(s),
      })}
      empty={{
        title: 'Aucune facture récente',
        filteredTitle: 'Aucune facture ne correspond',
        text: 'Aucune facture ni vente boutique sur les 30 derniers jours.',
      }}
      rowClassName={cancelledRow}
      columns={[
        numberColumn('sales.show', {
          below: (s: SaleCancellationRow) => <div className="small text-body-secondary">{formatDate(s.sale_date)}</div>,
        }),
        {
          id: 'client',
          label: 'Client',
          role: 'title',
          wrap: true,
          cell: (s) => (
            <>
              {s.client_name}
              <div className="small text-body-secondary">
                {PAYMENT_MODE_LABELS[s.payment_mode]} · {s.location_name}
              </div>
            </>
          ),
        },
        {
          id: 'amount',
          label: 'Montant TTC',
          role: 'figure',
          sort: true,
          num: true,
          cell: (s) => (
            <>
              <Money value={s.total_ttc} />
              {s.due > 0 ? (
                <div className="small">
                  reste <Money value={s.due} tone="debt" />
                </div>
              ) : null}
            </>
          ),
        },
      ]}
      cancellation={{
        badge: (s) => <SaleStatus sale={s} />,
        reason: (s) => ({ text: s.cancel_reason, on: s.cancelled_on }),
        extra: (s) =>
          s.settlements.length ? (
            <div className="small text-body-secondary" data-testid="settled-by">
              Réglée par {s.settlements.join(', ')}
            </div>
          ) : null,
        reprints: (s) => s.reprints,
        // Once printed, the invoice is reprinted small (A6, DUPLICATA); before, its print is the
        // original, at A5 — the button says so rather than promise an A6 it cannot be.
        reprintLinks: (s) => [
          s.printed.invoice
            ? {
                href: route('sales.print', { id: s.id }, { print: 1, format: 'a6', retour: 'annulation' }),
                label: 'A6',
                icon: 'fa-solid fa-copy',
                title:
                  s.payment_mode === 'cash'
                    ? 'Réimprimer la facture comptant en A6 (DUPLICATA)'
                    : 'Réimprimer la facture en A6 (DUPLICATA)',
                testId: 'reprint',
              }
            : {
                href: route('sales.print', { id: s.id }, { print: 1, retour: 'annulation' }),
                label: 'Original A5',
                icon: 'fa-solid fa-print',
                title: `${s.payment_mode === 'cash' ? 'La facture comptant' : 'La facture'} n’a jamais été imprimée : imprimer l’original (A5 ; le format A6 est réservé aux réimpressions)`,
                testId: 'reprint',
              },
          ...(s.kind === 'counter'
            ? [
                {
                  href: route('sales.ticket', { id: s.id }, { print: 1, retour: 'annulation' }),
                  label: 'Ticket',
                  icon: 'fa-solid fa-receipt' as const,
                  title: s.printed.ticket
                    ? 'Ticket de caisse (DUPLICATA)'
                    : 'Ticket de caisse (original : il n’a jamais été imprimé)',
                  testId: 'reprint-ticket',
                },
              ]
            : []),
        ],
        canReprint: can.reprint,
        canCancel: can.cancel,
        cancellable: (s) => s.status !== 'cancelled',
        blocked: (s) => s.blocked,
      }}
    />
  );
}
