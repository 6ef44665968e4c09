/**
 * Annulations et réimpressions in Chromium (issue 15): a credit invoice paid in two parts (cash,
 * then Orange Money) cannot be cancelled while settled — the Factures screen names the settlements;
 * both settlements are cancelled on the Règlements screen (the last one first), then the invoice
 * is found on the Factures screen by its number: never printed (its preview opened and closed
 * counts nothing), its button prints the original at A5; then it is reprinted as a DUPLICATA A6
 * (printed to PDF: an A6 page that says DUPLICATA) and cancelled with a reason — the row reads
 * « Annulée », its printout « ANNULÉE ».
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../shared/routes.js';
import { businessDate } from '../../server/domain/dates.js';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { createSale } from '../../server/services/sales/create-sale.js';
import { postStockMovements } from '../../server/services/stock/ledger.js';
import { createSettlement } from '../../server/services/settlements/create-settlement.js';
import { browserSuiteEnabled, launchBrowser, login, newContext, step, watchErrors } from './support/browser.js';
import { readPdf } from './support/pdf.js';
import { E2E_ADMIN, type E2EServer, startServer } from './support/server.js';

describe.skipIf(!browserSuiteEnabled())('annulations et réimpressions (Chromium)', () => {
  let server: E2EServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let invoice: { id: number; number: string };
  let settlements: string[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const db = server.db;
    const now = nowIso();
    const today = businessDate('Africa/Abidjan');
    const shop = Number((await db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
    const category = await insertReturningId(
      db,
      'categories',
      withSearchName({ code: 'BTP', name: 'Matériaux', created_at: now, updated_at: now }),
    );
    const cement = await insertReturningId(
      db,
      'products',
      withSearchName({
        code: 'CIM50',
        name: 'Ciment CPJ 45 sac de 50 kg',
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
    await db.transaction((trx) =>
      postStockMovements(
        trx,
        { documentType: 'test', documentId: null, documentNumber: null, userId: null, businessDate: today },
        [
          {
            productId: cement,
            locationId: shop,
            quantity: 100,
            movementType: 'opening',
            unitCost: 4_800,
            valuation: 'receipt',
          },
        ],
      ),
    );
    const client = await insertReturningId(
      db,
      'clients',
      withSearchName({
        code: 'CLI0107',
        name: 'Entreprise Bâtir Ensemble',
        kind: 'entreprise',
        price_level: 'detail',
        credit_limit: 5_000_000,
        balance: 0,
        active: true,
        phone: '',
        city: 'Abidjan',
        address: '',
        tax_number: '',
        created_at: now,
        updated_at: now,
      }),
    );
    const admin = (await db('users').where({ email: E2E_ADMIN.email }).first('id', 'name'))!;
    const sale = await createSale(
      db,
      {
        idempotencyKey: 'e2e-cancel-invoice',
        kind: 'invoice',
        clientId: client,
        locationId: shop,
        saleDate: today,
        paymentMode: 'credit',
        dueDate: today,
        discount: 0,
        note: '',
        formLoadedAt: new Date(Date.now() - 60_000).toISOString(),
        lines: [{ productId: cement, unit: 'unit', quantity: 4, unitPrice: null, discount: 0 }],
        payments: [],
      },
      { belowMinPrice: false, beyondCreditLimit: false },
      { id: Number(admin.id), name: admin.name, ip: null },
    );
    invoice = { id: sale.id, number: sale.number };
    const actor = { id: Number(admin.id), name: admin.name, ip: null };
    const wallet = await insertReturningId(db, 'treasury_accounts', {
      kind: 'mobile_money',
      code: 'MM01',
      name: 'Orange Money Boutique',
      operator: 'orange_money',
      bank_name: '',
      account_number: '0707070707',
      balance: 0,
      active: true,
      created_at: now,
      updated_at: now,
    });
    const base = {
      clientId: client,
      settlementDate: today,
      phone: '',
      reference: '',
      chequeDate: null,
      allocationMode: 'chosen' as const,
      note: '',
      source: 'payment' as const,
    };
    const cash = await createSettlement(
      db,
      {
        ...base,
        idempotencyKey: 'e2e-reg-1',
        method: 'especes',
        accountId: null,
        operator: null,
        amount: 10_000,
        allocations: [{ saleId: sale.id, amount: 10_000 }],
      },
      actor,
    );
    const om = await createSettlement(
      db,
      {
        ...base,
        idempotencyKey: 'e2e-reg-2',
        method: 'mobile_money',
        accountId: wallet,
        operator: 'orange_money',
        phone: '07 07 07 07 07',
        reference: 'MP241124.1530.B12345',
        amount: 12_400,
        allocations: [{ saleId: sale.id, amount: 12_400 }],
      },
      actor,
    );
    settlements = [cash.number, om.number];
    const context = await newContext(browser, server.url);
    // A reprint opens with ?print=1 and calls window.print() once clean: in headless Chromium that
    // print job raced page.pdf (« Page is already being printed ») on a busy machine.
    await context.addInitScript(() => {
      window.print = () => undefined;
    });
    page = await context.newPage();
    errors = watchErrors(page);
    await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL('**/dashboard');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the invoice is cancelled once its last settlement is; reprinted as a DUPLICATA A6 first: « Annulée » on the row, « ANNULÉE » on paper', async () => {
    await step('facture réglée : annulation impossible', page, async () => {
      await page.goto(`${route('sales.cancellations')}?q=${invoice.number}`);
      const row = page.getByTestId(`cancellation-row-${invoice.number}`);
      await row.waitFor();
      expect(await row.getByTestId('settled-by').textContent()).toBe(`Réglée par ${settlements.join(', ')}`);
      expect(await row.getByTestId('cancel').isDisabled()).toBe(true);
    });
    for (const number of [...settlements].reverse()) {
      await step(`annuler le règlement ${number}`, page, async () => {
        await page.goto(route('settlements.cancellations'));
        await page.getByRole('searchbox').fill(number);
        const row = page.getByTestId(`cancellation-row-${number}`);
        await row.waitFor();
        await expect.poll(() => page.locator('[data-testid^="cancellation-row-"]').count()).toBe(1);
        await row.getByTestId('cancel').click();
        await page.getByLabel('Motif de l’annulation').fill('Règlement saisi en double');
        await page.getByRole('button', { name: 'Confirmer l’annulation' }).click();
        await expect.poll(() => row.textContent()).toMatch(/Annulé/);
      });
    }
    const client = (await server.db('clients').where({ code: 'CLI0107' }).first('balance', 'advance'))!;
    expect([Number(client.balance), Number(client.advance)]).toEqual([22_400, 0]);
    await step('aperçu fermé sans imprimer : rien n’est compté, l’original reste à imprimer', page, async () => {
      await page.goto(route('sales.print', { id: invoice.id }));
      await page.locator('.app-print-sheet').waitFor();
      expect(await page.getByTestId('print-next-copy').textContent()).toBe('À l’impression : original');
      await page.getByRole('link', { name: 'Retour' }).click();
      await page.waitForURL(`**${route('sales.show', { id: invoice.id })}`);
      expect(
        await server.db('document_prints').where({ printout: 'invoice', document_id: invoice.id }).first(),
      ).toBeUndefined();
    });
    await step('trouver la facture', page, async () => {
      await page.goto(route('sales.cancellations'));
      await page.getByTestId('cancellation-table').waitFor();
      await page.getByRole('searchbox').fill(invoice.number);
      await page.getByTestId(`cancellation-row-${invoice.number}`).waitFor();
      await expect.poll(() => page.locator('[data-testid^="cancellation-row-"]').count()).toBe(1);
    });
    await step('jamais imprimée : le bouton imprime l’original en A5, pas un « A6 »', page, async () => {
      const button = page.getByTestId(`cancellation-row-${invoice.number}`).getByTestId('reprint');
      expect(await button.textContent()).toContain('Original A5');
      await button.click();
      await page.locator('.app-print-sheet').waitFor();
      // ?print=1: the print is counted before the (stubbed) dialog opens.
      await expect.poll(() => page.locator('.app-print.is-ready').count()).toBe(1);
      const { pages, text } = readPdf(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
      for (const { width, height } of pages) expect([Math.round(width), Math.round(height)]).toEqual([148, 210]);
      expect(text).not.toContain('DUPLICATA');
      expect(text).toContain(invoice.number);
      expect(
        Number(
          (await server.db('document_prints').where({ printout: 'invoice', document_id: invoice.id }).first())!
            .reprint_count,
        ),
      ).toBe(0);
    });
    await step('réimprimer A6', page, async () => {
      await page.goto(`${route('sales.cancellations')}?q=${invoice.number}`);
      const button = page.getByTestId(`cancellation-row-${invoice.number}`).getByTestId('reprint');
      await expect.poll(() => button.textContent()).toContain('A6');
      await button.click();
      await page.locator('.app-print-sheet').waitFor();
      await expect.poll(() => page.locator('.app-print.is-ready').count()).toBe(1);
      const { pages, text } = readPdf(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
      expect(pages.length).toBeGreaterThan(0);
      for (const { width, height } of pages) {
        expect(Math.abs(width - 105)).toBeLessThan(1.5);
        expect(Math.abs(height - 148)).toBeLessThan(1.5);
      }
      expect(text).toContain('DUPLICATA');
      expect(text).toContain(invoice.number);
    });
    await step('annuler', page, async () => {
      await page.goto(`${route('sales.cancellations')}?q=${invoice.number}`);
      const row = page.getByTestId(`cancellation-row-${invoice.number}`);
      await expect.poll(() => row.getByTestId('reprint-count').textContent()).toMatch(/1 réimpression/);
      await row.getByTestId('cancel').click();
      await page.getByLabel('Motif de l’annulation').fill('Facture saisie pour le mauvais client');
      await page.getByRole('button', { name: 'Confirmer l’annulation' }).click();
      await expect.poll(() => row.textContent()).toMatch(/Annulée/);
      await expect.poll(() => row.textContent()).toMatch(/Facture saisie pour le mauvais client/);
      expect(await row.getByTestId('cancel').count()).toBe(0);
    });
    const after = (await server.db('clients').where({ code: 'CLI0107' }).first('balance'))!;
    expect(Number(after.balance)).toBe(0);
    const stock = (await server
      .db('stock_levels')
      .join('products', 'products.id', 'stock_levels.product_id')
      .where('products.code', 'CIM50')
      .first('quantity'))!;
    expect(Number(stock.quantity)).toBe(100);
    await step('imprimé annulé', page, async () => {
      await page.goto(route('sales.print', { id: invoice.id }, { format: 'a6' }));
      await page.locator('.app-print-sheet').waitFor();
      const { text } = readPdf(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
      expect(text).toMatch(/ANNUL[ÉE]E/);
    });
    expect(errors).toEqual([]);
  });
});
