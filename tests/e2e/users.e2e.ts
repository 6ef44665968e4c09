/**
 * Paramètres › Utilisateurs in a real browser (issue 18): an administrator creates a cashier who
 * works in Boutique 1 only (password confirmed first, initial password), the cashier logs in, must
 * choose their own password, and then sees only Boutique 1 — the transfer list shows the documents
 * of Boutique 1 and not those of Boutique 2, its location filter offers Boutique 1 alone, and a
 * Boutique 2 transfer opened by its address is the « page introuvable ».
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { businessDate } from '../../server/domain/dates.js';
import { createTransfer } from '../../server/services/stock/transfers.js';
import { giveStock, idempotencyKey, makeProduct } from '../support/stock.js';
import { browserSuiteEnabled, launchBrowser, login, newContext, step, watchErrors } from './support/browser.js';
import { E2E_ADMIN, type E2EServer, startServer } from './support/server.js';

const enabled = browserSuiteEnabled();

describe.skipIf(!enabled)('utilisateurs et emplacements autorisés dans Chromium', () => {
  let server: E2EServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let shopTransfer = '';
  let otherTransfer = { id: 0, number: '' };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const db = server.db;
    const now = nowIso();
    const id = async (code: string) => Number((await db('locations').where({ code }).first('id'))!.id);
    const [depot, shop] = [await id('DEP01'), await id('BTQ01')];
    const other = await insertReturningId(db, 'locations', {
      code: 'BTQ02',
      name: 'Boutique 2',
      kind: 'boutique',
      created_at: now,
      updated_at: now,
    });
    const category = await insertReturningId(
      db,
      'categories',
      withSearchName({ code: 'BOIS', name: 'Boissons', created_at: now, updated_at: now }),
    );
    const product = await makeProduct(db, {
      code: 'EAU15',
      name: 'Eau minérale 1,5 L',
      category_id: category,
      unit: 'bouteille',
    });
    await giveStock(db, product, depot, 100);
    await giveStock(db, product, other, 100);
    const admin = Number((await db('users').where({ email: E2E_ADMIN.email }).first('id'))!.id);
    const actor = { id: admin, name: E2E_ADMIN.name, ip: null };
    const send = (from: number, to: number) =>
      createTransfer(
        db,
        {
          idempotencyKey: idempotencyKey(),
          fromLocationId: from,
          toLocationId: to,
          transferDate: businessDate('Africa/Abidjan'),
          note: '',
          lines: [{ productId: product, quantity: 6 }],
        },
        actor,
      );
    shopTransfer = (await send(depot, shop)).number;
    const o = await send(other, depot);
    otherTransfer = { id: o.id, number: o.number };
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close();
  });

  it('un administrateur crée un caissier de la Boutique 1, qui se connecte et ne voit que la Boutique 1', async () => {
    const adminContext = await newContext(browser, server.url);
    contexts.push(adminContext);
    const page: Page = await adminContext.newPage();
    const errors = watchErrors(page);
    await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL('**/dashboard');

    await step('ouvrir le formulaire après confirmation du mot de passe', page, async () => {
      await page.goto('/parametres/utilisateurs');
      await page.getByTestId('users-table').waitFor();
      await page.getByTestId('create-link').click();
      await page.waitForURL('**/confirm-password');
      await page.getByLabel('Mot de passe', { exact: true }).fill(E2E_ADMIN.password);
      await page.getByRole('button', { name: 'Confirmer' }).click();
      await page.waitForURL('**/parametres/utilisateurs/create');
    });

    await step('créer le caissier de la Boutique 1 avec un mot de passe initial', page, async () => {
      const form = page.getByTestId('user-form');
      await form.getByLabel('Nom', { exact: true }).fill('KONÉ Awa');
      await form.getByLabel('Prénom').fill('Awa');
      await form.getByLabel('E-mail', { exact: true }).fill('awa.kone@test.local');
      await form.getByLabel(/^Caissier/).check();
      await form.getByLabel('Seulement les emplacements cochés').check();
      await form.getByLabel(/^Boutique 1/).check();
      await form.getByLabel('Donner un mot de passe initial').check();
      await form.getByLabel('Mot de passe initial', { exact: true }).fill('Bienvenue-2026');
      await form.getByLabel('Confirmation', { exact: true }).fill('Bienvenue-2026');
      await page.getByTestId('save').click();
      await page.waitForURL(/\/parametres\/utilisateurs\/\d+$/);
      await page
        .getByText('Utilisateur créé : il devra changer son mot de passe à sa première connexion.')
        .first()
        .waitFor();
      await page.goto('/parametres/utilisateurs?q=awa');
      const row = page.getByTestId('users-table');
      await row.getByText('KONÉ Awa').waitFor();
      expect(await row.textContent()).toContain('Boutique 1');
      expect(await row.textContent()).toContain('Mot de passe à changer');
    });
    expect(errors).toEqual([]);

    const cashierContext = await newContext(browser, server.url);
    contexts.push(cashierContext);
    const cashier = await cashierContext.newPage();
    const cashierErrors = watchErrors(cashier);

    await step('première connexion : choisir son mot de passe', cashier, async () => {
      await login(cashier, 'awa.kone@test.local', 'Bienvenue-2026');
      await cashier.waitForURL('**/mot-de-passe/changer');
      await cashier.getByLabel('Nouveau mot de passe').fill('Awa-Caisse-2026');
      await cashier.getByLabel('Confirmation').fill('Awa-Caisse-2026');
      await cashier.getByRole('button', { name: 'Enregistrer mon mot de passe' }).click();
      await cashier.waitForURL('**/dashboard');
    });

    await step('ne voir que la Boutique 1', cashier, async () => {
      await cashier.goto('/operations/sortiestock/transferts');
      const table = cashier.locator('main');
      await table.getByText(shopTransfer).first().waitFor();
      expect(await table.textContent()).not.toContain(otherTransfer.number);
      const options = await cashier.getByLabel('Départ').locator('option').allTextContents();
      expect(options.filter((o) => o !== 'Tous')).toEqual(['Boutique 1']);
      await cashier.goto(`/operations/sortiestock/transferts/${otherTransfer.id}`);
      await cashier.getByText('Page introuvable').first().waitFor();
    });
    expect(cashierErrors.filter((e) => !/404/.test(e))).toEqual([]);
  });
});
