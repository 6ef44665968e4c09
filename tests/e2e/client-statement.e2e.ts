/**
 * The statement of account on the client's page in Chromium (issue 15): a credit invoice paid in
 * two parts — cash, then Orange Money — shows both settlements with the running balance, the
 * period filter moves the opening balance, and the A4 printout is printed to PDF. Screenshots at
 * 1366 and 390 px, light and dark, go to tests/e2e/artifacts/statement/.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../shared/routes.js';
import { addDays, businessDate } from '../../server/domain/dates.js';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { createSale } from '../../server/services/sales/create-sale.js';
import { createSettlement } from '../../server/services/settlements/create-settlement.js';
import { createStockEntry } from '../../server/services/stock/entries.js';
import {
  ARTIFACTS_DIR,
  browserSuiteEnabled,
  launchBrowser,
  login,
  newContext,
  step,
  watchErrors,
} from './support/browser.js';
import { E2E_ADMIN, type E2EServer, startServer } from './support/server.js';

const out = path.join(ARTIFACTS_DIR, 'statement');

describe.skipIf(!browserSuiteEnabled())('relevé de compte du client (Chromium)', () => {
  let server: E2EServer;
  let browser: Browser;
  let client: number;
  let invoices: string[];
  let settlements: string[];
  const today = businessDate('Africa/Abidjan');
  const first = addDays(today, -40);

  beforeAll(async () => {
    fs.mkdirSync(out, { recursive: true });
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const db = server.db;
    const now = nowIso();
    await db('company_settings')
      .where({ id: 1 })
      .update({ name: 'Quincaillerie Koné & Fils', address: 'Rue des Jardins, Cocody', city: 'Abidjan' });
    const admin = (await db('users').where({ email: E2E_ADMIN.email }).first('id', 'name'))!;
    const actor = { id: Number(admin.id), name: admin.name as string, ip: null };
    const category = await insertReturningId(
      db,
      'categories',
      withSearchName({ code: 'BTP', name: 'Matériaux', created_at: now, updated_at: now }),
    );
    const supplier = await insertReturningId(
      db,
      'suppliers',
      withSearchName({ code: 'FRS1', name: 'Ciments du Sud', created_at: now, updated_at: now }),
    );
    const product = await insertReturningId(
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
        min_price: 4_800,
        active: true,
        created_at: now,
        updated_at: now,
      }),
    );
    const depot = Number((await db('locations').where({ code: 'DEP01' }).first('id'))!.id);
    await createStockEntry(
      db,
      {
        idempotencyKey: 'e2e-statement-entry',
        supplierId: supplier,
        locationId: depot,
        entryDate: first,
        supplierRef: '',
        note: '',
        lines: [{ productId: product, unit: 'unit', quantity: 500, unitCost: 4_800 }],
      },
      actor,
    );
    await insertReturningId(db, 'treasury_accounts', {
      kind: 'mobile_money',
      code: 'MM01',
      name: 'Orange Money Dépôt',
      operator: 'orange_money',
      account_number: '07 07 00 00 01',
      balance: 0,
      active: true,
      created_at: now,
      updated_at: now,
    });
    client = await insertReturningId(
      db,
      'clients',
      withSearchName({
        code: 'CLI0107',
        name: 'Entreprise Bâtir Ensemble',
        kind: 'entreprise',
        price_level: 'gros',
        credit_limit: 5_000_000,
        balance: 0,
        active: true,
        phone: '+225 07 08 09 10 11',
        city: 'Abidjan',
        address: 'Zone 4, rue du Canal',
        tax_number: '2012345A',
        created_at: now,
        updated_at: now,
      }),
    );
    invoices = [];
    for (const [i, quantity] of [20, 12, 8].entries()) {
      const date = addDays(first, i * 10);
      const sale = await createSale(
        db,
        {
          idempotencyKey: `e2e-statement-${i}`,
          kind: 'invoice',
          clientId: client,
          locationId: depot,
          saleDate: date,
          paymentMode: 'credit',
          dueDate: addDays(date, 30),
          discount: 0,
          note: '',
          formLoadedAt: new Date().toISOString(),
          payments: [],
          lines: [{ productId: product, unit: 'unit', quantity, unitPrice: null, discount: 0 }],
        },
        { belowMinPrice: true, beyondCreditLimit: true },
        actor,
      );
      invoices.push(sale.number);
    }
    // The first invoice (105 000) paid in two parts: cash, then Orange Money.
    const firstId = Number((await db('sales').where({ number: invoices[0] }).first('id'))!.id);
    const base = {
      source: 'payment' as const,
      accountId: null,
      phone: '',
      reference: '',
      operator: null,
      chequeDate: null,
      allocationMode: 'chosen' as const,
      note: '',
    };
    const cash = await createSettlement(
      db,
      {
        ...base,
        idempotencyKey: 'e2e-statement-reg-1',
        clientId: client,
        settlementDate: addDays(first, 5),
        method: 'especes',
        amount: 60_000,
        allocations: [{ saleId: firstId, amount: 60_000 }],
      },
      actor,
    );
    const mobile = await createSettlement(
      db,
      {
        ...base,
        idempotencyKey: 'e2e-statement-reg-2',
        clientId: client,
        settlementDate: addDays(first, 25),
        method: 'mobile_money',
        operator: 'orange_money',
        phone: '07 08 09 10 11',
        reference: 'OM260101.1234.A56789',
        amount: 45_000,
        allocations: [{ saleId: firstId, amount: 45_000 }],
      },
      actor,
    );
    settlements = [cash.number, mobile.number];
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows both settlements with the running balance, moves the opening balance with the period, prints A4', async () => {
    const expectedBalance = 5_250 * 12 + 5_250 * 8; // the first invoice is paid
    const balance = Number((await server.db('clients').where({ id: client }).first('balance'))!.balance);
    expect(balance).toBe(expectedBalance);
    for (const width of [1366, 390]) {
      for (const scheme of ['light', 'dark'] as const) {
        const context = await newContext(browser, server.url, {
          width,
          height: width > 1000 ? 850 : 844,
          colorScheme: scheme,
        });
        const page = await context.newPage();
        const errors = watchErrors(page);
        await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
        await page.waitForURL('**/dashboard');
        await step(`relevé ${width} ${scheme}`, page, async () => {
          await page.goto(route('clients.show', { id: client }, { from: first, to: today }));
          const table = page.getByTestId('client-statement-table');
          await expect.poll(() => table.textContent()).toContain(settlements[1]);
          const text = (await table.textContent()) ?? '';
          for (const n of [...invoices, ...settlements]) expect(text).toContain(n);
          expect(text).toContain('Orange Money (réf. OM260101.1234.A56789)');
          expect(text).toContain('Espèces');
          expect((await page.getByTestId('client-statement-closing').textContent())?.replace(/\s/g, '')).toContain(
            '105000',
          );
          // No sideways scrolling.
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          ).toBeLessThanOrEqual(0);
          await page.waitForTimeout(300);
          await page.screenshot({ path: path.join(out, `client-${width}-${scheme}.png`), fullPage: true });
        });
        if (width === 1366 && scheme === 'light') {
          await step('période', page, async () => {
            // From the day after the cash settlement: it and the first invoice are in the opening balance.
            await page.getByTestId('client-statement-from').fill(addDays(first, 6));
            await page.getByTestId('client-statement-from').press('Enter');
            await expect.poll(() => page.getByTestId('client-statement-opening').textContent()).toMatch(/45\s000/);
            const text = (await page.getByTestId('client-statement-table').textContent()) ?? '';
            expect(text).not.toContain(settlements[0]);
            expect(text).toContain(settlements[1]);
          });
          await step('impression A4', page, async () => {
            await page.goto(route('clients.statementPrint', { id: client }, { from: first, to: today }));
            await page.getByTestId('statement-table').waitFor();
            await page.emulateMedia({ media: 'print' });
            const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
            fs.writeFileSync(path.join(out, 'releve.pdf'), pdf);
            const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-pdf-'));
            try {
              const file = path.join(dir, 'releve.pdf');
              fs.writeFileSync(file, pdf);
              const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
              const [w, h] = info
                .match(/Page size:\s+([\d.]+) x ([\d.]+) pts/)!
                .slice(1)
                .map((v) => Math.round((Number(v) * 25.4) / 72));
              expect([w, h]).toEqual([210, 297]);
              const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
              expect(text).toMatch(/relevé de compte/i);
              expect(text).toMatch(/solde d’ouverture/i);
              for (const n of [...invoices, ...settlements]) expect(text).toContain(n);
              expect(text).toMatch(/totaux de la période et solde de clôture/i);
            } finally {
              fs.rmSync(dir, { recursive: true, force: true });
            }
          });
        }
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  }, 240_000);
});
