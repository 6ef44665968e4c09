import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { route } from '../../shared/routes.js';
import { EVERY_PLACE } from '../../server/policies/places.js';
import { addDays } from '../../server/domain/dates.js';
import { createCashOperation } from '../../server/services/cash/operations.js';
import {
  cashAccounts,
  movementUsers,
  recentOperations,
  transfersInTransit,
} from '../../server/services/cash/queries.js';
import { companyToday } from '../../server/services/company/get-company.js';
import { accountLedger } from '../../server/services/treasury/account-ledger.js';
import { closingDraft } from '../../server/services/cash-closings/cash-closings.js';
import { cashSituation } from '../../server/services/treasury/situation.js';
import type { BenchClient, Measure } from './client.js';

/** One Caisse figure: its name, target, the screen's URL and the service the route runs. */
export interface CashFigureCase {
  name: string;
  target: number;
  url: string;
  service: () => Promise<unknown>;
}

/**
 * The Caisse figures of issue 16 on a database holding the demo's year of cash life (seed:demo
 * large, database/seeds/demo/cash-history.ts): the closing screen of the busiest day of the last
 * month at the busiest desk (≤ 50 ms), that desk's situation over a month (≤ 100 ms) and over a year
 * (≤ 300 ms). Used by `npm run bench` (through HTTP, beside the bare service) and by the quick
 * standalone run scripts/bench/cash-closing.ts (the bare service only) — one definition of each measure.
 */
export async function cashFigureCases(db: Knex): Promise<CashFigureCase[]> {
  const last = (await db('cash_closings').where('status', 'closed').max({ d: 'closing_date' }).first())?.d as
    string | null;
  if (!last) return [];
  const busiest = (await db('money_days as d')
    .join('treasury_accounts as a', 'a.id', 'd.account_id')
    .where('a.kind', 'caisse')
    .whereBetween('d.business_date', [addDays(last, -30), last])
    .groupBy('d.account_id', 'd.business_date')
    .orderBy('n', 'desc')
    .first('d.account_id', 'd.business_date', db.raw('SUM(d.movement_count) AS n'))) as {
    account_id: number;
    business_date: string;
    n: number | string;
  };
  const desk = Number(busiest.account_id);
  const day = busiest.business_date;
  const month = addDays(last, -30);
  const year = addDays(last, -364);
  return [
    {
      name: `Écran d’arrêté d’une journée chargée (${Number(busiest.n)} mouvements)`,
      target: 50,
      url: route('cash.closings.create', { account_id: String(desk), day }),
      service: () => closingDraft(db, desk, day),
    },
    {
      name: 'Situation de caisse sur un mois',
      target: 100,
      url: route('cash.situation', { account_id: String(desk), from: month, to: last }),
      service: () => cashSituation(db, desk, month, last),
    },
    {
      name: 'Situation de caisse sur une année',
      target: 300,
      url: route('cash.situation', { account_id: String(desk), from: year, to: last }),
      service: () => cashSituation(db, desk, year, last),
    },
  ];
}

/** The queries of the Caisse home (server/http/routes/cash.ts) for one desk, every place, the default filters. */
async function cashHomeQueries(db: Knex, desk: number): Promise<void> {
  const today = await companyToday(db);
  const accounts = await cashAccounts(db, EVERY_PLACE, today);
  await accountLedger(
    db,
    desk,
    { from: addDays(today, -30), to: today, type: '', method: '', user_id: null, q: '' },
    1,
    25,
  );
  await movementUsers(db, accounts);
  await transfersInTransit(db, EVERY_PLACE);
  await recentOperations(db, EVERY_PLACE);
}

/**
 * Caisse (issue 16): a décaissement through the form's route (target 15 ms p95), beside the bare
 * service call (createCashOperation: the same transaction — CAI number, desk lock, ledger line with
 * its hash and its day summary, audit entry — without HTTP, session, body validation and Inertia);
 * the Caisse home of the main desk; then the closing screen and the situations (cashFigureCases).
 */
export async function benchCash(
  db: Knex,
  b: BenchClient,
  measure: Measure,
  admin: { id: number; name: string },
): Promise<void> {
  const desk = Number(
    (await db('treasury_accounts').where({ kind: 'caisse', active: true }).orderBy('id').first('id'))!.id,
  );
  const category = Number((await db('expense_categories').where({ active: true }).orderBy('id').first('id'))!.id);
  const actor = { ...admin, ip: null };
  const key = () => randomBytes(12).toString('hex');
  const base = {
    toAccountId: null,
    expenseCategoryId: null,
    supplierId: null,
    bankMethod: null,
    reference: '',
    note: '',
    places: EVERY_PLACE,
  } as const;
  // Enough cash in the drawer for every run of both measures.
  await createCashOperation(
    db,
    {
      ...base,
      idempotencyKey: key(),
      kind: 'cash_in',
      amount: 1_000_000_000,
      fromAccountId: null,
      toAccountId: desk,
      beneficiary: "Banc d'essai",
    },
    actor,
  );
  await measure(
    'Décaissement (caisse principale)',
    15,
    async (i) => {
      const res = await b.send('POST', route('cashOperations.index'), {
        idempotency_key: key(),
        kind: 'expense',
        amount: 1_000 + (i % 50),
        from_account_id: desk,
        expense_category_id: category,
        beneficiary: `Fournisseur de passage ${i}`,
        reference: `REC-${i}`,
      });
      if (res.status !== 303 || !/\/operations\/caisse\/operations\/\d+$/.test(res.headers.get('location') ?? ''))
        throw new Error(`décaissement refusé (HTTP ${res.status} → ${res.headers.get('location')})`);
    },
    (i) =>
      createCashOperation(
        db,
        {
          ...base,
          idempotencyKey: key(),
          kind: 'expense',
          amount: 1_000 + (i % 50),
          fromAccountId: desk,
          expenseCategoryId: category,
          beneficiary: `Fournisseur de passage ${i}`,
          reference: `REC-${i}`,
        },
        actor,
      ),
  );
  // Beside it, the queries the route runs (the desk's ledger of the last 30 days: its figures and first page).
  await measure(
    'Écran Caisse (caisse principale)',
    30,
    () => b.json(route('cash.index', { account_id: String(desk) })),
    () => cashHomeQueries(db, desk),
  );
  for (const c of await cashFigureCases(db))
    await measure(
      c.name,
      c.target,
      () => b.json(c.url),
      () => c.service(),
    );
}
