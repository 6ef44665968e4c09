import type { Knex } from 'knex';
import { paymentAccounts } from '../treasury/accounts.js';
import { toBool } from '../../db/dialect.js';
import type { Row } from '../stock/lookups.js';
import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedLocation } from '../places/scope.js';
import { saleCreditNotes } from './credit-note-queries.js';
import { orderByFrench } from '../../db/french-order.js';

/**
 * Read side of the counter (vente boutique): the shops it sells from with their cash desk, the
 * walk-in client, the mobile-money operators that can receive a payment, the last sale of a
 * seller, and everything a cash ticket prints.
 */

/** The active shops (kind boutique) the seller works in, each with the first active cash desk standing there (or null). */
export async function counterLocationRows(db: Knex, scope: PlaceScope): Promise<Row[]> {
  const shops = await orderByFrench(
    whereAllowedLocation(db('locations').where({ kind: 'boutique', active: true }), 'id', scope),
    db,
    { name: 'name' },
  ).select('id', 'code', 'name');
  const desks = await db('treasury_accounts')
    .where({ kind: 'caisse', active: true })
    .whereIn(
      'location_id',
      shops.map((s) => s.id),
    )
    .orderBy('id')
    .select('location_id', 'name');
  return shops.map((s) => ({ ...s, desk: desks.find((d) => Number(d.location_id) === Number(s.id))?.name ?? null }));
}

export async function walkInClientRow(db: Knex): Promise<Row> {
  const row = await db('clients')
    .where({ is_walk_in: true })
    .orderBy('id')
    .first('id', 'code', 'name', 'price_level', 'is_walk_in');
  if (!row) throw new Error('CLIENT COMPTANT absent : relancez le seed de premier démarrage.');
  return row;
}

/** The operators that have an active mobile-money wallet the seller works on (a payment needs one to land in). */
export async function activeMobileOperators(db: Knex, scope: PlaceScope): Promise<string[]> {
  return [...new Set((await paymentAccounts(db, { scope })).mobile_money.map((a) => a.operator!))];
}

/** A counter sale of this seller (the one just validated), or undefined. */
export async function sellerCounterSale(db: Knex, id: number, userId: number): Promise<Row | undefined> {
  const sale = await db('sales')
    .where({ id, kind: 'counter', created_by: userId })
    .first('id', 'number', 'total_ttc', 'cash_tendered', 'change_given', 'created_at');
  if (!sale) return undefined;
  const mobile = await db('sale_payments').where({ sale_id: id, method: 'mobile_money' }).sum({ s: 'amount' }).first();
  return { ...sale, mobile: Number(mobile?.s ?? 0) };
}

export interface TicketDetail {
  sale: Row;
  lines: Row[];
  payments: Row[];
  creditNotes: Row[];
}

/** A counter sale with its client, shop, seller, lines (product names) and payments; undefined when unknown. */
export async function counterTicket(db: Knex, id: number): Promise<TicketDetail | undefined> {
  const sale = await db('sales')
    .join('clients', 'clients.id', 'sales.client_id')
    .join('locations', 'locations.id', 'sales.location_id')
    .leftJoin('users', 'users.id', 'sales.created_by')
    .where('sales.id', id)
    .where('sales.kind', 'counter')
    .first(
      'sales.*',
      'clients.name as client_name',
      'clients.is_walk_in as client_is_walk_in',
      'locations.name as location_name',
      'users.name as seller_name',
    );
  if (!sale) return undefined;
  sale.client_is_walk_in = toBool(sale.client_is_walk_in);
  const lines = await db('sale_lines')
    .join('products', 'products.id', 'sale_lines.product_id')
    .where('sale_lines.sale_id', id)
    .orderBy('sale_lines.position')
    .select(
      'sale_lines.position',
      'sale_lines.quantity',
      'sale_lines.unit_price',
      'sale_lines.discount',
      'sale_lines.net',
      'sale_lines.allocated_discount',
      'sale_lines.vat_amount',
      'sale_lines.vat_rate_bp',
      'products.code',
      'products.name',
      'products.unit',
    );
  const payments = await db('sale_payments')
    .where({ sale_id: id })
    .orderBy('id')
    .select('method', 'amount', 'operator', 'phone', 'reference');
  return { sale, lines, payments, creditNotes: await saleCreditNotes(db, id) };
}
