import type { Knex } from 'knex';
import { isForeignKeyViolation } from '../../db/errors.js';
import { formatMoney } from '../../../shared/money.js';
import type { UsageInfo } from '../../../shared/records.js';
import { Refusal } from '../../domain/errors.js';

/**
 * "Nothing is deleted that has effects" (DESIGN.md §3): a master record with history is archived,
 * not deleted. Each kind of record has a list of history checks; a record may be deleted only when
 * none of them finds anything. Later areas add their own checks to the lists below (one line each,
 * e.g. invoices for clients: `{ reason: 'il a des factures', has: (db, id) => exists(db('invoices').where({ client_id: id })) }`),
 * or at start-up with registerHistoryCheck('client', …). A foreign key that still refuses the
 * delete (a check forgotten) becomes the same refusal through deleteOrRefuse(), never a 500.
 */
export type SubjectKind =
  'client' | 'supplier' | 'category' | 'product' | 'location' | 'cash_desk' | 'treasury_account' | 'expense_category';

export interface HistoryCheck {
  /** Shown to the user: "Ce produit ne peut pas être supprimé : <reason>." */
  reason: string | ((found: unknown) => string);
  /** Resolves to something truthy when the record has this kind of history. */
  has: (db: Knex | Knex.Transaction, id: number, ctx: { currency: string }) => Promise<unknown>;
}

/** True when the query finds at least one row (LIMIT 1, indexed by the caller's WHERE). */
export async function exists(query: Knex.QueryBuilder): Promise<boolean> {
  return (await query.first(query.client.raw('1 as found'))) !== undefined;
}

async function nonZero(db: Knex | Knex.Transaction, table: string, column: string, id: number): Promise<number | null> {
  const row = await db(table).where({ id }).first(column);
  const value = Number(row?.[column] ?? 0);
  return value !== 0 ? value : null;
}

const balanceReason = (label: string) => (found: unknown) =>
  `${label} ${formatMoney(Number((found as { value: number }).value), (found as { currency: string }).currency)}`;

const HISTORY_CHECKS: Record<SubjectKind, HistoryCheck[]> = {
  expense_category: [
    {
      reason: 'elle classe des décaissements',
      has: (db, id) => exists(db('cash_operations').where({ expense_category_id: id })),
    },
  ],
  client: [
    {
      reason: balanceReason('il a un solde de'),
      has: async (db, id, ctx) => {
        const value = await nonZero(db, 'clients', 'balance', id);
        return value === null ? null : { value, currency: ctx.currency };
      },
    },
    // Documents of later areas (invoices, settlements) register their checks here.
  ],
  supplier: [
    { reason: 'il a des entrées de stock', has: (db, id) => exists(db('stock_entries').where({ supplier_id: id })) },
    {
      reason: 'il a des paiements fournisseur',
      has: (db, id) => exists(db('cash_operations').where({ supplier_id: id })),
    },
    {
      reason: balanceReason('il a un solde de'),
      has: async (db, id, ctx) => {
        const value = await nonZero(db, 'suppliers', 'balance', id);
        return value === null ? null : { value, currency: ctx.currency };
      },
    },
  ],
  category: [
    {
      reason: (found) => {
        const n = Number(found);
        return `${n} produit${n > 1 ? 's' : ''} l’utilise${n > 1 ? 'nt' : ''}`;
      },
      has: async (db, id) => {
        const row = await db('products').where({ category_id: id }).count<{ n: number }[]>({ n: '*' }).first();
        const n = Number(row?.n ?? 0);
        return n > 0 ? n : null;
      },
    },
  ],
  product: [
    {
      reason: 'il a des mouvements de stock',
      has: (db, id) => exists(db('stock_movements').where({ product_id: id })),
    },
    {
      reason: 'il a du stock dans un emplacement',
      has: (db, id) => exists(db('stock_levels').where({ product_id: id }).whereNot('quantity', 0)),
    },
    {
      reason: 'son prix d’achat a été fixé par une entrée de stock',
      has: (db, id) => exists(db('price_history').where({ product_id: id, source: 'entry' })),
    },
  ],
  location: [
    {
      reason: 'il a des mouvements de stock',
      has: (db, id) => exists(db('stock_movements').where({ location_id: id })),
    },
    {
      reason: 'il contient du stock',
      has: (db, id) => exists(db('stock_levels').where({ location_id: id }).whereNot('quantity', 0)),
    },
    { reason: 'une caisse y est rattachée', has: (db, id) => exists(db('cash_desks').where({ location_id: id })) },
  ],
  cash_desk: [
    {
      reason: balanceReason('elle a un solde de'),
      has: async (db, id, ctx) => {
        const row = await db('treasury_accounts').where({ cash_desk_id: id }).first('balance');
        const value = Number(row?.balance ?? 0);
        return value === 0 ? null : { value, currency: ctx.currency };
      },
    },
    {
      reason: 'elle a des mouvements de caisse',
      has: (db, id) =>
        exists(
          db('money_movements')
            .join('treasury_accounts', 'treasury_accounts.id', 'money_movements.account_id')
            .where('treasury_accounts.cash_desk_id', id),
        ),
    },
  ],
  // Bank and mobile-money accounts (services/treasury/accounts.ts).
  treasury_account: [
    {
      reason: balanceReason('il a un solde de'),
      has: async (db, id, ctx) => {
        const value = await nonZero(db, 'treasury_accounts', 'balance', id);
        return value === null ? null : { value, currency: ctx.currency };
      },
    },
    { reason: 'il a des mouvements', has: (db, id) => exists(db('money_movements').where({ account_id: id })) },
  ],
};

/** Adds a history check for a kind of record (later areas: documents, movements, ledgers). */
export function registerHistoryCheck(kind: SubjectKind, check: HistoryCheck): void {
  HISTORY_CHECKS[kind].push(check);
}

/** The French reasons why the record has history (empty: it may be deleted). */
export async function historyReasons(
  db: Knex | Knex.Transaction,
  kind: SubjectKind,
  id: number,
  currency = 'XOF',
): Promise<string[]> {
  const reasons: string[] = [];
  for (const check of HISTORY_CHECKS[kind]) {
    const found = await check.has(db, id, { currency });
    if (found) reasons.push(typeof check.reason === 'function' ? check.reason(found) : check.reason);
  }
  return reasons;
}

/**
 * Usage info for the record's page: what the delete and archive buttons may do. `block` is a rule
 * that forbids both whatever the history (the built-in walk-in client, the main cash desk…).
 */
export function usageInfo(
  reasons: string[],
  blocks: { archive?: string | null; delete?: string | null } = {},
): UsageInfo {
  const all = blocks.delete ? [blocks.delete, ...reasons] : reasons;
  return {
    deletable: all.length === 0 && !blocks.archive,
    archivable: !blocks.archive,
    reasons: all,
    archive_block: blocks.archive ?? null,
  };
}

/** What a record's page may offer when no rule blocks it: delete only without history, archive always. */
export async function recordUsage(db: Knex, kind: SubjectKind, id: number, currency = 'XOF'): Promise<UsageInfo> {
  return usageInfo(await historyReasons(db, kind, id, currency));
}

/** Deletes the row; a foreign key still pointing at it turns into the French refusal. */
export async function deleteOrRefuse(trx: Knex.Transaction, table: string, id: number, refusal: string): Promise<void> {
  try {
    await trx(table).where({ id }).delete();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw Refusal.action(refusal);
    throw err;
  }
}
