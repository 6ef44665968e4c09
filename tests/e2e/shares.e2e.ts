/**
 * « Partager » in the browser: from a certified counter sale's page the modal makes the link and
 * offers WhatsApp with the client's phone in international form; the link opens on a phone
 * (390 × 844) without signing in — the receipt fits the screen, writes no session cookie, and its
 * QR code scans from the screen to the DGI's token; once revoked it is the 404 page.
 * SHARE_SCREENSHOTS=/some/dir keeps the phone's screenshots, to look at them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { businessDate } from '../../server/domain/dates.js';
import { createSale } from '../../server/services/sales/create-sale.js';
import { SESSION_COOKIE } from '../../server/app.js';
import { route } from '../../shared/routes.js';
import { decodeQr } from '../support/qr.js';
import { browserSuiteEnabled, launchBrowser, login, newContext, step, watchErrors } from './support/browser.js';
import { E2E_ADMIN, type E2EServer, startServer } from './support/server.js';

describe.skipIf(!browserSuiteEnabled())('reçu partagé (Chromium)', () => {
  let server: E2EServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let saleId: number;
  const qr = 'http://127.0.0.1:4545/fne/verify/0f8e1c52-6b7a-4c1d-9e2f-3a4b5c6d7e8f';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const db = server.db;
    const now = nowIso();
    await db('company_settings')
      .where({ id: 1 })
      .update({ tax_number: '2201234A', rccm: 'CI-ABJ-2020-B-1234', fiscal_regime: 'RNI' });
    const shop = Number((await db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
    const category = await insertReturningId(
      db,
      'categories',
      withSearchName({ code: 'HYG', name: 'Hygiène', created_at: now, updated_at: now }),
    );
    const product = (code: string, name: string, price: number) =>
      insertReturningId(
        db,
        'products',
        withSearchName({
          code,
          name,
          category_id: category,
          unit: 'pièce',
          pack_size: 1,
          purchase_price: 180,
          cmup: 0,
          retail_price: price,
          wholesale_price: price,
          min_price: 0,
          active: true,
          created_at: now,
          updated_at: now,
        }),
      );
    const soap = await product('SAV250', 'Savon de Marseille 250 g', 250);
    const oil = await product('HUI1L', 'Huile d’arachide raffinée, bouteille de 1 litre', 1_850);
    const { postStockMovements } = await import('../../server/services/stock/ledger.js');
    await db.transaction((trx) =>
      postStockMovements(
        trx,
        {
          documentType: 'test',
          documentId: null,
          documentNumber: null,
          userId: null,
          businessDate: businessDate('Africa/Abidjan'),
        },
        [soap, oil].map((productId) => ({
          productId,
          locationId: shop,
          quantity: 50,
          movementType: 'opening' as const,
          unitCost: 180,
          valuation: 'receipt' as const,
        })),
      ),
    );
    const client = await insertReturningId(
      db,
      'clients',
      withSearchName({
        code: 'CL0042',
        name: 'Adjoua Kouassi',
        kind: 'particulier',
        price_level: 'detail',
        phone: '07 01 02 03 04',
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
        idempotencyKey: 'e2e-share-sale',
        kind: 'counter',
        clientId: client,
        locationId: shop,
        saleDate: businessDate('Africa/Abidjan'),
        paymentMode: 'cash',
        dueDate: null,
        discount: 0,
        note: '',
        formLoadedAt: new Date(Date.now() - 60_000).toISOString(),
        lines: [
          { productId: soap, unit: 'unit', quantity: 6, unitPrice: null, discount: 0 },
          { productId: oil, unit: 'unit', quantity: 2, unitPrice: null, discount: 100 },
        ],
        payments: [{ method: 'especes', amount: 6_000, accountId: null, operator: null, phone: '', reference: '' }],
      },
      { belowMinPrice: false, beyondCreditLimit: false },
      { id: Number(admin.id), name: admin.name, ip: null },
    );
    saleId = sale.id;
    await db('fiscal_certifications').insert({
      document_type: 'counterSale',
      document_id: sale.id,
      provider: 'fne',
      state: 'certified',
      next_attempt_at: now,
      fiscal_number: '2201234A260000000042',
      qr_content: qr,
      certified_at: now,
      created_at: now,
      updated_at: now,
    });
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

  it('shares the receipt, opens it on a phone without signing in, scans its QR, then revokes it', async () => {
    const url = await step('partager depuis la vente', page, async () => {
      await page.goto(route('sales.show', { id: saleId }));
      await page.getByTestId('share').click();
      const field = page.getByTestId('share-url');
      await expect.poll(() => field.inputValue()).toMatch(/\/recu\/[A-Za-z0-9_-]{43}$/);
      const whatsapp = await page.getByTestId('share-whatsapp').getAttribute('href');
      expect(whatsapp).toMatch(/^https:\/\/wa\.me\/2250701020304\?text=/);
      expect(decodeURIComponent(whatsapp!.split('text=')[1])).toContain(await field.inputValue());
      expect(await page.getByTestId('share-sms').getAttribute('href')).toMatch(/^sms:\+2250701020304\?body=/);
      await expect.poll(() => page.getByTestId('share-links').locator('li').count()).toBe(1);
      if (process.env.SHARE_SCREENSHOTS) {
        fs.mkdirSync(process.env.SHARE_SCREENSHOTS, { recursive: true });
        await page.screenshot({ path: path.join(process.env.SHARE_SCREENSHOTS, 'modale-partager.png') });
      }
      return field.inputValue();
    });

    const phone = await newContext(browser, server.url, { width: 390, height: 844 });
    const receipt = await phone.newPage();
    const phoneErrors = watchErrors(receipt);
    await step('le reçu sur un téléphone', receipt, async () => {
      const answer = await receipt.goto(new URL(url).pathname);
      expect(answer?.status()).toBe(200);
      await receipt.getByTestId('fiscal-qr').waitFor();
      expect(await receipt.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
      const overflow = await receipt.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const dir = process.env.SHARE_SCREENSHOTS;
      if (dir) {
        fs.mkdirSync(dir, { recursive: true });
        await receipt.screenshot({ path: path.join(dir, 'recu-telephone.png'), fullPage: true });
      }
      // What a phone's scanner would read off the screen.
      expect(await decodeQr(await receipt.getByTestId('fiscal-qr').screenshot())).toBe(qr);
      expect((await phone.cookies()).map((c) => c.name)).not.toContain(SESSION_COOKIE);
      await expect.poll(() => receipt.getByTestId('receipt-total').innerText()).toMatch(/5\s100/);
    });

    await step('révoquer le lien', page, async () => {
      await page.getByTestId('share-revoke').click();
      await expect.poll(() => page.getByTestId('share-links').count()).toBe(0);
      expect(phoneErrors).toEqual([]);
      const gone = await receipt.goto(new URL(url).pathname);
      expect(gone?.status()).toBe(404);
      await receipt.getByText('Page introuvable').first().waitFor();
    });
    expect(errors).toEqual([]);
  });
});
