import { Link, router } from '@inertiajs/react';
import { useState } from 'react';
import { AppPage } from '@/components/AppPage';
import { Money } from '@/components/data/Money';
import { FieldError, TextField } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { NumberInput } from '@/components/NumberInput';
import type { PageProps } from '@shared/pages';
import { SubmitButton } from '@/components/SubmitButton';
import { useServerForm } from '@/hooks/useServerForm';
import { CancelDialog } from '@/components/documents/CancelDialog';
import { FormErrors } from '@/components/data/FormErrors';
import { formatDate, formatDateTime, formatQty, formatSigned } from '@/components/data/format';
import { formLevelErrors, lineError } from '@/components/data/form-errors';
import { newIdempotencyKey } from '@/lib/idempotency';
import { StatusBadge } from '@/components/data/StatusBadge';

const BASE = '/operations/sortiestock/transferts';
const CANCELLATION = '/operations/transfert/annulation';

type Props = PageProps<'stock/transfers/Show'>;

/** One transfer: what was sent, the reception (received quantities and reasons of differences), cancellation, printouts. */
export default function TransfersShow({ currency, today, transfer, actions, can }: Props) {
  const [cancelling, setCancelling] = useState(false);
  const [reprinting, setReprinting] = useState(false);
  const receivable = actions.receive && can.receive;
  const showCosts = transfer.lines.some((l) => l.unit_cost !== null);
  const received = transfer.status === 'received' || transfer.status === 'received_with_difference' || transfer.received_at !== null;

  return (
    <AppPage
      title={`Transfert ${transfer.number}`}
      heading={
        <span className="d-inline-flex align-items-center gap-2 flex-wrap">
          Transfert <span className="app-doc-number">{transfer.number}</span> <StatusBadge kind="transfer" status={transfer.status} label={transfer.status_label} />
        </span>
      }
      subtitle={`${transfer.from.name} → ${transfer.to.name}, envoyé le ${formatDate(transfer.transfer_date)}`}
      breadcrumbs={[{ label: 'Opérations' }, { label: 'Transferts', href: BASE }, { label: transfer.number }]}
      actions={
        <div className="d-flex gap-2 flex-wrap">
          <a href={`${BASE}/${transfer.id}/print`} className="btn btn-outline-secondary" data-testid="transfer-print">
            <Icon name="fa-solid fa-print" className="me-1" />
            Bon de transfert
          </a>
          {can.reprint ? (
            <button
              type="button"
              className="btn btn-outline-secondary"
              disabled={reprinting}
              onClick={() => router.post(`${CANCELLATION}/${transfer.id}/reprint`, {}, { onStart: () => setReprinting(true), onFinish: () => setReprinting(false) })}
              data-testid="transfer-reprint"
            >
              <Icon name="fa-solid fa-copy" className="me-1" />
              Réimprimer (duplicata)
            </button>
          ) : null}
          {actions.cancel && can.cancel ? (
            <button type="button" className="btn btn-outline-danger" onClick={() => setCancelling(true)} data-testid="transfer-cancel">
              <Icon name="fa-solid fa-ban" className="me-1" />
              Annuler le transfert
            </button>
          ) : null}
        </div>
      }
    >
      {transfer.status === 'cancelled' ? (
        <div className="alert alert-secondary d-flex gap-2" role="status" data-testid="transfer-cancelled">
          <Icon name="fa-solid fa-ban" className="mt-1" />
          <div>
            <strong>Transfert annulé</strong> le {formatDateTime(transfer.cancelled_at)} par {transfer.cancelled_by ?? '—'}
            {transfer.status_before_cancel && transfer.status_before_cancel !== 'sent' ? ' après sa réception : la marchandise est revenue au départ.' : ' avant sa réception : la marchandise est revenue au départ.'}
            <div className="small">Motif : {transfer.cancel_reason}</div>
          </div>
        </div>
      ) : null}
      {transfer.status === 'sent' ? (
        <div className="alert alert-info d-flex gap-2" role="status">
          <Icon name="fa-solid fa-truck-fast" className="mt-1" />
          <div>La marchandise a quitté {transfer.from.name} et est en transit. {receivable ? 'Indiquez ci-dessous les quantités reçues à ' + transfer.to.name + '.' : `Elle sera réceptionnée à ${transfer.to.name}.`}</div>
        </div>
      ) : null}

      <div className="card mb-3">
        <div className="card-body">
          <dl className="app-facts">
            <div>
              <dt>Départ</dt>
              <dd>{transfer.from.name}</dd>
            </div>
            <div>
              <dt>Destination</dt>
              <dd>{transfer.to.name}</dd>
            </div>
            <div>
              <dt>Envoyé</dt>
              <dd>
                le {formatDate(transfer.transfer_date)} par {transfer.sent_by ?? '—'}
              </dd>
            </div>
            {received ? (
              <div>
                <dt>Reçu</dt>
                <dd>
                  le {formatDate(transfer.received_date)} par {transfer.received_by ?? '—'}
                </dd>
              </div>
            ) : null}
            {transfer.total_value !== null ? (
              <div>
                <dt>Valeur (CMUP à l'envoi)</dt>
                <dd>
                  <Money value={transfer.total_value} currency={currency} />
                </dd>
              </div>
            ) : null}
            {transfer.reprint_count > 0 ? (
              <div>
                <dt>Réimpressions</dt>
                <dd>
                  {formatQty(transfer.reprint_count)} (dernière le {formatDateTime(transfer.last_reprinted_at)})
                </dd>
              </div>
            ) : null}
            {transfer.note ? (
              <div>
                <dt>Observation</dt>
                <dd>{transfer.note}</dd>
              </div>
            ) : null}
            {transfer.reception_note ? (
              <div>
                <dt>Observation à la réception</dt>
                <dd>{transfer.reception_note}</dd>
              </div>
            ) : null}
          </dl>
        </div>
      </div>

      {receivable ? (
        <ReceptionForm currency={currency} today={today} transfer={transfer} />
      ) : (
        <div className="card">
          <div className="table-responsive">
            <table className="table app-stock-table" data-testid="transfer-lines">
              <thead>
                <tr>
                  <th scope="col" className="d-none d-sm-table-cell">#</th>
                  <th scope="col">Code</th>
                  <th scope="col">Produit</th>
                  <th scope="col" className="num">Envoyé</th>
                  <th scope="col" className="num">Reçu</th>
                  <th scope="col" className="num">Écart</th>
                  <th scope="col">Motif de l'écart</th>
                  {showCosts ? (
                    <th scope="col" className="num">
                      CMUP
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {transfer.lines.map((l) => (
                  <tr key={l.position}>
                    <td className="d-none d-sm-table-cell">{l.position}</td>
                    <td className="code">{l.product_code}</td>
                    <td>{l.product_name}</td>
                    <td className="num">
                      {formatQty(l.quantity_sent)} <span className="small text-body-secondary">{l.unit}</span>
                    </td>
                    <td className="num">{formatQty(l.quantity_received)}</td>
                    <td className={`num ${l.difference ? (l.difference > 0 ? 'app-diff-pos' : 'app-diff-neg') : ''}`}>{l.difference === null ? '—' : formatSigned(l.difference)}</td>
                    <td>{l.difference_reason ?? ''}</td>
                    {showCosts ? (
                      <td className="num">
                        <Money value={l.unit_cost} currency={currency} />
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <td className="d-none d-sm-table-cell" />
                  <th scope="row" colSpan={2}>
                    Total
                  </th>
                  <td className="num">{formatQty(transfer.total_quantity_sent)}</td>
                  <td className="num">{formatQty(transfer.total_quantity_received)}</td>
                  <td className="num">{transfer.total_quantity_received === null ? '—' : formatSigned(transfer.total_quantity_received - transfer.total_quantity_sent)}</td>
                  <td colSpan={showCosts ? 2 : 1} />
                </tr>
              </tfoot>
            </table>
          </div>
        </div>
      )}

      <CancelDialog
        open={cancelling}
        onClose={() => setCancelling(false)}
        url={`${BASE}/${transfer.id}/cancel`}
        version={transfer.version}
        title={`Annuler le transfert ${transfer.number}`}
        explanation={
          transfer.status === 'sent'
            ? `La marchandise en transit revient dans le stock de ${transfer.from.name}.`
            : `La marchandise reçue ressort de ${transfer.to.name} et revient à ${transfer.from.name}. Impossible si elle a déjà été vendue ou déplacée.`
        }
      />
    </AppPage>
  );
}

interface ReceptionLine {
  product_id: number;
  quantity_received: number | null;
  reason: string;
}

/** Reception at the destination: received quantities (prefilled with what was sent), a reason for every difference. */
function ReceptionForm({ currency, today, transfer }: Pick<Props, 'currency' | 'today' | 'transfer'>) {
  const form = useServerForm<{ idempotency_key: string; version: number; received_date: string; note: string; lines: ReceptionLine[] }>({
    idempotency_key: newIdempotencyKey(),
    version: transfer.version,
    received_date: today < transfer.transfer_date ? transfer.transfer_date : today,
    note: '',
    lines: transfer.lines.map((l) => ({ product_id: l.product_id, quantity_received: l.quantity_sent, reason: '' })),
  });
  const errors = form.errors as Record<string, string>;
  const showCosts = transfer.lines.some((l) => l.unit_cost !== null);
  const setLine = (index: number, patch: Partial<ReceptionLine>) => {
    form.setData('lines', form.data.lines.map((l, i) => (i === index ? { ...l, ...patch } : l)));
    const keys = Object.keys(errors).filter((k) => k.startsWith(`lines.${index}.`));
    if (keys.length) form.clearErrors(...(keys as never[]));
  };
  const differences = form.data.lines.filter((l, i) => l.quantity_received !== null && l.quantity_received !== transfer.lines[i].quantity_sent).length;
  const totalReceived = form.data.lines.reduce((s, l) => s + (l.quantity_received ?? 0), 0);
  const others = formLevelErrors(errors, ['received_date', 'note']);

  return (
    <form
      ref={form.formRef}
      noValidate
      className="card"
      onSubmit={(e) => {
        e.preventDefault();
        form.transform((d) => ({ ...d, lines: d.lines.map((l) => ({ product_id: l.product_id, quantity_received: l.quantity_received ?? '', reason: l.reason })) }));
        form.submit('post', `${BASE}/${transfer.id}/receive`);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') e.preventDefault();
      }}
      data-testid="reception-form"
    >
      <div className="card-header d-flex align-items-center gap-2">
        <Icon name="fa-solid fa-dolly" />
        <h2 className="h6 mb-0">Réception à {transfer.to.name}</h2>
      </div>
      <div className="card-body pb-0">
        <FormErrors messages={others} />
        <div className="row">
          <div className="col-sm-6 col-lg-3">
            <TextField {...form.fieldProps('received_date')} value={form.data.received_date} label="Date de réception" type="date" min={transfer.transfer_date} max={today} required />
          </div>
          <div className="col-sm-6 col-lg-9">
            <TextField {...form.fieldProps('note')} value={form.data.note} label="Observation" maxLength={500} />
          </div>
        </div>
      </div>
      <div className="table-responsive">
        <table className="table app-stock-table app-lines-table app-stack-sm" data-testid="transfer-lines">
          <thead>
            <tr>
              <th scope="col">Produit</th>
              <th scope="col" className="num">Envoyé</th>
              {showCosts ? (
                <th scope="col" className="num">
                  CMUP
                </th>
              ) : null}
              <th scope="col" className="num">Reçu</th>
              <th scope="col" className="num">Écart</th>
              <th scope="col">Motif de l'écart</th>
            </tr>
          </thead>
          <tbody>
            {transfer.lines.map((l, i) => {
              const line = form.data.lines[i];
              const diff = line.quantity_received === null ? null : line.quantity_received - l.quantity_sent;
              const reasonError = lineError(errors, i, 'reason');
              return (
                <tr key={l.product_id} className={lineError(errors, i, 'quantity_received') || reasonError ? 'has-error' : ''} data-testid={`reception-line-${i}`}>
                  <td>
                    <div className="fw-semibold">{l.product_name}</div>
                    <div className="small text-body-secondary code">{l.product_code}</div>
                  </td>
                  <td className="num" data-label="Envoyé">
                    {formatQty(l.quantity_sent)} <span className="small text-body-secondary">{l.unit}</span>
                  </td>
                  {showCosts ? (
                    <td className="num" data-label="CMUP">
                      <Money value={l.unit_cost} currency={currency} />
                    </td>
                  ) : null}
                  <td className="app-line-qty" data-label="Reçu">
                    <NumberInput id={`reception-${i}-qty`} name={`lines.${i}.quantity_received`} label={<span className="visually-hidden">Quantité reçue de {l.product_name}</span>} value={line.quantity_received} min={0} onChange={(v) => setLine(i, { quantity_received: v })} error={lineError(errors, i, 'quantity_received')} className="mb-0" />
                  </td>
                  <td className={`num ${diff ? (diff > 0 ? 'app-diff-pos' : 'app-diff-neg') : ''}`} data-label="Écart">
                    {diff === null ? '—' : formatSigned(diff)}
                  </td>
                  <td className={`app-line-reason ${diff ? '' : 'is-idle'}`} data-label="Motif de l'écart">
                    <input
                      id={`reception-${i}-reason`}
                      name={`lines.${i}.reason`}
                      type="text"
                      className={`form-control form-control-sm ${reasonError ? 'is-invalid' : ''}`}
                      placeholder={diff ? 'Obligatoire : casse, manquant, erreur de colisage…' : ''}
                      aria-label={`Motif de l'écart sur ${l.product_name}`}
                      aria-invalid={reasonError ? true : undefined}
                      aria-describedby={reasonError ? `reception-${i}-reason-error` : undefined}
                      maxLength={255}
                      disabled={!diff}
                      value={diff ? line.reason : ''}
                      onChange={(e) => setLine(i, { reason: e.target.value })}
                    />
                    <FieldError id={`reception-${i}-reason-error`} error={reasonError} />
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className="num" data-label="Envoyé">{formatQty(transfer.total_quantity_sent)}</td>
              {showCosts ? <td /> : null}
              <td className="num" data-label="Reçu">{formatQty(totalReceived)}</td>
              <td className="num" data-label="Écart">{formatSigned(totalReceived - transfer.total_quantity_sent)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
      <div className="card-footer d-flex flex-wrap align-items-center gap-2 justify-content-between">
        <span className="small text-body-secondary" aria-live="polite">
          {differences === 0 ? 'Quantités conformes à l’envoi.' : `${differences} ligne${differences > 1 ? 's' : ''} avec écart : le transfert sera « Reçu avec écart ».`}
        </span>
        <div className="d-flex gap-2 ms-auto app-stock-footer-actions">
          <Link href={BASE} className="btn btn-outline-secondary">
            Retour
          </Link>
          <SubmitButton busy={form.busy} icon="fa-solid fa-check" busyLabel="Réception…" testId="reception-submit">
            Confirmer la réception
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
