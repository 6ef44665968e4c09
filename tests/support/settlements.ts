import type { Knex } from 'knex';
import { expect } from 'vitest';
import { type SettlementInput, createSettlement } from '../../server/services/settlements/create-settlement.js';
import { saleRemaining } from '../../shared/sales.js';
import { ALL_RIGHTS, adminActor, line, makeClient, saleInput, sell } from './sales.js';
import { type StockFixtures, giveStock, idempotencyKey, makeProduct } from './stock.js';

/**
 * Clients with credit invoices and settlements for the settlement suites: each test builds the
 * invoices it settles (through the sale service) and settles them through the settlement service.
 */

/** A credit invoice (FAC-) of exactly `total` for the client, sold from the shop on `saleDate`. */
export async function creditInvoice(
  db: Knex,
  f: StockFixtures,
  clientId: number,
  total: number,
  over: { saleDate?: string; dueDate?: string } = {},
): Promise<{ id: number; number: string }> {
  const product = await makeProduct(db, { category_id: f.category, retail_price: total });
  await giveStock(db, product, f.shop, 1, 1);
  const saleDate = over.saleDate ?? '2026-03-10';
  const sale = await sell(
    db,
    saleInput({
      kind: 'invoice',
      clientId,
      locationId: f.shop,
      saleDate,
      paymentMode: 'credit',
      dueDate: over.dueDate ?? saleDate,
      lines: [line(product, 1)],
    }),
    ALL_RIGHTS,
  );
  return { id: sale.id, number: sale.number };
}

/** A client with a credit limit wide enough for the tests' invoices. */
export const creditClient = (db: Knex, name?: string) =>
  makeClient(db, { credit_limit: 100_000_000, ...(name ? { name } : {}) });

/** A settlement input with sensible defaults: cash received on 2026-03-15, the allocations given. */
export function settlementInput(
  over: Partial<SettlementInput> & Pick<SettlementInput, 'clientId' | 'amount'>,
): SettlementInput {
  return {
    idempotencyKey: idempotencyKey(),
    settlementDate: '2026-03-15',
    source: 'payment',
    method: 'especes',
    accountId: null,
    operator: null,
    phone: '',
    reference: '',
    chequeDate: null,
    allocationMode: 'chosen',
    allocations: [],
    note: '',
    ...over,
  };
}

export const orangeMoney = (reference: string) => ({
  method: 'mobile_money' as const,
  operator: 'orange_money' as const,
  phone: '07 08 09 10 11',
  reference,
});

export async function settle(db: Knex, input: SettlementInput) {
  return createSettlement(db, input, await adminActor(db));
}

export interface SaleMoney {
  paid: number;
  status: string;
  remaining: number;
}

export async function saleMoney(db: Knex, saleId: number): Promise<SaleMoney> {
  const s = (await db('sales')
    .where({ id: saleId })
    .first('total_ttc', 'amount_paid', 'amount_credited', 'payment_status'))!;
  return {
    paid: Number(s.amount_paid),
    status: s.payment_status,
    remaining: saleRemaining(Number(s.total_ttc), Number(s.amount_paid), Number(s.amount_credited)),
  };
}

export async function clientMoney(db: Knex, clientId: number): Promise<{ balance: number; advance: number }> {
  const c = (await db('clients').where({ id: clientId }).first('balance', 'advance'))!;
  return { balance: Number(c.balance), advance: Number(c.advance) };
}

/**
 * Every receivable agrees with its documents: each sale's amount_paid is what was paid at the sale
 * plus its live allocations, and each client's balance is Σ remaining of their validated sales −
 * their advance, the advance being Σ advances left by live payments − Σ spent by live advance
 * settlements (with whatever the client started with).
 */
export async function expectReceivablesConsistent(db: Knex, clientIds: number[]): Promise<void> {
  for (const clientId of clientIds) {
    const sales = await db('sales')
      .where({ client_id: clientId })
      .select('id', 'status', 'total_ttc', 'amount_paid', 'amount_credited', 'payment_mode');
    let remaining = 0;
    for (const s of sales) {
      const paidAtSale = await db('sale_payments').where({ sale_id: s.id }).sum({ n: 'amount' }).first();
      const allocated = await db('settlement_allocations')
        .where({ sale_id: s.id })
        .whereNull('cancelled_at')
        .sum({ n: 'amount' })
        .first();
      expect(Number(s.amount_paid), `amount_paid of sale ${s.id}`).toBe(
        Number(paidAtSale?.n ?? 0) + Number(allocated?.n ?? 0),
      );
      if (s.status === 'validated')
        remaining += saleRemaining(Number(s.total_ttc), Number(s.amount_paid), Number(s.amount_credited));
    }
    const live = await db('settlements')
      .where({ client_id: clientId, status: 'validated' })
      .select('source', 'amount', 'advance');
    const advance = live.reduce((sum, s) => sum + (s.source === 'payment' ? Number(s.advance) : -Number(s.amount)), 0);
    const c = await clientMoney(db, clientId);
    expect(c.advance, `advance of client ${clientId}`).toBe(advance);
    expect(c.balance, `balance of client ${clientId}`).toBe(remaining - advance);
  }
}
