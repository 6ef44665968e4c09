/**
 * Correction vente boutique in Chromium (issue 14): a cashier's customer brings back part of a
 * counter sale; the sale is found by its ticket number typed as a scanner does (+ Enter), the
 * quantities and the reason are entered, the avoir is recorded (stock back, cash refunded) and
 * printed A5 with its amount in words.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../server/domain/dates.js';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { createSale } from '../../server/services/sales/create-sale.js';
import { browserSuiteEnabled, launchBrowser, login, newContext, step, watchErrors } from './support/browser.js';
import { E2E_ADMIN, type E2EServer, startServer } from './support/server.js';

describe.skipIf(!browserSuiteEnabled())('correction de vente boutique (Chromium)', () => {
  let server: E2EServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let saleNumber: string;
  let soap: number;
  let shop: number;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const db = server.db;
    const now = nowIso();
    shop = Number((await db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
    const category = await insertReturningId(
      db,
      'categories',
      withSearchName({ code: 'HYG', name: 'Hygiène', created_at: now, updated_at: now }),
    );
    soap = await insertReturningId(
      db,
      'products',
      withSearchName({
        code: 'SAV250',
        name: 'Savon de Marseille 250 g',
        category_id: category,
        unit: 'pièce',
        pack_size: 1,
        purchase_price: 180,
        cmup: 0,
        retail_price: 250,
        wholesale_price: 220,
        min_price: 200,
        active: true,
        created_at: now,
        updated_at: now,
      }),
    );
    await db.transaction(async (trx) => {
      const { postStockMovements } = await import('../../server/services/stock/ledger.js');
      await postStockMovements(
        trx,
        {
          documentType: 'test',
          documentId: null,
          documentNumber: null,
          userId: null,
          businessDate: businessDate('Africa/Abidjan'),
        },
        [
          {
            productId: soap,
            locationId: shop,
            quantity: 50,
            movementType: 'opening',
            unitCost: 180,
            valuation: 'receipt',
          },
        ],
      );
    });
    const admin = (await db('users').where({ email: E2E_ADMIN.email }).first('id', 'name'))!;
    const walkIn = Number((await db('clients').where({ is_walk_in: true }).first('id'))!.id);
    const sale = await createSale(
      db,
      {
        idempotencyKey: 'e2e-correction-sale',
        kind: 'counter',
        clientId: walkIn,
        locationId: shop,
        saleDate: businessDate('Africa/Abidjan'),
        paymentMode: 'cash',
        dueDate: null,
        discount: 0,
        note: '',
        formLoadedAt: new Date(Date.now() - 60_000).toISOString(),
        lines: [{ productId: soap, unit: 'unit', quantity: 6, unitPrice: null, discount: 0 }],
        payments: [{ method: 'especes', amount: 2_000, accountId: null, operator: null, phone: '', reference: '' }],
      },
      { belowMinPrice: false, beyondCreditLimit: false },
      { id: Number(admin.id), name: admin.name, ip: null },
    );
    saleNumber = sale.number;
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

  it('finds the sale by its scanned number, takes 2 of 6 back with a reason, refunds and prints the avoir', async () => {
    await step('trouver la vente', page, async () => {
      await page.goto('/operations/sortiestock/corrections/create');
      await page.locator('#sale-number').pressSequentially(saleNumber.toLowerCase());
      await page.keyboard.press('Enter');
      await page.getByTestId('credit-note-form').waitFor();
    });
    await step('saisir le retour', page, async () => {
      await page.locator('#return-0-qty').fill('2');
      await page.getByLabel('Motif de la correction').fill('Savons fendus dans le carton');
      await expect.poll(() => page.getByTestId('credit-note-total').textContent()).toMatch(/500\s?FCFA/);
      await page.getByTestId('credit-note-submit').click();
      await page.getByTestId('credit-note-lines').waitFor();
      expect(await page.getByTestId('credit-note-refund').textContent()).toMatch(/500\s?FCFA/);
    });
    const level = (await server.db('stock_levels').where({ product_id: soap, location_id: shop }).first('quantity'))!;
    expect(Number(level.quantity)).toBe(46);
    await step('imprimer l avoir', page, async () => {
      await page.goto(`${page.url()}/print`);
      await page.getByTestId('amount-in-words').waitFor();
      expect(await page.getByTestId('amount-in-words').textContent()).toMatch(
        /Arrêté le présent avoir à la somme de cinq cents francs CFA \(500\s?FCFA\)\./,
      );
      const pdf = await page.pdf({ preferCSSPageSize: true });
      expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    });
    expect(errors).toEqual([]);
  });
});
