/**
 * The document forms the drill knows how to fill, one per numbered series (server/db/counters.ts
 * DOCUMENT_SERIES). A series without an entry here is reported « non couvert » by every step that
 * goes through the series — never skipped in silence — until its form is added below.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { CREDIT_NOTE_SERIES } from '../../shared/sales.js';
import { ROUTES } from '../../shared/routes.js';
import type { Browser } from './browser.js';
import { type World, makeClient, makeProduct } from './world.js';

export interface FormContext {
  db: Knex;
  world: World;
  /** A signed-in administrator (gives stock through the entry form). */
  admin: Browser;
}

/** What a document's page address looks like after a successful validation: its id, or null. */
const landing = (pattern: string) => {
  const re = new RegExp(`^${pattern.replace(/[?]/g, '\\?').replace(':id', '(\\d+)')}$`);
  return (location: string): number | null => {
    const m = re.exec(location.replace(/^https?:\/\/[^/]+/, ''));
    return m ? Number(m[1] ?? 0) : null;
  };
};

export interface DocumentForm {
  series: string;
  label: string;
  /** The form's target (POST). */
  url: string;
  /** Table of the documents, and the filter of this series in it. */
  table: string;
  where?: Record<string, unknown>;
  /** The id of the document a success answer lands on (0 when the page has no id), null for a refusal. */
  done: (location: string) => number | null;
  /**
   * Prepares what `n` documents need (stock, a client, sales to correct) and returns the body of
   * the i-th one; each call of the builder is a new document (its own idempotency key).
   */
  prepare(ctx: FormContext, n: number): Promise<(i: number) => Record<string, unknown>>;
}

export const key = () => randomUUID();
const formLoadedAt = () => new Date(Date.now() - 60_000).toISOString();

/** Stock through the real entry form (ENT), as a storekeeper receives it. */
export async function giveStock(ctx: FormContext, productId: number, locationId: number, quantity: number): Promise<void> {
  const res = await ctx.admin.post(ROUTES['entries.index'], entryBody(ctx.world, productId, locationId, quantity));
  if (!/\/operations\/entreestock\/\d+$/.test(res.location)) {
    const why = await ctx.admin.outcome(res);
    throw new Error(`entrée de stock refusée (HTTP ${res.status}) : ${JSON.stringify(why.errors)}`);
  }
}

const entryBody = (w: World, productId: number, locationId: number, quantity: number) => ({
  idempotency_key: key(),
  supplier_id: w.supplier,
  location_id: locationId,
  entry_date: w.today,
  supplier_ref: `BL-${key().slice(0, 8)}`,
  note: '',
  lines: [{ product_id: productId, unit: 'unit', quantity, unit_cost: 600 }],
});

export const transferBody = (w: World, productId: number, from: number, to: number, quantity = 1) => ({
  idempotency_key: key(),
  from_location_id: from,
  to_location_id: to,
  transfer_date: w.today,
  note: '',
  lines: [{ product_id: productId, quantity }],
});

export const invoiceBody = (w: World, clientId: number, productId: number, locationId: number, quantity = 1) => ({
  idempotency_key: key(),
  client_id: clientId,
  location_id: locationId,
  sale_date: w.today,
  payment_mode: 'cash',
  due_date: '',
  discount: 0,
  note: '',
  form_loaded_at: formLoadedAt(),
  lines: [{ product_id: productId, unit: 'unit', quantity, unit_price: '', discount: 0 }],
  payments: [{ method: 'especes', amount: 1_000 * quantity, account_id: '', operator: '', phone: '', reference: '' }],
});

export const counterBody = (w: World, productId: number, locationId: number, quantity = 1) => ({
  idempotency_key: key(),
  form_loaded_at: formLoadedAt(),
  location_id: locationId,
  client_id: w.walkIn,
  lines: [{ product_id: productId, quantity }],
  payments: [{ method: 'especes', amount: 1_000 * quantity }],
});

export const DOCUMENT_FORMS: Record<string, DocumentForm> = {
  ENT: {
    series: 'ENT',
    label: 'Entrée de stock',
    url: ROUTES['entries.index'],
    table: 'stock_entries',
    done: landing(ROUTES['entries.show']),
    async prepare(ctx) {
      const p = await makeProduct(ctx.db, ctx.world, 'Entrée');
      return () => entryBody(ctx.world, p.id, ctx.world.depot, 5);
    },
  },
  TRF: {
    series: 'TRF',
    label: 'Transfert',
    url: ROUTES['transfers.index'],
    table: 'transfers',
    done: landing(ROUTES['transfers.show']),
    async prepare(ctx, n) {
      const p = await makeProduct(ctx.db, ctx.world, 'Transfert');
      await giveStock(ctx, p.id, ctx.world.depot, n);
      return () => transferBody(ctx.world, p.id, ctx.world.depot, ctx.world.shop);
    },
  },
  INV: {
    series: 'INV',
    label: 'Réajustement de stock',
    url: ROUTES['inventory.readjust'],
    table: 'stock_adjustments',
    done: landing(`${ROUTES['inventory.index']}?tab=readjustments`),
    async prepare(ctx, n) {
      const p = await makeProduct(ctx.db, ctx.world, 'Casse');
      await giveStock(ctx, p.id, ctx.world.depot, n);
      return () => ({ idempotency_key: key(), location_id: ctx.world.depot, adjustment_date: ctx.world.today, reason: 'casse', note: '', lines: [{ product_id: p.id, direction: 'out', quantity: 1 }] });
    },
  },
  FAC: {
    series: 'FAC',
    label: 'Facture',
    url: ROUTES['sales.invoices'],
    table: 'sales',
    where: { kind: 'invoice' },
    done: landing(ROUTES['sales.show']),
    async prepare(ctx, n) {
      const p = await makeProduct(ctx.db, ctx.world, 'Facture');
      await giveStock(ctx, p.id, ctx.world.depot, n);
      const client = await makeClient(ctx.db);
      return () => invoiceBody(ctx.world, client, p.id, ctx.world.depot);
    },
  },
  VB: {
    series: 'VB',
    label: 'Vente boutique',
    url: ROUTES['counter.store'],
    table: 'sales',
    where: { kind: 'counter' },
    done: landing(`${ROUTES['counter.index']}?vente=:id`),
    async prepare(ctx, n) {
      const p = await makeProduct(ctx.db, ctx.world, 'Comptoir');
      await giveStock(ctx, p.id, ctx.world.shop, n);
      return () => counterBody(ctx.world, p.id, ctx.world.shop);
    },
  },
  [CREDIT_NOTE_SERIES]: {
    series: CREDIT_NOTE_SERIES,
    label: 'Avoir (correction vente boutique)',
    url: ROUTES['creditNotes.index'],
    table: 'credit_notes',
    done: landing(ROUTES['creditNotes.show']),
    async prepare(ctx, n) {
      // One counter sale per credit note: each note changes its sale's version.
      const p = await makeProduct(ctx.db, ctx.world, 'Retour');
      await giveStock(ctx, p.id, ctx.world.shop, n);
      const sales: Array<{ id: number; line: number }> = [];
      for (let i = 0; i < n; i += 10) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(10, n - i) }, async () => {
            const res = await ctx.admin.post(ROUTES['counter.store'], counterBody(ctx.world, p.id, ctx.world.shop));
            const id = DOCUMENT_FORMS.VB.done(res.location);
            if (!id) throw new Error(`vente boutique refusée pendant la préparation des avoirs (HTTP ${res.status} → ${res.location})`);
            const line = Number((await ctx.db('sale_lines').where({ sale_id: id }).first('id')).id);
            return { id, line };
          }),
        );
        sales.push(...batch);
      }
      return (i) => ({ idempotency_key: key(), sale_id: sales[i % sales.length].id, version: 1, reason: 'Produit défectueux', lines: [{ sale_line_id: sales[i % sales.length].line, quantity: 1 }] });
    },
  },
};
