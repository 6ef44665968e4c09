import type { SettlementCancellationRow } from '@shared/pages/cancellations';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { Badge } from '@/components/data/StatusBadge';
import { cancelledRow } from '@/components/data/DataTable';
import { Money } from '@/components/data/Money';
import { formatDate } from '@/components/data/format';
import { useList } from '@/components/data/useList';
import { CancellationPage } from '@/components/documents/CancellationPage';
import { SettlementFilters } from '@/components/settlements/SettlementFilters';
import { useMoney } from '@/hooks/useCompany';

/** What cancelling this settlement will do, in the dialog's words. */
function cancelEffects(s: SettlementCancellationRow, money: (minor: number) => string): string {
  const parts: string[] = [];
  if (s.method_label === 'Acompte')
    parts.push(`Les ${money(s.received)} pris sur l’acompte reviennent à ${s.client_name}.`);
  else
    parts.push(
      `${money(s.received)} sortent de ${s.account_name ?? 'son compte'} par un mouvement d’annulation daté d’aujourd’hui.`,
    );
  if (s.invoices.length)
    parts.push(`${s.invoices.join(', ')} retrouve${s.invoices.length > 1 ? 'nt' : ''} le reste à payer réglé ici.`);
  if (s.advance > 0 && s.method_label !== 'Acompte')
    parts.push(`L’acompte de ${money(s.advance)} laissé par ce règlement est repris.`);
  parts.push('Le numéro reste, marqué « ANNULÉ ».');
  return parts.join(' ');
}

/**
 * Annulations et réimpressions › Règlements: find a settlement (REG-) by number, client, period,
 * method; cancel it with a mandatory reason — the allocations, the money (a new movement), the
 * advance, the invoices' remaining amounts and the client's balance are reversed —, or reprint
 * its receipt (DUPLICATA, counted and audited).
 */
export default function SettlementsCancellation({
  filters,
  settlements,
  client,
  can,
}: PageProps<'settlements/Cancellation'>) {
  const money = useMoney();
  const list = useList(route('settlements.cancellations'), filters);
  return (
    <CancellationPage
      title="Annulation des règlements"
      subtitle="Recherchez un règlement pour l’annuler (motif obligatoire) ou réimprimer son reçu en duplicata."
      crumb="Règlements"
      query={filters}
      list={list}
      search={{ placeholder: 'N° de règlement (REG-2026-…)', label: 'Rechercher un règlement' }}
      filters={<SettlementFilters list={list} filters={filters} client={client} />}
      page={settlements}
      caption="Règlements à annuler ou réimprimer"
      pageLabel="Pagination des règlements"
      dialog={(s) => ({
        url: route('settlements.cancel', { id: s.id }),
        title: `Annuler le règlement ${s.number}`,
        explanation: cancelEffects(s, money),
      })}
      empty={{
        title: 'Aucun règlement récent',
        filteredTitle: 'Aucun règlement ne correspond',
        text: 'Aucun règlement sur les 30 derniers jours.',
      }}
      rowClassName={cancelledRow}
      columns={[
        {
          id: 'number',
          label: 'N°',
          role: 'title',
          sort: true,
          cell: (s) => <span className="code fw-semibold">{s.number}</span>,
        },
        { id: 'date', label: 'Date', role: 'secondary', sort: true, cell: (s) => formatDate(s.settlement_date) },
        {
          id: 'client',
          label: 'Client',
          role: 'title',
          wrap: true,
          cell: (s) => (
            <>
              {s.client_name}
              <div className="small text-body-secondary">
                {s.method_label}
                {s.reference ? ` · ${s.reference}` : ''}
              </div>
            </>
          ),
        },
        {
          id: 'amount',
          label: 'Montant',
          role: 'figure',
          sort: true,
          num: true,
          cell: (s) => <Money value={s.received} />,
        },
        {
          id: 'invoices',
          label: 'Factures réglées',
          role: 'secondary',
          wrap: true,
          cell: (s) => (
            <>
              {s.invoices.length ? s.invoices.join(', ') : <span className="text-body-secondary">—</span>}
              {s.advance > 0 ? (
                <div className="small text-body-secondary">
                  Acompte <Money value={s.advance} />
                </div>
              ) : null}
            </>
          ),
        },
      ]}
      cancellation={{
        badge: (s) => <Badge tone={s.status === 'cancelled' ? 'secondary' : 'success'}>{s.status_label}</Badge>,
        reason: (s) => ({ text: s.cancel_reason, on: s.cancelled_on }),
        reprints: (s) => s.reprints,
        reprintLinks: (s) =>
          s.receipt_url
            ? [
                {
                  href: s.receipt_url,
                  label: 'Reçu',
                  icon: 'fa-solid fa-copy',
                  title: 'Réimprimer le reçu (DUPLICATA)',
                  testId: 'reprint',
                },
              ]
            : [],
        canReprint: can.reprint,
        canCancel: can.cancel,
        cancellable: (s) => s.status !== 'cancelled',
        blocked: (s) => s.blocked,
      }}
    />
  );
}
