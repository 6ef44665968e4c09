/**
 * « Stock initial » in a real browser (issue 12): a business starting with the software loads its
 * stock on the entry form without a supplier — it lands on a « Stock initial » entry, the CMUP is
 * set, no supplier owes anything — then by a CSV file through the import page (preview, then all at
 * once). Then the shop manager's review: a transfer received with a surplus and a loss shows their
 * value at CMUP on screen and on the A5 slip, offers no cancellation any more; an entry whose goods
 * left says why it cannot be cancelled instead of asking for a reason. Ledger and levels agree.
 * Screenshots (1366×768 and 390×844) and the slip's PDF go to tests/e2e/artifacts/ (git-ignored).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { checkStock } from '../../server/services/stock/check-stock.js';
import {
  ARTIFACTS_DIR,
  browserSuiteEnabled,
  launchBrowser,
  login,
  newContext,
  step,
  watchErrors,
} from './support/browser.js';
import { createUserWithPermissions, type E2EServer, startServer } from './support/server.js';

const enabled = browserSuiteEnabled();

const MANAGER = {
  name: 'Fatou Diallo',
  email: 'gerante@test.local',
  password: 'Gerante-Secret-123',
  permissions: [
    'menu.dashboard',
    'menu.operations',
    'menu.entreestock',
    'menu.sortiestock',
    'menu.fichiers',
    'menu.produits',
    'stock_entries.create',
    'stock_entries.cancel',
    'transfers.create',
    'transfers.cancel',
  ],
};

const CEMENT = { code: 'CIM50', barcode: '6001112223334', name: 'Ciment CPJ 45 — sac 50 kg' };
const PAINT = { code: 'PEI20', barcode: '6005556667778', name: 'Peinture blanche 20 L' };
const NAILS = { code: 'CLO01', barcode: '6009990001112', name: 'Pointes 70 mm (boîte)' };

/** Saves a screenshot of the page at both sizes under tests/e2e/artifacts/issue12-<name>-<w>.png. */
async function shoot(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, `issue12-${name}-${width}.png`), fullPage: true });
    // Nothing is wider than the phone's screen.
    if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

describe.skipIf(!enabled)('stock initial et revue du gérant dans Chromium', () => {
  let server: E2EServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let ids: { depot: number; shop: number; cement: number; paint: number; nails: number; supplier: number };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const db = server.db;
    const now = nowIso();
    await db('company_settings').where({ id: 1 }).update({ name: 'Quincaillerie du Plateau', city: 'Abidjan' });
    await createUserWithPermissions(db, MANAGER);
    const supplier = await insertReturningId(
      db,
      'suppliers',
      withSearchName({ code: 'FRS001', name: 'SOCOCE Distribution', created_at: now, updated_at: now }),
    );
    const category = await insertReturningId(
      db,
      'categories',
      withSearchName({ code: 'BTP', name: 'Bâtiment', created_at: now, updated_at: now }),
    );
    const product = (p: { code: string; barcode: string; name: string }, unit: string, pack: number, cost: number) =>
      insertReturningId(
        db,
        'products',
        withSearchName({
          ...p,
          category_id: category,
          unit,
          pack_size: pack,
          purchase_price: cost,
          cmup: 0,
          retail_price: cost * 2,
          wholesale_price: cost,
          min_price: cost,
          active: true,
          created_at: now,
          updated_at: now,
        }),
      );
    const cement = await product(CEMENT, 'sac', 1, 5200);
    const paint = await product(PAINT, 'seau', 1, 18000);
    const nails = await product(NAILS, 'boîte', 10, 1500);
    const depot = Number((await db('locations').where({ code: 'DEP01' }).first('id'))!.id);
    const shop = Number((await db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
    ids = { depot, shop, cement, paint, nails, supplier };

    context = await newContext(browser, server.url, { width: 1366, height: 768 });
    await context.addInitScript(() => {
      window.print = () => undefined;
    });
    page = await context.newPage();
    errors = watchErrors(page);
    await login(page, MANAGER.email, MANAGER.password);
    await page.waitForURL('**/dashboard');
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  const level = async (productId: number, locationId: number) =>
    Number(
      (await server.db('stock_levels').where({ product_id: productId, location_id: locationId }).first('quantity'))
        ?.quantity ?? 0,
    );
  const picker = () => page.getByRole('combobox', { name: 'Ajouter un produit' });
  let openingNumber = '';
  let openingUrl = '';

  it('saisit le stock initial sans fournisseur : entrée « Stock initial », CMUP fixé, aucune dette fournisseur', async () => {
    await step('depuis la liste des entrées', page, async () => {
      await page.goto('/operations/entreestock');
      await page.getByTestId('entries-opening').click();
      await page.waitForURL('**/operations/entreestock/stock-initial');
      expect(await page.locator('.app-hero-title').textContent()).toContain('Stock initial');
      // No supplier on this form.
      expect(await page.locator('#entry-supplier').count()).toBe(0);
    });
    await step('lignes : scan, quantité, coût', page, async () => {
      await picker().fill(CEMENT.barcode);
      await picker().press('Enter');
      await expect.poll(() => page.getByTestId('entry-line-0').textContent()).toContain(CEMENT.name);
      await page.getByLabel(`Quantité de ${CEMENT.name}`).fill('300');
      await page.getByLabel(`Coût unitaire de ${CEMENT.name}`).fill('5000');
      await picker().fill('peinture');
      await page.getByRole('option', { name: new RegExp(PAINT.name) }).click();
      await page.getByLabel(`Quantité de ${PAINT.name}`).fill('12');
      await page.getByLabel(`Coût unitaire de ${PAINT.name}`).fill('abc');
      await page.getByLabel(`Coût unitaire de ${PAINT.name}`).blur();
      await shoot(page, 'opening-form');
    });
    await step('un coût illisible est refusé avec un message de montant, rien n’est écrit', page, async () => {
      await page.getByTestId('entry-submit').click();
      await expect
        .poll(() => page.getByTestId('entry-line-1').locator('.invalid-feedback').textContent())
        .toContain('doit être un montant en chiffres');
      expect(await server.db('stock_entries').count({ n: '*' }).first()).toMatchObject({ n: 0 });
    });
    await step('validation', page, async () => {
      await page.getByLabel(`Coût unitaire de ${PAINT.name}`).fill('17500');
      await page.getByTestId('entry-submit').click();
      await page.waitForURL(/\/operations\/entreestock\/\d+$/);
      openingUrl = page.url();
      await expect
        .poll(() => page.locator('.app-hero-title').textContent())
        .toMatch(/Stock initial\s*ENT-\d{4}-000001/);
      openingNumber = (await page.locator('.app-hero-title .app-doc-number').textContent())!.trim();
      expect(await page.getByTestId('entry-kind').textContent()).toContain('Stock initial');
    });
    expect(await level(ids.cement, ids.depot)).toBe(300);
    expect(Number((await server.db('products').where({ id: ids.cement }).first('cmup'))!.cmup)).toBe(5000);
    expect(Number((await server.db('suppliers').where({ id: ids.supplier }).first('balance'))!.balance)).toBe(0);
    await step('dans la liste et dans le grand livre du produit', page, async () => {
      await page.goto('/operations/entreestock');
      await expect.poll(() => page.getByTestId('entries-table').textContent()).toContain('Stock initial');
      await page.goto(`/fichiers/produits/${ids.cement}/stock`);
      await expect.poll(() => page.locator('body').textContent()).toContain('Stock initial');
    });
  });

  it('importe le stock initial d’un fichier : aperçu ligne par ligne, puis tout d’un coup', async () => {
    const file = path.join(ARTIFACTS_DIR, 'stock-initial.csv');
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    await step('un fichier avec une ligne fausse est refusé, ligne par ligne', page, async () => {
      fs.writeFileSync(
        file,
        `Code produit;Emplacement;Quantité;Coût unitaire\r\n${NAILS.code};Boutique 1;40;1500\r\nINCONNU;DEP01;5;100\r\n`,
      );
      await page.goto('/operations/entreestock/stock-initial');
      await page.getByTestId('opening-import-link').click();
      await page.waitForURL('**/stock-initial/import');
      await page.locator('#import-file').setInputFiles(file);
      await page.getByTestId('import-preview').click();
      await expect.poll(() => page.getByTestId('import-has-errors').isVisible()).toBe(true);
      expect(await page.getByTestId('import-result').textContent()).toContain('Aucun produit n’a le code INCONNU.');
      expect(await page.getByTestId('import-apply-open').count()).toBe(0);
      await shoot(page, 'opening-import-errors');
    });
    await step('le fichier corrigé est importé', page, async () => {
      fs.writeFileSync(
        file,
        `Code produit;Emplacement;Quantité;Coût unitaire\r\n${NAILS.code};Boutique 1;40;1500\r\n${PAINT.code};Boutique 1;3;17500\r\n`,
      );
      await page.locator('#import-file').setInputFiles(file);
      await page.getByTestId('import-preview').click();
      await expect.poll(() => page.getByTestId('import-apply-open').isVisible()).toBe(true);
      await page.getByTestId('import-apply-open').click();
      await page.getByTestId('import-apply-confirm').click();
      await page.waitForURL(/\/operations\/entreestock\?/);
      await expect
        .poll(() => page.locator('.Toastify').textContent())
        .toContain('Stock initial importé : 2\u00a0lignes en 1\u00a0entrée');
    });
    expect(await level(ids.nails, ids.shop)).toBe(40);
    expect(await level(ids.paint, ids.shop)).toBe(3);
  });

  it('reçoit un transfert avec un manquant et un excédent : valeurs au CMUP à l’écran et sur le bon, plus d’annulation', async () => {
    let transferUrl = '';
    await step('envoi', page, async () => {
      await page.goto('/operations/sortiestock/transferts/create');
      await picker().fill(CEMENT.barcode);
      await picker().press('Enter');
      await page.getByLabel(`Quantité de ${CEMENT.name}`).fill('50');
      await picker().fill(PAINT.barcode);
      await picker().press('Enter');
      await page.getByLabel(`Quantité de ${PAINT.name}`).fill('4');
      await page.getByLabel(`Quantité de ${PAINT.name}`).blur();
      await page.getByTestId('transfer-submit').click();
      await page.waitForURL(/\/transferts\/\d+$/);
      transferUrl = page.url();
    });
    await step('réception : 48 sacs (2 déchirés), 5 seaux (un de trop)', page, async () => {
      await page.getByLabel(`Quantité reçue de ${CEMENT.name}`).fill('48');
      await page.getByLabel(`Motif de l’écart sur ${CEMENT.name}`).fill('Deux sacs déchirés');
      await page.getByLabel(`Quantité reçue de ${PAINT.name}`).fill('5');
      await page.getByLabel(`Motif de l’écart sur ${PAINT.name}`).fill('Un seau en trop dans le camion');
      await page.getByTestId('reception-submit').click();
      await expect.poll(() => page.locator('.app-hero-title').textContent()).toContain('Reçu avec écart');
    });
    await step('l’écart est valorisé, l’annulation n’est plus proposée', page, async () => {
      // −2 × 5 000 and +1 × 17 500 (the CMUP each line was sent at).
      await expect
        .poll(() => page.getByTestId('transfer-difference-value').textContent())
        .toMatch(/Perte\s*−10\s000\sFCFA.*Excédent\s*17\s500\sFCFA/u);
      expect(await page.getByTestId('transfer-difference-total').textContent()).toMatch(/7\s500\sFCFA/u);
      expect(await page.getByTestId('transfer-cancel').count()).toBe(0);
      await shoot(page, 'transfer-received');
    });
    expect(await level(ids.cement, ids.shop)).toBe(48);
    expect(await level(ids.paint, ids.shop)).toBe(3 + 5);
    const surplus = await server.db('stock_movements').where({ movement_type: 'transfer_surplus' });
    expect(surplus.map((m) => [Number(m.product_id), Number(m.quantity), m.reason])).toEqual([
      [ids.paint, 1, 'Un seau en trop dans le camion'],
    ]);
    await step('bon de transfert A5 avec les valeurs, en PDF', page, async () => {
      await page.goto(`${transferUrl}/print`);
      await expect
        .poll(() => page.getByTestId('print-difference-values').textContent())
        .toMatch(/perte\s*−10\s000\sFCFA.*excédent\s*17\s500\sFCFA/u);
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      fs.writeFileSync(path.join(ARTIFACTS_DIR, 'issue12-transfer-slip.pdf'), pdf);
      await shoot(page, 'transfer-slip');
    });
  });

  it('une entrée dont la marchandise est partie dit pourquoi elle ne peut pas être annulée', async () => {
    await step('la page de l’entrée explique au lieu de demander un motif', page, async () => {
      await page.goto(openingUrl);
      await expect
        .poll(() => page.getByTestId('document-cancel-blocked').textContent())
        .toContain(`Annulation impossible : une partie de la marchandise de ${openingNumber}`);
      expect(await page.getByTestId('document-cancel-blocked').textContent()).toContain(
        `« ${CEMENT.name} » (sac) : il n’en reste que 250 sur les 300 entrés`,
      );
      expect(await page.getByTestId('entry-cancel').isDisabled()).toBe(true);
      await shoot(page, 'entry-cancel-blocked');
    });
    const report = await checkStock(server.db);
    expect(report.differences).toEqual([]);
    expect(errors).toEqual([]);
  });
});
