import type { Knex } from 'knex';
import type {
  StatementEvent,
  StatementLine,
  StatementLineKind,
  StatementTotals,
} from '../../../shared/client-statement.js';
import type { Paginated } from '../../../shared/lists.js';
import { paginateRows } from '../../db/paginate.js';
import { runStatement } from '../../domain/receivables/statement.js';
import { type ExportFile, type ExportFormat, type ExportSpec, buildExport } from '../tabular/export.js';

/**
 * The statement of account of a client (relevé de compte, issue 15), read from the documents
 * themselves — never from a copy that could drift:
 * - a sale (FAC-/VB-) is a debit of its total on its date (a cancelled one too: it was owed until
 *   its cancellation); each payment taken at the sale a credit on the same date;
 * - a credit note (AV-) a credit of its total, and its refund (paid back in cash) a debit;
 * - a settlement (REG-) received in money a credit of what was received — the part left over is
 *   the client's advance, which clients.balance already subtracts; a settlement that spends the
 *   advance moves nothing (its invoices' remaining and the advance fall together) and is shown for
 *   the record with its amount;
 * - a cancelled settlement a debit of what it had credited, dated by its cancellation
 *   (`cancelled_on`); a cancelled sale a credit of what it still charged (its total less its avoirs)
 *   and, for a sale paid at the counter, the refund of what was paid (a debit of the same).
 * The opening balance is one SQL aggregate over everything before the period, so the closing
 * balance of a period ending today is clients.balance = Σ remaining of the validated sales −
 * clients.advance (tests/unit/receivables/statement.property.test.ts proves it on random
 * histories). Within a day, events come in the order they happened.
 */

/** More lines than this in one period: the statement stops there and says so (the totals stay whole). */
export const STATEMENT_MAX_LINES = 20_000;

const EVENTS = `
  SELECT s.sale_date AS ev_date, s.created_at AS ev_at, 0 AS seq, s.id AS tie,
         CASE WHEN s.kind = 'counter' THEN 'counter_sale' ELSE 'invoice' END AS kind, 'sale' AS document_type, s.id AS document_id,
         s.number AS number, '' AS ref_number, '' AS method, '' AS operator, '' AS reference, 0 AS amount, s.total_ttc AS debit, 0 AS credit
    FROM sales s WHERE s.client_id = :client
  UNION ALL
  SELECT s.sale_date, s.created_at, 1, p.id, 'sale_payment', 'sale', s.id, s.number, '', p.method, COALESCE(p.operator, ''), COALESCE(p.reference, ''), 0, 0, p.amount
    FROM sale_payments p JOIN sales s ON s.id = p.sale_id WHERE s.client_id = :client
  UNION ALL
  SELECT cn.credit_date, cn.created_at, 2, cn.id, 'credit_note', 'credit_note', cn.id, cn.number, s.number, '', '', '', 0, 0, cn.total
    FROM credit_notes cn JOIN sales s ON s.id = cn.sale_id WHERE cn.client_id = :client AND cn.status = 'validated'
  UNION ALL
  SELECT cn.credit_date, cn.created_at, 3, cn.id, 'credit_note_refund', 'credit_note', cn.id, cn.number, s.number, 'especes', '', '', 0, cn.refunded, 0
    FROM credit_notes cn JOIN sales s ON s.id = cn.sale_id WHERE cn.client_id = :client AND cn.status = 'validated' AND cn.refunded <> 0
  UNION ALL
  SELECT st.settlement_date, st.created_at, 0, st.id,
         CASE WHEN st.source = 'advance' THEN 'advance_use' ELSE 'settlement' END, 'settlement', st.id, st.number, '',
         COALESCE(st.method, ''), COALESCE(st.operator, ''), COALESCE(st.reference, ''),
         CASE WHEN st.source = 'advance' THEN st.amount ELSE 0 END, 0, CASE WHEN st.source = 'advance' THEN 0 ELSE st.amount END
    FROM settlements st WHERE st.client_id = :client
  UNION ALL
  SELECT COALESCE(st.cancelled_on, st.settlement_date), COALESCE(st.cancelled_at, st.created_at), 1, st.id, 'settlement_cancel', 'settlement', st.id, st.number, '',
         COALESCE(st.method, ''), COALESCE(st.operator, ''), '',
         CASE WHEN st.source = 'advance' THEN st.amount ELSE 0 END, CASE WHEN st.source = 'advance' THEN 0 ELSE st.amount END, 0
    FROM settlements st WHERE st.client_id = :client AND st.status = 'cancelled'
  UNION ALL
  SELECT COALESCE(s.cancelled_on, s.sale_date), COALESCE(s.cancelled_at, s.created_at), 4, s.id, 'sale_cancel', 'sale', s.id, s.number, '', '', '', '', 0, 0, s.total_ttc - s.amount_credited
    FROM sales s WHERE s.client_id = :client AND s.status = 'cancelled'
  UNION ALL
  SELECT COALESCE(s.cancelled_on, s.sale_date), COALESCE(s.cancelled_at, s.created_at), 5, s.id, 'sale_cancel_refund', 'sale', s.id, s.number, '', '', '', '', 0, s.total_ttc - s.amount_credited, 0
    FROM sales s WHERE s.client_id = :client AND s.status = 'cancelled' AND s.payment_mode = 'cash' AND s.total_ttc > s.amount_credited
`;

/** A query builder with the client's events as the CTE `ev`. */
function events(db: Knex, clientId: number): Knex.QueryBuilder {
  return db.queryBuilder().with('ev', db.raw(EVENTS, { client: clientId }));
}

export interface StatementPeriod {
  from: string;
  to: string;
}

export interface ClientStatement {
  period: StatementPeriod;
  totals: StatementTotals;
  /** Lines of the period in date order (at most STATEMENT_MAX_LINES). */
  lines: StatementLine[];
  /** Lines of the period in all. */
  count: number;
  truncated: boolean;
}

/** Opening balance, the period's debits, credits and number of lines: one aggregate over the events. */
export async function statementTotals(
  db: Knex,
  clientId: number,
  { from, to }: StatementPeriod,
): Promise<{ opening: number; debit: number; credit: number; count: number }> {
  const inPeriod = 'ev_date >= ? AND ev_date <= ?';
  const row: Record<string, unknown> =
    (await events(db, clientId)
      .from('ev')
      .first(
        db.raw('COALESCE(SUM(CASE WHEN ev_date < ? THEN debit - credit ELSE 0 END), 0) AS opening', [from]),
        db.raw(`COALESCE(SUM(CASE WHEN ${inPeriod} THEN debit ELSE 0 END), 0) AS debit`, [from, to]),
        db.raw(`COALESCE(SUM(CASE WHEN ${inPeriod} THEN credit ELSE 0 END), 0) AS credit`, [from, to]),
        db.raw(`COUNT(CASE WHEN ${inPeriod} THEN 1 END) AS n`, [from, to]),
      )) ?? {};
  return {
    opening: Number(row.opening ?? 0),
    debit: Number(row.debit ?? 0),
    credit: Number(row.credit ?? 0),
    count: Number(row.n ?? 0),
  };
}

/** The events of the period in the order they happened (date, then moment, then within a document). */
export async function statementEvents(
  db: Knex,
  clientId: number,
  { from, to }: StatementPeriod,
  limit = STATEMENT_MAX_LINES,
): Promise<StatementEvent[]> {
  const rows = await events(db, clientId)
    .from('ev')
    .where('ev_date', '>=', from)
    .where('ev_date', '<=', to)
    .orderBy(['ev_date', 'ev_at', 'document_type', 'document_id', 'seq', 'tie'])
    .limit(limit)
    .select<Record<string, any>[]>('*');
  return rows.map((r): StatementEvent => ({
    date: String(r.ev_date),
    kind: r.kind as StatementLineKind,
    document_type: r.document_type,
    document_id: Number(r.document_id),
    number: r.number,
    ref_number: r.ref_number ?? '',
    method: r.method ?? '',
    operator: r.operator ?? '',
    reference: r.reference ?? '',
    amount: Number(r.amount),
    debit: Number(r.debit),
    credit: Number(r.credit),
  }));
}

/** The statement of account of a client for a period: opening balance, lines with running balance, closing balance. */
export async function clientStatement(
  db: Knex,
  clientId: number,
  period: StatementPeriod,
  limit = STATEMENT_MAX_LINES,
): Promise<ClientStatement> {
  const [sums, events] = await Promise.all([
    statementTotals(db, clientId, period),
    statementEvents(db, clientId, period, limit),
  ]);
  const { lines } = runStatement(sums.opening, events);
  const totals: StatementTotals = {
    opening: sums.opening,
    debit: sums.debit,
    credit: sums.credit,
    closing: sums.opening + sums.debit - sums.credit,
  };
  return { period, totals, lines, count: sums.count, truncated: sums.count > lines.length };
}

/** One page of the statement's lines for the screen (the running balance is each line's own). */
export function statementPage(statement: ClientStatement, page: number, perPage: number): Paginated<StatementLine> {
  return paginateRows(statement.lines, page, perPage);
}

/** The statement as a CSV or XLSX file: the opening line, every line with its running balance, the closing line. */
export async function exportClientStatement(
  db: Knex,
  client: { id: number; code: string; name: string },
  period: StatementPeriod,
  format: ExportFormat,
  currency: string,
): Promise<ExportFile> {
  const statement = await clientStatement(db, client.id, period, 100_000);
  type Row = {
    date: string;
    number: string;
    label: string;
    debit: number | null;
    credit: number | null;
    balance: number;
  };
  const rows: Row[] = [
    {
      date: period.from,
      number: '',
      label: 'Solde d’ouverture',
      debit: null,
      credit: null,
      balance: statement.totals.opening,
    },
    ...statement.lines.map((l) => ({
      date: l.date,
      number: l.number,
      label: l.kind === 'advance_use' ? `${l.label} (${l.amount})` : l.label,
      debit: l.debit || null,
      credit: l.credit || null,
      balance: l.balance,
    })),
    {
      date: period.to,
      number: '',
      label: 'Solde de clôture',
      debit: statement.totals.debit,
      credit: statement.totals.credit,
      balance: statement.totals.closing,
    },
  ];
  const spec: ExportSpec<Row> = {
    fileName: `releve-${client.code.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}-${period.from}-${period.to}`,
    sheetName: `Relevé ${client.code}`,
    currency,
    columns: [
      { header: 'Date', value: (r) => r.date, width: 12 },
      { header: 'N°', value: (r) => r.number, width: 18 },
      { header: 'Libellé', value: (r) => r.label, width: 40 },
      { header: 'Débit', kind: 'money', value: (r) => r.debit },
      { header: 'Crédit', kind: 'money', value: (r) => r.credit },
      { header: 'Solde', kind: 'money', value: (r) => r.balance },
    ],
  };
  return buildExport(format, spec, rows);
}
