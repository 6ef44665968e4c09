import { Link } from '@inertiajs/react';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { StatusAlert } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { Fact } from '@/components/data/Fact';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatQty,
  formatQuantity,
  formatUnitTotals,
} from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { StatusBadge } from '@/components/data/StatusBadge';
import { DocumentShow, DocumentTable } from '@/components/documents/DocumentShow';
import { PackQuantity } from '@/components/documents/LineUnit';
import { PrintButton } from '@/components/print/PrintButton';

/** One stock entry: header, lines with the CMUP before/after, printout, cancellation. */
export default function EntriesShow({ entry, can, cancellation, print }: PageProps<'stock/entries/Show'>) {
  const cancelled = entry.status === 'cancelled';
  // Costs (unit costs, amounts, CMUP) are absent for a user who may not see them: no columns then.
  const costs = entry.total_amount !== undefined;
  // Lines entered by pack show what was typed ("2 colis × 12"); the quantity column is in the product's unit.
  const byPack = entry.lines.some((l) => l.entry_unit === 'pack');
  return (
    <DocumentShow
      title={`${entry.supplier ? 'Entrée' : entry.kind_label} ${entry.number}`}
      kind={entry.supplier ? 'Entrée' : entry.kind_label}
      number={entry.number}
      status={<StatusBadge kind="entry" status={entry.status} label={entry.status_label} />}
      subtitle={`${entry.supplier?.name ?? entry.kind_label} → ${entry.location.name}, le ${formatDate(entry.entry_date)}`}
      breadcrumbs={[
        { label: 'Opérations' },
        { label: 'Entrées de stock', href: route('entries.index') },
        { label: entry.number },
      ]}
      actions={
        <>
          <PrintButton
            href={route('entries.print', { id: entry.id })}
            label="Imprimer"
            state={print}
            testId="entry-print"
          />
          {can.create ? (
            <Link href={route('entries.create')} className="btn btn-primary">
              <Icon name="fa-solid fa-plus" className="me-1" />
              Nouvelle entrée
            </Link>
          ) : null}
        </>
      }
      cancel={
        can.cancel && !cancelled
          ? {
              label: 'Annuler l’entrée',
              url: route('entries.cancel', { id: entry.id }),
              version: entry.version,
              title: `Annuler l’entrée ${entry.number}`,
              explanation: `Les ${formatQty(entry.line_count)} ligne${entry.line_count > 1 ? 's' : ''} de l’entrée ressortiront du stock de ${entry.location.name}${entry.supplier ? ' et le solde du fournisseur sera diminué du montant de l’entrée' : ''}.`,
              buttonTestId: 'entry-cancel',
              blocked: cancellation.possible ? null : cancellation.blocked_reason,
            }
          : null
      }
      notices={
        cancelled ? (
          <StatusAlert tone="secondary" icon="fa-solid fa-ban" testId="entry-cancelled">
            <strong>Entrée annulée</strong> le {formatDateTime(entry.cancelled_at)} par {entry.cancelled_by ?? '—'} : la
            marchandise est ressortie du stock.
            <div className="small">Motif : {entry.cancel_reason}</div>
          </StatusAlert>
        ) : null
      }
      facts={
        <>
          {entry.supplier ? (
            <Fact
              label="Fournisseur"
              value={
                <>
                  {entry.supplier.name} <span className="text-body-secondary small">({entry.supplier.code})</span>
                </>
              }
            />
          ) : (
            <Fact label="Type" value={<span data-testid="entry-kind">{entry.kind_label} (sans fournisseur)</span>} />
          )}
          <Fact label="Emplacement" value={entry.location.name} />
          <Fact label="Date d’entrée" value={formatDate(entry.entry_date)} />
          {entry.supplier ? <Fact label="Référence fournisseur" value={entry.supplier_ref} /> : null}
          <Fact
            label="Saisie par"
            value={
              <>
                {entry.created_by ?? '—'}{' '}
                <span className="text-body-secondary small">le {formatDateTime(entry.created_at)}</span>
              </>
            }
          />
          {entry.note ? <Fact label="Observation" value={entry.note} /> : null}
        </>
      }
    >
      <DocumentTable
        caption={`Lignes de l’entrée ${entry.number}`}
        header={formatCount(entry.line_count, 'ligne')}
        testId="entry-lines"
        rows={entry.lines}
        rowKey={(l) => l.position}
        columns={[
          { id: 'code', label: 'Code', role: 'title', className: 'code', cell: (l) => l.product_code, foot: 'Total' },
          { id: 'product', label: 'Produit', role: 'title', wrap: true, cell: (l) => l.product_name },
          byPack
            ? {
                id: 'pack',
                label: 'Saisi en colis',
                role: 'secondary',
                num: true,
                cell: (l) => <PackQuantity unit={l.entry_unit} entered={l.entered_quantity} packSize={l.pack_size} />,
              }
            : null,
          {
            id: 'quantity',
            label: 'Quantité',
            role: 'figure',
            num: true,
            cell: (l) => formatQuantity(l.quantity, l.unit),
            foot: <span data-testid="entry-total-quantity">{formatUnitTotals(entry.lines)}</span>,
          },
          costs
            ? {
                id: 'unit_cost',
                label: 'Coût unitaire',
                role: 'secondary',
                num: true,
                cell: (l) => (
                  <>
                    <Money value={l.unit_cost} />
                    {l.entry_unit === 'pack' && l.unit_cost !== undefined && l.unit_cost !== null ? (
                      <div className="small text-body-secondary">
                        <Money value={l.unit_cost * l.pack_size} /> le colis
                      </div>
                    ) : null}
                  </>
                ),
              }
            : null,
          costs
            ? {
                id: 'amount',
                label: 'Montant',
                role: 'figure',
                num: true,
                cell: (l) => <Money value={l.amount} />,
                foot: (
                  <span data-testid="entry-total">
                    <Money value={entry.total_amount} />
                  </span>
                ),
              }
            : null,
          costs
            ? {
                id: 'cmup',
                label: 'CMUP avant → après',
                role: 'secondary',
                num: true,
                cell: (l) => (
                  <>
                    <Money value={l.cmup_before} /> → <Money value={l.cmup_after} />
                  </>
                ),
              }
            : null,
        ]}
      />
    </DocumentShow>
  );
}
