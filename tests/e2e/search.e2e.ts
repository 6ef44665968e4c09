/**
 * Search in a real browser (issue 12): Ctrl+K opens the global search, a product name typed with
 * a typo is found, ↓ then Enter opens the product page; in a document's product picker, « riz »
 * then Enter adds the first rice at once. Screenshots of the search dropdown (desktop and phone,
 * light and dark) are written to tests/e2e/artifacts/ to be looked at.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
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

describe.skipIf(!enabled)('recherche dans Chromium', () => {
  let server: E2EServer;
  let browser: Browser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const db = server.db;
    const now = nowIso();
    await insertReturningId(
      db,
      'suppliers',
      withSearchName({ code: 'FRS001', name: 'Ciments du Sahel', created_at: now, updated_at: now }),
    );
    await insertReturningId(
      db,
      'clients',
      withSearchName({
        code: 'CL00001',
        name: 'Cimenterie Koné',
        kind: 'entreprise',
        price_level: 'gros',
        credit_limit: 0,
        created_at: now,
        updated_at: now,
      }),
    );
    const category = await insertReturningId(
      db,
      'categories',
      withSearchName({ code: 'MAT', name: 'Matériaux', created_at: now, updated_at: now }),
    );
    const product = (code: string, name: string, unit: string, barcode: string | null = null) =>
      insertReturningId(
        db,
        'products',
        withSearchName({
          code,
          barcode,
          name,
          category_id: category,
          unit,
          pack_size: 1,
          purchase_price: 4000,
          cmup: 4000,
          retail_price: 5000,
          wholesale_price: 4800,
          min_price: 4500,
          active: true,
          created_at: now,
          updated_at: now,
        }),
      );
    ids.cpj = await product('CIM45', 'Ciment CPJ 45', 'sac', '6001112223334');
    ids.white = await product('CIMBL', 'Ciment blanc 25 kg', 'sac');
    ids.broken = await product('RIZ50', 'Riz brisé 50 kg', 'sac');
    ids.fragrant = await product('RIZ25', 'Riz parfumé 25 kg', 'sac');
    const supplier = Number((await db('suppliers').first('id'))!.id);
    const depot = Number((await db('locations').where({ code: 'DEP01' }).first('id'))!.id);
    await insertReturningId(db, 'stock_entries', {
      number: 'ENT-2026-000007',
      supplier_id: supplier,
      location_id: depot,
      entry_date: '2026-11-20',
      status: 'validated',
      line_count: 1,
      total_quantity: 10,
      total_amount: 40000,
      created_at: now,
      updated_at: now,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function signedIn(
    options: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {},
  ): Promise<{ page: Page; errors: string[] }> {
    const context = await newContext(browser, server.url, options);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL('**/dashboard');
    return { page, errors };
  }

  it('Ctrl+K, un nom avec une faute, ↓, Entrée : la fiche du produit', async () => {
    const { page, errors } = await signedIn();
    await step('Ctrl+K ouvre la recherche, le champ a le focus', page, async () => {
      await page.keyboard.press('Control+k');
      const input = page.getByTestId('header-search-input');
      await input.waitFor();
      expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    });
    await step('« cimnet » trouve les ciments, groupés', page, async () => {
      await page.keyboard.type('cimnet');
      const options = page.getByTestId('header-search-results').getByRole('option');
      await expect
        .poll(() => options.allTextContents())
        .toEqual([
          expect.stringContaining('Ciment CPJ 45'),
          expect.stringContaining('Ciment blanc 25 kg'),
          expect.stringContaining('Cimenterie Koné'),
          expect.stringContaining('Ciments du Sahel'),
        ]);
      expect(await page.getByTestId('header-search-group-products').textContent()).toBe('Produits');
      expect(await page.getByTestId('header-search-group-clients').textContent()).toBe('Clients');
      expect(await page.getByTestId('header-search-group-suppliers').textContent()).toBe('Fournisseurs');
      // the first result is highlighted
      expect(await options.first().getAttribute('aria-selected')).toBe('true');
    });
    await step('↓ puis Entrée ouvre la fiche', page, async () => {
      await page.keyboard.press('ArrowDown');
      expect(
        await page.getByTestId('header-search-results').getByRole('option').nth(1).getAttribute('aria-selected'),
      ).toBe('true');
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/fichiers/produits/${ids.white}`);
      await page.getByTestId('header-search').waitFor({ state: 'detached' });
    });
    await step('« / » rouvre la recherche ; un numéro de document ; Échap la ferme', page, async () => {
      await page.locator('body').click({ position: { x: 5, y: 300 } });
      await page.keyboard.press('/');
      await page.getByTestId('header-search-input').waitFor();
      await page.keyboard.type('ent-2026-7');
      await expect
        .poll(() => page.getByTestId('header-search-results').getByRole('option').allTextContents())
        .toEqual([expect.stringContaining('ENT-2026-000007')]);
      await page.keyboard.press('Escape');
      await page.getByTestId('header-search').waitFor({ state: 'detached' });
    });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sélecteur de produit : « riz » puis Entrée ajoute la ligne du premier riz', async () => {
    const { page, errors } = await signedIn();
    await page.goto('/operations/entreestock/create');
    const picker = page.getByRole('combobox', { name: 'Ajouter un produit' });
    await step('« riz » + Entrée', page, async () => {
      await picker.fill('riz');
      await picker.press('Enter');
      // the first result: codes first (RIZ25 before RIZ50)
      await expect.poll(() => page.getByTestId('entry-line-0').textContent()).toContain('Riz parfumé 25 kg');
    });
    await step('après la réponse : le premier résultat est surligné, Entrée le prend', page, async () => {
      await picker.fill('riz bris');
      await expect
        .poll(() => page.getByTestId('entry-product-picker').getByRole('option').first().getAttribute('aria-selected'))
        .toBe('true');
      await picker.press('Enter');
      await expect.poll(() => page.getByTestId('entry-line-1').textContent()).toContain('Riz brisé 50 kg');
    });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('captures : liste déroulante de la recherche, bureau et téléphone, clair et sombre', async () => {
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    for (const [width, height] of [
      [1366, 768],
      [390, 844],
    ]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page } = await signedIn({ width, height, colorScheme });
        await page.getByTestId('header-search-toggle').click();
        await page.getByTestId('header-search-input').fill('ci');
        await expect
          .poll(() => page.getByTestId('header-search-results').getByRole('option').count())
          .toBeGreaterThan(3);
        await page.screenshot({ path: path.join(ARTIFACTS_DIR, `search-${width}-${colorScheme}.png`) });
        // a document: number, type, date and status badge
        await page.getByTestId('header-search-input').fill('ENT-2026');
        await expect.poll(() => page.getByTestId('header-search-results').textContent()).toContain('ENT-2026-000007');
        await page.screenshot({ path: path.join(ARTIFACTS_DIR, `search-documents-${width}-${colorScheme}.png`) });
        await page.context().close();
      }
    }
  });
});
