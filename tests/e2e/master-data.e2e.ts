/**
 * Master data in a real browser (issue 4): create a category and a product, find the product by
 * its barcode in the picker, change its prices in the price centre (a bulk rule through its
 * preview, then an in-place edit) and see both changes in the product's price history.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserSuiteEnabled, launchBrowser, login, newContext, step, watchErrors } from './support/browser.js';
import { E2E_ADMIN, type E2EServer, startServer } from './support/server.js';

const enabled = browserSuiteEnabled();
const BARCODE = '6180000123457';
/** Amounts as displayed ("1 650 FCFA") with every kind of space made plain. */
const plain = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/gu, ' ').trim();

describe.skipIf(!enabled)('fichiers dans Chromium', () => {
  let server: E2EServer;
  let browser: Browser;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  it('catégorie, produit, code-barres dans le sélecteur, règle de prix avec aperçu, historique', async () => {
    context = await newContext(browser, server.url);
    const page: Page = await context.newPage();
    const errors = watchErrors(page);
    await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL('**/dashboard');

    await step('créer une catégorie', page, async () => {
      await page.goto('/fichiers/categories');
      await page.getByTestId('create-link').click();
      await page.waitForURL('**/fichiers/categories/create');
      await page.getByTestId('save').click();
      await page.getByText('Le champ nom est obligatoire.').waitFor();
      await page.getByLabel('Nom', { exact: true }).fill('Boissons gazeuses');
      await page.getByTestId('save').click();
      await page.waitForURL(/\/fichiers\/categories\/\d+$/);
      await page.getByText('Catégorie Boissons gazeuses créée.').first().waitFor();
    });

    let productUrl = '';
    await step('créer un produit', page, async () => {
      await page.goto('/fichiers/produits/create');
      await page.getByLabel('Désignation').fill('Limonade Fraîcheur 33 cl');
      await page.getByLabel('Code-barres').fill(BARCODE);
      await page.getByLabel('Catégorie', { exact: true }).selectOption({ label: 'Boissons gazeuses' });
      await page.getByLabel('Unité', { exact: true }).fill('bouteille');
      await page.getByLabel('Prix d’achat').fill('1000');
      await page.getByLabel('Prix de détail').fill('1 500');
      await page.getByLabel('Prix de gros').fill('1400');
      // Minimum above the wholesale price: refused on the field, nothing saved.
      await page.getByLabel('Prix minimum').fill('1450');
      await page.getByTestId('save').click();
      await page.locator('#' + (await page.getByLabel('Prix minimum').getAttribute('id')) + '-error').waitFor();
      expect(await page.getByLabel('Prix minimum').getAttribute('aria-invalid')).toBe('true');
      expect(page.url()).toMatch(/\/fichiers\/produits\/create$/);
      await page.getByLabel('Prix minimum').fill('1300');
      await page.getByTestId('save').click();
      await page.waitForURL(/\/fichiers\/produits\/\d+$/);
      productUrl = new URL(page.url()).pathname;
      expect(plain(await page.getByTestId('retail-price').textContent())).toContain('1 500 FCFA');
    });

    await step('trouver le produit par son code-barres', page, async () => {
      await page.goto('/fichiers/produits');
      // One search box on the list (not a second « ouvrir la fiche » picker above it).
      expect(await page.getByRole('searchbox').count()).toBe(1);
      expect(await page.getByLabel(/Ouvrir la fiche/).count()).toBe(0);
      const search = page.getByTestId('list-search');
      // Typing part of the name filters the list, which stays on screen; Enter opens the one product found.
      await search.fill('Fraîcheur');
      await page.waitForURL(/q=Fra/);
      await page.getByRole('link', { name: /Limonade Fraîcheur 33 cl/ }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/fichiers/produits');
      await search.press('Enter');
      await page.waitForURL((u) => u.pathname === productUrl);
      // A scanner types the barcode and Enter at once: the product opens without choosing.
      await page.goto('/fichiers/produits');
      await search.fill(BARCODE);
      await search.press('Enter');
      await page.waitForURL((u) => u.pathname === productUrl);
    });

    await step('règle de prix : aperçu puis application', page, async () => {
      await page.goto(`/fichiers/centraleprix?q=${BARCODE}`);
      await page.getByTestId('price-rule-toggle').click();
      await page.getByLabel('Prix à modifier').selectOption('retail_price');
      await page.getByLabel('Opération').selectOption('percent');
      await page.getByLabel('Pourcentage').fill('10');
      await page.getByLabel('Arrondi à').selectOption('5');
      await page.getByTestId('price-rule-preview').click();
      await page.waitForURL('**/fichiers/centraleprix/apercu?**');
      expect(plain(await page.getByTestId('summary-changed').locator('.app-stat-value').textContent())).toBe('1');
      const row = page.locator('[data-testid^="preview-row-"]');
      expect(await row.count()).toBe(1);
      const text = plain(await row.textContent());
      expect(text).toContain('1 500 FCFA');
      expect(text).toContain('1 650 FCFA');
      await page.getByTestId('rule-apply-open').click();
      await page.getByTestId('rule-apply-confirm').click();
      await page.waitForURL((u) => u.pathname === '/fichiers/centraleprix');
      await page
        .getByText(/Règle appliquée : 1 prix modifié/)
        .first()
        .waitFor();
      expect(await page.getByLabel('Détail — Limonade Fraîcheur 33 cl').inputValue()).toBe('1650');
    });

    await step('un prix refusé par le serveur reste dans sa case avec son erreur', page, async () => {
      const minimum = page.getByLabel('Minimum — Limonade Fraîcheur 33 cl');
      await minimum.fill('99999');
      await page.getByTestId('price-save').click();
      await page.locator('.app-price-grid .invalid-feedback').first().waitFor();
      expect(await minimum.getAttribute('aria-invalid')).toBe('true');
      expect(await minimum.inputValue()).toBe('99999');
      await minimum.fill('1300');
      await page.getByRole('button', { name: 'Annuler les modifications' }).click();
      await page.getByTestId('price-savebar').waitFor({ state: 'detached' });
    });

    await step('modifier un prix dans la grille', page, async () => {
      const wholesale = page.getByLabel('Gros — Limonade Fraîcheur 33 cl');
      await wholesale.fill('1450');
      await page.getByTestId('price-savebar').waitFor();
      await page.getByTestId('price-save').click();
      await page.getByText('Prix enregistrés pour 1 produit.').first().waitFor();
      await page.getByTestId('price-savebar').waitFor({ state: 'detached' });
      expect(await wholesale.inputValue()).toBe('1450');
    });

    await step('l’historique des prix du produit montre les deux changements', page, async () => {
      await page.goto(productUrl);
      const history = page.getByTestId('price-history');
      const rows = history.locator('tbody tr');
      await rows.nth(1).waitFor();
      expect(await rows.count()).toBe(2);
      const all = (await rows.allTextContents()).map(plain);
      expect(
        all.some(
          (r) =>
            r.includes('Prix de détail') &&
            r.includes('1 500 FCFA') &&
            r.includes('1 650 FCFA') &&
            r.includes('Règle de prix') &&
            r.includes('Administrateur'),
        ),
      ).toBe(true);
      expect(all.some((r) => r.includes('Prix de gros') && r.includes('1 400 FCFA') && r.includes('1 450 FCFA'))).toBe(
        true,
      );
      expect(plain(await page.getByTestId('retail-price').textContent())).toContain('1 650 FCFA');
    });

    await step('une catégorie utilisée ne se supprime pas ; elle s’archive et se réactive', page, async () => {
      await page.goto('/fichiers/categories?q=Boissons');
      await page.getByRole('link', { name: 'Boissons gazeuses' }).click();
      await page.getByTestId('usage-reasons').waitFor();
      expect(plain(await page.getByTestId('usage-reasons').textContent())).toMatch(/1 produit/);
      expect(await page.getByTestId('delete-open').count()).toBe(0);
      await page.getByTestId('archive-open').click();
      await page.getByTestId('archive-dialog-confirm').click();
      await page.getByTestId('restore-open').waitFor();
      expect(await page.locator('.app-hero').getByText('Archivée').count()).toBe(1);
      await page.getByTestId('restore-open').click();
      await page.getByTestId('restore-dialog-confirm').click();
      await page.getByTestId('archive-open').waitFor();
    });

    expect(errors).toEqual([]);
  });

  it('import de clients : erreurs ligne par ligne, puis import complet d’un fichier corrigé', async () => {
    context = await newContext(browser, server.url);
    const page: Page = await context.newPage();
    const errors = watchErrors(page);
    await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL('**/dashboard');
    const csv = (rows: string[]) => ({
      name: 'clients.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['Nom;Téléphone;Plafond de crédit', ...rows].join('\n'), 'utf8'),
    });

    await step('un fichier avec une ligne fausse est refusé en entier', page, async () => {
      await page.goto('/fichiers/clients/import');
      await page
        .getByLabel('Fichier CSV ou Excel (.xlsx)')
        .setInputFiles(csv(['Boutique Awa;+225 07 08 09 10 11;50000', ';+225 05 00 00 00 00;abc']));
      await page.getByTestId('import-preview').click();
      await page.getByTestId('import-has-errors').waitFor();
      const errorRow = page.locator('tr.table-danger');
      expect(await errorRow.count()).toBe(1);
      expect(plain(await errorRow.textContent())).toContain('Le champ nom est obligatoire.');
      expect(await page.getByTestId('import-apply-open').count()).toBe(0);
    });

    await step('le fichier corrigé est importé', page, async () => {
      await page
        .getByLabel('Fichier CSV ou Excel (.xlsx)')
        .setInputFiles(csv(['Boutique Awa;+225 07 08 09 10 11;50000', 'Ets Koné Frères;+225 05 00 00 00 00;0']));
      await page.getByTestId('import-preview').click();
      await page.getByTestId('import-apply-open').waitFor();
      await page.getByTestId('import-apply-open').click();
      await page.getByTestId('import-apply-confirm').click();
      await page.waitForURL((u) => u.pathname === '/fichiers/clients');
      await page
        .getByText(/Import terminé : 2\sclients créés/)
        .first()
        .waitFor();
      await page.getByTestId('list-search').fill('Koné');
      await page.waitForURL(/q=Kon/);
      await page.getByRole('link', { name: 'Ets Koné Frères' }).waitFor();
    });

    await step('la recherche des clients ouvre un client par son téléphone', page, async () => {
      expect(await page.getByLabel(/Ouvrir la fiche/).count()).toBe(0);
      const search = page.getByTestId('list-search');
      await search.fill('+225 05 00');
      await search.press('Enter');
      await page.waitForURL(/\/fichiers\/clients\/\d+$/);
      await page.getByRole('heading', { name: 'Ets Koné Frères' }).waitFor();
    });

    expect(errors).toEqual([]);
  });

  it('Paramètres › Société : un nouvel emplacement et sa caisse', async () => {
    context = await newContext(browser, server.url);
    const page: Page = await context.newPage();
    const errors = watchErrors(page);
    await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL('**/dashboard');

    await step('créer une boutique', page, async () => {
      await page.goto('/parametres/societe/emplacements');
      await page.getByTestId('create-link').click();
      await page.waitForURL('**/emplacements/create');
      await page.getByLabel('Nom', { exact: true }).fill('Boutique Marché Central');
      // the suggested code follows the kind, until the user types one
      const code = page.getByLabel('Code', { exact: true });
      expect(await code.inputValue()).toBe('BTQ02');
      await page.getByLabel('Type', { exact: true }).selectOption('depot');
      expect(await code.inputValue()).toBe('DEP02');
      await page.getByLabel('Type', { exact: true }).selectOption('boutique');
      expect(await code.inputValue()).toBe('BTQ02');
      await code.fill('MARCHE');
      await page.getByLabel('Type', { exact: true }).selectOption('depot');
      expect(await code.inputValue()).toBe('MARCHE');
      await page.getByLabel('Type', { exact: true }).selectOption('boutique');
      await page.getByTestId('save').click();
      await page.waitForURL(/\/emplacements\/\d+$/);
      expect(await page.getByLabel('Code', { exact: true }).inputValue()).toBe('MARCHE');
    });

    await step('lui rattacher une caisse', page, async () => {
      await page.goto('/parametres/societe/caisses');
      await page.getByRole('link', { name: 'Emplacements' }).waitFor();
      await page.getByTestId('create-link').click();
      await page.waitForURL('**/caisses/create');
      await page.getByTestId('save').click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await page.getByLabel('Nom', { exact: true }).fill('Caisse Marché Central');
      await page.getByLabel('Emplacement', { exact: true }).selectOption({ label: 'Boutique Marché Central' });
      await page.getByTestId('save').click();
      await page.waitForURL(/\/caisses\/\d+$/);
      await page.goto('/parametres/societe/caisses');
      const row = page.locator('tr', { hasText: 'Caisse Marché Central' });
      await row.waitFor();
      expect(plain(await row.textContent())).toContain('Boutique Marché Central');
    });

    expect(errors).toEqual([]);
  });
});
