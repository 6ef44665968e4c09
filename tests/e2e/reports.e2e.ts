/**
 * Éditions (issue 17) in Chromium, on the small demo data set: each report (every view) opens
 * without a browser error, shows its figures, its table and — Chiffre d'affaires — its chart drawn
 * in light and in dark mode; each exports its view to XLSX, read back with exceljs; one printout
 * (Chiffre d'affaires, journalier: A4 landscape) is printed to PDF and its page size checked.
 * État des créances: its buckets' chart in both modes, its XLSX read back, the link to a client's
 * statement; État des règlements: the état des encaissements printed to PDF (A4 landscape).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessDate } from '../../server/domain/dates.js';
import { ROUTES } from '../../shared/routes.js';
import { browserSuiteEnabled, launchBrowser, login, newContext, step, watchErrors } from './support/browser.js';
import { E2E_ADMIN, type E2EServer, startServer } from './support/server.js';

const enabled = browserSuiteEnabled();
const today = businessDate('Africa/Abidjan');
const period = `from=${addDays(today, -60)}&to=${today}`;

const REPORTS: Array<{ name: string; url: string; views: string[] }> = [
  {
    name: 'Situation des ventes',
    url: ROUTES['reports.sales'],
    views: ['factures', 'etat-factures', 'paiements', 'produits', 'transferts', 'cumul'],
  },
  { name: 'Chiffre d’affaires', url: ROUTES['reports.turnover'], views: ['global', 'clients', 'jours', 'produits'] },
  { name: 'État de stock', url: ROUTES['reports.stock'], views: ['niveaux', 'categories', 'alerte', 'date'] },
  {
    name: 'État des règlements',
    url: ROUTES['reports.settlements'],
    views: ['modes', 'clients', 'utilisateurs', 'comptes', 'encaissements'],
  },
  { name: 'État des créances', url: ROUTES['reports.receivables'], views: ['clients', 'factures'] },
];

describe.skipIf(!enabled)('Éditions dans Chromium', () => {
  let server: E2EServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ demo: true }), launchBrowser()]);
    context = await newContext(browser, server.url);
    page = await context.newPage();
    errors = watchErrors(page);
    await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL('**/dashboard');
  }, 180_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  for (const report of REPORTS) {
    it(`${report.name}: every view opens with its figures and table, and exports to XLSX that reads back`, async () => {
      for (const view of report.views) {
        await step(`${report.name} › ${view}`, page, async () => {
          await page.goto(`${report.url}?view=${view}&${period}`);
          await expect.poll(() => page.locator('h1').first().textContent()).toContain(report.name);
          const tables = page.locator('[data-testid^="report-table-"]');
          expect(await tables.count()).toBeGreaterThan(0);
          const href = await page.locator('a[href*="/export"][href*="format=xlsx"]').first().getAttribute('href');
          expect(href).toContain(`view=${view}`);
          const res = await page.request.get(href!);
          expect(res.status()).toBe(200);
          const book = new ExcelJS.Workbook();
          await book.xlsx.load((await res.body()) as unknown as ArrayBuffer);
          expect(book.worksheets[0].rowCount).toBeGreaterThan(0);
        });
      }
      expect(errors).toEqual([]);
    }, 120_000);
  }

  it('draws the Chiffre d’affaires chart in light and in dark mode', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const ctx = await newContext(browser, server.url, { colorScheme });
      const p = await ctx.newPage();
      await login(p, E2E_ADMIN.email, E2E_ADMIN.password);
      await p.waitForURL('**/dashboard');
      await p.goto(`${ROUTES['reports.turnover']}?view=jours&${period}`);
      const chart = p.getByTestId('report-chart');
      await expect.poll(() => chart.getAttribute('data-theme')).toBe(colorScheme);
      // The canvas has pixels drawn (not a blank box).
      const drawn = await chart.locator('canvas').evaluate((c: HTMLCanvasElement) => {
        const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
        return n;
      });
      expect(drawn).toBeGreaterThan(1000);
      await ctx.close();
    }
  }, 120_000);

  it("État des créances: the buckets' chart in light and dark mode, the XLSX read back with its total row, each client linked to their statement", async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const ctx = await newContext(browser, server.url, { colorScheme });
      const p = await ctx.newPage();
      await login(p, E2E_ADMIN.email, E2E_ADMIN.password);
      await p.waitForURL('**/dashboard');
      await p.goto(`${ROUTES['reports.receivables']}?view=clients`);
      const chart = p.getByTestId('report-chart');
      await expect.poll(() => chart.getAttribute('data-theme')).toBe(colorScheme);
      const drawn = await chart.locator('canvas').evaluate((c: HTMLCanvasElement) => {
        const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
        return n;
      });
      expect(drawn).toBeGreaterThan(1000);
      await ctx.close();
    }
    await page.goto(`${ROUTES['reports.receivables']}?view=clients`);
    const statement = page.locator('a[href*="#client-statement-title"]').first();
    await statement.click();
    await page.getByTestId('client-statement').waitFor();
    await page.goto(`${ROUTES['reports.receivables']}?view=clients`);
    const href = await page.locator('a[href*="/export"][href*="format=xlsx"]').first().getAttribute('href');
    const res = await page.request.get(href!);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await res.body()) as unknown as ArrayBuffer);
    const rows = book.worksheets[0]
      .getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(expect.arrayContaining(['Client (relevé)', 'Total dû', '0–30 j', '> 90 j', 'Échu']));
    expect(rows.at(-1)?.[0]).toBe('Total');
    expect(rows.length).toBeGreaterThan(2);
    expect(errors).toEqual([]);
  }, 120_000);

  it('prints the état des encaissements (État des règlements, list of settlements) to an A4 landscape PDF', async () => {
    await page.goto(`${ROUTES['reports.settlements.print']}?view=encaissements&${period}`);
    await page.getByTestId('print-format').waitFor();
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    await page.emulateMedia({ media: null });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-report-pdf-'));
    try {
      const file = path.join(dir, 'encaissements.pdf');
      fs.writeFileSync(file, pdf);
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      const [, w, h] = info.match(/Page size:\s+([\d.]+) x ([\d.]+) pts/)!;
      expect(Math.round((Number(w) * 25.4) / 72)).toBe(297);
      expect(Math.round((Number(h) * 25.4) / 72)).toBe(210);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(errors).toEqual([]);
  }, 60_000);

  it('prints Chiffre d’affaires (journalier) to an A4 landscape PDF', async () => {
    await page.goto(`${ROUTES['reports.turnover.print']}?view=jours&${period}`);
    await page.getByTestId('print-format').waitFor();
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    await page.emulateMedia({ media: null });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-report-pdf-'));
    try {
      const file = path.join(dir, 'ca.pdf');
      fs.writeFileSync(file, pdf);
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      const [, w, h] = info.match(/Page size:\s+([\d.]+) x ([\d.]+) pts/)!;
      // A4 landscape: 297 × 210 mm.
      expect(Math.round((Number(w) * 25.4) / 72)).toBe(297);
      expect(Math.round((Number(h) * 25.4) / 72)).toBe(210);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(errors).toEqual([]);
  }, 60_000);
});
