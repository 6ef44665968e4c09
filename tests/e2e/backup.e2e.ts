/**
 * Paramètres › Sauvegarde in a real browser, at 1366 px and 390 px: « Sauvegarder maintenant »
 * (through the password confirmation), the verified backup in the list without sideways
 * scrolling, then a restore from the list: the password typed in the dialog, the change made after
 * the backup gone, everyone sent to the login page with the news. Screenshots (light and dark)
 * go to tests/e2e/artifacts/.
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
import { horizontalOverflows } from './support/screens.js';
import { E2E_ADMIN, type E2EServer, startServer } from './support/server.js';

const enabled = browserSuiteEnabled();

describe.skipIf(!enabled)('sauvegarde et restauration dans Chromium', () => {
  let server: E2EServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function signedIn(
    width: number,
    colorScheme: 'light' | 'dark' = 'light',
  ): Promise<{ page: Page; errors: string[] }> {
    const context = await newContext(browser, server.url, { width, height: width > 1000 ? 768 : 844, colorScheme });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL('**/dashboard');
    return { page, errors };
  }

  for (const width of [1366, 390]) {
    it(`sauvegarder puis restaurer depuis la liste (${width} px)`, async () => {
      const { page, errors } = await signedIn(width);
      const rows = page.locator('[data-testid^="backup-sdstock-"]');
      let before = 0;
      await step('« Sauvegarder maintenant » demande le mot de passe, puis sauvegarde', page, async () => {
        await page.goto('/parametres/sauvegarde');
        await page.getByTestId('backup-now').waitFor();
        before = await rows.count();
        await page.getByTestId('backup-now').click();
        await page.waitForURL('**/confirm-password');
        await page.getByLabel('Mot de passe', { exact: true }).fill(E2E_ADMIN.password);
        await page.getByRole('button', { name: /Confirmer/ }).click();
        await page.waitForURL('**/parametres/sauvegarde');
        await page.getByTestId('backup-now').click();
        await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(before + 1);
        expect(await rows.first().textContent()).toContain('Vérifiée');
        expect(await horizontalOverflows(page)).toEqual([]);
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.waitForTimeout(300);
          await page.screenshot({ path: path.join(ARTIFACTS_DIR, `backup-${width}-${scheme}.png`), fullPage: true });
        }
        await page.emulateMedia({ colorScheme: 'light' });
      });

      const code = `E2E${width}`;
      const now = nowIso();
      await insertReturningId(
        server.db,
        'categories',
        withSearchName({ code, name: `Après la sauvegarde ${width}`, created_at: now, updated_at: now }),
      );

      await step('« Restaurer » : le mot de passe dans la boîte, puis la page de connexion', page, async () => {
        await rows.first().getByRole('button', { name: 'Restaurer' }).click();
        const dialog = page.getByTestId('restore-dialog');
        await dialog.waitFor();
        await page.locator('#restore-password').fill('pas-le-bon');
        await page.getByTestId('restore-dialog-confirm').click();
        await dialog.getByText('Le mot de passe est incorrect.').waitFor();
        await page.screenshot({ path: path.join(ARTIFACTS_DIR, `backup-restore-dialog-${width}.png`) });
        await page.locator('#restore-password').fill(E2E_ADMIN.password);
        await page.getByTestId('restore-dialog-confirm').click();
        await page.waitForURL('**/login', { timeout: 30_000 });
        await page.getByText(/Base restaurée depuis la sauvegarde/).waitFor();
        expect(await server.db('categories').where({ code }).first()).toBeUndefined();
      });

      await step(
        'l’application répond toujours : reconnexion, la liste montre la copie d’avant restauration',
        page,
        async () => {
          await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
          await page.waitForURL('**/dashboard');
          await page.goto('/parametres/sauvegarde');
          await page.getByTestId('backups').getByText('Avant restauration').first().waitFor();
        },
      );
      expect(errors).toEqual([]);
    });
  }
});
