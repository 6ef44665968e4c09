import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { FieldError, StatusAlert, TextField } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { Fact } from '@/components/data/Fact';
import { formLevelErrors } from '@/components/data/form-errors';
import { FormErrors } from '@/components/data/FormErrors';
import {
  diffClass,
  formatCount,
  formatDate,
  formatDateTime,
  formatDifferenceCount,
  formatQty,
  formatQuantity,
  formatSigned,
  formatUnitTotals,
  pluralUnit,
} from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { StatusBadge } from '@/components/data/StatusBadge';
import { DocumentForm } from '@/components/documents/DocumentForm';
import { LineQuantity } from '@/components/documents/DocumentLines';
import { DocumentLinesFooter } from '@/components/documents/DocumentLinesFooter';
import { DocumentShow, DocumentTable } from '@/components/documents/DocumentShow';
import { useDocumentLines } from '@/components/documents/useDocumentLines';
import { PrintButton } from '@/components/print/PrintButton';
import { useServerForm } from '@/hooks/useServerForm';
import { newIdempotencyKey } from '@/lib/idempotency';
import { DateField } from '@/components/data/DateField';
import { useCompany } from '@/hooks/useCompany';

type Props = PageProps<'stock/transfers/Show'>;

/** One transfer: what was sent, the reception (received quantities and reasons of differences), cancellation, printouts. */
export default function TransfersShow({ transfer, actions, can, print }: Props) {
  const receivable = actions.receive && can.receive;
  const showCosts = transfer.lines.some((l) => l.unit_cost != null);
  const received =
    transfer.status === 'received' || transfer.status === 'received_with_difference' || transfer.received_at !== null;
  // The differences valued at the CMUP at sending (present only for users who see costs).
  const valued = transfer.difference_values !== undefined && transfer.status === 'received_with_difference';
  const differenceCount = transfer.lines.filter((l) => l.difference).length;

  return (
    <DocumentShow
      title={`Transfert ${transfer.number}`}
      kind="Transfert"
      number={transfer.number}
      status={<StatusBadge kind="transfer" status={transfer.status} label={transfer.status_label} />}
      subtitle={`${transfer.from.name} → ${transfer.to.name}, envoyé le ${formatDate(transfer.transfer_date)}`}
      breadcrumbs={[
        { label: 'Opérations' },
        { label: 'Transferts', href: route('transfers.index') },
        { label: transfer.number },
      ]}
      actions={
        <>
          <PrintButton
            href={route('transfers.print', { id: transfer.id })}
            label="Bon de transfert"
            state={print}
            testId="transfer-print"
          />
        </>
      }
      cancel={
        actions.cancel && can.cancel
          ? {
              label: 'Annuler le transfert',
              url: route('transfers.cancel', { id: transfer.id }),
              version: transfer.version,
              title: `Annuler le transfert ${transfer.number}`,
              explanation: `La marchandise en transit revient dans le stock de ${transfer.from.name}.`,
              buttonTestId: 'transfer-cancel',
            }
          : null
      }
      notices={
        <>
          {transfer.status === 'cancelled' ? (
            <StatusAlert tone="secondary" icon="fa-solid fa-ban" testId="transfer-cancelled">
              <strong>Transfert annulé</strong> le {formatDateTime(transfer.cancelled_at)} par{' '}
              {transfer.cancelled_by ?? '—'}
              {transfer.status_before_cancel && transfer.status_before_cancel !== 'sent'
                ? ' après sa réception : la marchandise est revenue au départ.'
                : ' avant sa réception : la marchandise est revenue au départ.'}
              <div className="small">Motif : {transfer.cancel_reason}</div>
            </StatusAlert>
          ) : null}
          {transfer.status === 'sent' ? (
            <StatusAlert tone="info" icon="fa-solid fa-truck-fast">
              La marchandise a quitté {transfer.from.name} et est en transit.{' '}
              {receivable
                ? `Indiquez ci-dessous les quantités reçues à ${transfer.to.name}.`
                : `Elle sera réceptionnée à ${transfer.to.name}.`}
            </StatusAlert>
          ) : null}
        </>
      }
      facts={
        <>
          <Fact label="Départ" value={transfer.from.name} />
          <Fact label="Destination" value={transfer.to.name} />
          <Fact label="Envoyé" value={`le ${formatDate(transfer.transfer_date)} par ${transfer.sent_by ?? '—'}`} />
          {received ? (
            <Fact label="Reçu" value={`le ${formatDate(transfer.received_date)} par ${transfer.received_by ?? '—'}`} />
          ) : null}
          {transfer.total_value != null ? (
            <Fact label="Valeur (CMUP à l’envoi)" value={<Money value={transfer.total_value} />} />
          ) : null}
          {transfer.difference_values && transfer.status === 'received_with_difference' ? (
            <Fact
              label="Écart valorisé (CMUP à l’envoi)"
              value={<DifferenceValues values={transfer.difference_values} />}
            />
          ) : null}
          {transfer.reprint_count > 0 ? (
            <Fact
              label="Réimpressions"
              value={`${formatQty(transfer.reprint_count)} (dernière le ${formatDateTime(transfer.last_reprinted_at)})`}
            />
          ) : null}
          {transfer.note ? <Fact label="Observation" value={transfer.note} /> : null}
          {transfer.reception_note ? <Fact label="Observation à la réception" value={transfer.reception_note} /> : null}
        </>
      }
    >
      {receivable ? (
        <ReceptionForm transfer={transfer} />
      ) : (
        <DocumentTable
          caption={`Lignes du transfert ${transfer.number}`}
          header={formatCount(transfer.line_count, 'ligne')}
          testId="transfer-lines"
          rows={transfer.lines}
          rowKey={(l) => l.position}
          columns={[
            { id: 'code', label: 'Code', role: 'title', className: 'code', cell: (l) => l.product_code, foot: 'Total' },
            { id: 'product', label: 'Produit', role: 'title', wrap: true, cell: (l) => l.product_name },
            {
              id: 'sent',
              label: 'Envoyé',
              role: 'figure',
              num: true,
              cell: (l) => formatQuantity(l.quantity_sent, l.unit),
              foot: (
                <span data-testid="transfer-total-sent">
                  {formatUnitTotals(transfer.lines.map((l) => ({ quantity: l.quantity_sent, unit: l.unit })))}
                </span>
              ),
            },
            {
              id: 'received',
              label: 'Reçu',
              role: 'figure',
              num: true,
              cell: (l) => formatQuantity(l.quantity_received, l.unit),
              foot: received ? (
                <span data-testid="transfer-total-received">
                  {formatUnitTotals(transfer.lines.map((l) => ({ quantity: l.quantity_received, unit: l.unit })))}
                </span>
              ) : (
                ''
              ),
            },
            {
              id: 'difference',
              label: 'Écart',
              role: 'figure',
              num: true,
              cellClassName: (l) => diffClass(l.difference),
              cell: (l) => formatSigned(l.difference),
              foot: received ? (
                <span data-testid="transfer-total-difference">{formatDifferenceCount(differenceCount)}</span>
              ) : (
                ''
              ),
            },
            {
              id: 'reason',
              label: 'Motif de l’écart',
              role: 'secondary',
              wrap: true,
              cell: (l) => l.difference_reason ?? '',
            },
            showCosts
              ? {
                  id: 'cmup',
                  label: 'CMUP',
                  role: 'secondary',
                  num: true,
                  cell: (l) => <Money value={l.unit_cost} />,
                }
              : null,
            valued
              ? {
                  id: 'difference_value',
                  label: 'Valeur de l’écart',
                  role: 'figure',
                  num: true,
                  cell: (l) => (l.difference_value ? <Money value={l.difference_value} tone="balance" /> : ''),
                  foot: (
                    <span data-testid="transfer-difference-total">
                      <Money value={transfer.difference_values!.net} tone="balance" />
                    </span>
                  ),
                }
              : null,
          ]}
        />
      )}
    </DocumentShow>
  );
}

interface ReceptionLine {
  product_id: number;
  /** The received quantity (prefilled with what was sent). */
  quantity: number | null;
  reason: string;
}

/** Reception at the destination: received quantities (prefilled with what was sent), a reason for every difference. */
function ReceptionForm({ transfer }: Pick<Props, 'transfer'>) {
  const { today } = useCompany();
  const form = useServerForm<{
    idempotency_key: string;
    version: number;
    received_date: string;
    note: string;
    lines: ReceptionLine[];
  }>({
    idempotency_key: newIdempotencyKey(),
    version: transfer.version,
    received_date: today < transfer.transfer_date ? transfer.transfer_date : today,
    note: '',
    lines: transfer.lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity_sent, reason: '' })),
  });
  const lines = useDocumentLines(form, {});
  const showCosts = transfer.lines.some((l) => l.unit_cost != null);
  const differences = lines.items.filter(
    (l, i) => l.quantity !== null && l.quantity !== transfer.lines[i].quantity_sent,
  ).length;

  return (
    <DocumentForm
      form={form}
      className="card"
      onSubmit={() =>
        lines.submit(
          route('transfers.receive', { id: transfer.id }),
          (l) => ({ product_id: l.product_id, quantity_received: l.quantity ?? '', reason: l.reason }),
          { preserveScroll: true },
        )
      }
      testId="reception-form"
    >
      <div className="card-header d-flex align-items-center gap-2">
        <Icon name="fa-solid fa-dolly" />
        <h2 className="h6 mb-0">Réception à {transfer.to.name}</h2>
      </div>
      <div className="card-body pb-0">
        <FormErrors messages={formLevelErrors(lines.errors, ['received_date', 'note'])} />
        <div className="row">
          <div className="col-sm-6 col-lg-3">
            <DateField
              {...form.fieldProps('received_date')}
              label="Date de réception"
              min={transfer.transfer_date}
              max={today}
              required
            />
          </div>
          <div className="col-sm-6 col-lg-9">
            <TextField {...form.fieldProps('note')} label="Observation" maxLength={500} />
          </div>
        </div>
      </div>
      <div className="table-responsive">
        <table className="table app-doc-table app-lines-table app-stack-sm" data-testid="transfer-lines">
          <thead>
            <tr>
              <th scope="col">Produit</th>
              <th scope="col" className="num">
                Envoyé
              </th>
              {showCosts ? (
                <th scope="col" className="num">
                  CMUP
                </th>
              ) : null}
              <th scope="col" className="num">
                Reçu
              </th>
              <th scope="col" className="num">
                Écart
              </th>
              <th scope="col">Motif de l’écart</th>
            </tr>
          </thead>
          <tbody>
            {transfer.lines.map((l, i) => {
              const line = lines.items[i];
              const diff = line.quantity === null ? null : line.quantity - l.quantity_sent;
              const reasonError = lines.error(i, 'reason');
              return (
                <tr key={l.product_id} {...lines.rowProps(i)} data-testid={`reception-line-${i}`}>
                  <td>
                    <div className="fw-semibold">{l.product_name}</div>
                    <div className="small text-body-secondary code">{l.product_code}</div>
                  </td>
                  <td className="num" data-label="Envoyé">
                    {formatQty(l.quantity_sent)}{' '}
                    <span className="small text-body-secondary">{pluralUnit(l.unit, l.quantity_sent)}</span>
                  </td>
                  {showCosts ? (
                    <td className="num" data-label="CMUP">
                      <Money value={l.unit_cost} />
                    </td>
                  ) : null}
                  <LineQuantity
                    id={`reception-${i}-qty`}
                    name={`lines.${i}.quantity_received`}
                    ariaLabel={`Quantité reçue de ${l.product_name}`}
                    value={line.quantity}
                    min={0}
                    onChange={(v) => lines.update(i, { quantity: v })}
                    error={lines.error(i, 'quantity_received')}
                    label="Reçu"
                  />
                  <td className={`num ${diffClass(diff)}`} data-label="Écart">
                    {formatSigned(diff)}
                  </td>
                  <td className={`app-line-reason ${diff ? '' : 'is-idle'}`} data-label="Motif de l’écart">
                    <input
                      id={`reception-${i}-reason`}
                      name={`lines.${i}.reason`}
                      type="text"
                      className={`form-control form-control-sm ${reasonError ? 'is-invalid' : ''}`}
                      placeholder={diff ? 'Obligatoire : casse, manquant, erreur de colisage…' : ''}
                      aria-label={`Motif de l’écart sur ${l.product_name}`}
                      aria-invalid={reasonError ? true : undefined}
                      aria-describedby={reasonError ? `reception-${i}-reason-error` : undefined}
                      maxLength={255}
                      disabled={!diff}
                      value={diff ? line.reason : ''}
                      onChange={(e) => lines.update(i, { reason: e.target.value })}
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
              <td className="num" data-label="Envoyé">
                {formatUnitTotals(transfer.lines.map((l) => ({ quantity: l.quantity_sent, unit: l.unit })))}
              </td>
              {showCosts ? <td /> : null}
              <td className="num" data-label="Reçu">
                {formatUnitTotals(transfer.lines.map((l, i) => ({ quantity: lines.items[i].quantity, unit: l.unit })))}
              </td>
              <td className="num" data-label="Écart">
                {formatDifferenceCount(differences)}
              </td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
      <DocumentLinesFooter
        totals={[]}
        hint={
          <span aria-live="polite">
            {differences === 0
              ? 'Quantités conformes à l’envoi.'
              : `${differences} ligne${differences > 1 ? 's' : ''} avec écart : le transfert sera « Reçu avec écart ».`}
          </span>
        }
        cancelHref={route('transfers.index')}
        cancelLabel="Retour"
        submit={{
          label: 'Confirmer la réception',
          icon: 'fa-solid fa-check',
          busy: form.busy,
          busyLabel: 'Réception…',
          testId: 'reception-submit',
        }}
      />
    </DocumentForm>
  );
}

/** « Perte … · Excédent … » of a reception with differences (valued at the CMUP at sending). */
function DifferenceValues({ values }: { values: { loss: number; surplus: number; net: number } }) {
  return (
    <span data-testid="transfer-difference-value">
      {values.loss ? (
        <span className="d-block text-nowrap">
          Perte <Money value={values.loss} tone="balance" />
        </span>
      ) : null}
      {values.surplus ? (
        <span className="d-block text-nowrap">
          Excédent <Money value={values.surplus} />
        </span>
      ) : null}
    </span>
  );
}
