import { Link } from '@inertiajs/react';
import { useState } from 'react';
import type { PageProps } from '@shared/pages';
import { AppPage } from '@/components/AppPage';
import { Money } from '@/components/data/Money';
import { Icon } from '@/components/Icon';
import { CancelDialog } from '@/components/documents/CancelDialog';
import { formatDate, formatDateTime, formatQty } from '@/components/data/format';
import { StatusBadge } from '@/components/data/StatusBadge';

const BASE = '/operations/entreestock';

/** One stock entry: header, lines with the CMUP before/after, printout, cancellation. */
export default function EntriesShow({ currency, entry, can }: PageProps<'stock/entries/Show'>) {
  const [cancelling, setCancelling] = useState(false);
  const cancelled = entry.status === 'cancelled';
  return (
    <AppPage
      title={`Entrée ${entry.number}`}
      heading={
        <span className="d-inline-flex align-items-center gap-2 flex-wrap">
          Entrée <span className="app-doc-number">{entry.number}</span> <StatusBadge kind="entry" status={entry.status} label={entry.status_label} />
        </span>
      }
      subtitle={`${entry.supplier.name} → ${entry.location.name}, le ${formatDate(entry.entry_date)}`}
      breadcrumbs={[{ label: 'Opérations' }, { label: 'Entrées de stock', href: BASE }, { label: entry.number }]}
      actions={
        <div className="d-flex gap-2 flex-wrap">
          <a href={`${BASE}/${entry.id}/print`} className="btn btn-outline-secondary" data-testid="entry-print">
            <Icon name="fa-solid fa-print" className="me-1" />
            Imprimer
          </a>
          {can.cancel && !cancelled ? (
            <button type="button" className="btn btn-outline-danger" onClick={() => setCancelling(true)} data-testid="entry-cancel">
              <Icon name="fa-solid fa-ban" className="me-1" />
              Annuler l'entrée
            </button>
          ) : null}
          {can.create ? (
            <Link href={`${BASE}/create`} className="btn btn-primary">
              <Icon name="fa-solid fa-plus" className="me-1" />
              Nouvelle entrée
            </Link>
          ) : null}
        </div>
      }
    >
      {cancelled ? (
        <div className="alert alert-secondary d-flex gap-2" role="status" data-testid="entry-cancelled">
          <Icon name="fa-solid fa-ban" className="mt-1" />
          <div>
            <strong>Entrée annulée</strong> le {formatDateTime(entry.cancelled_at)} par {entry.cancelled_by ?? '—'} : la marchandise est ressortie du stock.
            <div className="small">Motif : {entry.cancel_reason}</div>
          </div>
        </div>
      ) : null}

      <div className="card mb-3">
        <div className="card-body">
          <dl className="app-facts">
            <div>
              <dt>Fournisseur</dt>
              <dd>
                {entry.supplier.name} <span className="text-body-secondary small">({entry.supplier.code})</span>
              </dd>
            </div>
            <div>
              <dt>Emplacement</dt>
              <dd>{entry.location.name}</dd>
            </div>
            <div>
              <dt>Date d'entrée</dt>
              <dd>{formatDate(entry.entry_date)}</dd>
            </div>
            <div>
              <dt>Référence fournisseur</dt>
              <dd>{entry.supplier_ref || '—'}</dd>
            </div>
            <div>
              <dt>Saisie par</dt>
              <dd>
                {entry.created_by ?? '—'} <span className="text-body-secondary small">le {formatDateTime(entry.created_at)}</span>
              </dd>
            </div>
            {entry.note ? (
              <div>
                <dt>Observation</dt>
                <dd>{entry.note}</dd>
              </div>
            ) : null}
          </dl>
        </div>
      </div>

      <div className="card">
        <div className="card-header fw-semibold">
          {formatQty(entry.line_count)} ligne{entry.line_count > 1 ? 's' : ''}
        </div>
        <div className="table-responsive">
          <table className="table app-stock-table" data-testid="entry-lines">
            <thead>
              <tr>
                <th scope="col" className="d-none d-sm-table-cell">#</th>
                <th scope="col">Code</th>
                <th scope="col">Produit</th>
                <th scope="col" className="num">Saisi</th>
                <th scope="col" className="num">Quantité</th>
                <th scope="col" className="num">Coût unitaire</th>
                <th scope="col" className="num">Montant</th>
                <th scope="col" className="num">CMUP avant → après</th>
              </tr>
            </thead>
            <tbody>
              {entry.lines.map((l) => (
                <tr key={l.position}>
                  <td className="d-none d-sm-table-cell">{l.position}</td>
                  <td className="code">{l.product_code}</td>
                  <td>{l.product_name}</td>
                  <td className="num text-body-secondary small">{l.entry_unit === 'pack' ? `${formatQty(l.entered_quantity)} colis × ${formatQty(l.pack_size)}` : `${formatQty(l.entered_quantity)} ${l.unit}`}</td>
                  <td className="num">
                    {formatQty(l.quantity)} <span className="small text-body-secondary">{l.unit}</span>
                  </td>
                  <td className="num">
                    <Money value={l.unit_cost} currency={currency} />
                  </td>
                  <td className="num">
                    <Money value={l.amount} currency={currency} />
                  </td>
                  <td className="num small">
                    <Money value={l.cmup_before} currency={currency} /> → <Money value={l.cmup_after} currency={currency} />
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td className="d-none d-sm-table-cell" />
                  <th scope="row" colSpan={3}>
                  Total
                </th>
                <td className="num">{formatQty(entry.total_quantity)}</td>
                <td />
                <td className="num" data-testid="entry-total">
                  <Money value={entry.total_amount} currency={currency} />
                </td>
                <td />
              </tr>
            </tfoot>
          </table>
        </div>
      </div>

      <CancelDialog
        open={cancelling}
        onClose={() => setCancelling(false)}
        url={`${BASE}/${entry.id}/cancel`}
        version={entry.version}
        title={`Annuler l'entrée ${entry.number}`}
        explanation={`Les ${formatQty(entry.total_quantity)} unités ressortiront de ${entry.location.name} et le solde du fournisseur sera diminué du montant de l'entrée. Impossible si la marchandise est déjà partie (vente, transfert).`}
      />
    </AppPage>
  );
}
