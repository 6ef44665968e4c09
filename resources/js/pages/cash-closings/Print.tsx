import { CLOSING_STATUS_LABELS, differenceLabel } from '@shared/cash-closings';
import { formatAmount } from '@shared/money';
import type { PageProps } from '@shared/pages';
import { MOBILE_MONEY_OPERATOR_LABELS, type MobileMoneyOperator, PAYMENT_METHOD_LABELS } from '@shared/treasury';
import { PrintLines } from '@/components/print/PrintLines';
import SimpleLayout from '@/layouts/SimpleLayout';
import { PrintClosing, PrintFacts, PrintFrame, PrintNote } from '@/components/print/PrintFrame';
import { formatDate, formatDateTime, formatQty } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { CountLinesTable, ExpectedCashTable } from '@/components/treasury/CashFiguresTables';
import '../../../css/screens/ticket.scss';

/**
 * Rapport d'arrêté de caisse, A4 or on the till roll (?format=80mm): the desk and the day, the
 * opening balance and the day's ins and outs by nature, the expected cash, the count note by note,
 * the difference and its reason, the non-cash takings of the day, and the signatures.
 */
export default function ClosingPrint(props: PageProps<'cash-closings/Print'>) {
  const { closing: c, count_lines, uncertified } = props;
  const currency = props.company.currency;
  const roll = props.settings.format === '80mm' || props.settings.format === '58mm';
  const amount = (n: number) => formatAmount(n, currency);
  const facts: Array<[string, string]> = [
    ['Caisse', `${c.account_name} (${c.account_code})`],
    ['Emplacement', c.location_name ?? ''],
    ['Journée', formatDate(c.closing_date)],
    ['Validé', `${formatDateTime(c.closed_at)} par ${c.closed_by_name ?? '—'}`],
  ];
  const nonCash = c.non_cash.map((r) => ({
    key: `${r.method}-${r.operator ?? ''}-${r.account_id}`,
    label: `${PAYMENT_METHOD_LABELS[r.method]}${r.operator ? ` (${MOBILE_MONEY_OPERATOR_LABELS[r.operator as MobileMoneyOperator] ?? r.operator})` : ''} — ${r.account_name}`,
    count: r.count,
    total: r.total,
  }));
  const reopened =
    c.status === 'reopened'
      ? `${CLOSING_STATUS_LABELS.reopened} le ${formatDateTime(c.reopened_at)} par ${c.reopened_by_name ?? '—'} — motif : ${c.reopen_reason}`
      : null;

  if (roll) {
    return (
      <PrintFrame
        meta={props}
        title="Arrêté de caisse"
        subtitle={`${c.account_name} — ${formatDate(c.closing_date)}`}
        watermark={reopened ? 'ROUVERT' : null}
      >
        <PrintFacts items={facts} />
        <div className="app-ticket-lines" data-testid="closing-print-expected">
          <div className="app-ticket-row">
            <span>Fond de caisse</span>
            <span>{amount(c.opening_balance)}</span>
          </div>
          {c.by_type.map((t) => (
            <div key={t.movement_type} className="app-ticket-row">
              <span>
                {t.label} ({formatQty(t.count)})
              </span>
              <span>{amount(t.total_in - t.total_out)}</span>
            </div>
          ))}
          <div className="app-ticket-row fw-bold">
            <span>Attendu</span>
            <span data-testid="print-expected">{amount(c.expected)}</span>
          </div>
        </div>
        <div className="app-ticket-lines" data-testid="closing-print-count">
          {count_lines.map((l) => (
            <div key={l.key} className="app-ticket-row">
              <span>
                {formatQty(l.count)} × {amount(l.value)}
              </span>
              <span>{amount(l.total)}</span>
            </div>
          ))}
          <div className="app-ticket-row fw-bold">
            <span>Compté</span>
            <span data-testid="print-counted">{amount(c.counted)}</span>
          </div>
          <div className="app-ticket-row fw-bold">
            <span>Écart ({differenceLabel(c.difference).toLowerCase()})</span>
            <span data-testid="print-difference">{amount(c.difference)}</span>
          </div>
        </div>
        {c.reason ? <PrintNote>Motif : {c.reason}</PrintNote> : null}
        {nonCash.length ? (
          <div className="app-ticket-lines">
            {nonCash.map((r) => (
              <div key={r.key} className="app-ticket-row">
                <span>{r.label}</span>
                <span>{amount(r.total)}</span>
              </div>
            ))}
          </div>
        ) : null}
        {uncertified.length ? (
          <div className="app-ticket-lines" data-testid="closing-print-uncertified">
            <div className="fw-bold">Non certifiés par la DGI</div>
            {uncertified.map((d) => (
              <div key={d.url} className="app-ticket-row">
                <span>{d.number}</span>
                <span>{d.state_label}</span>
              </div>
            ))}
          </div>
        ) : null}
        {reopened ? <PrintNote>{reopened}</PrintNote> : null}
        <PrintClosing signatures={[`Caissier (${c.closed_by_name ?? '—'})`, 'Responsable']} />
      </PrintFrame>
    );
  }

  return (
    <PrintFrame
      meta={props}
      title="Arrêté de caisse"
      subtitle={`${c.account_name} — journée du ${formatDate(c.closing_date)}`}
      watermark={reopened ? 'ROUVERT' : null}
      footer={
        <PrintClosing
          notes={[c.reason ? `Motif de l’écart : ${c.reason}` : 'Aucun écart.', ...(reopened ? [reopened] : [])]}
          signatures={[`Caissier (${c.closed_by_name ?? '—'})`, 'Responsable']}
        />
      }
    >
      <PrintFacts items={facts} />
      <ExpectedCashTable currency={currency} figures={c} day={formatDate(c.closing_date)} print />
      <CountLinesTable
        currency={currency}
        lines={count_lines}
        counted={c.counted}
        difference={{ label: `Écart (${differenceLabel(c.difference).toLowerCase()})`, value: c.difference }}
        print
      />
      {nonCash.length ? (
        <PrintLines
          testId="closing-print-non-cash"
          rows={nonCash}
          rowKey={(r) => r.key}
          columns={[
            { id: 'label', label: 'Encaissements hors espèces', cell: (r) => r.label },
            { id: 'count', label: 'Opérations', num: true, cell: (r) => formatQty(r.count) },
            { id: 'total', label: 'Montant', num: true, cell: (r) => <Money value={r.total} currency={currency} /> },
          ]}
        />
      ) : null}
      {uncertified.length ? (
        <PrintLines
          testId="closing-print-uncertified"
          rows={uncertified}
          rowKey={(d) => d.url}
          columns={[
            { id: 'number', label: 'Documents du jour non certifiés par la DGI', cell: (d) => d.number },
            { id: 'type', label: 'Type', cell: (d) => d.document_label },
            { id: 'state', label: 'État', cell: (d) => d.state_label },
            { id: 'error', label: 'Motif', cell: (d) => d.error_message ?? '' },
          ]}
        />
      ) : null}
    </PrintFrame>
  );
}

ClosingPrint.layout = SimpleLayout;
