/**
 * Stock in a real browser (issue 5): goods come in at the right cost (entry with scanned lines),
 * move to the shop (transfer sent, received there with a difference and its reason), the shop is
 * counted (scan and typed counts) and validated, and the adjustment shows on the count and the
 * product's stock page. Every printout is printed to PDF: the paper size (A4 / A5, from the PDF
 * MediaBox) and the document number on the printed page are checked. Ledger and levels agree.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { checkStock } from '../../server/services/stock/check-stock.js';
import { browserSuiteEnabled, launchBrowser, login, newContext, step, watchErrors } from './support/browser.js';
import { createUserWithPermissions, type E2EServer, startServer } from './support/server.js';

const enabled = browserSuiteEnabled();

const MANAGER = {
  name: 'Ibrahim Ouattara',
  email: 'stock@test.local',
  password: 'Stock-Secret-123',
  permissions: [
    'menu.dashboard',
    'menu.operations',
    'menu.entreestock',
    'menu.sortiestock',
    'menu.inventaire',
    'menu.annulations',
    'menu.annulation.transfert',
    'menu.fichiers',
    'menu.produits',
    'stock_entries.create',
    'stock_entries.cancel',
    'transfers.create',
    'transfers.cancel',
    'documents.reprint',
    'inventory.count',
    'inventory.validate',
  ],
};

const COUNTER = {
  name: 'Aminata Koné',
  email: 'compteur@test.local',
  password: 'Compteur-Secret-123',
  permissions: ['menu.dashboard', 'menu.operations', 'menu.inventaire', 'inventory.count'],
};

const RICE = { code: 'RIZ25', barcode: '6001234567890', name: 'Riz parfumé 25 kg' };
const OIL = { code: 'HUI1L', barcode: '6009876543210', name: 'Huile végétale 1 L' };

/** Width × height in points of the first page of a Chromium PDF (its MediaBox). */
function pdfPageSize(pdf: Buffer): { width: number; height: number } {
  const m = /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
  if (!m) throw new Error('MediaBox introuvable dans le PDF');
  return { width: Number(m[3]) - Number(m[1]), height: Number(m[4]) - Number(m[2]) };
}
const MM = 72 / 25.4;
const A4 = { width: 210 * MM, height: 297 * MM };
const A5 = { width: 148 * MM, height: 210 * MM };

describe.skipIf(!enabled)('stock dans Chromium', () => {
  let server: E2EServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let ids: { depot: number; shop: number; rice: number; oil: number };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const db = server.db;
    const now = nowIso();
    await db('company_settings').where({ id: 1 }).update({ name: 'Quincaillerie Koné & Fils', city: 'Abidjan' });
    await createUserWithPermissions(db, MANAGER);
    await createUserWithPermissions(db, COUNTER);
    await insertReturningId(
      db,
      'suppliers',
      withSearchName({ code: 'FRS001', name: 'SOCOCE Distribution', created_at: now, updated_at: now }),
    );
    const category = await insertReturningId(
      db,
      'categories',
      withSearchName({ code: 'ALIM', name: 'Alimentation', created_at: now, updated_at: now }),
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
    const rice = await product(RICE, 'sac', 1, 12000);
    const oil = await product(OIL, 'bouteille', 12, 1100);
    const depot = Number((await db('locations').where({ code: 'DEP01' }).first('id'))!.id);
    const shop = Number((await db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
    ids = { depot, shop, rice, oil };

    context = await newContext(browser, server.url);
    // ?print=1 opens the print dialog: count the calls instead of opening one.
    await context.addInitScript(() => {
      (window as unknown as { __prints: number }).__prints = 0;
      window.print = () => {
        (window as unknown as { __prints: number }).__prints++;
      };
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

  /**
   * Prints the current page as « Imprimer » does (counted first, unless ?print=1 already did; the
   * dialog is stubbed), checks it in print media, then prints it to PDF (@page size).
   */
  async function printed(expected: { width: number; height: number }, number: string) {
    await expect.poll(() => page.getByTestId('document-number').textContent()).toBe(number);
    await expect(page.getByTestId('print-button').isVisible()).resolves.toBe(true);
    if (!(await page.locator('.app-print.is-ready').count())) await page.getByTestId('print-button').click();
    await page.locator('.app-print.is-ready').waitFor();
    // In print, the toolbar (Retour, Imprimer) is hidden; the number stays.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('print-button').isVisible()).toBe(false);
    expect(await page.getByTestId('document-number').isVisible()).toBe(true);
    await page.emulateMedia({ media: null });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const size = pdfPageSize(pdf);
    expect(Math.abs(size.width - expected.width)).toBeLessThan(2);
    expect(Math.abs(size.height - expected.height)).toBeLessThan(2);
  }

  let entryNumber = '';
  let transferNumber = '';
  let countUrl = '';

  it('reçoit la marchandise : entrée au dépôt avec lignes scannées, coût repris du dernier prix d’achat', async () => {
    await step('nouvelle entrée', page, async () => {
      await page.goto('/operations/entreestock');
      await page.getByTestId('entries-create').click();
      await page.waitForURL('**/operations/entreestock/create');
    });
    await step('scan : ajoute puis incrémente', page, async () => {
      await picker().fill(RICE.barcode);
      await picker().press('Enter');
      await expect.poll(() => page.getByTestId('entry-line-0').textContent()).toContain(RICE.name);
      await picker().fill(RICE.barcode);
      await picker().press('Enter');
      await expect.poll(() => page.getByLabel(`Quantité de ${RICE.name}`).inputValue()).toBe('2');
      expect(await page.getByTestId('entry-lines').locator('tbody tr').count()).toBe(1);
      await page.getByLabel(`Quantité de ${RICE.name}`).fill('40');
      expect(await page.getByLabel(`Coût unitaire de ${RICE.name}`).inputValue()).toBe('12000');
    });
    await step('recherche par nom, saisie par colis', page, async () => {
      await picker().fill('huile');
      await page.getByRole('option', { name: new RegExp(OIL.name) }).click();
      await page.getByLabel(`Unité de saisie de ${OIL.name}`).selectOption('pack');
      await page.getByLabel(`Quantité de ${OIL.name}`).fill('10');
      await page.getByLabel(`Quantité de ${OIL.name}`).blur();
      // By colis, the cost is the colis's (12 × 1 100), its cost per unit beside it.
      expect(await page.getByLabel(`Coût du colis de ${OIL.name}`).inputValue()).toBe('13200');
      expect(await page.getByTestId('entry-line-1-unit-cost').textContent()).toMatch(/soit 1\s100\sFCFA l’unité/u);
      // A colis cost that does not divide by 12 is refused before sending, with what to type instead.
      await page.getByLabel(`Coût du colis de ${OIL.name}`).fill('13201');
      await expect
        .poll(() => page.locator('#line-1-cost-error').textContent())
        .toContain('Saisissez 13\u202f200\u00a0FCFA ou 13\u202f212\u00a0FCFA le colis');
      await page.getByLabel(`Coût du colis de ${OIL.name}`).fill('13200');
      // 40 × 12 000 + 10 colis × 13 200
      await expect.poll(() => page.getByTestId('entry-totals').textContent()).toMatch(/612\s000\sFCFA/u);
    });
    await step('sur un téléphone, chaque ligne tient dans l’écran', page, async () => {
      await page.setViewportSize({ width: 390, height: 800 });
      try {
        const inputs = [
          page.getByLabel(`Quantité de ${OIL.name}`),
          page.getByLabel(`Coût du colis de ${OIL.name}`),
          page.getByRole('button', { name: `Retirer ${OIL.name}` }),
        ];
        for (const input of inputs) {
          await input.scrollIntoViewIfNeeded();
          const box = await input.boundingBox();
          expect(box).not.toBeNull();
          expect([box!.x >= 0, box!.x + box!.width <= 390]).toEqual([true, true]);
        }
        // no sideways scrolling, neither of the page nor of the lines table
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        expect(
          await page
            .getByTestId('entry-lines')
            .evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth),
        ).toBe(true);
        // each field keeps its name on the phone layout
        expect(
          await page
            .getByLabel(`Quantité de ${OIL.name}`)
            .evaluate((el) => getComputedStyle(el.closest('td')!, '::before').content),
        ).toBe('"Quantité"');
      } finally {
        await page.setViewportSize({ width: 1366, height: 850 });
      }
    });
    await step('quitter avec des lignes saisies demande confirmation', page, async () => {
      let asked = '';
      page.once('dialog', (dialog) => {
        asked = dialog.message();
        void dialog.dismiss();
      });
      await page.getByRole('link', { name: 'Annuler' }).click();
      await expect.poll(() => asked).toContain('seront perdues');
      expect(page.url()).toMatch(/\/create$/);
      expect(await page.getByTestId('entry-lines').locator('tbody tr').count()).toBe(2);
    });
    await step('sans fournisseur : refusé, message sur le champ, rien d’écrit', page, async () => {
      await page.getByTestId('entry-submit').click();
      await expect.poll(() => page.locator('#entry-supplier-error').textContent()).toBe('Choisissez le fournisseur.');
      expect(page.url()).toMatch(/\/create$/);
      expect(await server.db('stock_entries').count({ n: '*' }).first()).toMatchObject({ n: 0 });
      expect(await page.getByTestId('entry-lines').locator('tbody tr').count()).toBe(2);
    });
    await step('validation', page, async () => {
      await page.getByLabel('Fournisseur', { exact: true }).selectOption({ label: 'SOCOCE Distribution (FRS001)' });
      await page.getByTestId('entry-submit').click();
      await page.waitForURL(/\/operations\/entreestock\/\d+$/);
      await expect.poll(() => page.locator('.app-hero-title').textContent()).toMatch(/ENT-\d{4}-000001/);
      entryNumber = (await page.locator('.app-hero-title .app-doc-number').textContent())!.trim();
      expect(await page.getByTestId('entry-total').textContent()).toMatch(/612\s000\sFCFA/u);
    });
    expect(await level(ids.rice, ids.depot)).toBe(40);
    expect(await level(ids.oil, ids.depot)).toBe(120);
    expect(Number((await server.db('products').where({ id: ids.oil }).first('cmup'))!.cmup)).toBe(1100);

    await step('bon d’entrée A4', page, async () => {
      await page.getByTestId('entry-print').click();
      await page.waitForURL(/\/print$/);
      await printed(A4, entryNumber);
    });
    await step('état des entrées A4', page, async () => {
      await page.goto('/operations/entreestock');
      await page.getByTestId('entries-statement').click();
      await page.waitForURL(/\/etat/);
      await expect.poll(() => page.locator('.app-print-sheet').textContent()).toContain(entryNumber);
      const size = pdfPageSize(await page.pdf({ preferCSSPageSize: true }));
      expect(Math.round(size.width)).toBe(Math.round(A4.width));
      expect(Math.round(size.height)).toBe(Math.round(A4.height));
    });
  });

  it('transfère à la boutique, puis reçoit avec un écart justifié', async () => {
    await step('envoi', page, async () => {
      await page.goto('/operations/sortiestock');
      await page.waitForURL('**/operations/sortiestock/transferts');
      await page.getByTestId('transfers-create').click();
      await page.waitForURL('**/transferts/create');
      expect(await page.getByLabel('Départ (emplacement qui envoie)').inputValue()).toBe(String(ids.depot));
      expect(await page.getByLabel('Destination', { exact: true }).inputValue()).toBe(String(ids.shop));
      await picker().fill(RICE.barcode);
      await picker().press('Enter');
      await page.getByLabel(`Quantité de ${RICE.name}`).fill('10');
      await picker().fill(OIL.barcode);
      await picker().press('Enter');
      await page.getByLabel(`Quantité de ${OIL.name}`).fill('24');
      await page.getByLabel(`Quantité de ${OIL.name}`).blur();
      // Sacks and bottles are never added: one total per unit.
      await expect
        .poll(() => page.getByTestId('transfer-total').textContent())
        .toBe('10\u00a0sacs, 24\u00a0bouteilles');
      await page.getByTestId('transfer-submit').click();
      await page.waitForURL(/\/transferts\/\d+$/);
      await expect.poll(() => page.locator('.app-hero-title').textContent()).toContain('Envoyé');
      transferNumber = (await page.locator('.app-hero-title .app-doc-number').textContent())!.trim();
      expect(transferNumber).toMatch(/^TRF-\d{4}-000001$/);
    });
    expect(await level(ids.rice, ids.depot)).toBe(30);
    expect(await level(ids.oil, ids.shop)).toBe(0);

    await step('réception : un écart sans motif est refusé', page, async () => {
      await page.getByLabel(`Quantité reçue de ${OIL.name}`).fill('22');
      await page.getByLabel(`Quantité reçue de ${OIL.name}`).blur();
      await page.getByTestId('reception-submit').click();
      await expect
        .poll(() => page.getByTestId('reception-line-1').locator('.invalid-feedback').textContent())
        .toContain('Indiquez le motif de l’écart');
      expect(await level(ids.oil, ids.shop)).toBe(0);
    });
    await step('réception avec motif', page, async () => {
      await page.getByLabel(`Motif de l’écart sur ${OIL.name}`).fill('Deux bouteilles cassées');
      await page.getByTestId('reception-submit').click();
      await expect.poll(() => page.locator('.app-hero-title').textContent()).toContain('Reçu avec écart');
      expect(await page.getByTestId('transfer-lines').textContent()).toContain('Deux bouteilles cassées');
    });
    expect(await level(ids.rice, ids.shop)).toBe(10);
    expect(await level(ids.oil, ids.shop)).toBe(22);

    await step('bon de transfert A5', page, async () => {
      await page.getByTestId('transfer-print').click();
      await page.waitForURL(/\/print$/);
      // Opening the preview neither opens the dialog nor counts anything.
      expect(await page.evaluate(() => (window as unknown as { __prints: number }).__prints)).toBe(0);
      expect(
        await server.db('document_prints').where({ printout: 'transfer', document_number: transferNumber }).first(),
      ).toBeUndefined();
      expect(await page.locator('.app-print-sheet').textContent()).not.toContain('DUPLICATA');
      await printed(A5, transferNumber);
      // Printed: the preview now says what a next print would be.
      await expect
        .poll(() => page.getByTestId('print-next-copy').textContent())
        .toBe('À l’impression : DUPLICATA n° 1');
    });
    await step('réimpression DUPLICATA, impression ouverte directement', page, async () => {
      await page.goto('/operations/transfert/annulation');
      await page.getByTestId(`cancellation-row-${transferNumber}`).getByTestId('reprint').click();
      await page.waitForURL(/print=1&retour=annulation/);
      await expect.poll(() => page.locator('.app-print-doc').textContent()).toContain('DUPLICATA');
      await expect.poll(() => page.evaluate(() => (window as unknown as { __prints: number }).__prints)).toBe(1);
      await printed(A5, transferNumber);
    });
    const prints = (await server
      .db('document_prints')
      .where({ printout: 'transfer', document_number: transferNumber })
      .first('reprint_count'))!;
    expect(Number(prints.reprint_count)).toBe(1);
  });

  it('compte la boutique (scan et saisie), valide, et voit l’ajustement', async () => {
    await step('ouverture', page, async () => {
      await page.goto('/operations/gestionstock');
      await page.getByTestId('count-create').click();
      await page.waitForURL('**/gestionstock/create');
      await page.getByLabel('Emplacement à compter').selectOption(String(ids.shop));
      await page.getByTestId('count-open').click();
      await page.waitForURL(/\/gestionstock\/\d+$/);
      countUrl = new URL(page.url()).pathname;
      // The count carries its definitive reference from the start.
      await expect.poll(() => page.locator('.app-hero-title').textContent()).toMatch(/INV-\d{4}-000001/);
    });
    await step('scan de 9 sacs de riz', page, async () => {
      await page.getByLabel('Quantité', { exact: true }).fill('9');
      await page.getByLabel('Scanner ou saisir un code').fill(RICE.barcode);
      await page.getByLabel('Scanner ou saisir un code').press('Enter');
      await expect.poll(() => page.getByTestId('last-scan').textContent()).toContain(RICE.name);
      await expect.poll(() => page.getByTestId(`count-input-${RICE.code}`).inputValue()).toBe('9');
    });
    await step('saisie de l’huile', page, async () => {
      await page.getByTestId(`count-input-${OIL.code}`).fill('22');
      await page.getByTestId('counts-save').click();
      await expect.poll(() => page.getByTestId('counted-progress').textContent()).toBe('2');
    });
    await step('écarts et validation', page, async () => {
      await page.getByTestId('tab-ecarts').click();
      await expect.poll(() => page.getByTestId(`diff-line-${RICE.code}`).textContent()).toMatch(/\u22121/u);
      // 1 sac manquant au CMUP de 12 000
      await expect.poll(() => page.getByTestId('net-value').textContent()).toMatch(/\u221212\s000\sFCFA/u);
      await page.getByTestId('count-validate').click();
      // A confirmation first: the lines, the lines with a difference and the value (this user sees costs).
      const figures = page.getByTestId('validate-confirm-figures');
      await expect.poll(() => figures.textContent()).toContain('1 ligne avec un écart');
      expect(await figures.textContent()).toContain('2 lignes (2 comptées)');
      expect(await figures.textContent()).toMatch(/écart net\s*−12\s000\sFCFA/u);
      expect(await level(ids.rice, ids.shop)).toBe(10);
      await page.getByTestId('validate-confirm-confirm').click();
      // The count keeps the reference it took when it opened.
      await expect.poll(() => page.locator('.app-hero-title').textContent()).toContain('Validé');
      expect(await page.locator('.app-hero-title').textContent()).toMatch(/INV-\d{4}-000001/);
      expect(await page.getByTestId(`diff-line-${RICE.code}`).textContent()).toMatch(/\u22121/u);
    });
    expect(await level(ids.rice, ids.shop)).toBe(9);
    expect(await level(ids.oil, ids.shop)).toBe(22);
    const number = (await page.locator('.app-hero-title .app-doc-number').textContent())!.trim();

    await step('état d’ajustement A4', page, async () => {
      await page.getByTestId('adjustment-print').click();
      await page.waitForURL(/\/ajustement$/);
      await printed(A4, number);
      expect(await page.locator('.app-print-sheet').textContent()).toContain(RICE.name);
    });
    await step('état de contrôle A4', page, async () => {
      await page.goto(`${countUrl}/print`);
      await printed(A4, number);
    });
    await step('fiche stock du produit : mouvement d’ajustement', page, async () => {
      await page.goto(`/fichiers/produits/${ids.rice}/stock`);
      const movements = page.getByTestId('stock-movements');
      await expect.poll(() => movements.locator('tbody tr').first().textContent()).toContain('Ajustement d’inventaire');
      expect(await movements.locator('tbody tr').first().textContent()).toMatch(/\u22121/u);
      expect(await page.getByTestId('stock-total').textContent()).toMatch(/^39/);
    });

    const report = await checkStock(server.db);
    expect(report.differences).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('comptage à l’aveugle : le compteur ne voit ni le stock théorique ni les écarts', async () => {
    await step('ouverture à l’aveugle au dépôt', page, async () => {
      await page.goto('/operations/gestionstock/create');
      await page.getByLabel('Emplacement à compter').selectOption(String(ids.depot));
      await page.getByLabel(/Comptage à l’aveugle/).check();
      await page.getByTestId('count-open').click();
      await page.waitForURL(/\/gestionstock\/\d+$/);
      countUrl = new URL(page.url()).pathname;
      // The validator sees the theoretical stock.
      expect(await page.getByTestId('count-lines').locator('thead').textContent()).toContain('Théorique');
    });
    const counterContext = await newContext(browser, server.url);
    const counter = await counterContext.newPage();
    const counterErrors = watchErrors(counter);
    try {
      await step('le compteur saisit sans voir le théorique', counter, async () => {
        await login(counter, COUNTER.email, COUNTER.password);
        await counter.waitForURL('**/dashboard');
        await counter.goto(countUrl);
        const head = await counter.getByTestId('count-lines').locator('thead').textContent();
        expect(head).not.toContain('Théorique');
        expect(head).not.toContain('Écart');
        expect(await counter.getByTestId('tab-ecarts').count()).toBe(0);
        expect(await counter.getByTestId(`count-line-${RICE.code}`).textContent()).not.toContain('30');
        await counter.getByTestId(`count-input-${RICE.code}`).fill('29');
        await counter.getByTestId('counts-save').click();
        await expect.poll(() => counter.getByTestId('counted-progress').textContent()).toBe('1');
      });
      await step('sa feuille de contrôle n’a pas de colonne théorique', counter, async () => {
        await counter.goto(`${countUrl}/print`);
        const sheet = await counter.locator('.app-print-table thead').textContent();
        expect(sheet).not.toContain('Théorique');
        expect(await counter.locator('.app-print-sheet').textContent()).toContain(RICE.name);
      });
      expect(counterErrors).toEqual([]);
    } finally {
      await counterContext.close();
    }
  });
});
