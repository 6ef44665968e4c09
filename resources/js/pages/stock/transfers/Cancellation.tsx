import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { numberColumn } from '@/components/data/DataTable';
import { formatDate, formatQty } from '@/components/data/format';
import { StatusBadge } from '@/components/data/StatusBadge';
import { useList } from '@/components/data/useList';
import { CancellationPage } from '@/components/documents/CancellationPage';
import { TRANSFER_SEARCH, TransferFilters } from '@/components/stock/TransferFilters';

/**
 * Annulation des transferts: find a transfer by number, date or locations; cancel it with a
 * mandatory reason, or reprint it (every print after the first is a DUPLICATA, counted and audited).
 */
export default function TransferCancellation({
  filters,
  transfers,
  locations,
  can,
}: PageProps<'stock/transfers/Cancellation'>) {
  const list = useList(route('transfers.cancellations'), filters);
  return (
    <CancellationPage
      title="Annulation des transferts"
      subtitle="Recherchez un transfert pour l’annuler (motif obligatoire) ou le réimprimer en duplicata."
      crumb="Transferts"
      query={filters}
      list={list}
      search={TRANSFER_SEARCH}
      filters={<TransferFilters list={list} filters={filters} locations={locations} />}
      page={transfers}
      caption="Transferts à annuler ou réimprimer"
      pageLabel="Pagination des transferts"
      dialog={(t) => ({
        url: route('transfers.cancel', { id: t.id }),
        title: `Annuler le transfert ${t.number}`,
        explanation: `La marchandise en transit revient dans le stock de ${t.from_name}.`,
      })}
      empty={{
        title: 'Aucun transfert récent',
        filteredTitle: 'Aucun transfert ne correspond',
        text: 'Aucun transfert sur les 30 derniers jours.',
      }}
      columns={[
        numberColumn('transfers.show', { sort: false }),
        { id: 'date', label: 'Date', role: 'secondary', cell: (t) => formatDate(t.transfer_date) },
        {
          id: 'route',
          label: 'Départ → destination',
          role: 'secondary',
          wrap: true,
          cell: (t) => (
            <>
              {t.from_name}
              <div className="small text-body-secondary">→ {t.to_name}</div>
            </>
          ),
        },
        { id: 'lines', label: 'Lignes', role: 'figure', num: true, cell: (t) => formatQty(t.line_count) },
      ]}
      cancellation={{
        badge: (t) => <StatusBadge kind="transfer" status={t.status} label={t.status_label} />,
        reason: (t) => ({ text: t.cancel_reason }),
        reprints: (t) => t.reprint_count,
        reprintLinks: (t) => [
          {
            href: route('transfers.print', { id: t.id }, { print: 1, retour: 'annulation' }),
            label: 'Réimprimer',
            icon: 'fa-solid fa-copy',
            testId: 'reprint',
          },
        ],
        canReprint: can.reprint,
        canCancel: can.cancel,
        cancellable: (t) => t.cancellable,
      }}
    />
  );
}
