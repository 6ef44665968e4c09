/**
 * Paramètres › Rôles et permissions in a real browser: the administrator confirms the password,
 * removes a permission from the Caissier role in the matrix, and the cashier — already signed in,
 * no new login — loses the menu entry on the next page and gets the 403 page at its URL.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/services/accounts/create-user.js';
import { browserSuiteEnabled, launchBrowser, login, newContext, step, watchErrors } from './support/browser.js';
import { E2E_ADMIN, type E2EServer, startServer } from './support/server.js';

const enabled = browserSuiteEnabled();
const CASHIER = { name: 'Awa Koné', email: 'caissiere@test.local', password: 'Caisse-Secret-123' };

describe.skipIf(!enabled)('rôles et permissions dans Chromium', () => {
  let server: E2EServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    await createUser(server.db, { ...CASHIER, roleNames: ['Caissier'], verified: true });
  });

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
  });

  async function open(): Promise<Page> {
    const context = await newContext(browser, server.url);
    contexts.push(context);
    return context.newPage();
  }

  /** The menu entries a user sees: every submenu opened, then the links' addresses. */
  async function menuLinks(page: Page): Promise<string[]> {
    const sidebar = page.getByTestId('sidebar');
    for (const name of ['Fichiers', 'Opérations']) {
      const toggle = sidebar.getByRole('button', { name, exact: true });
      if ((await toggle.count()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    }
    return sidebar.locator('a.nav-main-link').evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
  }

  it('l’administrateur retire une permission et le menu du caissier la perd à la page suivante', async () => {
    const cashier = await open();
    const admin = await open();
    const errors = [...watchErrors(cashier), ...watchErrors(admin)];

    await step('le caissier est connecté et voit Clients', cashier, async () => {
      await login(cashier, CASHIER.email, CASHIER.password);
      await cashier.waitForURL('**/dashboard');
      expect(await menuLinks(cashier)).toContain('/fichiers/clients');
      expect(await cashier.getByTestId('dashboard-areas').locator('.app-area-name').allTextContents()).toContain(
        'Clients',
      );
    });

    await step('l’administrateur confirme son mot de passe et ouvre le rôle Caissier', admin, async () => {
      await login(admin, E2E_ADMIN.email, E2E_ADMIN.password);
      await admin.waitForURL('**/dashboard');
      await admin.goto('/admin/role-permissions');
      await admin.waitForURL('**/confirm-password');
      await admin.getByLabel('Mot de passe', { exact: true }).fill(E2E_ADMIN.password);
      await admin.getByRole('button', { name: 'Confirmer' }).click();
      await admin.waitForURL('**/admin/role-permissions');
      await admin.getByTestId('roles-table').getByRole('link', { name: 'Caissier', exact: true }).click();
      await admin.getByTestId('permission-matrix').waitFor();
    });

    await step('il décoche « Clients » et enregistre', admin, async () => {
      const box = admin.locator('[data-permission="menu.clients"]');
      expect(await box.isChecked()).toBe(true);
      await box.uncheck();
      await admin.getByTestId('role-form').getByTestId('save').click();
      await admin.getByText(/Rôle « Caissier » enregistré/).waitFor();
      expect(await admin.locator('[data-permission="menu.clients"]').isChecked()).toBe(false);
    });

    await step('page suivante du caissier : plus de Clients, et 403 à son adresse', cashier, async () => {
      // An in-app navigation, without signing in again.
      await cashier.getByTestId('sidebar').getByRole('link', { name: 'Tableau de Bord' }).click();
      await cashier.waitForFunction(() => !document.querySelector('#nprogress'));
      await expect
        .poll(() => cashier.getByTestId('dashboard-areas').locator('.app-area-name').allTextContents())
        .not.toContain('Clients');
      const links = await menuLinks(cashier);
      expect(links).not.toContain('/fichiers/clients');
      expect(links).toContain('/dashboard');
      await cashier.goto('/fichiers/clients');
      expect(await cashier.getByTestId('error-page').getAttribute('data-status')).toBe('403');
    });

    await step('« Tout cocher » coche puis décoche toute l’aire', admin, async () => {
      await admin.goto('/admin/role-permissions');
      await admin.getByTestId('roles-table').getByRole('link', { name: 'Magasinier', exact: true }).click();
      await admin.waitForURL(/\/admin\/role-permissions\/\d+$/);
      const area = admin.getByTestId('area-support');
      await area.waitFor();
      const boxes = area.locator('[data-permission]');
      const checked = () => boxes.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).checked));
      expect(await checked()).toContain(false);
      expect(await admin.getByTestId('all-support').evaluate((e) => (e as HTMLInputElement).indeterminate)).toBe(true);
      await admin.getByTestId('all-support').check();
      expect((await checked()).every(Boolean)).toBe(true);
      await admin.getByTestId('all-support').uncheck();
      expect((await checked()).some(Boolean)).toBe(false);
    });

    await step('le rôle Administrateur reste verrouillé', admin, async () => {
      await admin.goto('/admin/role-permissions');
      await admin.getByTestId('roles-table').getByRole('link', { name: 'Administrateur', exact: true }).click();
      await admin.getByTestId('admin-locked').waitFor();
      const boxes = admin.getByTestId('permission-matrix').locator('input[type="checkbox"]');
      const states = await boxes.evaluateAll((els) =>
        els.map((e) => (e as HTMLInputElement).checked && (e as HTMLInputElement).matches(':disabled')),
      );
      expect(states.length).toBeGreaterThan(50);
      expect(states.every(Boolean)).toBe(true);
    });

    expect(errors).toEqual([]);
  });
});
