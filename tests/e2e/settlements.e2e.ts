/**
 * Règlement in Chromium (issue 15): a credit invoice paid in two parts — first in cash, then the
 * rest by Orange Money with the payer's phone and the transaction id — through the new-settlement
 * form (client picked, open invoices with their age, the allocation preview before validation);
 * the invoice ends « Payée », the client owes nothing, the same transaction id typed again is
 * refused on its field; the receipt is printed to PDF on A5 and on an 80 mm roll (the second print
 * a DUPLICATA). SCREENSHOT_DIR=/some/dir keeps screenshots of the form and the settlement at
 * 1366 and 390 px; PRINT_PDF_DIR=/some/dir keeps the PDFs.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../shared/routes.js';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { addDays, businessDate } from '../../server/domain/dates.js';
import type { Actor } from '../../server/services/actor.js';
import { createSale } from '../../server/services/sales/create-sale.js';
import { browserSuiteEnabled, launchBrowser, login, newContext, step, watchErrors } from './support/browser.js';
import { popplerAvailable, readPdf } from './support/pdf.js';
import { E2E_ADMIN, type E2EServer, startServer } from './support/server.js';

const shotDir = process.env.SCREENSHOT_DIR ?? '';
const pdfDir = process.env.PRINT_PDF_DIR ?? '';

describe.skipIf(!browserSuiteEnabled() || !popplerAvailable)(
  'règlement en deux fois : espèces puis Orange Money (Chromium)',
  () => {
    let server: E2EServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    let invoice: { id: number; number: string };
    let clientId: number;

    beforeAll(async () => {
      [server, browser] = await Promise.all([startServer(), launchBrowser()]);
      const db = server.db;
      const now = nowIso();
      const today = businessDate('Africa/Abidjan');
      await db('company_settings')
        .where({ id: 1 })
        .update({ name: 'Quincaillerie Koné & Fils', city: 'Abidjan', phones: '+225 27 22 00 00 00' });
      const admin = (await db('users').where({ email: E2E_ADMIN.email }).first('id', 'name'))!;
      const actor: Actor = { id: Number(admin.id), name: admin.name, ip: null };
      const depot = Number((await db('locations').where({ code: 'DEP01' }).first('id'))!.id);
      const category = await insertReturningId(
        db,
        'categories',
        withSearchName({ code: 'QUI', name: 'Quincaillerie', created_at: now, updated_at: now }),
      );
      const cement = await insertReturningId(
        db,
        'products',
        withSearchName({
          code: 'CIM50',
          name: 'Ciment CPJ 45 — sac de 50 kg',
          category_id: category,
          unit: 'sac',
          pack_size: 1,
          purchase_price: 4_200,
          cmup: 0,
          retail_price: 5_000,
          wholesale_price: 0,
          min_price: 0,
          active: true,
          created_at: now,
          updated_at: now,
        }),
      );
      await db.transaction(async (trx) => {
        const { postStockMovements } = await import('../../server/services/stock/ledger.js');
        await postStockMovements(
          trx,
          { documentType: 'test', documentId: null, documentNumber: null, userId: null, businessDate: today },
          [
            {
              productId: cement,
              locationId: depot,
              quantity: 100,
              movementType: 'opening',
              unitCost: 4_200,
              valuation: 'receipt',
            },
          ],
        );
      });
      clientId = await insertReturningId(
        db,
        'clients',
        withSearchName({
          code: 'CLI0315',
          name: 'Entreprise Bâtir Ensemble',
          kind: 'entreprise',
          price_level: 'detail',
          credit_limit: 5_000_000,
          balance: 0,
          active: true,
          phone: '+225 07 01 02 03 04',
          city: 'Abidjan',
          address: '',
          tax_number: '',
          created_at: now,
          updated_at: now,
        }),
      );
      const sale = await createSale(
        db,
        {
          idempotencyKey: 'e2e-settle-invoice',
          kind: 'invoice',
          clientId,
          locationId: depot,
          saleDate: addDays(today, -40),
          paymentMode: 'credit',
          dueDate: addDays(today, -10),
          discount: 0,
          note: '',
          formLoadedAt: new Date(Date.now() - 60_000).toISOString(),
          lines: [{ productId: cement, unit: 'unit', quantity: 10, unitPrice: null, discount: 0 }],
          payments: [],
        },
        { belowMinPrice: false, beyondCreditLimit: false },
        actor,
      );
      invoice = { id: sale.id, number: sale.number };
      await db('treasury_accounts').insert({
        kind: 'mobile_money',
        code: 'OM01',
        name: 'Orange Money Siège',
        operator: 'orange_money',
        bank_name: '',
        account_number: '0707070707',
        balance: 0,
        active: true,
        created_at: now,
        updated_at: now,
      });
      context = await newContext(browser, server.url);
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

    const shoot = async (name: string) => {
      if (!shotDir) return;
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 850 });
        await page.screenshot({ path: path.join(shotDir, `${name}-${width}.png`), fullPage: true });
      }
      await page.setViewportSize({ width: 1366, height: 850 });
    };

    it('espèces puis Orange Money : facture payée, client à zéro, ID de transaction unique, reçu A5 et 80 mm', async () => {
      await step('premier règlement : 20 000 en espèces', page, async () => {
        await page.goto(route('settlements.index'));
        await page.getByTestId('settlements-create').click();
        await page.waitForURL(`**${route('settlements.create')}`);
        const client = page.getByRole('combobox', { name: 'Client' });
        await client.fill('Bâtir');
        await expect
          .poll(() => page.locator('[role="listbox"] [role="option"]').first().textContent())
          .toContain('Entreprise Bâtir Ensemble');
        await client.press('Enter');
        await page.getByTestId(`settlement-invoice-${invoice.number}`).waitFor();
        expect(await page.getByTestId('settlement-invoice-table').textContent()).toMatch(/en retard de 10 j/);
        await page.getByLabel('Montant reçu').fill('20000');
        await expect
          .poll(() => page.getByTestId(`settlement-allocated-${invoice.number}`).textContent())
          .toMatch(/20\s000\sFCFA/u);
        await expect.poll(() => page.getByTestId('settlement-summary-balance').textContent()).toMatch(/30\s000\sFCFA/u);
        await shoot('reglement-formulaire');
        await page.getByTestId('settlement-submit').click();
        await page.getByTestId('settlement-allocations').waitFor();
        expect(await page.getByTestId('settlement-received').textContent()).toMatch(/20\s000\sFCFA/u);
        expect(await page.getByTestId('settlement-allocations').textContent()).toMatch(/30\s000\sFCFA/u);
      });

      await step('second règlement : le reste par Orange Money', page, async () => {
        await page.getByRole('link', { name: 'Autre règlement de ce client' }).click();
        await page.getByTestId(`settlement-invoice-${invoice.number}`).waitFor();
        await page.getByTestId('settlement-amount-all').click();
        await page.getByLabel('Mode de paiement').selectOption('mobile_money');
        await page.getByLabel('Opérateur').selectOption('orange_money');
        await page.getByLabel('Téléphone du payeur').fill('07 01 02 03 04');
        await page.getByLabel('ID de transaction').fill('MP261124.1432.K9Z');
        await expect
          .poll(() => page.getByTestId(`settlement-allocated-${invoice.number}`).textContent())
          .toMatch(/30\s000\sFCFA.*soldée/u);
        await page.getByTestId('settlement-submit').click();
        await page.getByTestId('settlement-allocations').waitFor();
        expect(await page.getByTestId('settlement-allocations').textContent()).toMatch(/Payée/);
        expect(await page.getByTestId('settlement-client-balance').textContent()).toMatch(/^0\sFCFA$/u);
        await shoot('reglement-fiche');
      });
      const sale = (await server.db('sales').where({ id: invoice.id }).first('payment_status', 'amount_paid'))!;
      expect([sale.payment_status, Number(sale.amount_paid)]).toEqual(['paid', 50_000]);
      expect(Number((await server.db('clients').where({ id: clientId }).first('balance'))!.balance)).toBe(0);

      await step('le même ID de transaction est refusé', page, async () => {
        await page.goto(route('settlements.create', { client_id: clientId }));
        await page.getByTestId('settlement-no-invoice').waitFor();
        await page.getByLabel('Montant reçu').fill('5000');
        await page.getByLabel('Mode de paiement').selectOption('mobile_money');
        await page.getByLabel('Opérateur').selectOption('orange_money');
        await page.getByLabel('ID de transaction').fill('mp261124.1432.k9z');
        await expect
          .poll(() => page.getByTestId('settlement-advance-notice').textContent())
          .toMatch(/5\s000\sFCFA.*acompte/u);
        await page.getByTestId('settlement-submit').click();
        await expect
          .poll(() =>
            page
              .locator('#settlement-reference-error, [id$="settlement-reference-error"], .invalid-feedback')
              .allTextContents(),
          )
          .toContainEqual(
            expect.stringMatching(
              /La transaction Orange Money « MP261124\.1432\.K9Z » est déjà enregistrée par le règlement REG-/,
            ),
          );
      });

      await step('reçu A5 puis 80 mm (DUPLICATA)', page, async () => {
        const last = (await server.db('settlements').orderBy('id', 'desc').first('id', 'number'))!;
        await page.goto(route('settlements.print', { id: Number(last.id) }));
        await page.getByTestId('amount-in-words').waitFor();
        expect(await page.getByTestId('amount-in-words').textContent()).toMatch(
          /Arrêté le présent reçu à la somme de trente mille francs CFA \(30\s000\sFCFA\)\./u,
        );
        const a5 = readPdf(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
        if (pdfDir)
          fs.writeFileSync(
            path.join(pdfDir, 'recu-a5.pdf'),
            await page.pdf({ preferCSSPageSize: true, printBackground: true }),
          );
        expect(Math.round(a5.pages[0].width)).toBe(148);
        expect(a5.text).toContain(last.number);
        expect(a5.text).toContain(invoice.number);
        expect(a5.text.replace(/\s+/g, '')).toContain('MP261124.1432.K9Z');
        await page.goto(route('settlements.print', { id: Number(last.id) }, { format: '80mm' }));
        await page.getByTestId('amount-in-words').waitFor();
        const roll = readPdf(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
        if (pdfDir)
          fs.writeFileSync(
            path.join(pdfDir, 'recu-80mm.pdf'),
            await page.pdf({ preferCSSPageSize: true, printBackground: true }),
          );
        expect(Math.round(roll.pages[0].width)).toBe(80);
        expect(roll.text).toContain('DUPLICATA');
        expect(roll.text).toMatch(/Soldée/);
      });
      expect(errors).toEqual([]);
    });
  },
);
