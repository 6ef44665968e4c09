/**
 * Visual review helper (not a test): screenshots of every shell page at 1366 px and 375 px, in
 * light and dark mode, into tests/e2e/artifacts/screens/. Run: npx tsx tests/e2e/screenshots.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, launchBrowser, login, newContext } from './support/browser.js';
import { E2E_ADMIN, startServer } from './support/server.js';

const only = process.argv.slice(2);
const out = path.join(ARTIFACTS_DIR, 'screens');
fs.mkdirSync(out, { recursive: true });

const server = await startServer();
const browser = await launchBrowser();
try {
  for (const width of [1366, 375]) {
    for (const scheme of ['light', 'dark'] as const) {
      const ctx = await newContext(browser, server.url, {
        width,
        height: width > 1000 ? 850 : 780,
        colorScheme: scheme,
      });
      const page = await ctx.newPage();
      page.on('pageerror', (e) => console.error('pageerror', e.message));
      const shot = async (name: string, p: Page = page, full = true) => {
        if (only.length && !only.some((o) => name.includes(o))) return;
        await p.waitForTimeout(350);
        await p.screenshot({ path: path.join(out, `${name}-${width}-${scheme}.png`), fullPage: full });
      };
      await page.goto('/');
      await shot('welcome');
      await page.goto('/login');
      await shot('login');
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.waitForSelector('.invalid-feedback');
      await shot('login-errors');
      await page.goto('/register');
      await shot('register');
      await page.goto('/forgot-password');
      await shot('forgot');
      await page.goto('/reset-password/abc?email=a@b.c');
      await shot('reset');
      await page.goto('/nope-404');
      await shot('404');
      await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.waitForURL('**/dashboard');
      await shot('dashboard');
      if (width < 1000) {
        await page.getByTestId('sidebar-toggle').click();
        await shot('sidebar-mobile', page, false);
        await page.getByTestId('sidebar-close').click();
      } else {
        await page
          .getByRole('button', { name: /Opérations/ })
          .first()
          .click();
        await page
          .getByRole('button', { name: /Trésorerie/ })
          .first()
          .click();
        await shot('sidebar-open-submenu', page, false);
        await page.getByTestId('sidebar-mini-toggle').click();
        await page.locator('.nav-main > .nav-main-item').nth(2).hover();
        await shot('sidebar-mini', page, false);
        await page.getByTestId('sidebar-mini-toggle').click();
      }
      await page.getByTestId('side-overlay-toggle').click();
      await shot('side-overlay', page, false);
      await page.keyboard.press('Escape');
      await page.getByTestId('header-search-toggle').click();
      await page.keyboard.type('regl');
      await shot('header-search', page, false);
      await page.keyboard.press('Escape');
      await page.getByTestId('user-menu').getByRole('button').first().click();
      await shot('user-menu', page, false);
      await page.keyboard.press('Escape');
      await page.getByTestId('sidebar-toggle').first();
      await page
        .getByTestId('appearance-toggle')
        .first()
        .click()
        .catch(() => undefined);
      if (width > 1000) await shot('appearance-menu', page, false);
      await page.keyboard.press('Escape');
      await page.goto('/profile');
      await shot('profile');
      if (await page.getByTestId('delete-account-open').isEnabled()) {
        await page.getByTestId('delete-account-open').click();
        await shot('profile-delete-modal', page, false);
        await page.keyboard.press('Escape');
      }
      await page.goto('/fichiers/clients-inexistant');
      await shot('404-auth');
      await page.goto('/confirm-password');
      await shot('confirm');
      await ctx.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`captures dans ${out}`);
