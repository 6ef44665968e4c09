/**
 * Vente détaillée in Chromium (issue 14): a client picked with its balance, credit limit and price
 * level shown; products added by barcode scan and by name; a quantity by pack; live totals from the
 * shared documentTotals; on credit with its due date; validated, the invoice page opens with its
 * status; printed A5 to PDF — page size and amount in words checked in the PDF's text.
 * INVOICE_SHOTS=/some/dir keeps screenshots of the form, the page and the PDF.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountInWords, currencyWords } from '../../shared/amount-in-words.js';
import { route } from '../../shared/routes.js';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { businessDate } from '../../server/domain/dates.js';
import { createStockEntry } from '../../server/services/stock/entries.js';
import type { Actor } from '../../server/services/actor.js';
import { browserSuiteEnabled, launchBrowser, login, newContext, step, watchErrors } from './support/browser.js';
import { popplerAvailable, readPdf } from './support/pdf.js';
import { E2E_ADMIN, type E2EServer, startServer } from './support/server.js';

const enabled = browserSuiteEnabled();

const CEMENT = { code: 'CIM50', barcode: '6001112223334', name: 'Ciment CPJ 45 sac de 50 kg' };
const NAILS = { code: 'PTE70', name: 'Pointes 70 mm boîte de 1 kg' };

describe.skipIf(!enabled || !popplerAvailable)('vente détaillée à crédit, imprimée en A5 (Chromium)', () => {
  let server: E2EServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const shots = process.env.INVOICE_SHOTS ?? '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const db = server.db;
    const now = nowIso();
    const today = businessDate('Africa/Abidjan');
    await db('company_settings').where({ id: 1 }).update({
      name: 'Quincaillerie Koné & Fils',
      address: 'Rue des Jardins, Cocody',
      city: 'Abidjan',
      rccm: 'CI-ABJ-2020-B-12345',
      tax_number: '2012345A',
    });
    const admin = (await db('users').where({ email: E2E_ADMIN.email }).first('id', 'name'))!;
    const actor: Actor = { id: Number(admin.id), name: admin.name, ip: null };
    const category = await insertReturningId(
      db,
      'categories',
      withSearchName({ code: 'BTP', name: 'Matériaux', created_at: now, updated_at: now }),
    );
    const supplier = await insertReturningId(
      db,
      'suppliers',
      withSearchName({ code: 'FRS9', name: 'Ciments d’Afrique', created_at: now, updated_at: now }),
    );
    const cement = await insertReturningId(
      db,
      'products',
      withSearchName({
        ...CEMENT,
        category_id: category,
        unit: 'sac',
        pack_size: 1,
        purchase_price: 4_800,
        cmup: 0,
        retail_price: 5_600,
        wholesale_price: 5_250,
        min_price: 5_000,
        active: true,
        created_at: now,
        updated_at: now,
      }),
    );
    const nails = await insertReturningId(
      db,
      'products',
      withSearchName({
        ...NAILS,
        barcode: null,
        category_id: category,
        unit: 'boîte',
        pack_size: 10,
        purchase_price: 1_100,
        cmup: 0,
        retail_price: 1_500,
        wholesale_price: 1_350,
        min_price: 1_200,
        active: true,
        created_at: now,
        updated_at: now,
      }),
    );
    const depot = Number((await db('locations').where({ code: 'DEP01' }).first('id'))!.id);
    await createStockEntry(
      db,
      {
        idempotencyKey: 'e2e-inv-entry',
        supplierId: supplier,
        locationId: depot,
        entryDate: today,
        supplierRef: 'BL-77',
        note: '',
        lines: [
          { productId: cement, unit: 'unit', quantity: 500, unitCost: 4_800 },
          { productId: nails, unit: 'unit', quantity: 200, unitCost: 1_100 },
        ],
      },
      actor,
    );
    await insertReturningId(
      db,
      'clients',
      withSearchName({
        code: 'CLI0107',
        name: 'Entreprise Bâtir Ensemble',
        kind: 'entreprise',
        price_level: 'gros',
        credit_limit: 2_000_000,
        balance: 350_000,
        active: true,
        phone: '+225 07 01 02 03 04',
        city: 'Abidjan',
        address: 'Boulevard Latrille',
        tax_number: '',
        created_at: now,
        updated_at: now,
      }),
    );
    context = await newContext(browser, server.url);
    await context.addInitScript(() => {
      window.print = () => undefined;
    });
    page = await context.newPage();
    errors = watchErrors(page);
    await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL('**/dashboard');
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('une facture à crédit saisie au formulaire, validée, imprimée en A5 avec la somme en lettres', async () => {
    const picker = () => page.getByRole('combobox', { name: 'Ajouter un produit' });
    await step('formulaire', page, async () => {
      await page.goto(route('sales.invoices'));
      await page.getByTestId('sales-create').click();
      await page.waitForURL(`**${route('sales.invoices.create')}`);
      const client = page.getByRole('combobox', { name: 'Client' });
      await client.fill('Bâtir');
      await expect
        .poll(() => page.locator('[role="listbox"] [role="option"]').first().textContent())
        .toContain('Entreprise Bâtir Ensemble');
      await client.press('Enter');
      await expect
        .poll(() => page.getByTestId('sale-client-facts').textContent())
        .toMatch(/Niveau de prix : Gros.*Solde : 350\s000\sFCFA.*Plafond de crédit : 2\s000\s000\sFCFA/u);
      // A scan adds the cement at the client's level price (gros); a second scan adds one more.
      await picker().fill(CEMENT.barcode);
      await picker().press('Enter');
      await expect.poll(() => page.getByTestId('sale-line-0').textContent()).toContain(CEMENT.name);
      await picker().fill(CEMENT.barcode);
      await picker().press('Enter');
      await expect.poll(() => page.getByLabel(`Quantité de ${CEMENT.name}`).inputValue()).toBe('2');
      expect(await page.getByLabel(`Prix unitaire de ${CEMENT.name}`).inputValue()).toBe('5250');
      await page.getByLabel(`Quantité de ${CEMENT.name}`).fill('40');
      // The nails by name, sold by pack of 10.
      await picker().fill('pointes');
      await expect
        .poll(() => page.locator('[role="listbox"] [role="option"]').first().textContent())
        .toContain(NAILS.name);
      await picker().press('Enter');
      await page.getByLabel(`Unité de vente de ${NAILS.name}`).selectOption('pack');
      await page.getByLabel(`Quantité de ${NAILS.name}`).fill('3');
      await page.getByLabel(`Remise sur ${NAILS.name}`).fill('500');
      // 40 × 5 250 + 30 × 1 350 − 500 = 250 000; document discount 1 000 → 249 000.
      await page.getByLabel('Remise globale').fill('1000');
      await expect.poll(() => page.getByTestId('sale-total').textContent()).toMatch(/249\s000\sFCFA/u);
      await page.getByTestId('sale-mode-credit').check({ force: true });
      await expect.poll(() => page.getByTestId('sale-credit-after').textContent()).toMatch(/599\s000\sFCFA/u);
      if (shots) await page.screenshot({ path: path.join(shots, 'form-1366-light.png'), fullPage: true });
      await page.getByTestId('sale-submit').click();
      await page.waitForURL(/\/operations\/sortiestock\/ventes\/\d+$/);
    });

    let number = '';
    await step('page de la facture', page, async () => {
      await expect
        .poll(() => page.locator('.Toastify__toast').first().textContent())
        .toMatch(/^Facture FAC-\d{4}-\d{6} validée\.$/);
      number = (await page.locator('.app-doc-number').textContent())!.trim();
      expect(await page.locator('[data-status]').first().getAttribute('data-status')).toBe('unpaid');
      expect(await page.getByTestId('sale-show-total').textContent()).toMatch(/249\s000\sFCFA/u);
      expect(await page.getByTestId('sale-in-words').textContent()).toContain(
        amountInWords(249_000, currencyWords('XOF')),
      );
      if (shots) await page.screenshot({ path: path.join(shots, 'show-1366-light.png'), fullPage: true });
    });

    await step('impression A5', page, async () => {
      await page.getByTestId('sale-print').click();
      await page.locator('.app-print-sheet').waitFor();
      await expect.poll(() => page.getByTestId('document-number').textContent()).toBe(number);
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      if (shots) fs.writeFileSync(path.join(shots, 'facture-a5.pdf'), pdf);
      const facts = readPdf(pdf, { layout: false });
      expect([Math.round(facts.pages[0].width), Math.round(facts.pages[0].height)]).toEqual([148, 210]);
      const text = facts.text.replace(/\s+/g, ' ');
      expect(text).toContain(number);
      expect(text).toMatch(
        /Arrêtée la présente facture à la somme de deux cent quarante-neuf mille francs CFA \(249\s000\sFCFA\)\./,
      );
      expect(text).toContain('Entreprise Bâtir Ensemble');
    });
    const row = (await server.db('sales').where({ number }).first())!;
    expect([row.payment_mode, row.payment_status, Number(row.total_ttc)]).toEqual(['credit', 'unpaid', 249_000]);
    expect(Number((await server.db('clients').where({ code: 'CLI0107' }).first('balance'))!.balance)).toBe(599_000);
    expect(errors).toEqual([]);
  });
});
