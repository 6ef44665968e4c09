/**
 * An invoice mixing a taxed and an exempt product, printed A5 in Chromium: its totals show the VAT
 * per rate (base HT, rate, VAT) and the total VAT. TAX_GROUPS_SCREENSHOT=/some/file.png keeps a
 * screenshot of the printout, to look at it.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../shared/routes.js';
import { businessDate } from '../../server/domain/dates.js';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { createSale } from '../../server/services/sales/create-sale.js';
import { browserSuiteEnabled, launchBrowser, login, newContext, watchErrors } from './support/browser.js';
import { E2E_ADMIN, type E2EServer, startServer } from './support/server.js';

describe.skipIf(!browserSuiteEnabled())('facture à deux taux de TVA (Chromium)', () => {
  let server: E2EServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let saleId: number;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const db = server.db;
    const now = nowIso();
    const today = businessDate('Africa/Abidjan');
    await db('company_settings')
      .where({ id: 1 })
      .update({ vat_enabled: true, vat_rate_bp: 1_800, prices_include_vat: false, default_tax_group: 'normal' });
    const shop = Number((await db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
    const category = await insertReturningId(
      db,
      'categories',
      withSearchName({ code: 'EPI', name: 'Épicerie', created_at: now, updated_at: now }),
    );
    const product = (code: string, name: string, price: number, taxGroup: string | null) =>
      insertReturningId(
        db,
        'products',
        withSearchName({
          code,
          name,
          category_id: category,
          unit: 'pièce',
          pack_size: 1,
          purchase_price: 100,
          cmup: 0,
          retail_price: price,
          wholesale_price: price,
          min_price: 0,
          tax_group: taxGroup,
          active: true,
          created_at: now,
          updated_at: now,
        }),
      );
    const oil = await product('HUI5L', 'Huile végétale 5 L', 10_000, null);
    const rice = await product('RIZ25', 'Riz local 25 kg (exonéré)', 5_000, 'exempt');
    await db.transaction(async (trx) => {
      const { postStockMovements } = await import('../../server/services/stock/ledger.js');
      await postStockMovements(
        trx,
        { documentType: 'test', documentId: null, documentNumber: null, userId: null, businessDate: today },
        [oil, rice].map((productId) => ({
          productId,
          locationId: shop,
          quantity: 20,
          movementType: 'opening',
          unitCost: 100,
          valuation: 'receipt' as const,
        })),
      );
    });
    const client = await insertReturningId(
      db,
      'clients',
      withSearchName({
        code: 'CL0042',
        name: 'Boutique KONÉ',
        kind: 'entreprise',
        price_level: 'detail',
        credit_limit: 0,
        balance: 0,
        active: true,
        created_at: now,
        updated_at: now,
      }),
    );
    const admin = (await db('users').where({ email: E2E_ADMIN.email }).first('id', 'name'))!;
    const sale = await createSale(
      db,
      {
        idempotencyKey: 'e2e-two-rates',
        kind: 'invoice',
        clientId: client,
        locationId: shop,
        saleDate: today,
        paymentMode: 'cash',
        dueDate: null,
        discount: 1_000,
        note: '',
        formLoadedAt: new Date(Date.now() - 60_000).toISOString(),
        lines: [
          { productId: oil, unit: 'unit', quantity: 1, unitPrice: null, discount: 0 },
          { productId: rice, unit: 'unit', quantity: 1, unitPrice: null, discount: 0 },
        ],
        payments: [{ method: 'especes', amount: 15_680, accountId: null, operator: null, phone: '', reference: '' }],
      },
      { belowMinPrice: false, beyondCreditLimit: false },
      { id: Number(admin.id), name: admin.name, ip: null },
    );
    saleId = sale.id;
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

  it('prints the VAT per rate: 18 % on 9 333 HT, 0 % on 4 667 HT, the total VAT', async () => {
    await page.goto(route('sales.print', { id: saleId }));
    const totals = page.getByTestId('print-totals');
    await totals.waitFor();
    const row = async (testId: string) => (await totals.getByTestId(testId).innerText()).replace(/\s+/g, ' ');
    expect(await row('vat-total-ht')).toMatch(/^Total HT 14 000 F ?CFA$/);
    expect(await row('vat-rate-1800')).toMatch(/^TVA 18 % sur 9 333 HT 1 680 F ?CFA$/);
    expect(await row('vat-rate-0')).toMatch(/^TVA 0 % sur 4 667 HT 0 F ?CFA$/);
    expect(await row('vat-total')).toMatch(/^Total TVA 1 680 F ?CFA$/);
    expect((await page.getByTestId('print-total').innerText()).replace(/\s+/g, ' ')).toMatch(/15 680/);
    if (process.env.TAX_GROUPS_SCREENSHOT)
      await page.screenshot({ path: process.env.TAX_GROUPS_SCREENSHOT, fullPage: true });
    expect(errors).toEqual([]);
  });
});
