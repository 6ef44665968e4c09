import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import express from 'express';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../../shared/routes.js';
import { checkJournals } from '../../../server/services/integrity/check-journals.js';
import { safeRoute, scrub } from '../../../server/services/support/error-log.js';
import { ADMIN, Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { type DbKind, testDatabases } from '../../support/databases.js';
import { giveStock, idempotencyKey, makeProduct, stockFixtures } from '../../support/stock.js';
import { line, makeClient, saleInput, sell } from '../../support/sales.js';
import { settle, settlementInput } from '../../support/settlements.js';
import { insertReturningId, nowIso } from '../../../server/db/dialect.js';
import { withSearchName } from '../../../server/db/search.js';
import { closeDesk, makeTreasuryAccount } from '../../support/treasury.js';
import { makeDeskAccount } from '../../support/cash-closings.js';
import { postMoneyMovements } from '../../../server/services/treasury/ledger.js';
import { chainExistingStockMovements } from '../../../database/migrations/202611240150_support.js';
import { uniqueTag } from '../../support/unique.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');

/** Edits a stock movement behind the application's back (the append-only trigger lifted for it). */
async function tamperStockMovement(db: Knex, kind: DbKind, id: number, quantity: number) {
  if (kind === 'pg') {
    await db.raw('ALTER TABLE stock_movements DISABLE TRIGGER stock_movements_no_update');
    await db('stock_movements').where({ id }).update({ quantity });
    await db.raw('ALTER TABLE stock_movements ENABLE TRIGGER stock_movements_no_update');
  } else {
    await db.raw('DROP TRIGGER stock_movements_no_update');
    await db('stock_movements').where({ id }).update({ quantity });
    await db.raw(
      `CREATE TRIGGER stock_movements_no_update BEFORE UPDATE ON stock_movements BEGIN SELECT RAISE(ABORT, 'stock_movements is append-only (UPDATE refused)'); END`,
    );
  }
}

describe.each(testDatabases())('Support › Journaux (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, (app) => {
      // A route that fails like a bug would, with a secret in its message.
      app.get('/essai-erreur/:token', () => {
        throw new Error('panne de test password=hunter2');
      });
      void express;
    });
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());

  const count = async (action: string) =>
    Number((await t.db('audit_log').where({ action }).count<{ n: number }[]>({ n: '*' }))[0].n);

  /**
   * Each event the journal must hold, with how to cause it. The users, roles, settings and backup
   * screens add their rows here as they land (user changes, role and permission changes, backups,
   * restores).
   */
  const EVENTS: Array<{ event: string; action: string; cause: () => Promise<void> }> = [
    { event: 'connexion réussie', action: 'auth.login', cause: async () => void (await new Client(t).login()) },
    {
      event: 'connexion échouée',
      action: 'auth.login_failed',
      cause: async () =>
        void (await new Client(t).post('/login', { email: ADMIN.email, password: 'mauvais-mot-de-passe' })),
    },
    {
      event: 'déconnexion',
      action: 'auth.logout',
      cause: async () => {
        const c = new Client(t);
        await c.login();
        await c.post('/logout');
      },
    },
    {
      event: 'modification du profil',
      action: 'profile.update',
      cause: async () => {
        const u = await userWithPermissions(t, `${uniqueTag().toLowerCase()}@test.local`, ['menu.dashboard']);
        const c = new Client(t);
        await c.login(u.email, u.password);
        await c.send('patch', '/profile', { name: 'Nom changé', email: u.email });
      },
    },
    {
      event: 'changement de mot de passe',
      action: 'profile.password',
      cause: async () => {
        const u = await userWithPermissions(t, `${uniqueTag().toLowerCase()}@test.local`, ['menu.dashboard']);
        const c = new Client(t);
        await c.login(u.email, u.password);
        await c.send('put', '/password', {
          current_password: u.password,
          password: 'Nouveau-Secret-42',
          password_confirmation: 'Nouveau-Secret-42',
        });
      },
    },
    {
      event: 'changement de paramètre (inscriptions)',
      action: 'company.registration',
      cause: async () =>
        void (await admin.send('put', route('company.accounts'), {
          allow_registration: !(await t.db('company_settings').first())!.allow_registration,
        })),
    },
    {
      event: 'création d’une fiche',
      action: 'category.created',
      cause: async () =>
        void (await admin.post(route('categories.index'), { code: uniqueTag('C'), name: `Catégorie ${uniqueTag()}` })),
    },
    // The Paramètres screens (their changes need the password confirmed within 3 hours).
    {
      event: 'création de rôle',
      action: 'role.created',
      cause: async () => {
        await admin.post('/confirm-password', { password: ADMIN.password });
        await admin.post(route('roles.index'), {
          name: `Livreur ${uniqueTag()}`,
          description: 'Livre les commandes',
          permissions: ['menu.dashboard'],
        });
      },
    },
    {
      event: 'changement des permissions d’un rôle',
      action: 'role.updated',
      cause: async () => {
        await admin.post('/confirm-password', { password: ADMIN.password });
        const name = `Magasin ${uniqueTag()}`;
        await admin.post(route('roles.index'), { name, description: '', permissions: ['menu.dashboard'] });
        const role = (await t.db('roles').where({ name }).first('id'))!;
        await admin.send('put', `${route('roles.index')}/${role.id}`, {
          name,
          description: '',
          permissions: ['menu.dashboard', 'menu.clients'],
        });
      },
    },
    {
      event: 'création d’un utilisateur',
      action: 'users.created',
      cause: async () => {
        await admin.post('/confirm-password', { password: ADMIN.password });
        const role = (await t.db('roles').where({ name: 'Vendeur' }).first('id'))!;
        const tag = uniqueTag().toLowerCase();
        await admin.post(route('users.index'), {
          name: `Vendeur ${tag}`,
          email: `vendeur-${tag}@test.local`,
          role_ids: [String(role.id)],
          onboarding: 'invite',
        });
      },
    },
    {
      event: 'paramètres de la société',
      action: 'company.updated',
      cause: async () => {
        await admin.post('/confirm-password', { password: ADMIN.password });
        await admin.send('put', route('company.settings'), {
          name: `Société ${uniqueTag()}`,
          address: '',
          city: 'Abidjan',
          phones: '',
          email: '',
          rccm: '',
          tax_number: '',
          currency: 'XOF',
          time_zone: 'Africa/Abidjan',
          vat_enabled: false,
          vat_rate: '18',
          allow_negative_stock: false,
        });
      },
    },
    {
      event: 'paramètres d’impression',
      action: 'printing.updated',
      cause: async () => {
        await admin.post('/confirm-password', { password: ADMIN.password });
        const now = (await t.db('print_settings').where({ document_type: 'transfer' }).first('copies'))?.copies;
        await admin.send('put', route('printing.show', { type: 'transfer' }), {
          format: 'A4',
          copies: Number(now ?? 1) === 2 ? 1 : 2,
          header_text: '',
          footer_text: '',
          show_logo: true,
        });
      },
    },
    {
      event: 'sauvegarde',
      action: 'backup.created',
      cause: async () => {
        await admin.post('/confirm-password', { password: ADMIN.password });
        await admin.post(route('backups.index'));
      },
    },
    {
      event: 'arrêté de caisse',
      action: 'cash.closing_validated',
      cause: async () => {
        const desk = await makeDeskAccount(t.db);
        await admin.post(route('cash.closings.index'), {
          idempotency_key: idempotencyKey(),
          account_id: desk,
          day: '2026-01-20',
          counts: [],
          reason: '',
          expected_seen: 0,
        });
      },
    },
    {
      event: 'réouverture d’un arrêté de caisse',
      action: 'cash.closing_reopened',
      cause: async () => {
        const closed = await closeDesk(t.db, await makeDeskAccount(t.db), '2026-01-21');
        await admin.post(route('cash.closings.reopen', { id: closed.id }), { reason: 'Recomptage demandé' });
      },
    },
    // The restore's own entry (written into the restored database) is asserted by tests/http/backups.test.ts: a restore here would end every session of this file.
    {
      event: 'annulation d’une facture',
      action: 'sale.cancelled',
      cause: async () => {
        const now = nowIso();
        const category = await insertReturningId(
          t.db,
          'categories',
          withSearchName({ code: uniqueTag('C'), name: `Catégorie ${uniqueTag()}`, created_at: now, updated_at: now }),
        );
        const shop = Number((await t.db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
        const product = await makeProduct(t.db, { category_id: category, retail_price: 1_000 });
        await giveStock(t.db, product, shop, 5, 500);
        const client = await makeClient(t.db, { credit_limit: 100_000 });
        const sale = await sell(
          t.db,
          saleInput({
            kind: 'invoice',
            clientId: client,
            locationId: shop,
            paymentMode: 'credit',
            dueDate: '2026-12-31',
            lines: [line(product, 1)],
          }),
        );
        await admin.post(route('sales.cancel', { id: sale.id }), { reason: 'Facture en double', version: 1 });
      },
    },
    {
      event: 'annulation d’un règlement',
      action: 'settlement.cancelled',
      cause: async () => {
        const client = await makeClient(t.db, { credit_limit: 100_000 });
        const s = await settle(t.db, settlementInput({ clientId: client, amount: 1_000, allocations: [] }));
        await admin.post(route('settlements.cancel', { id: s.id }), { reason: 'Règlement en double', version: 1 });
      },
    },
    {
      event: 'règlement client',
      action: 'settlement.validated',
      cause: async () => {
        const client = await makeClient(t.db);
        const res = await admin.post(route('settlements.index'), {
          idempotency_key: idempotencyKey(),
          client_id: client,
          settlement_date: '2026-03-15',
          source: 'payment',
          method: 'especes',
          amount: 5_000,
          allocations: [],
        });
        expect(res.status).toBe(303);
      },
    },
    // Caisse (issue 16): an operation, its reception, its cancellation, an expense category.
    {
      event: 'opération de caisse',
      action: 'cash_operation.created',
      cause: async () => {
        const desk = Number((await t.db('treasury_accounts').where({ kind: 'caisse' }).orderBy('id').first('id'))!.id);
        await admin.post(route('cashOperations.index'), {
          idempotency_key: idempotencyKey(),
          kind: 'cash_in',
          amount: 1_000,
          to_account_id: desk,
          beneficiary: 'Gérant',
        });
      },
    },
    {
      event: 'réception d’un transfert de caisse',
      action: 'cash_operation.received',
      cause: async () => {
        const desks = await t.db('treasury_accounts').where({ kind: 'caisse' }).orderBy('id').limit(2).pluck('id');
        await admin.post(route('cashOperations.index'), {
          idempotency_key: idempotencyKey(),
          kind: 'cash_in',
          amount: 1_000,
          to_account_id: desks[0],
          beneficiary: 'Gérant',
        });
        const res = await admin.post(route('cashOperations.index'), {
          idempotency_key: idempotencyKey(),
          kind: 'transfer',
          amount: 1_000,
          from_account_id: desks[0],
          to_account_id: desks[1],
        });
        await admin.post(`${res.headers.location}/receive`);
      },
    },
    {
      event: 'annulation d’une opération de caisse',
      action: 'cash_operation.cancelled',
      cause: async () => {
        const desk = Number((await t.db('treasury_accounts').where({ kind: 'caisse' }).orderBy('id').first('id'))!.id);
        const res = await admin.post(route('cashOperations.index'), {
          idempotency_key: idempotencyKey(),
          kind: 'cash_in',
          amount: 1_000,
          to_account_id: desk,
          beneficiary: 'Gérant',
        });
        await admin.post(`${res.headers.location}/cancel`, { reason: 'Saisie en double' });
      },
    },
    {
      event: 'création de catégorie de dépenses',
      action: 'expense_category.created',
      cause: async () =>
        void (await admin.post(route('expenseCategories.index'), {
          code: uniqueTag('D'),
          name: `Dépense ${uniqueTag()}`,
        })),
    },
    {
      event: 'vérification d’intégrité',
      action: 'journal.checked',
      cause: async () => void (await admin.post(route('support.logs.check'))),
    },
    {
      event: 'export du journal',
      action: 'audit.exported',
      cause: async () => void (await admin.agent.get(route('support.logs.export', { format: 'csv' }))),
    },
  ];

  it.each(EVENTS)('writes an audit entry for: $event', async ({ action, cause }) => {
    const before = await count(action);
    await cause();
    await t.settle();
    expect(await count(action)).toBe(before + 1);
    const entry = (await t.db('audit_log').where({ action }).orderBy('id', 'desc').first())!;
    expect(entry.ip).toBeTruthy();
    // …and the journal screen shows it.
    const res = await admin.visit(route('support.logs', { action }));
    expect(res.body.props.audit.data[0]).toMatchObject({ id: Number(entry.id), action });
  });

  it('filters the log by user, action, document type and period, and exports what is filtered', async () => {
    const u = await userWithPermissions(t, 'filtre-journal@test.local', ['menu.dashboard']);
    await new Client(t).login(u.email, u.password);
    const res = await admin.visit(route('support.logs', { user: u.id, action: 'auth.login' }));
    expect(res.body.component).toBe('support/Logs');
    expect(res.body.props.audit.total).toBe(1);
    expect(res.body.props.audit.data[0]).toMatchObject({
      action: 'auth.login',
      action_label: 'Connexion',
      subject_type_label: 'Utilisateur',
    });
    expect(res.body.props.choices.users.map((o: { value: string }) => o.value)).toContain(String(u.id));
    const byType = await admin.visit(route('support.logs', { subject_type: 'category' }));
    expect(byType.body.props.audit.data.every((r: { subject_type: string }) => r.subject_type === 'category')).toBe(
      true,
    );
    const past = await admin.visit(route('support.logs', { user: u.id, from: '2000-01-01', to: '2000-01-31' }));
    expect(past.body.props.audit.total).toBe(0);
    const file = await admin.agent.get(route('support.logs.export', { format: 'csv', user: u.id }));
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/journal-audit-.*\.csv/);
    const lines = file.text.trim().split(/\r\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Connexion');
  });

  it('refuses the journals to a user without their permission', async () => {
    const u = await userWithPermissions(t, 'sans-journaux@test.local', ['menu.support', 'menu.support.tickets']);
    const c = new Client(t);
    await c.login(u.email, u.password);
    expect((await c.visit(route('support.logs'))).status).toBe(403);
    expect((await c.agent.get(route('support.logs.export'))).status).toBe(403);
    const before = await count('journal.checked');
    expect((await c.post(route('support.logs.check'))).status).toBe(403);
    expect(await count('journal.checked')).toBe(before);
  });

  it('names the first broken link when an audit row is edited in the database', async () => {
    // Its own entries, whatever ran before: three sign-ins.
    for (let i = 0; i < 3; i++) await new Client(t).login();
    expect((await checkJournals(t.db)).every((j) => j.broken === null)).toBe(true);
    const rows = await t.db('audit_log').orderBy('id', 'desc').limit(3).select('id');
    const victim = Number(rows[1].id);
    const original = (await t.db('audit_log').where({ id: victim }).first('user_name'))!;
    await t.db('audit_log').where({ id: victim }).update({ user_name: 'Quelqu’un d’autre' });
    try {
      const audit = (await checkJournals(t.db)).find((j) => j.journal === 'audit')!;
      expect(audit.broken?.id).toBe(victim);
      expect(audit.broken?.description).toContain(`n° ${victim}`);
      // The screen's action says so too.
      const res = await admin.post(route('support.logs.check'));
      expect(res.headers.location).toBe(route('support.logs', { tab: 'integrite' }));
      const page = await admin.follow(res);
      expect(page.body.props.flash.error).toMatch(/Intégrité compromise : Journal d’audit/);
      const result = page.body.props.integrity.journals.find((j: { journal: string }) => j.journal === 'audit');
      expect(result.broken.id).toBe(victim);
    } finally {
      await t.db('audit_log').where({ id: victim }).update({ user_name: original.user_name });
    }
    expect((await checkJournals(t.db)).find((j) => j.journal === 'audit')!.broken).toBeNull();
  });

  it('chains the stock movements, and a movement edited in the database breaks the chain at that row (npm run check:journal exits 1)', async () => {
    const f = await stockFixtures(t.db);
    await giveStock(t.db, f.products.rice, f.depot, 10);
    await giveStock(t.db, f.products.oil, f.depot, 5);
    await giveStock(t.db, f.products.rice, f.shop, 3);
    const movements = await t.db('stock_movements').orderBy('id').select('id', 'hash');
    expect(movements.length).toBeGreaterThanOrEqual(3);
    expect(movements.every((m) => /^[0-9a-f]{64}$/.test(m.hash ?? ''))).toBe(true);
    expect((await checkJournals(t.db)).find((j) => j.journal === 'stock')).toMatchObject({
      broken: null,
      rows: movements.length,
    });

    const script = ['tsx', 'scripts/check-journal.ts'];
    const env = {
      ...process.env,
      DATABASE_URL:
        t.database.config.client === 'sqlite'
          ? `sqlite:${t.database.config.filename}`
          : t.database.config.connectionString,
      LOG_LEVEL: 'silent',
    };
    const ok = await run('npx', script, { cwd: root, env });
    expect(ok.stdout).toMatch(/Mouvements de stock : intègre/);

    const victim = Number(movements.at(-2)!.id);
    const original = Number((await t.db('stock_movements').where({ id: victim }).first('quantity'))!.quantity);
    await tamperStockMovement(t.db, kind, victim, 999);
    const stock = (await checkJournals(t.db)).find((j) => j.journal === 'stock')!;
    expect(stock.broken?.id).toBe(victim);
    const failed = await run('npx', script, { cwd: root, env }).then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain(
      `Mouvements de stock : chaîne rompue, premier maillon rompu : mouvement n° ${victim}`,
    );
    // Put back, the chain holds again (the hash covers the content, not the moment).
    await tamperStockMovement(t.db, kind, victim, original);
    expect((await checkJournals(t.db)).find((j) => j.journal === 'stock')!.broken).toBeNull();
  }, 120_000);

  it('includes the money journal: a money movement edited in the database is named, on the screen too', async () => {
    const bank = await makeTreasuryAccount(t.db, 'banque', { name: 'Banque du contrôle' });
    const ctx = {
      documentType: null,
      documentId: null,
      documentNumber: null,
      userId: null,
      businessDate: '2026-03-10',
    };
    await t.db.transaction((trx) =>
      postMoneyMovements(
        trx,
        [1_000, 2_000, 3_000].map((amount) => ({
          accountId: bank,
          amount,
          movementType: 'cash_in' as const,
          paymentMethod: 'virement' as const,
        })),
        ctx,
      ),
    );
    expect((await checkJournals(t.db)).find((j) => j.journal === 'money')).toMatchObject({
      broken: null,
      label: 'Mouvements d’argent',
    });
    const rows = await t.db('money_movements').where({ account_id: bank }).orderBy('id');
    const victim = Number(rows[1].id);
    await t.db('money_movements').where({ id: victim }).update({ amount: 2_500 });
    try {
      const money = (await checkJournals(t.db)).find((j) => j.journal === 'money')!;
      expect(money.broken?.id).toBe(victim);
      expect(money.broken?.description).toContain(`mouvement n° ${victim} du compte « Banque du contrôle »`);
      const page = await admin.follow(await admin.post(route('support.logs.check')));
      expect(page.body.props.integrity.journals.map((j: { journal: string }) => j.journal)).toEqual([
        'audit',
        'stock',
        'money',
      ]);
      expect(page.body.props.integrity.journals[2].broken.id).toBe(victim);
    } finally {
      await t.db('money_movements').where({ id: victim }).update({ amount: 2_000 });
    }
    expect((await checkJournals(t.db)).find((j) => j.journal === 'money')!.broken).toBeNull();
  });

  it('logs a server error with its request id, route and user — never the secret — and shows the id on the 500 page', async () => {
    const res = await admin.visit('/essai-erreur/abcdef0123456789abcdef0123456789');
    expect(res.status).toBe(500);
    const requestId = res.body.props.request_id;
    expect(requestId).toBe(res.headers['x-request-id']);
    const row = (await t.db('error_log').where({ request_id: requestId }).first())!;
    expect(row).toMatchObject({
      method: 'GET',
      route: '/essai-erreur/:token',
      status: 500,
      user_name: expect.any(String),
    });
    expect(row.message).toContain('password=[masqué]');
    expect(row.message).not.toContain('hunter2');
    expect(row.stack ?? '').not.toContain('hunter2');
    const found = await admin.visit(route('support.logs', { tab: 'erreurs', q: requestId }));
    expect(found.body.props.errorLog.data).toHaveLength(1);
    expect(found.body.props.errorLog.data[0]).toMatchObject({ request_id: requestId });
    // A 404 is no server error.
    const before = Number((await t.db('error_log').count<{ n: number }[]>({ n: '*' }))[0].n);
    await admin.visit('/page-qui-n-existe-pas');
    expect(Number((await t.db('error_log').count<{ n: number }[]>({ n: '*' }))[0].n)).toBe(before);
  });

  it('masks tokens in paths and secrets in messages', () => {
    expect(safeRoute('/reset-password/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822c?email=a@b.c')).toBe(
      '/reset-password/…',
    );
    expect(safeRoute('/fichiers/clients/12')).toBe('/fichiers/clients/12');
    expect(scrub('échec token: abc123 et Bearer eyJhbGciOi.x.y')).toBe('échec token: [masqué] et Bearer [masqué]');
  });
});

describe.each(testDatabases())('stock chain migration (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('chains the movements written before the chain existed, in id order, and the ledger goes on from there', async () => {
    const f = await stockFixtures(t.db);
    const base = {
      location_id: f.depot,
      unit_cost: 100,
      movement_type: 'entry',
      document_type: 'stock_entry',
      document_id: 1,
      document_number: 'ENT-2025-000001',
      user_id: null,
      business_date: '2025-12-31',
      created_at: '2025-12-31T10:00:00.000Z',
      reason: null,
    };
    // As an older version wrote them: no hash.
    await t.db('stock_movements').insert([
      { ...base, product_id: f.products.rice, quantity: 5 },
      { ...base, product_id: f.products.oil, quantity: 7 },
    ]);
    await t.db('stock_levels').insert([
      { product_id: f.products.rice, location_id: f.depot, quantity: 5 },
      { product_id: f.products.oil, location_id: f.depot, quantity: 7 },
    ]);
    expect((await checkJournals(t.db)).find((j) => j.journal === 'stock')!.broken).not.toBeNull();
    await chainExistingStockMovements(t.db);
    expect((await t.db('stock_movements').whereNull('hash').count<{ n: number }[]>({ n: '*' }))[0].n).toBe(0);
    await giveStock(t.db, f.products.sugar, f.depot, 4);
    expect((await checkJournals(t.db)).find((j) => j.journal === 'stock')!.broken).toBeNull();
    // The append-only trigger is back.
    const row = (await t.db('stock_movements').first('id'))!;
    await expect(t.db('stock_movements').where({ id: row.id }).update({ quantity: 1 })).rejects.toThrow(/append-only/);
  });
});
