import type { Knex } from 'knex';

/**
 * A settlement's receipt, reprinted later (DUPLICATA), shows the client's balance and advance as
 * they were right after that settlement, not as they are now: `settlements.balance_after` and
 * `advance_after`, written by validateSettlement in the settlement's transaction.
 *
 * Backfill of the settlements already there, client by client: the current balance and advance,
 * less the effect of every later event, walking the client's events backwards in the order they
 * were recorded (created_at / cancelled_at, settlements by id on a tie). The events and their
 * effects are those of the statement of account (services/receivables/statement.ts): a sale +total,
 * a payment at the sale −amount, a credit note −total and its refund +refunded, a settlement
 * −amount (advance +what it left over, an advance spent: advance −amount), a cancelled settlement
 * the reverse, a cancelled sale −(total − credited) and, paid in cash, its refund +the same.
 */
type Ev = { at: string; kind: string; id: number; balance: number; advance: number };

const EVENTS = `
  SELECT s.created_at AS at, 'sale' AS kind, s.id AS id, s.total_ttc AS balance, 0 AS advance FROM sales s WHERE s.client_id = ?
  UNION ALL
  SELECT s.created_at, 'sale_payment', p.id, -p.amount, 0 FROM sale_payments p JOIN sales s ON s.id = p.sale_id WHERE s.client_id = ?
  UNION ALL
  SELECT cn.created_at, 'credit_note', cn.id, cn.refunded - cn.total, 0 FROM credit_notes cn WHERE cn.client_id = ? AND cn.status = 'validated'
  UNION ALL
  SELECT st.created_at, 'settlement', st.id,
         CASE WHEN st.source = 'advance' THEN 0 ELSE -st.amount END,
         CASE WHEN st.source = 'advance' THEN -st.amount ELSE st.advance END
    FROM settlements st WHERE st.client_id = ?
  UNION ALL
  SELECT st.cancelled_at, 'settlement_cancel', st.id,
         CASE WHEN st.source = 'advance' THEN 0 ELSE st.amount END,
         CASE WHEN st.source = 'advance' THEN st.amount ELSE -st.advance END
    FROM settlements st WHERE st.client_id = ? AND st.status = 'cancelled' AND st.cancelled_at IS NOT NULL
  UNION ALL
  SELECT s.cancelled_at, 'sale_cancel', s.id,
         CASE WHEN s.payment_mode = 'cash' THEN 0 ELSE s.amount_credited - s.total_ttc END, 0
    FROM sales s WHERE s.client_id = ? AND s.status = 'cancelled' AND s.cancelled_at IS NOT NULL
`;

export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('settlements', (t) => {
    t.bigInteger('balance_after').nullable();
    t.bigInteger('advance_after').nullable();
  });
  const clients = await db('settlements').distinct('client_id');
  for (const { client_id: clientId } of clients) {
    const client = await db('clients').where({ id: clientId }).first('balance', 'advance');
    if (!client) continue;
    const raw = await db.raw(EVENTS, Array(6).fill(clientId));
    const rows = ((Array.isArray(raw) ? raw : raw.rows) as Array<Record<string, unknown>>).map((r): Ev => ({
      at: String(r.at),
      kind: String(r.kind),
      id: Number(r.id),
      balance: Number(r.balance),
      advance: Number(r.advance),
    }));
    rows.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.kind === b.kind ? a.id - b.id : 0));
    let balance = Number(client.balance);
    let advance = Number(client.advance);
    for (let i = rows.length - 1; i >= 0; i -= 1) {
      const e = rows[i];
      if (e.kind === 'settlement')
        await db('settlements').where({ id: e.id }).update({ balance_after: balance, advance_after: advance });
      balance -= e.balance;
      advance -= e.advance;
    }
  }
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('settlements', (t) => {
    t.dropColumn('balance_after');
    t.dropColumn('advance_after');
  });
}
