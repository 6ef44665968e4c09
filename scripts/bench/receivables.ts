import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { route } from '../../shared/routes.js';
import { addDays, businessDate } from '../../server/domain/dates.js';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { clientStatement } from '../../server/services/receivables/statement.js';
import { createSale } from '../../server/services/sales/create-sale.js';
import { createSettlement } from '../../server/services/settlements/create-settlement.js';
import { BenchBrowser, type BenchClient, type Measure } from './client.js';

const INVOICES = Number(process.env.BENCH_CLIENT_INVOICES ?? 500);

/**
 * Receivables (issue 15) on the large data set (≈ 150 000 settlements over the year's credit
 * invoices): the statement of account of the busiest client over a year (target 100 ms) — its A4
 * printout (every line) through HTTP beside the bare statement query, then the client's page with
 * the statement — ; the open invoices of a client with 500 credit invoices (30 ms), the query a
 * settlement form reads; a settlement of 3 invoices (15 ms) through createSettlement beside the
 * bare SQL of the same writes (rolled back). The settlement screens are not on main yet: those two
 * are timed at the service, without HTTP, until they are.
 */
export async function benchReceivables(
  db: Knex,
  b: BenchClient,
  measure: Measure,
  admin: { id: number; name: string },
): Promise<void> {
  const today = businessDate('Africa/Abidjan');
  const from = addDays(today, -365);
  const actor = { ...admin, ip: null };

  // The busiest client: the most settlements.
  const busy = (await db('settlements')
    .groupBy('client_id')
    .select('client_id')
    .count({ n: '*' })
    .orderBy('n', 'desc')
    .first()) as { client_id: number } | undefined;
  if (!busy) throw new Error('aucun règlement dans le jeu de données');
  const busyId = Number(busy.client_id);
  const lines = (await clientStatement(db, busyId, { from, to: today })).count;
  await measure(
    `Relevé de compte d’un client très actif (1 an, ${lines.toLocaleString('fr-FR')} lignes, impression)`,
    100,
    () => b.json(route('clients.statementPrint', { id: busyId }, { from, to: today })),
    () => clientStatement(db, busyId, { from, to: today }),
  );
  await measure(
    'Fiche client avec son relevé de compte (1 an)',
    100,
    () => b.json(route('clients.show', { id: busyId }, { from, to: today })),
    () => clientStatement(db, busyId, { from, to: today }),
  );

  // A client with 500 credit invoices (one line each, through the sale service).
  const depot = Number((await db('locations').where({ code: 'DEP01' }).first('id'))!.id);
  const product = await db('stock_levels')
    .join('products', 'products.id', 'stock_levels.product_id')
    .where('stock_levels.location_id', depot)
    .where('stock_levels.quantity', '>=', INVOICES)
    .where('products.active', true)
    .where('products.retail_price', '>', 0)
    .orderBy('products.id')
    .first('products.id');
  if (!product) throw new Error(`aucun produit avec ${INVOICES} unités au dépôt`);
  const now = nowIso();
  const code = `BENCH${randomBytes(3).toString('hex').toUpperCase()}`;
  const clientId = await insertReturningId(
    db,
    'clients',
    withSearchName({
      code,
      name: `Client aux ${INVOICES} factures ${code}`,
      kind: 'entreprise',
      price_level: 'gros',
      credit_limit: 100_000_000_000,
      balance: 0,
      active: true,
      created_at: now,
      updated_at: now,
    }),
  );
  for (let i = 0; i < INVOICES; i++) {
    const date = addDays(today, -INVOICES + i);
    await createSale(
      db,
      {
        idempotencyKey: randomBytes(12).toString('hex'),
        kind: 'invoice',
        clientId,
        locationId: depot,
        saleDate: date,
        paymentMode: 'credit',
        dueDate: addDays(date, 30),
        discount: 0,
        note: '',
        formLoadedAt: new Date().toISOString(),
        payments: [],
        lines: [{ productId: Number(product.id), unit: 'unit', quantity: 1, unitPrice: 10_000, discount: 0 }],
      },
      { belowMinPrice: true, beyondCreditLimit: true },
      actor,
    );
  }
  const openInvoices = () =>
    db('sales')
      .where({ client_id: clientId, status: 'validated' })
      .whereRaw('total_ttc - amount_paid - amount_credited > 0')
      .orderBy([{ column: 'due_date' }, { column: 'sale_date' }, { column: 'id' }])
      .select('id', 'number', 'sale_date', 'due_date', 'total_ttc', 'amount_paid', 'amount_credited');
  await measure(
    `Factures ouvertes d’un client (${INVOICES} factures, requête du formulaire de règlement)`,
    30,
    openInvoices,
    null,
  );

  // Settlements of 3 invoices each, oldest first: 5 000 on each (the invoices stay open for the next runs).
  const open = (await openInvoices()).map((s) => Number(s.id));
  let next = 0;
  const three = () => {
    const ids = [open[next % open.length], open[(next + 1) % open.length], open[(next + 2) % open.length]];
    next += 3;
    return ids;
  };
  const desk = Number(
    (await db('treasury_accounts').where({ kind: 'caisse', location_id: depot }).orderBy('id').first('id'))!.id,
  );
  await measure(
    'Règlement validé (3 factures, espèces, service sans HTTP)',
    15,
    () =>
      createSettlement(
        db,
        {
          idempotencyKey: randomBytes(12).toString('hex'),
          clientId,
          settlementDate: today,
          source: 'payment',
          method: 'especes',
          accountId: desk,
          operator: null,
          phone: '',
          reference: '',
          chequeDate: null,
          amount: 3_000,
          allocationMode: 'chosen',
          allocations: three().map((saleId) => ({ saleId, amount: 1_000 })),
          note: '',
        },
        actor,
      ),
    // The bare SQL of the same writes: settlement, 3 allocations, 3 invoices, client, money movement, account — rolled back.
    () =>
      db
        .transaction(async (trx) => {
          const ids = three();
          const id = await insertReturningId(trx, 'settlements', {
            number: `REG-BENCH-${randomBytes(6).toString('hex')}`,
            client_id: clientId,
            source: 'payment',
            account_id: desk,
            method: 'especes',
            settlement_date: today,
            amount: 3_000,
            allocated: 3_000,
            advance: 0,
            allocation_mode: 'chosen',
            status: 'validated',
            created_by: admin.id,
            created_at: now,
            updated_at: now,
          });
          await trx('settlement_allocations').insert(
            ids.map((saleId, k) => ({ settlement_id: id, sale_id: saleId, position: k + 1, amount: 1_000 })),
          );
          for (const saleId of ids)
            await trx('sales')
              .where({ id: saleId })
              .update({
                amount_paid: trx.raw('amount_paid + 1000'),
                payment_status: 'partial',
                last_settlement_date: today,
              });
          await trx('clients')
            .where({ id: clientId })
            .update({ balance: trx.raw('balance - 3000') });
          await trx('money_movements').insert({
            account_id: desk,
            amount: 3_000,
            balance_after: 0,
            movement_type: 'settlement',
            payment_method: 'especes',
            label: 'bench',
            document_type: 'settlement',
            document_id: id,
            document_number: 'REG-BENCH',
            user_id: admin.id,
            business_date: today,
            occurred_at: now,
            hash: 'bench',
          });
          await trx('treasury_accounts')
            .where({ id: desk })
            .update({ balance: trx.raw('balance + 3000') });
          throw new Error('rollback');
        })
        .catch((err: Error) => {
          if (err.message !== 'rollback') throw err;
        }),
  );
}

/**
 * Alone, on a database already filled by `npm run seed:demo -- --scale=large` (DATABASE_URL, and the
 * ADMIN_EMAIL / ADMIN_PASSWORD of that seed): `npx tsx scripts/bench/receivables.ts`. It writes (the
 * client with 500 invoices, the settlements): use a throw-away copy.
 */
async function main(): Promise<void> {
  const http = await import('node:http');
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const { performance } = await import('node:perf_hooks');
  const pino = (await import('pino')).default;
  const { loadConfig } = await import('../../server/config.js');
  const { createDb } = await import('../../server/db/connection.js');
  const { migrateLatest } = await import('../../server/db/migrate.js');
  const { createApp } = await import('../../server/app.js');
  const runs = Number(process.env.BENCH_RUNS ?? 50);
  const email = process.env.ADMIN_EMAIL ?? '';
  const password = process.env.ADMIN_PASSWORD ?? '';
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-bench-storage-'));
  const base = loadConfig();
  const db = createDb(base.database);
  await migrateLatest(db);
  const config = loadConfig(
    {
      ...process.env,
      NODE_ENV: 'production',
      APP_KEY: randomBytes(24).toString('hex'),
      LOG_LEVEL: 'error',
    } as NodeJS.ProcessEnv,
    { storageDir, database: base.database },
  );
  const assets = { version: 'bench', tags: () => '' };
  const server = http.createServer(
    createApp({ db, config, logger: pino({ level: 'error' }, pino.destination(2)), assets }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const rows: string[] = [];
  const b = new BenchBrowser(url, () => assets.version);
  try {
    await b.login(email, password);
    const admin = (await db('users').where({ email }).first('id', 'name'))!;
    const time = async (fn: (i: number) => Promise<unknown>) => {
      for (let i = 0; i < 5; i++) await fn(-1 - i);
      const samples: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        await fn(i);
        samples.push(performance.now() - t0);
      }
      samples.sort((x, y) => x - y);
      const at = (p: number) =>
        samples[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)].toFixed(1);
      return `p50 ${at(50)} ms, p95 ${at(95)} ms`;
    };
    await benchReceivables(
      db,
      b,
      async (name, target, httpFn, sqlFn) => {
        const h = await time(httpFn);
        const s = sqlFn ? await time(sqlFn) : null;
        rows.push(`${name} — ${h}${target !== null ? ` (objectif ${target} ms)` : ''}${s ? ` ; SQL seul : ${s}` : ''}`);
        console.log(rows.at(-1));
      },
      { id: Number(admin.id), name: String(admin.name) },
    );
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await db.destroy();
    fs.rmSync(storageDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('receivables.ts')) {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
