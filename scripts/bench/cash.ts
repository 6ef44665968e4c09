import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { route } from '../../shared/routes.js';
import { EVERY_PLACE } from '../../server/policies/places.js';
import { createCashOperation } from '../../server/services/cash/operations.js';

/** What scripts/bench.ts hands to an area's bench: its signed-in HTTP client and its measure helper. */
interface BenchClient {
  send(method: string, url: string, body: object): Promise<Response>;
  json(url: string): Promise<any>;
}
type Measure = (name: string, target: number | null, httpFn: (i: number) => Promise<unknown>, sqlFn: ((i: number) => Promise<unknown>) | null, runs?: number) => Promise<void>;

/**
 * Caisse (issue 16): a décaissement through the form's route (target 15 ms p95), beside the bare
 * service call (createCashOperation: the same transaction — CAI number, desk lock, ledger line with
 * its hash, audit entry — without HTTP, session, body validation and Inertia); then the Caisse home
 * of the main desk (its accounts, today's figures and a page of its movements).
 */
export async function benchCash(db: Knex, b: BenchClient, measure: Measure, admin: { id: number; name: string }): Promise<void> {
  const desk = Number((await db('treasury_accounts').where({ kind: 'caisse', active: true }).orderBy('id').first('id')).id);
  const category = Number((await db('expense_categories').where({ active: true }).orderBy('id').first('id')).id);
  const actor = { ...admin, ip: null };
  const key = () => randomBytes(12).toString('hex');
  const base = { toAccountId: null, expenseCategoryId: null, supplierId: null, bankMethod: null, reference: '', note: '', places: EVERY_PLACE } as const;
  // Enough cash in the drawer for every run of both measures.
  await createCashOperation(db, { ...base, idempotencyKey: key(), kind: 'cash_in', amount: 1_000_000_000, fromAccountId: null, toAccountId: desk, beneficiary: 'Banc d\'essai' }, actor);
  await measure(
    'Décaissement (caisse principale)',
    15,
    async (i) => {
      const res = await b.send('POST', route('cashOperations.index'), { idempotency_key: key(), kind: 'expense', amount: 1_000 + (i % 50), from_account_id: desk, expense_category_id: category, beneficiary: `Fournisseur de passage ${i}`, reference: `REC-${i}` });
      if (res.status !== 303 || !/\/operations\/caisse\/operations\/\d+$/.test(res.headers.get('location') ?? '')) throw new Error(`décaissement refusé (HTTP ${res.status} → ${res.headers.get('location')})`);
    },
    (i) => createCashOperation(db, { ...base, idempotencyKey: key(), kind: 'expense', amount: 1_000 + (i % 50), fromAccountId: desk, expenseCategoryId: category, beneficiary: `Fournisseur de passage ${i}`, reference: `REC-${i}` }, actor),
  );
  await measure('Écran Caisse (caisse principale)', 30, () => b.json(route('cash.index', { account_id: String(desk) })), null);
}
