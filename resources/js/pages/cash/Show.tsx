import { Link, router } from '@inertiajs/react';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { StatusAlert } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { Fact } from '@/components/data/Fact';
import { formatDate, formatDateTime } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { StatusBadge } from '@/components/data/StatusBadge';
import { DocumentShow, DocumentTable } from '@/components/documents/DocumentShow';
import { PrintButton } from '@/components/print/PrintButton';

/**
 * One caisse operation (CAI-): what it moved, from where to where, who recorded, received or
 * cancelled it; a supplier payment's allocation to the entries; the voucher (A5 or ticket); the
 * reception of a transfer in transit on the receiving desk; the cancellation with its reason.
 */
export default function CashShow({ operation: op, history, print, can }: PageProps<'cash/Show'>) {
  const route_ = [op.from?.name, op.to?.name].filter(Boolean).join(' → ');
  return (
    <DocumentShow
      title={`${op.kind_label} ${op.number}`}
      kind={op.kind_label}
      number={op.number}
      status={<StatusBadge kind="cash" status={op.status} label={op.status_label} />}
      subtitle={`${route_ ? `${route_}, ` : ''}le ${formatDate(op.operation_date)}`}
      breadcrumbs={[{ label: 'Opérations' }, { label: 'Caisse', href: route('cash.index') }, { label: op.number }]}
      history={history}
      actions={
        <>
          {can.receive ? (
            <button
              type="button"
              className="btn btn-success"
              onClick={() => router.post(route('cashOperations.receive', { id: op.id }), {}, { preserveScroll: true })}
              data-testid="cash-receive"
            >
              <Icon name="fa-solid fa-check" className="me-1" />
              Confirmer la réception
            </button>
          ) : null}
          <PrintButton
            href={route('cashOperations.print', { id: op.id })}
            label="Bon de caisse A5"
            state={print}
            testId="cash-print"
          />
          {print.allowed ? (
            <a
              href={route('cashOperations.print', { id: op.id }, { format: '80mm' })}
              className="btn btn-outline-secondary"
              data-testid="cash-print-ticket"
            >
              <Icon name="fa-solid fa-receipt" className="me-1" />
              Ticket 80 mm
            </a>
          ) : null}
        </>
      }
      cancel={
        can.cancel
          ? {
              label: 'Annuler l’opération',
              url: route('cashOperations.cancel', { id: op.id }),
              version: 1,
              title: `Annuler l’opération ${op.number}`,
              explanation:
                op.kind === 'supplier_payment'
                  ? 'L’argent revient sur le compte d’origine, le solde du fournisseur et ses entrées retrouvent ce qu’ils devaient.'
                  : 'L’argent revient là où il était, par des mouvements de sens contraire datés d’aujourd’hui. Le numéro est conservé.',
              buttonTestId: 'cash-cancel',
            }
          : null
      }
      notices={
        <>
          {op.status === 'cancelled' ? (
            <StatusAlert tone="secondary" icon="fa-solid fa-ban" testId="cash-cancelled">
              <strong>Opération annulée</strong> le {formatDateTime(op.cancelled_at)} par {op.cancelled_by ?? '—'}{' '}
              (contre-passée le {formatDate(op.cancelled_on)}).
              <div className="small">Motif : {op.cancel_reason}</div>
            </StatusAlert>
          ) : null}
          {op.status === 'in_transit' ? (
            <StatusAlert tone="warning" icon="fa-solid fa-truck-fast" testId="cash-in-transit">
              L’argent a quitté {op.from?.name} et est en transit : il entrera dans {op.to?.name} quand cette caisse
              confirmera la réception.
            </StatusAlert>
          ) : null}
        </>
      }
      facts={
        <>
          <Fact
            label="Montant"
            value={
              <strong data-testid="cash-amount">
                <Money value={op.amount} />
              </strong>
            }
          />
          {op.from ? (
            <Fact label={op.kind === 'transfer' ? 'Caisse de départ' : 'Sorti de'} value={op.from.name} />
          ) : null}
          {op.to ? (
            <Fact label={op.kind === 'transfer' ? 'Caisse de destination' : 'Entré dans'} value={op.to.name} />
          ) : null}
          {op.category ? <Fact label="Catégorie" value={op.category} /> : null}
          {op.supplier ? (
            <Fact
              label="Fournisseur"
              value={
                <>
                  <Link href={route('suppliers.show', { id: op.supplier.id })}>{op.supplier.name}</Link>{' '}
                  <span className="small text-body-secondary">
                    ({op.supplier.code}, solde dû aujourd’hui <Money value={op.supplier.balance} />)
                  </span>
                </>
              }
            />
          ) : null}
          <Fact label="Moyen" value={op.method_label} />
          {op.beneficiary && op.beneficiary_label ? <Fact label={op.beneficiary_label} value={op.beneficiary} /> : null}
          {op.reference && op.reference_label ? <Fact label={op.reference_label} value={op.reference} /> : null}
          <Fact label="Enregistrée" value={`le ${formatDateTime(op.created_at)} par ${op.created_by ?? '—'}`} />
          {op.received_at ? (
            <Fact label="Reçue" value={`le ${formatDateTime(op.received_at)} par ${op.received_by ?? '—'}`} />
          ) : null}
          {op.note ? <Fact label="Observation" value={op.note} /> : null}
        </>
      }
    >
      {op.kind === 'supplier_payment' ? (
        <DocumentTable
          caption={`Imputation du paiement ${op.number}`}
          header="Imputation sur les entrées de stock (de la plus ancienne à la plus récente)"
          testId="cash-allocations"
          rows={op.allocations}
          rowKey={(a) => a.entry_id}
          rowClassName={(a) => (a.cancelled ? 'app-archived-row' : undefined)}
          columns={[
            {
              id: 'entry',
              label: 'Entrée',
              role: 'title',
              cell: (a) => (
                <Link href={route('entries.show', { id: a.entry_id })} className="app-doc-number">
                  {a.entry_number}
                </Link>
              ),
              foot: 'Total imputé',
            },
            { id: 'date', label: 'Date', role: 'secondary', cell: (a) => formatDate(a.entry_date) },
            { id: 'ref', label: 'Réf. fournisseur', role: 'secondary', cell: (a) => a.supplier_ref || '—' },
            {
              id: 'total',
              label: 'Montant de l’entrée',
              role: 'secondary',
              num: true,
              cell: (a) => <Money value={a.entry_total} />,
            },
            {
              id: 'paid',
              label: 'Payé à ce jour',
              role: 'secondary',
              num: true,
              cell: (a) => <Money value={a.entry_paid} />,
            },
            {
              id: 'amount',
              label: 'Imputé',
              role: 'figure',
              num: true,
              cell: (a) =>
                a.cancelled ? (
                  <s>
                    <Money value={a.amount} />
                  </s>
                ) : (
                  <Money value={a.amount} />
                ),
              foot: <Money value={op.allocated} />,
            },
          ]}
        />
      ) : null}
      {op.kind === 'supplier_payment' && op.allocated < op.amount ? (
        <p className="small text-body-secondary" data-testid="cash-unallocated">
          <Money value={op.amount - op.allocated} /> réduisent le solde du fournisseur sans être imputés à une entrée
          (solde antérieur aux entrées enregistrées).
        </p>
      ) : null}
    </DocumentShow>
  );
}
