import type { Knex } from 'knex';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { type SaleInput, type SaleRights, createSale } from '../../server/services/sales/create-sale.js';
import type { Actor } from '../../server/services/actor.js';
import { idempotencyKey } from './stock.js';
import { uniqueTag } from './unique.js';

/**
 * Clients and sales for the sales suites, written straight to the database (clients) or through
 * the sale service, so each test builds what it asserts on.
 */
export async function makeClient(
  db: Knex,
  fields: Partial<{
    name: string;
    price_level: 'detail' | 'gros';
    credit_limit: number;
    balance: number;
    active: boolean;
  }> = {},
): Promise<number> {
  const now = nowIso();
  const code = `CL${uniqueTag()}`;
  return insertReturningId(
    db,
    'clients',
    withSearchName({
      code,
      name: fields.name ?? `Client ${code}`,
      kind: 'particulier',
      price_level: fields.price_level ?? 'detail',
      credit_limit: fields.credit_limit ?? 0,
      balance: fields.balance ?? 0,
      active: fields.active ?? true,
      created_at: now,
      updated_at: now,
    }),
  );
}

export async function walkInClient(db: Knex): Promise<number> {
  return Number((await db('clients').where({ is_walk_in: true }).first('id'))!.id);
}

export const ALL_RIGHTS: SaleRights = { belowMinPrice: true, beyondCreditLimit: true };
export const NO_RIGHTS: SaleRights = { belowMinPrice: false, beyondCreditLimit: false };

/** A sale's input with sensible defaults: a cash counter sale dated 2026-03-10, priced from the level. */
export function saleInput(over: Partial<SaleInput> & Pick<SaleInput, 'clientId' | 'locationId' | 'lines'>): SaleInput {
  return {
    idempotencyKey: idempotencyKey(),
    kind: 'counter',
    saleDate: '2026-03-10',
    paymentMode: 'cash',
    dueDate: null,
    discount: 0,
    note: '',
    formLoadedAt: new Date(Date.now() - 60_000).toISOString(),
    payments: [],
    ...over,
  };
}

export const line = (productId: number, quantity: number, over: Partial<SaleInput['lines'][number]> = {}) => ({
  productId,
  quantity,
  unit: 'unit' as const,
  unitPrice: null,
  discount: 0,
  ...over,
});
export const cashPayment = (amount: number) => ({
  method: 'especes' as const,
  amount,
  accountId: null,
  operator: null,
  phone: '',
  reference: '',
});
/** A mobile-money payment; its transaction id is unique unless given (a reused id is refused). */
export const mobilePayment = (
  amount: number,
  reference = `OM260310.${uniqueTag()}`,
  operator: 'orange_money' | 'mtn_momo' | 'moov_money' | 'wave' = 'orange_money',
) => ({ method: 'mobile_money' as const, amount, accountId: null, operator, phone: '07 07 07 07 07', reference });

export async function adminActor(db: Knex): Promise<Actor> {
  const admin = (await db('users').orderBy('id').first('id', 'name'))!;
  return { id: Number(admin.id), name: admin.name, ip: '127.0.0.1' };
}

export async function sell(db: Knex, input: SaleInput, rights: SaleRights = NO_RIGHTS) {
  return createSale(db, input, rights, await adminActor(db));
}
