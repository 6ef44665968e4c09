/**
 * Tableau de bord (issue 17) in Chromium on the small demo data set: the chart of the last 30 days
 * is drawn (a canvas with pixels) in light and in dark mode, once the page is shown — its Chart.js
 * chunk loaded on its own, never with the page —; every card opens its screen; the page fits at
 * 1366, 390 and 375 px without sideways scrolling; printed, it keeps the chart. Screenshots go to
 * tests/e2e/artifacts/dashboard/ (git-ignored) for a look.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../shared/routes.js';
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

const enabled = browserSuiteEnabled();
const SHOTS = path.join(ARTIFACTS_DIR, 'dashboard');

/** Pixels drawn on the chart's canvas (not a blank box). */
const drawnPixels = (page: Page) =>
  page
    .getByTestId('dashboard-sales-chart')
    .locator('canvas')
    .evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
      return n;
    });

/** The month's best sellers are drawn: their list, or — the 1st of a month, before any sale — the empty state. */
async function topProductsShown(page: Page) {
  await page.getByTestId('dashboard-top-products').locator('li, .card-body.text-center').first().waitFor();
}

/** Every account name of the balances card is shown whole: wrapped, never cut with an ellipsis. */
async function namesWhole(page: Page) {
  const names = page.getByTestId('dashboard-account-name');
  await names.first().waitFor();
  const cut = await names.evaluateAll((els) =>
    els
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || getComputedStyle(el).textOverflow === 'ellipsis')
      .map((el) => el.textContent),
  );
  expect(cut).toEqual([]);
}

describe.skipIf(!enabled)('Tableau de bord dans Chromium', () => {
  let server: E2EServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ demo: true }), launchBrowser()]);
    fs.mkdirSync(SHOTS, { recursive: true });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`draws the 30-day chart in ${colorScheme} mode, loading Chart.js after the page`, async () => {
      const ctx = await newContext(browser, server.url, { colorScheme });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
      await step(`graphique ${colorScheme}`, page, async () => {
        await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
        await page.waitForURL('**/dashboard');
        await page.getByTestId('dashboard-sales-today').waitFor();
        const chart = page.getByTestId('dashboard-sales-chart');
        await chart.waitFor({ timeout: 20_000 });
        await expect.poll(() => chart.getAttribute('data-theme')).toBe(colorScheme);
        await expect.poll(() => drawnPixels(page), { timeout: 10_000 }).toBeGreaterThan(1000);
        // Chart.js came in its own chunk (ReportChart-…), requested after the page's.
        const dashboardAt = scripts.findIndex((s) => /\/Dashboard-[^/]+\.js$/.test(s));
        const chartAt = scripts.findIndex((s) => /\/ReportChart-[^/]+\.js$/.test(s));
        expect(dashboardAt).toBeGreaterThanOrEqual(0);
        expect(chartAt).toBeGreaterThan(dashboardAt);
        await topProductsShown(page);
        await namesWhole(page);
        await page.screenshot({ path: path.join(SHOTS, `dashboard-1366-${colorScheme}.png`), fullPage: true });
      });
      expect(errors).toEqual([]);
      await ctx.close();
    }, 120_000);
  }

  it('opens the screen of each card', async () => {
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL('**/dashboard');
    const cards: Array<[string, string]> = [
      ['dashboard-sales-today-link', ROUTES['reports.turnover']],
      ['dashboard-sales-month-link', ROUTES['reports.turnover']],
      ['dashboard-receivables-link', ''],
      ['dashboard-treasury-link', ROUTES['cash.index']],
      ['dashboard-accounts-link', ROUTES['cash.index']],
      ['dashboard-low-stock-link', ROUTES['reports.stock']],
      ['dashboard-top-products-link', ROUTES['reports.turnover']],
      ['dashboard-chart-link', ROUTES['reports.turnover']],
    ];
    for (const [testId, path] of cards) {
      await step(`carte ${testId}`, page, async () => {
        await page.goto('/dashboard');
        const link = page.getByTestId(testId);
        // Deferred cards link once their props are there.
        await link.waitFor();
        const href = (await link.getAttribute('href'))!;
        if (path) expect(new URL(href, server.url).pathname).toBe(path);
        await link.click();
        await page.waitForURL((u) => u.pathname === new URL(href, server.url).pathname);
        await page.locator('h1').first().waitFor();
        expect(await page.locator('[data-testid="error-page"]').count()).toBe(0);
      });
    }
    // A last document opens its page.
    await page.goto('/dashboard');
    const doc = page.getByTestId('dashboard-documents').locator('a').first();
    const docHref = (await doc.getAttribute('href'))!;
    await doc.click();
    await page.waitForURL((u) => u.pathname === docHref);
    await page.locator('h1').first().waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  }, 120_000);

  for (const [width, height] of [
    [390, 844],
    [375, 812],
  ]) {
    it(`fits ${width} px wide, light and dark`, async () => {
      for (const colorScheme of ['light', 'dark'] as const) {
        const ctx = await newContext(browser, server.url, { width, height, colorScheme });
        const page = await ctx.newPage();
        await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
        await page.waitForURL('**/dashboard');
        await page.getByTestId('dashboard-sales-chart').waitFor({ timeout: 20_000 });
        await topProductsShown(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await namesWhole(page);
        // The day is compared with yesterday and the same day last month.
        await page.getByTestId('dashboard-sales-today-vs-yesterday').waitFor();
        await page.getByTestId('dashboard-sales-today-vs-last_month_day').waitFor();
        // Each comparison fits its card (its amount and trends wrap, never run over the edge).
        const overrun = await page
          .locator('.app-dash-compare li')
          .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
        expect(overrun).toEqual([]);
        await page.screenshot({ path: path.join(SHOTS, `dashboard-${width}-${colorScheme}.png`), fullPage: true });
        await ctx.close();
      }
    }, 120_000);
  }

  it('prints with its chart, black on white even in dark mode', async () => {
    const ctx = await newContext(browser, server.url, { colorScheme: 'dark' });
    const page = await ctx.newPage();
    await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.getByTestId('dashboard-sales-chart').waitFor({ timeout: 20_000 });
    await page.emulateMedia({ media: 'print' });
    const chart = page.getByTestId('dashboard-sales-chart');
    await expect.poll(() => chart.getAttribute('data-theme')).toBe('light');
    const shown = await page.evaluate(() => ({
      sidebar: getComputedStyle(document.getElementById('sidebar')!).display,
      color: getComputedStyle(document.querySelector('.app-dash-value')!).color,
    }));
    expect(shown.sidebar).toBe('none');
    expect(shown.color).toMatch(/rgb\((0|33), (0|37), (0|41)\)/);
    fs.writeFileSync(path.join(SHOTS, 'dashboard-print.pdf'), await page.pdf({ format: 'A4', printBackground: false }));
    await page.emulateMedia({ media: null });
    await ctx.close();
  }, 60_000);
});
