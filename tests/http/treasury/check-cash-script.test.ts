import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postMoneyMovements } from '../../../server/services/treasury/ledger.js';
import { type TestApp, createTestApp } from '../../support/app.js';
import { makeDeskAccount } from '../../support/cash-closings.js';
import { testDatabases } from '../../support/databases.js';

/**
 * Tamper evidence: `npm run check:cash` (scripts/check-cash.ts) walks every account's hash chain.
 * A movement edited directly in the database — its amount changed, and the account's balance
 * "fixed" to match so the sums agree — is found, named by its id, and the command fails.
 */
const TSX = path.resolve('node_modules/.bin/tsx');

function checkCash(databaseUrl: string) {
  const run = spawnSync(TSX, ['scripts/check-cash.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

describe.each(testDatabases())('npm run check:cash finds an edited movement (%s)', (kind) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const c = t.database.config;
    url = c.client === 'sqlite' ? `sqlite:${c.filename}` : c.connectionString!;
  });
  afterAll(() => t.close());

  it(
    'passes on an intact ledger, then names the first broken link of an edited row',
    { timeout: 240_000 },
    async () => {
      const desk = await makeDeskAccount(t.db);
      const ctx = {
        documentType: 'test',
        documentId: null,
        documentNumber: null,
        userId: null,
        businessDate: '2026-04-02',
      };
      await t.db.transaction((trx) =>
        postMoneyMovements(
          trx,
          [
            { accountId: desk, amount: 10_000, movementType: 'cash_in', paymentMethod: 'especes' },
            { accountId: desk, amount: -2_500, movementType: 'cash_out', paymentMethod: 'especes' },
            { accountId: desk, amount: 4_000, movementType: 'sale', paymentMethod: 'especes' },
          ],
          ctx,
        ),
      );
      const intact = checkCash(url);
      expect(intact.out).toMatch(/Trésorerie cohérente/);
      expect(intact.status).toBe(0);

      // Someone lowers an expense in the database and moves the balance with it: the sums agree, the chain does not.
      const rows = await t.db('money_movements').where({ account_id: desk }).orderBy('id');
      await t.db('money_movements').where({ id: rows[1].id }).update({ amount: -500 });
      await t.db('treasury_accounts').where({ id: desk }).update({ balance: 13_500 });
      const name = (await t.db('treasury_accounts').where({ id: desk }).first('name'))!.name;
      const broken = checkCash(url);
      expect(broken.status).toBe(1);
      expect(broken.out).toContain(
        `Chaîne rompue sur « ${name} » au mouvement n° ${rows[1].id} : le contenu du mouvement a été modifié.`,
      );
    },
  );
});
