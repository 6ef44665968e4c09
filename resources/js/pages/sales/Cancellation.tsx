import { useState } from 'react';
import type { SaleCancellationRow } from '@shared/cancellation-pages';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { PAYMENT_MODES, PAYMENT_MODE_LABELS, SALE_KINDS, SALE_STATUS_LABELS, type SaleDisplayStatus } from '@shared/sales';
import { formatMoney } from '@shared/money';
import { RowLink } from '@/components/data/DataTable';
import { ListPage } from '@/components/data/ListPage';
import { FilterInput, FilterSelect, allDatesNote, locationOptions } from '@/components/data/ListToolbar';
import { Money } from '@/components/data/Money';
import { StatusBadge } from '@/components/data/StatusBadge';
import { formatDate } from '@/components/data/format';
import { useList } from '@/components/data/useList';
import { CancelDialog } from '@/components/documents/CancelDialog';
import { cancellationColumns } from '@/components/documents/cancellationColumns';
import { ClientPicker } from '@/components/pickers/ClientPicker';

const STATUS_OPTIONS = (Object.keys(SALE_STATUS_LABELS) as SaleDisplayStatus[]).map((s) => ({ value: s, label: SALE_STATUS_LABELS[s] }));
const MODE_OPTIONS = PAYMENT_MODES.map((m) => ({ value: m, label: PAYMENT_MODE_LABELS[m] }));
const KIND_OPTIONS = SALE_KINDS.map((k) => ({ value: k, label: k === 'invoice' ? 'Factures (FAC)' : 'Ventes boutique (VB)' }));

/** What cancelling this sale will do, in the dialog's words. */
function cancelEffects(s: SaleCancellationRow, currency: string): string {
  const money = (n: number) => formatMoney(n, currency);
  const parts = [`La marchandise revient dans le stock de ${s.location_name} à son coût d'origine.`];
  if (s.payment_mode === 'credit') parts.push(s.due > 0 ? `Le reste dû (${money(s.due)}) est retiré du solde de ${s.client_name}.` : '');
  else parts.push(`Ce qui a été encaissé (${money(s.total_ttc)}, moins les avoirs déjà remboursés) sort des comptes qui l'ont reçu.`);
  parts.push('Le numéro reste, marqué « ANNULÉE ».');
  return parts.filter(Boolean).join(' ');
}

/**
 * Annulations et réimpressions › Factures: find an invoice (FAC-) or a counter sale (VB-) by
 * number, client, period, status; cancel it with a mandatory reason (refused while settlements are
 * allocated to it, the row says which), or reprint its invoice A6 / cash invoice A6 / ticket — every
 * print after the first is a DUPLICATA, counted and audited.
 */
export default function SalesCancellation({ currency, filters, sales, client, locations, can }: PageProps<'sales/Cancellation'>) {
  const list = useList(route('sales.cancellations'), filters);
  const [target, setTarget] = useState<SaleCancellationRow | null>(null);
  return (
    <ListPage
      title="Annulation des factures"
      subtitle="Recherchez une facture ou une vente boutique pour l'annuler (motif obligatoire) ou la réimprimer en duplicata."
      breadcrumbs={[{ label: 'Opérations' }, { label: 'Annulations' }, { label: 'Factures' }]}
      list={list}
      search={{ placeholder: 'N° (FAC-2026-…, VB-2026-…)', label: 'Rechercher une facture ou une vente' }}
      note={allDatesNote(filters)}
      toolbarTestId="cancellation-search"
      filters={
        <>
          <FilterInput label="Du" type="date" value={filters.from} onChange={(from) => list.update({ from })} />
          <FilterInput label="Au" type="date" value={filters.to} onChange={(to) => list.update({ to })} />
          <FilterSelect label="Type" value={filters.kind} allLabel="Tous" options={KIND_OPTIONS} onChange={(kind) => list.update({ kind })} testId="cancellation-kind-filter" />
          <div className="app-filter app-sales-client-filter" data-testid="sales-client-filter">
            <span className="app-filter-label">Client</span>
            {client ? (
              <span className="badge rounded-pill app-badge-soft fw-normal d-inline-flex align-items-center">
                {client.name}
                <button type="button" className="btn-close ms-2" aria-label={`Retirer le filtre client ${client.name}`} onClick={() => list.update({ client_id: '' })} />
              </span>
            ) : (
              <ClientPicker currency={currency} label="Client" hideLabel placeholder="Tous les clients" keepSelection={false} onPick={(c) => list.update({ client_id: String(c.id) })} testId="sales-client-picker" />
            )}
          </div>
          <FilterSelect label="Emplacement" value={filters.location_id} allLabel="Tous" options={locationOptions(locations)} onChange={(location_id) => list.update({ location_id })} />
          <FilterSelect label="Statut" value={filters.status} allLabel="Tous" options={STATUS_OPTIONS} onChange={(status) => list.update({ status })} testId="sales-status-filter" />
          <FilterSelect label="Mode" value={filters.mode} allLabel="Tous" options={MODE_OPTIONS} onChange={(mode) => list.update({ mode })} />
        </>
      }
      page={sales}
      caption="Factures et ventes à annuler ou réimprimer"
      pageLabel="Pagination des factures"
      tableTestId="cancellation-table"
      after={
        target ? (
          <CancelDialog
            key={target.id}
            open
            onClose={() => setTarget(null)}
            url={route('sales.cancel', { id: target.id })}
            version={target.version}
            title={`Annuler ${target.kind === 'counter' ? 'la vente' : 'la facture'} ${target.number}`}
            explanation={cancelEffects(target, currency)}
          />
        ) : null
      }
      empty={{ icon: 'fa-solid fa-magnifying-glass', title: 'Aucune facture récente', filteredTitle: 'Aucune facture ne correspond', text: 'Aucune facture ni vente boutique sur les 30 derniers jours.' }}
      rowKey={(s) => s.id}
      rowTestId={(s) => `cancellation-row-${s.number}`}
      rowClassName={(s) => (s.status === 'cancelled' ? 'app-archived-row' : undefined)}
      columns={[
        {
          id: 'number',
          label: 'N°',
          role: 'title',
          sort: true,
          cell: (s) => (
            <>
              <RowLink href={route('sales.show', { id: s.id })} doc>
                {s.number}
              </RowLink>
              <div className="small text-body-secondary">{formatDate(s.sale_date)}</div>
            </>
          ),
        },
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
              <Money value={s.total_ttc} currency={currency} />
              {s.due > 0 ? (
                <div className="small">
                  reste <Money value={s.due} currency={currency} tone="debt" />
                </div>
              ) : null}
            </>
          ),
        },
        ...cancellationColumns<SaleCancellationRow>({
          badge: (s) => <StatusBadge kind="sale" status={s.status} label={s.status_label} />,
          reason: (s) => ({ text: s.cancel_reason, on: s.cancelled_on }),
          extra: (s) =>
            s.settlements.length ? (
              <div className="small text-body-secondary" data-testid="settled-by">
                Réglée par {s.settlements.join(', ')}
              </div>
            ) : null,
          reprints: (s) => s.reprints,
          reprintLinks: (s) => [
            {
              href: route('sales.print', { id: s.id }, { print: 1, format: 'a6', retour: 'annulation' }),
              label: 'A6',
              icon: 'fa-solid fa-copy',
              title: s.payment_mode === 'cash' ? 'Réimprimer la facture comptant en A6 (DUPLICATA)' : 'Réimprimer la facture en A6 (DUPLICATA)',
              testId: 'reprint',
            },
            ...(s.kind === 'counter'
              ? [{ href: route('sales.ticket', { id: s.id }, { print: 1, retour: 'annulation' }), label: 'Ticket', icon: 'fa-solid fa-receipt' as const, title: 'Ticket de caisse (DUPLICATA)', testId: 'reprint-ticket' }]
              : []),
          ],
          canReprint: can.reprint,
          canCancel: can.cancel,
          cancellable: (s) => s.status !== 'cancelled',
          blocked: (s) => s.blocked,
          onCancel: setTarget,
        }),
      ]}
    />
  );
}
