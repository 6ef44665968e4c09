/**
 * The document forms the drill knows how to fill, one per numbered series (shared/documents.ts):
 * DOCUMENT_FORMS is typed by the series, so a series declared without its form here fails the type
 * check.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { CASH_OPERATION_KINDS, CASH_OPERATION_SERIES, type CashOperationKind } from '../../shared/cash-operations.js';
import { CREDIT_NOTE_SERIES, SETTLEMENT_SERIES } from '../../shared/sales.js';
import type { DocumentSeries } from '../../shared/documents.js';
import { ROUTES, route } from '../../shared/routes.js';
import type { Browser } from './browser.js';
import { type World, makeAccount, makeClient, makeProduct, tag } from './world.js';

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
  /** The numbered series (DOCUMENT_SERIES), or a name of its own for a form without a number (the closing). */
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
  /** What the numbering step checks beyond the numbers on the documents it made (e.g. every kind of a series seen), as failures. */
  covers?: (db: Knex, numbers: string[]) => Promise<string[]>;
}

export const key = () => randomUUID();
const formLoadedAt = () => new Date(Date.now() - 60_000).toISOString();

/** Stock through the real entry form (ENT), as a storekeeper receives it. */
export async function giveStock(
  ctx: FormContext,
  productId: number,
  locationId: number,
  quantity: number,
): Promise<void> {
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

/** A credit invoice (FAC-, nothing paid at the sale) of `quantity` units at 1 000: what settlements settle. */
export const creditInvoiceBody = (w: World, clientId: number, productId: number, locationId: number, quantity = 1) => ({
  ...invoiceBody(w, clientId, productId, locationId, quantity),
  payment_mode: 'credit',
  due_date: w.today,
  payments: [],
});

/** Posts a form as the administrator and returns the id of the document it landed on; throws on a refusal. */
export async function submit(
  ctx: FormContext,
  form: Pick<DocumentForm, 'url' | 'done' | 'label'>,
  body: Record<string, unknown>,
): Promise<number> {
  const res = await ctx.admin.post(form.url, body);
  const id = form.done(res.location);
  if (id === null) {
    const why = await ctx.admin.outcome(res);
    throw new Error(
      `${form.label} refusé(e) pendant la préparation (HTTP ${res.status}) : ${JSON.stringify(why.errors)}`,
    );
  }
  return id;
}

/** A settlement in cash into `accountId`: `allocated` of it to the invoice (when given), the rest kept as the client's advance. */
export const settlementBody = (
  w: World,
  clientId: number,
  accountId: number,
  amount: number,
  allocation: { saleId: number; amount: number } | null,
) => ({
  idempotency_key: key(),
  client_id: clientId,
  settlement_date: w.today,
  source: 'payment',
  method: 'especes',
  account_id: accountId,
  operator: '',
  phone: '',
  reference: '',
  cheque_date: '',
  amount,
  allocation_mode: 'chosen',
  allocations: allocation ? [{ sale_id: allocation.saleId, amount: allocation.amount }] : [],
  note: '',
});

/** The accounts and references a Caisse operation of each kind needs (cashOperationBody). */
export interface CashSetting {
  desk: number;
  otherDesk: number;
  bank: number;
  wallet: number;
  category: number;
  supplier: number;
}

/**
 * The body of a Caisse operation (CAI-) of `kind` for `amount` (minor units, typed as the form types
 * it): each kind between the accounts it moves money between (CASH_OPERATION_KINDS_DEF), with the
 * reference the kinds that require one ask for.
 */
export function cashOperationBody(c: CashSetting, kind: CashOperationKind, amount: number): Record<string, unknown> {
  const base = {
    idempotency_key: key(),
    kind,
    amount: String(amount),
    from_account_id: '',
    to_account_id: '',
    expense_category_id: '',
    supplier_id: '',
    bank_method: '',
    beneficiary: '',
    reference: '',
    note: '',
  };
  const ref = `EX${tag()}${tag()}`;
  switch (kind) {
    case 'expense':
      return {
        ...base,
        from_account_id: c.desk,
        expense_category_id: c.category,
        beneficiary: 'Transporteur exercice',
        reference: ref,
      };
    case 'cash_in':
      return { ...base, to_account_id: c.desk, beneficiary: 'Le gérant' };
    case 'transfer':
      return { ...base, from_account_id: c.desk, to_account_id: c.otherDesk, beneficiary: 'Convoyeur exercice' };
    case 'bank_deposit':
      return { ...base, from_account_id: c.desk, to_account_id: c.bank, reference: ref, beneficiary: 'Le gérant' };
    case 'bank_withdrawal':
      return { ...base, from_account_id: c.bank, to_account_id: c.desk, reference: ref, beneficiary: 'Le gérant' };
    case 'supplier_payment':
      return { ...base, from_account_id: c.desk, supplier_id: c.supplier, beneficiary: 'Le livreur', reference: ref };
    case 'mobile_money':
      return { ...base, from_account_id: c.desk, to_account_id: c.wallet, reference: ref };
  }
}

/** The i-th operation of a CAI series: the kinds in turn, a décaissement first (every kind covered from 7 documents on). */
export const cashKindOf = (i: number): CashOperationKind => CASH_OPERATION_KINDS[i % CASH_OPERATION_KINDS.length];

export const counterBody = (w: World, productId: number, locationId: number, quantity = 1) => ({
  idempotency_key: key(),
  form_loaded_at: formLoadedAt(),
  location_id: locationId,
  client_id: w.walkIn,
  lines: [{ product_id: productId, quantity }],
  payments: [{ method: 'especes', amount: 1_000 * quantity }],
});

export const DOCUMENT_FORMS: Record<DocumentSeries, DocumentForm> = {
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
      return () => ({
        idempotency_key: key(),
        location_id: ctx.world.depot,
        adjustment_date: ctx.world.today,
        reason: 'casse',
        note: '',
        lines: [{ product_id: p.id, direction: 'out', quantity: 1 }],
      });
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
            if (!id)
              throw new Error(
                `vente boutique refusée pendant la préparation des avoirs (HTTP ${res.status} → ${res.location})`,
              );
            const line = Number((await ctx.db('sale_lines').where({ sale_id: id }).first('id'))!.id);
            return { id, line };
          }),
        );
        sales.push(...batch);
      }
      return (i) => ({
        idempotency_key: key(),
        sale_id: sales[i % sales.length].id,
        version: 1,
        reason: 'Produit défectueux',
        lines: [{ sale_line_id: sales[i % sales.length].line, quantity: 1 }],
      });
    },
  },
  [SETTLEMENT_SERIES]: {
    series: SETTLEMENT_SERIES,
    label: 'Règlement client',
    url: ROUTES['settlements.index'],
    table: 'settlements',
    done: landing(ROUTES['settlements.show']),
    async prepare(ctx, n) {
      // One credit invoice of n units (1 000 each) for a client of its own, and a desk to cash in:
      // every other settlement settles 100 of the invoice, the others are kept as an advance.
      const p = await makeProduct(ctx.db, ctx.world, 'Crédit');
      await giveStock(ctx, p.id, ctx.world.depot, n);
      const client = await makeClient(ctx.db);
      const saleId = await submit(
        ctx,
        DOCUMENT_FORMS.FAC,
        creditInvoiceBody(ctx.world, client, p.id, ctx.world.depot, n),
      );
      const desk = await makeAccount(ctx.db, ctx.world, 'caisse', 'Caisse règlements');
      return (i) => settlementBody(ctx.world, client, desk, 500, i % 2 === 0 ? { saleId, amount: 100 } : null);
    },
  },
  [CASH_OPERATION_SERIES]: {
    series: CASH_OPERATION_SERIES,
    label: 'Caisse, ses 7 types',
    url: ROUTES['cashOperations.index'],
    table: 'cash_operations',
    done: landing(ROUTES['cashOperations.show']),
    async covers(db, numbers) {
      const kinds = new Set<string>(await db('cash_operations').whereIn('number', numbers).distinct().pluck('kind'));
      return CASH_OPERATION_KINDS.filter((k) => !kinds.has(k)).map((k) => `aucune opération ${k} dans la série`);
    },
    async prepare(ctx, n) {
      // A desk holding enough for every outgoing operation, a second desk, a bank holding enough for
      // the withdrawals, a wallet, an expense category, and a supplier owed enough for its payments.
      const w = ctx.world;
      const c: CashSetting = {
        desk: await makeAccount(ctx.db, w, 'caisse', 'Caisse opérations'),
        otherDesk: await makeAccount(ctx.db, w, 'caisse', 'Caisse destination'),
        bank: await makeAccount(ctx.db, w, 'banque', 'Banque exercice'),
        wallet: await makeAccount(ctx.db, w, 'mobile_money', 'Orange Money exercice'),
        category: Number((await ctx.db('expense_categories').where({ active: true }).orderBy('id').first('id'))!.id),
        supplier: w.supplier,
      };
      const form = DOCUMENT_FORMS[CASH_OPERATION_SERIES];
      await submit(ctx, form, { ...cashOperationBody(c, 'cash_in', 1_000 * (n + 10)), beneficiary: 'Fonds de caisse' });
      await submit(ctx, form, cashOperationBody(c, 'bank_deposit', 100 * (n + 10)));
      // The supplier is owed 600 per unit received (the entry form's cost): n units cover n payments of 100.
      const p = await makeProduct(ctx.db, w, 'Fournisseur');
      await giveStock(ctx, p.id, w.depot, n);
      return (i) => cashOperationBody(c, cashKindOf(i), 100);
    },
  },
};

/**
 * Forms that validate an operation without a numbered series: the idempotency and crash steps
 * cover them beside DOCUMENT_FORMS.
 */
export const OTHER_FORMS: Record<string, DocumentForm> = {
  closing: {
    series: 'arrêté',
    label: 'Arrêté de caisse',
    url: ROUTES['cash.closings.index'],
    table: 'cash_closings',
    done: landing(ROUTES['cash.closings.show']),
    async prepare(ctx, n) {
      // A closing closes a desk's day: one desk of its own per closing (n at most 5; later bodies
      // close a desk again, which is refused « déjà arrêtée »), each with an apport to count.
      const desks: Array<{ id: number; expected: number }> = [];
      for (let i = 0; i < Math.min(n, 5); i++) {
        const desk = await makeAccount(ctx.db, ctx.world, 'caisse', 'Caisse arrêtée');
        await submit(
          ctx,
          DOCUMENT_FORMS[CASH_OPERATION_SERIES],
          cashOperationBody(
            { desk, otherDesk: desk, bank: desk, wallet: desk, category: 0, supplier: 0 },
            'cash_in',
            25_000,
          ),
        );
        // What the closing form shows as expected, as a cashier sees it before counting.
        const page = await ctx.admin.visit(route('cash.closings.create', { account_id: desk, day: ctx.world.today }));
        const draft = (page.json as { props?: { draft?: { expected?: number } } } | null)?.props?.draft;
        if (typeof draft?.expected !== 'number')
          throw new Error(`arrêté de caisse : pas de montant attendu (HTTP ${page.status})`);
        desks.push({ id: desk, expected: draft.expected });
      }
      // Nothing counted: the whole apport is a shortfall, posted by the closing with its reason.
      return (i) => {
        const d = desks[i % desks.length];
        return {
          idempotency_key: key(),
          account_id: d.id,
          day: ctx.world.today,
          counts: [],
          reason: 'Exercice : caisse remise au coffre',
          expected_seen: d.expected,
        };
      };
    },
  },
};
