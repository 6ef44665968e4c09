/**
 * Vente boutique in Chromium, as a cashier with a USB scanner: the scan field has the focus, a
 * barcode typed + Enter adds the product (twice: one more), « * 3 Entrée » sets the quantity of
 * the line in progress, the sale is paid part mobile money part cash (change shown live), F9
 * validates and prints the ticket in the print frame, and the till is ready at once for the next
 * sale with the last sale's number and change in a corner. The ticket printed to PDF is 80 mm wide
 * (58 mm with ?width=58) and carries the amount in words. Then a price changed and discounts (a
 * percentage on a line, an amount on the sale), the basket put on hold (F7) while the next
 * customer is served, resumed after a reload and validated as it was, and one discarded.
 * PRINT_PDF_DIR=/some/dir keeps the PDFs.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** The roll's @page length follows the sheet once styles and fonts are in (PrintFrame measures it): wait for it. */
async function rollSettled(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const sheet = document.querySelector('.app-print-sheet');
        const rule = [...document.querySelectorAll('style')]
          .map((s) => s.textContent ?? '')
          .find((t) => t.includes('@page'));
        const length = Number(rule?.match(/size: \d+mm (\d+)mm/)?.[1]);
        return sheet ? Math.abs(length - ((sheet.getBoundingClientRect().height * 25.4) / 96 + 2)) < 1.5 : false;
      }),
    )
    .toBe(true);
}

const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const prints = (page: Page) => page.evaluate(() => (window as unknown as { __prints: string[] }).__prints.slice());

describe.skipIf(!enabled || !popplerAvailable)('vente boutique au scanner (Chromium)', () => {
  let server: E2EServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const outDir = process.env.PRINT_PDF_DIR ?? '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const db = server.db;
    const now = nowIso();
    await db('company_settings').where({ id: 1 }).update({
      name: 'Alimentation Générale Koné',
      address: 'Marché de Treichville, allée 4',
      city: 'Abidjan',
      phones: '+225 07 00 00 00 00',
      rccm: 'CI-ABJ-2021-A-54321',
      tax_number: '2101234B',
    });
    const admin = (await db('users').where({ email: E2E_ADMIN.email }).first('id', 'name'))!;
    const actor: Actor = { id: Number(admin.id), name: admin.name, ip: null };
    const supplier = await insertReturningId(
      db,
      'suppliers',
      withSearchName({ code: 'FRS-E2E', name: 'Grossiste du Port', created_at: now, updated_at: now }),
    );
    const category = await insertReturningId(
      db,
      'categories',
      withSearchName({ code: 'EPI', name: 'Épicerie', created_at: now, updated_at: now }),
    );
    const shop = Number((await db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
    const product = (code: string, barcode: string, name: string, price: number) =>
      insertReturningId(
        db,
        'products',
        withSearchName({
          code,
          barcode,
          name,
          category_id: category,
          unit: 'boîte',
          pack_size: 1,
          purchase_price: Math.round(price * 0.7),
          cmup: 0,
          retail_price: price,
          wholesale_price: 0,
          min_price: 0,
          active: true,
          created_at: now,
          updated_at: now,
        }),
      );
    const milk = await product('LAIT400', '6001234500017', 'Lait en poudre Nido 400 g', 1_250);
    const oil = await product('HUI1L', '6001234500024', 'Huile Dinor 1 L', 3_500);
    await createStockEntry(
      db,
      {
        idempotencyKey: 'e2e-counter-entry',
        supplierId: supplier,
        locationId: shop,
        entryDate: businessDate('Africa/Abidjan'),
        supplierRef: 'BL-1',
        note: '',
        lines: [milk, oil].map((p) => ({ productId: p, unit: 'unit' as const, quantity: 50, unitCost: 900 })),
      },
      actor,
    );
    await db('treasury_accounts').insert({
      kind: 'mobile_money',
      code: 'OM01',
      name: 'Orange Money Boutique',
      operator: 'orange_money',
      bank_name: '',
      account_number: '0707070707',
      balance: 0,
      active: true,
      created_at: now,
      updated_at: now,
    });

    context = await newContext(browser, server.url);
    // The print dialog, in any frame: recorded in the top window (the page's own print frame prints the ticket).
    await context.addInitScript(() => {
      const top = window.top as unknown as { __prints?: string[] };
      if (window === window.top) top.__prints = [];
      window.print = () => top.__prints?.push(location.pathname + location.search);
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

  it('scan, quantité au clavier, paiement mixte, F9 : ticket imprimé, caisse prête pour la suivante', async () => {
    await step('ouverture', page, async () => {
      await page.goto(route('counter.index'));
      await expect.poll(() => activeId(page)).toBe('counter-scan');
      expect(await page.getByTestId('counter-client-name').textContent()).toBe('CLIENT COMPTANT');
      expect(await page.getByTestId('counter-desk').textContent()).toMatch(/Caisse : /);
    });

    await step('scan au lecteur', page, async () => {
      // A scanner types the digits quickly and sends Enter.
      await page.keyboard.type('6001234500017', { delay: 5 });
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('counter-line-0').count()).toBe(1);
      await page.keyboard.type('6001234500017', { delay: 5 });
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('#counter-line-0-quantity').inputValue()).toBe('2');
      await page.keyboard.type('6001234500024', { delay: 5 });
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('counter-line-1').count()).toBe(1);
      expect(await activeId(page)).toBe('counter-scan');
      // « * 3 Entrée »: three of the line in progress (the oil).
      await page.keyboard.type('*3');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('#counter-line-1-quantity').inputValue()).toBe('3');
      // « + » then « − »: one more, one less.
      await page.keyboard.press('+');
      await expect.poll(() => page.locator('#counter-line-1-quantity').inputValue()).toBe('4');
      await page.keyboard.press('-');
      await expect.poll(() => page.locator('#counter-line-1-quantity').inputValue()).toBe('3');
      // 2 × 1 250 + 3 × 3 500 = 13 000.
      await expect.poll(() => page.getByTestId('counter-total').textContent()).toMatch(/^13\s000\sFCFA$/);
    });

    await step('paiement mixte', page, async () => {
      await page.keyboard.press('F4');
      expect(await activeId(page)).toBe('counter-mm-amount');
      await page.keyboard.type('5000');
      await page.locator('#counter-mm-phone').fill('07 08 09 10 11');
      await page.locator('#counter-mm-reference').fill('MP261124.0915.C77');
      await page.keyboard.press('F2');
      expect(await activeId(page)).toBe('counter-cash');
      await page.keyboard.type('10000');
      // 13 000 − 5 000 mobile = 8 000 in cash: 2 000 back.
      await expect.poll(() => page.getByTestId('counter-change').textContent()).toMatch(/À rendre\s*2\s000\sFCFA/);
      await page.keyboard.press('Enter');
      expect(await activeId(page)).toBe('counter-scan');
    });

    let saleId = 0;
    await step('F9 : valider et imprimer', page, async () => {
      await page.keyboard.press('F9');
      await page.getByTestId('counter-last-sale').waitFor();
      const sale = (await server
        .db('sales')
        .orderBy('id', 'desc')
        .first('id', 'number', 'kind', 'total_ttc', 'cash_tendered', 'change_given'))!;
      saleId = Number(sale.id);
      expect([sale.kind, Number(sale.total_ttc), Number(sale.cash_tendered), Number(sale.change_given)]).toEqual([
        'counter',
        13_000,
        10_000,
        2_000,
      ]);
      expect(await page.getByTestId('counter-last-sale').textContent()).toContain(sale.number);
      expect(await page.getByTestId('counter-last-change').textContent()).toMatch(/^2\s000\sFCFA$/);
      // The ticket printed itself in the print frame, once.
      await expect
        .poll(() => prints(page), { timeout: 8000 })
        .toEqual([route('sales.ticket', { id: saleId }, { print: 1 })]);
      // Ready for the next sale: empty lines, total 0, focus on the scan field, a new key.
      expect(await page.getByTestId('counter-lines').count()).toBe(0);
      await expect.poll(() => page.getByTestId('counter-total').textContent()).toMatch(/^0\sFCFA$/);
      await expect.poll(() => activeId(page)).toBe('counter-scan');
      const payments = await server.db('sale_payments').where({ sale_id: saleId }).orderBy('id');
      expect(payments.map((p) => [p.method, Number(p.amount), p.operator, p.reference])).toEqual([
        ['especes', 8_000, null, null],
        ['mobile_money', 5_000, 'orange_money', 'MP261124.0915.C77'],
      ]);
      expect(
        Number(
          (await server
            .db('document_prints')
            .where({ printout: 'sale_ticket', document_id: saleId })
            .first('reprint_count'))!.reprint_count,
        ),
      ).toBe(0);
    });

    await step('la vente suivante au scanner', page, async () => {
      await page.keyboard.type('6001234500024', { delay: 5 });
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('counter-line-0').count()).toBe(1);
      await page.keyboard.press('F9');
      await expect.poll(() => prints(page), { timeout: 8000 }).toHaveLength(2);
      expect(Number((await server.db('sales').where({ kind: 'counter' }).count({ n: '*' }).first())!.n)).toBe(2);
    });

    await step('un refus du serveur se voit : le stock manquant nomme le produit', page, async () => {
      await page.keyboard.type('6001234500024', { delay: 5 });
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('counter-line-0').count()).toBe(1);
      await page.keyboard.type('*999');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('#counter-line-0-quantity').inputValue()).toBe('999');
      const before = Number((await server.db('sales').count({ n: '*' }).first())!.n);
      await page.keyboard.press('F9');
      await expect
        .poll(() => page.getByTestId('counter-errors').textContent())
        .toMatch(/Stock insuffisant pour « Huile Dinor 1 L »/);
      expect(await page.getByTestId('counter-line-0').getAttribute('class')).toMatch(/has-error/);
      // The sale is still there to correct; nothing was written, nothing printed.
      expect(Number((await server.db('sales').count({ n: '*' }).first())!.n)).toBe(before);
      expect(await prints(page)).toHaveLength(2);
      await expect.poll(() => activeId(page)).toBe('counter-scan');
    });

    await step('le ticket en PDF : 80 mm, montant en lettres', page, async () => {
      // The original went to the till's printer; this print is the DUPLICATA, the same page with its mark.
      await page.goto(route('sales.ticket', { id: saleId }));
      await page.locator('.app-print-sheet').waitFor();
      await expect.poll(() => page.getByTestId('duplicata-mark').textContent()).toBe('DUPLICATA');
      // The sale's number as a barcode, for a correction to scan, within the roll's width.
      const number = (await server.db('sales').where({ id: saleId }).first('number'))!.number as string;
      expect(await page.getByTestId('ticket-barcode').getAttribute('data-value')).toBe(number);
      const [bar, sheet] = await Promise.all([
        page.getByTestId('ticket-barcode').boundingBox(),
        page.locator('.app-print-sheet').boundingBox(),
      ]);
      expect(bar!.x + bar!.width).toBeLessThanOrEqual(sheet!.x + sheet!.width);
      await rollSettled(page);
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      if (outDir) fs.writeFileSync(path.join(outDir, 'ticket-80mm.pdf'), pdf);
      const { text, pages } = readPdf(pdf);
      expect(pages).toHaveLength(1);
      expect(pages[0].width).toBeCloseTo(80, 0);
      // As long as the ticket, no more: a roll wastes no paper.
      const sheetMm = await page.evaluate(
        () => (document.querySelector('.app-print-sheet')!.getBoundingClientRect().height * 25.4) / 96,
      );
      expect(pages[0].height).toBeGreaterThanOrEqual(sheetMm);
      expect(pages[0].height).toBeLessThan(sheetMm + 4);
      expect(text.replace(/\s+/g, ' ')).toMatch(
        /Arrêtée la présente facture à la somme de treize mille francs CFA \(13\s000\sFCFA\)/,
      );
      expect(text).toContain('MP261124.0915.C77');
      expect(text).toMatch(/Monnaie rendue\s+2\s000/);
      expect(text).toContain('ALIMENTATION GÉNÉRALE KONÉ');
      expect(text).toContain('CI-ABJ-2021-A-54321');
      expect(text).not.toContain('Imprimer');

      await page.goto(route('sales.ticket', { id: saleId }, { width: 58 }));
      await page.locator('.app-print-sheet').waitFor();
      await rollSettled(page);
      const pdf58 = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      if (outDir) fs.writeFileSync(path.join(outDir, 'ticket-58mm.pdf'), pdf58);
      const narrow = readPdf(pdf58);
      expect(narrow.pages).toHaveLength(1);
      expect(narrow.pages[0].width).toBeCloseTo(58, 0);
      expect(narrow.text.replace(/\s+/g, ' ')).toMatch(/treize mille francs CFA/);
    });
    expect(errors).toEqual([]);
  });

  it('prix, remise en % et en montant, mise en attente (F7), client suivant, reprise après rechargement, suppression', async () => {
    const db = server.db;
    page.on('dialog', (d) => void d.accept());
    const sales = async () => Number((await db('sales').count({ n: '*' }).first())!.n);
    const scan = async (barcode: string, line: number) => {
      await page.keyboard.type(barcode, { delay: 5 });
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId(`counter-line-${line}`).count()).toBe(1);
    };

    await step('un panier avec une remise de ligne en % et un prix changé', page, async () => {
      await page.goto(route('counter.index'));
      await expect.poll(() => activeId(page)).toBe('counter-scan');
      await scan('6001234500017', 0);
      await page.keyboard.type('*4');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('#counter-line-0-quantity').inputValue()).toBe('4');
      // F3: the price and discount of the line in progress.
      await page.keyboard.press('F3');
      await expect.poll(() => activeId(page)).toBe('counter-line-0-price');
      await page.locator('#counter-line-0-discount').fill('10');
      await page.getByTestId('counter-line-0-discount-percent').click();
      await page.locator('#counter-line-0-discount').press('Enter');
      await expect.poll(() => activeId(page)).toBe('counter-scan');
      await scan('6001234500024', 1);
      await page.getByTestId('counter-line-1-edit').click();
      await page.locator('#counter-line-1-price').fill('3200');
      await page.locator('#counter-line-1-price').press('Enter');
      // 4 × 1 250 − 10 % = 4 500; 3 200 (instead of 3 500); less 200 on the sale: 7 500.
      await page.locator('#counter-discount').fill('200');
      await expect.poll(() => page.getByTestId('counter-total').textContent()).toMatch(/^7\s500\sFCFA$/);
      expect(await page.getByTestId('counter-line-0-discount').textContent()).toMatch(/remise −10\s%/);
    });

    await step('F7 : mise en attente, le client suivant est servi', page, async () => {
      await page.keyboard.press('F7');
      await page.getByTestId('counter-parked').waitFor();
      expect(await page.getByTestId('counter-lines').count()).toBe(0);
      await expect.poll(() => page.getByTestId('counter-total').textContent()).toMatch(/^0\sFCFA$/);
      expect(await page.getByTestId('counter-parked').textContent()).toMatch(
        /En attente \(1\)\d{2}:\d{2}2 lignes7\s500\sFCFA/,
      );
      // Nothing sold, nothing taken from the stock.
      expect(Number((await db('parked_sales').count({ n: '*' }).first())!.n)).toBe(1);
      const before = await sales();
      await expect.poll(() => activeId(page)).toBe('counter-scan');
      await scan('6001234500024', 0);
      await page.keyboard.press('F9');
      await expect.poll(sales).toBe(before + 1);
      await page.getByTestId('counter-parked').waitFor();
      const sold = Number((await db('sales').orderBy('id', 'desc').first('id'))!.id);
      await expect
        .poll(() => prints(page), { timeout: 8000 })
        .toContain(route('sales.ticket', { id: sold }, { print: 1 }));
    });

    await step('après rechargement, la vente en attente est reprise et validée à l’identique', page, async () => {
      await page.reload();
      await page.getByTestId('counter-parked').waitFor();
      const parked = (await db('parked_sales').first('id'))!;
      await page
        .getByTestId(`counter-parked-${parked.id}`)
        .getByRole('button', { name: /Reprendre|lignes/ })
        .first()
        .click();
      await expect.poll(() => page.getByTestId('counter-line-1').count()).toBe(1);
      await page.getByTestId('counter-resumed').waitFor();
      await expect.poll(() => page.getByTestId('counter-total').textContent()).toMatch(/^7\s500\sFCFA$/);
      expect(await page.getByTestId('counter-parked').count()).toBe(0);
      const before = await sales();
      await page.keyboard.press('F9');
      await expect.poll(sales).toBe(before + 1);
      const sale = (await db('sales').orderBy('id', 'desc').first('id', 'total_ttc', 'discount'))!;
      expect([Number(sale.total_ttc), Number(sale.discount)]).toEqual([7_500, 200]);
      const lines = await db('sale_lines')
        .where({ sale_id: sale.id })
        .orderBy('position')
        .select('quantity', 'unit_price', 'discount', 'net');
      expect(lines.map((l) => [Number(l.quantity), Number(l.unit_price), Number(l.discount), Number(l.net)])).toEqual([
        [4, 1_250, 500, 4_500],
        [1, 3_200, 0, 3_200],
      ]);
      expect(Number((await db('parked_sales').count({ n: '*' }).first())!.n)).toBe(0);
    });

    await step('une vente en attente se supprime', page, async () => {
      // The ticket of the sale just validated has printed in its frame (which may take the focus meanwhile).
      const last = Number((await db('sales').orderBy('id', 'desc').first('id'))!.id);
      await expect
        .poll(() => prints(page), { timeout: 8000 })
        .toContain(route('sales.ticket', { id: last }, { print: 1 }));
      await page.locator('#counter-scan').focus();
      await expect.poll(() => activeId(page)).toBe('counter-scan');
      await scan('6001234500017', 0);
      await page.getByTestId('counter-park').click();
      await page.getByTestId('counter-parked').waitFor();
      await page.getByRole('button', { name: /^Supprimer la vente en attente de/ }).click();
      await expect.poll(() => page.getByTestId('counter-parked').count()).toBe(0);
      expect(Number((await db('parked_sales').count({ n: '*' }).first())!.n)).toBe(0);
    });
    expect(errors).toEqual([]);
  });
});
