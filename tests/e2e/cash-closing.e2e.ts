/**
 * Arrêté de caisse in Chromium (issue 16): a busy day at Boutique 1's desk — counter sales, a
 * mobile-money settlement, an expense, a transfer to the main desk and a bank deposit — then the
 * cashier counts the drawer note by note, finds 500 FCFA missing, explains it and validates; the
 * closing report printed to PDF shows the same figures. Screenshots at 1366 and 390 px (light and
 * dark) of the closing, the closing's page, the list and the situation land in tests/e2e/artifacts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessDate } from '../../server/domain/dates.js';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { createSale } from '../../server/services/sales/create-sale.js';
import { postMoneyMovements } from '../../server/services/treasury/ledger.js';
import { ARTIFACTS_DIR, browserSuiteEnabled, launchBrowser, login, newContext, step, watchErrors } from './support/browser.js';
import { E2E_ADMIN, type E2EServer, startServer } from './support/server.js';

const money = (n: number) => new RegExp(`${n < 0 ? '\u2212' : ''}${Math.abs(n).toLocaleString('fr-FR').replace(/\s/g, '\\s?')}\\s?FCFA`);

describe.skipIf(!browserSuiteEnabled())('arrêté de caisse (Chromium)', () => {
  let server: E2EServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let desk: number;
  let today: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const db = server.db;
    const now = nowIso();
    today = businessDate('Africa/Abidjan');
    const shop = Number((await db('locations').where({ code: 'BTQ01' }).first('id')).id);
    desk = Number((await db('treasury_accounts').where({ kind: 'caisse', location_id: shop }).orderBy('id').first('id')).id);
    const mainDesk = Number((await db('treasury_accounts').where({ kind: 'caisse' }).whereNot({ id: desk }).orderBy('id').first('id')).id);
    const admin = await db('users').where({ email: E2E_ADMIN.email }).first('id', 'name');
    const adminId = Number(admin.id);
    const account = (kind: string, code: string, name: string, operator: string | null) => insertReturningId(db, 'treasury_accounts', { kind, code, name, operator, bank_name: kind === 'banque' ? 'SGBCI' : '', account_number: kind === 'banque' ? 'CI93 0001' : '0707070707', balance: 0, active: true, created_at: now, updated_at: now });
    const wallet = await account('mobile_money', 'MM01', 'Orange Money boutique', 'orange_money');
    const bank = await account('banque', 'BQ01', 'SGBCI compte courant', null);

    const category = await insertReturningId(db, 'categories', withSearchName({ code: 'ALI', name: 'Alimentation', created_at: now, updated_at: now }));
    const rice = await insertReturningId(db, 'products', withSearchName({ code: 'RIZ5', name: 'Riz parfumé 5 kg', category_id: category, unit: 'sac', pack_size: 1, purchase_price: 3_000, cmup: 0, retail_price: 4_000, wholesale_price: 3_800, min_price: 3_500, active: true, created_at: now, updated_at: now }));
    await db.transaction(async (trx) => {
      const { postStockMovements } = await import('../../server/services/stock/ledger.js');
      await postStockMovements(trx, { documentType: 'test', documentId: null, documentNumber: null, userId: null, businessDate: today }, [{ productId: rice, locationId: shop, quantity: 100, movementType: 'opening', unitCost: 3_000, valuation: 'receipt' }]);
    });
    // The float left in the drawer yesterday.
    await db.transaction((trx) => postMoneyMovements(trx, [{ accountId: desk, amount: 20_000, movementType: 'cash_in', paymentMethod: 'especes', label: 'Fond de caisse' }], { documentType: 'test', documentId: null, documentNumber: null, userId: adminId, businessDate: addDays(today, -1) }));
    // Counter sales (cash).
    const walkIn = Number((await db('clients').where({ is_walk_in: true }).first('id')).id);
    for (const [key, quantity] of [['e2e-closing-1', 3], ['e2e-closing-2', 2]] as const) {
      await createSale(
        db,
        { idempotencyKey: key, kind: 'counter', clientId: walkIn, locationId: shop, saleDate: today, paymentMode: 'cash', dueDate: null, discount: 0, note: '', formLoadedAt: new Date(Date.now() - 60_000).toISOString(), lines: [{ productId: rice, unit: 'unit', quantity, unitPrice: null, discount: 0 }], payments: [{ method: 'especes', amount: quantity * 4_000, accountId: null, operator: null, phone: '', reference: '' }] },
        { belowMinPrice: false, beyondCreditLimit: false },
        { id: adminId, name: admin.name, ip: null },
      );
    }
    // A mobile-money settlement, an expense, a transfer to the main desk and a bank deposit, as the ledger records them.
    const post = (movements: Parameters<typeof postMoneyMovements>[1], documentType: string) => db.transaction((trx) => postMoneyMovements(trx, movements, { documentType, documentId: null, documentNumber: null, userId: adminId, businessDate: today }));
    await post([{ accountId: wallet, amount: 15_000, movementType: 'settlement', paymentMethod: 'mobile_money', operator: 'orange_money', reference: 'OM261124.1530.B12345', label: 'Règlement client' }], 'settlement');
    await post([{ accountId: desk, amount: -3_000, movementType: 'cash_out', paymentMethod: 'especes', label: 'Achat de sacs plastiques' }], 'cash_operation');
    await post([{ accountId: desk, amount: -5_000, movementType: 'transfer_out', paymentMethod: 'especes', label: 'Transfert vers la caisse principale' }, { accountId: mainDesk, amount: 5_000, movementType: 'transfer_in', paymentMethod: 'especes', label: 'Transfert de Boutique 1' }], 'cash_operation');
    await post([{ accountId: desk, amount: -10_000, movementType: 'bank_deposit', paymentMethod: 'especes', label: 'Versement SGBCI' }, { accountId: bank, amount: 10_000, movementType: 'bank_deposit', paymentMethod: 'especes', label: 'Versement de Boutique 1' }], 'cash_operation');

    const context = await newContext(browser, server.url);
    page = await context.newPage();
    errors = watchErrors(page);
    await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL('**/dashboard');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  // 20 000 float + 12 000 + 8 000 sales − 3 000 expense − 5 000 transfer − 10 000 deposit.
  const EXPECTED = 22_000;

  it('counts the drawer note by note, explains a 500 FCFA shortage, validates; the report printed to PDF shows the same figures', { timeout: 300_000 }, async () => {
    await step('ouvrir l arrêté', page, async () => {
      await page.goto(`/operations/caisse/arretes/create?account_id=${desk}&day=${today}`);
      await page.getByTestId('closing-form').waitFor();
      expect(await page.getByTestId('closing-expected').textContent()).toMatch(money(EXPECTED));
      expect(await page.getByTestId('closing-opening').textContent()).toMatch(money(20_000));
      for (const type of ['sale', 'cash_out', 'transfer_out', 'bank_deposit']) await page.getByTestId(`closing-type-${type}`).waitFor();
      expect(await page.getByTestId('closing-non-cash').textContent()).toMatch(/Mobile money \(Orange Money\).*15\s?000\s?FCFA/);
    });
    await step('compter billet par billet', page, async () => {
      await page.getByTestId('count-b10000').fill('2');
      await page.getByTestId('count-b1000').fill('1');
      await page.getByTestId('count-p500').fill('1');
      await expect.poll(() => page.getByTestId('closing-counted').textContent()).toMatch(money(21_500));
      expect(await page.getByTestId('closing-stat-difference').textContent()).toMatch(money(-500));
      // Without a reason: refused on the field.
      await page.getByTestId('closing-submit').click();
      await page.getByTestId('closing-confirm-confirm').click();
      await expect.poll(() => page.locator('.invalid-feedback').first().textContent()).toMatch(/Expliquez l'écart de .*500\s?FCFA \(manquant\)/);
    });
    await step('expliquer et valider', page, async () => {
      await page.locator('textarea[name="reason"]').fill('Erreur de rendu de monnaie sur une vente de riz');
      await screenshots(page, 'closing-create');
      await page.getByTestId('closing-submit').click();
      await page.getByTestId('closing-confirm-confirm').click();
      await page.getByTestId('closing-show-difference').waitFor();
      expect(await page.getByTestId('closing-show-expected').textContent()).toMatch(money(EXPECTED));
      expect(await page.getByTestId('closing-show-counted').textContent()).toMatch(money(21_500));
      expect(await page.getByTestId('closing-show-difference').textContent()).toMatch(money(-500));
    });
    const closing = await server.db('cash_closings').where({ account_id: desk, closing_date: today }).first();
    expect([Number(closing.expected), Number(closing.counted), Number(closing.difference), closing.reason]).toEqual([EXPECTED, 21_500, -500, 'Erreur de rendu de monnaie sur une vente de riz']);
    await screenshots(page, 'closing-show');

    await step('imprimer le rapport (A4, PDF)', page, async () => {
      await page.goto(`/operations/caisse/arretes/${closing.id}/print`);
      await page.getByTestId('print-expected').waitFor();
      expect(await page.getByTestId('print-expected').textContent()).toMatch(money(EXPECTED));
      expect(await page.getByTestId('print-counted').textContent()).toMatch(money(21_500));
      expect(await page.getByTestId('print-difference').textContent()).toMatch(money(-500));
      const pdf = await page.pdf({ preferCSSPageSize: true });
      expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
      fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
      const file = path.join(ARTIFACTS_DIR, 'closing-report-a4.pdf');
      fs.writeFileSync(file, pdf);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toMatch(/Espèces attendues\s+22\s?000\s?FCFA/);
      expect(text).toMatch(/Total compté\s+21\s?500\s?FCFA/);
      expect(text).toMatch(/Écart \(manquant\)\s+\u2212\s?500\s?FCFA/);
      expect(text).toContain('Erreur de rendu de monnaie sur une vente de riz');
    });
    await step('imprimer le ticket 80 mm (PDF)', page, async () => {
      await page.goto(`/operations/caisse/arretes/${closing.id}/print?format=80mm`);
      await page.getByTestId('print-counted').waitFor();
      expect(await page.getByTestId('print-difference').textContent()).toMatch(/\u2212\s?500/);
      fs.writeFileSync(path.join(ARTIFACTS_DIR, 'closing-report-80mm.pdf'), await page.pdf({ preferCSSPageSize: true }));
    });
    // The day is locked: the desk's next movement goes to tomorrow; the list and the situation show it.
    await step('liste et situation', page, async () => {
      await page.goto('/operations/caisse/arretes');
      await page.getByTestId('closings-table').waitFor();
      expect(await page.getByTestId('closings-difference-total').textContent()).toMatch(money(-500));
      await screenshots(page, 'closings-index');
      await page.goto(`/operations/caisse/situation?account_id=${desk}`);
      await page.getByTestId('situation-by-type').waitFor();
      expect(await page.getByTestId('situation-closing').textContent()).toMatch(money(21_500));
      await screenshots(page, 'cash-situation');
    });
    expect(errors).toEqual([]);
  });

  /** The page at 1366 and 390 px, light and dark, into tests/e2e/artifacts (the current page's URL). */
  async function screenshots(current: Page, name: string) {
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    const url = current.url();
    await current.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-as-seen.png`), fullPage: true });
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [1366, 390]) {
        const context = await newContext(browser, server.url, { width, height: 900, colorScheme });
        // The same session as the test's page: no second login.
        await context.addCookies(await current.context().cookies());
        const p = await context.newPage();
        await p.goto(url);
        await p.waitForLoadState('networkidle');
        await p.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-${width}-${colorScheme}.png`), fullPage: true });
        await context.close();
      }
    }
  }
});
