import { Link } from '@inertiajs/react';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { ALLOCATION_MODE_LABELS, SETTLEMENT_STATUS_LABELS } from '@shared/settlements';
import { Fact } from '@/components/data/Fact';
import { formatCount, formatDate, formatDateTime } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { Badge } from '@/components/data/StatusBadge';
import { DocumentShow, DocumentTable } from '@/components/documents/DocumentShow';
import { PrintButton } from '@/components/print/PrintButton';

/**
 * One settlement (REG-): who paid, how much, how (method, account, operator and transaction id,
 * cheque), the invoices it settled and what each still owes, the advance it left, the client's
 * balance now; the receipt A5 or 80 mm (DUPLICATA after the first print).
 */
export default function SettlementsShow({ settlement: s, history, print, can }: PageProps<'settlements/Show'>) {
  const cancelled = s.status === 'cancelled';
  return (
    <DocumentShow
      title={`Règlement ${s.number}`}
      kind="Règlement"
      number={s.number}
      status={<Badge tone={cancelled ? 'secondary' : 'success'}>{SETTLEMENT_STATUS_LABELS[s.status]}</Badge>}
      subtitle={`${s.client.name} — ${s.method_label}, ${formatDate(s.settlement_date)}`}
      breadcrumbs={[
        { label: 'Opérations' },
        { label: 'Règlements', href: route('settlements.index') },
        { label: s.number },
      ]}
      actions={
        <>
          <PrintButton
            href={route('settlements.print', { id: s.id })}
            label="Reçu (A5)"
            state={print}
            testId="settlement-print"
          />
          {print.allowed ? (
            <PrintButton
              href={route('settlements.print', { id: s.id }, { format: '80mm' })}
              label="Reçu (80 mm)"
              state={print}
              testId="settlement-print-roll"
            />
          ) : null}
          {can.create && !cancelled ? (
            <Link href={route('settlements.create', { client_id: s.client.id })} className="btn btn-outline-primary">
              Autre règlement de ce client
            </Link>
          ) : null}
        </>
      }
      facts={
        <>
          <Fact label="Client" value={<Link href={route('clients.show', { id: s.client.id })}>{s.client.name}</Link>} />
          <Fact
            label="Date"
            value={`${formatDate(s.settlement_date)} — saisi le ${formatDateTime(s.created_at)} par ${s.created_by ?? '—'}`}
          />
          <Fact
            label={s.source === 'advance' ? 'Pris sur l’acompte' : 'Montant reçu'}
            value={
              <strong data-testid="settlement-received">
                <Money value={s.received} />
              </strong>
            }
          />
          <Fact label="Mode" value={s.method_label} />
          {s.account_name ? <Fact label="Compte" value={s.account_name} /> : null}
          {s.phone ? <Fact label="Téléphone du payeur" value={s.phone} /> : null}
          {s.reference ? (
            <Fact
              label={
                s.method === 'cheque' ? 'N° du chèque' : s.method === 'mobile_money' ? 'ID de transaction' : 'Référence'
              }
              value={<span className="code">{s.reference}</span>}
            />
          ) : null}
          {s.cheque_date ? <Fact label="Date du chèque" value={formatDate(s.cheque_date)} /> : null}
          <Fact label="Affecté aux factures" value={<Money value={s.allocated} />} />
          {s.advance > 0 ? (
            <Fact
              label="Gardé en acompte"
              value={
                <span data-testid="settlement-advance">
                  <Money value={s.advance} />
                </span>
              }
            />
          ) : null}
          <Fact label="Répartition" value={ALLOCATION_MODE_LABELS[s.allocation_mode]} />
          <Fact
            label="Solde du client aujourd’hui"
            value={
              <span data-testid="settlement-client-balance">
                <Money value={s.client.balance} />
              </span>
            }
          />
          {s.client.advance > 0 ? <Fact label="Acompte disponible" value={<Money value={s.client.advance} />} /> : null}
          {s.note ? <Fact label="Observation" value={s.note} /> : null}
        </>
      }
      notices={
        cancelled ? (
          <div className="alert alert-secondary mb-0" role="status">
            Règlement annulé le {s.cancelled_at ? formatDateTime(s.cancelled_at) : '—'} par {s.cancelled_by ?? '—'} :{' '}
            {s.cancel_reason ?? ''}
          </div>
        ) : null
      }
      history={history}
    >
      {s.allocations.length ? (
        <DocumentTable
          caption={`Factures réglées par ${s.number}`}
          header={formatCount(s.allocations.length, 'facture')}
          testId="settlement-allocations"
          rows={s.allocations}
          rowKey={(a) => a.position}
          columns={[
            {
              id: 'number',
              label: 'Facture',
              role: 'title',
              cell: (a) => (
                <Link href={route('sales.show', { id: a.sale_id })} className="code">
                  {a.number}
                </Link>
              ),
              foot: 'Total',
            },
            { id: 'date', label: 'Date', role: 'secondary', cell: (a) => formatDate(a.sale_date) },
            {
              id: 'due',
              label: 'Échéance',
              role: 'secondary',
              cell: (a) => (a.due_date ? formatDate(a.due_date) : '—'),
            },
            {
              id: 'total',
              label: 'Montant',
              role: 'secondary',
              num: true,
              cell: (a) => <Money value={a.total} />,
            },
            {
              id: 'settled',
              label: 'Réglé ici',
              role: 'figure',
              num: true,
              cell: (a) => <Money value={a.settled} />,
              foot: <Money value={s.allocated} />,
            },
            {
              id: 'remaining',
              label: 'Reste à payer',
              role: 'figure',
              num: true,
              cell: (a) =>
                a.remaining > 0 ? <Money value={a.remaining} tone="debt" /> : <Badge tone="success">Payée</Badge>,
            },
          ]}
        />
      ) : (
        <p className="text-body-secondary" data-testid="settlement-no-allocation">
          Aucune facture réglée : tout le montant a été gardé en acompte au client.
        </p>
      )}
    </DocumentShow>
  );
}
