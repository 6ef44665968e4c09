/**
 * The date field in a Chromium whose language is English (`--lang=en-US`, locale en-US): an
 * <input type="date"> would read « 02/11/2025 » as 11 February; DateInput reads it jj/mm/aaaa
 * whatever the browser's language — typed 02/11/2025 reaches the server as 2025-11-02 and is shown
 * back as 02/11/2025, « 2/11/25 » too, an impossible date says so in French, and the calendar
 * (French months, weeks from Monday) picks a day. SCREENSHOT_DIR=/some/dir keeps screenshots of the
 * open calendar at 1366 and 390 px, light and dark.
 */
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_PATH, browserSuiteEnabled, login, step, watchErrors } from './support/browser.js';
import { E2E_ADMIN, type E2EServer, startServer } from './support/server.js';

const shotDir = process.env.SCREENSHOT_DIR ?? '';

describe.skipIf(!browserSuiteEnabled())('date fields in an English Chromium', () => {
  let server: E2EServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer(),
      chromium.launch({
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--no-first-run',
          '--lang=en-US',
        ],
      }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const englishPage = async (options: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {}) => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: options.width ?? 1366, height: options.height ?? 768 },
      colorScheme: options.colorScheme ?? 'light',
      locale: 'en-US',
      timezoneId: 'Africa/Abidjan',
    });
    const origin = new URL(server.url).origin;
    await context.route(
      (url) => url.origin !== origin,
      (r) => r.abort('internetdisconnected'),
    );
    context.setDefaultTimeout(10_000);
    return context.newPage();
  };
  /** The filters the server answered with, from the Inertia response of the list's reload. */
  const answeredFilters = async (page: Page, action: () => Promise<void>) => {
    const [response] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes('/operations/entreestock?') && r.request().headers()['x-inertia'] === 'true',
      ),
      action(),
    ]);
    return ((await response.json()) as { props: { filters: { from: string; to: string } } }).props.filters;
  };

  it('typed day first, sent as ISO, shown back as jj/mm/aaaa', async () => {
    const page = await englishPage();
    const errors = watchErrors(page);
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL('**/dashboard');
    // A period of its own, never the default one (the last 30 days would make 02/11 no change on 2 December).
    await page.goto('/operations/entreestock?from=2025-10-01&to=2025-10-31');
    const from = page.getByLabel('Du', { exact: true });
    const to = page.getByLabel('Au', { exact: true });

    await step('02/11/2025 est le 2 novembre', page, async () => {
      await to.fill('30/11/2025');
      expect((await answeredFilters(page, () => to.press('Enter'))).to).toBe('2025-11-30');
      await from.fill('02/11/2025');
      const filters = await answeredFilters(page, () => from.press('Enter'));
      expect(filters.from).toBe('2025-11-02');
      // The address follows once the page has taken the answer in.
      await page.waitForURL((url) => url.searchParams.get('from') === '2025-11-02');
      expect(await from.inputValue()).toBe('02/11/2025');
      expect(await from.getAttribute('type')).toBe('text');
    });

    await step('2/11/25 aussi, relu 02/11/2025', page, async () => {
      await from.fill('1/11/25');
      expect((await answeredFilters(page, () => from.press('Tab'))).from).toBe('2025-11-01');
      await from.fill('2/11/25');
      expect((await answeredFilters(page, () => from.press('Enter'))).from).toBe('2025-11-02');
      expect(await from.inputValue()).toBe('02/11/2025');
    });

    await step('une date impossible le dit en français, rien n’est envoyé', page, async () => {
      const before = page.url();
      await from.fill('31/02/2025');
      await from.press('Enter');
      await page.getByRole('alert').filter({ hasText: 'Le 31/02/2025 n’existe pas dans le calendrier.' }).waitFor();
      expect(await from.getAttribute('aria-invalid')).toBe('true');
      await from.fill('11/2025/02');
      await from.press('Enter');
      await page
        .getByRole('alert')
        .filter({ hasText: /Date invalide : saisissez-la au format jj\/mm\/aaaa/ })
        .waitFor();
      expect(page.url()).toBe(before);
    });

    await step('le calendrier, en français, choisit un jour', page, async () => {
      await from.fill('02/11/2025');
      await from.press('Enter');
      await page.waitForURL(/from=2025-11-02/);
      await page
        .getByRole('button', { name: /Choisir la date dans le calendrier \(date saisie : 02\/11\/2025\)/ })
        .click();
      const calendar = page.getByRole('dialog', { name: 'Calendrier' });
      await calendar.waitFor();
      await expect.poll(() => calendar.textContent()).toMatch(/nov/i);
      expect(await calendar.textContent()).toMatch(/lu.*ma.*me.*je.*ve.*sa.*di/i);
      if (shotDir) await page.screenshot({ path: path.join(shotDir, 'date-calendar-1366-light.png') });
      const filters = await answeredFilters(page, () =>
        calendar.getByRole('button', { name: /^mercredi 12 novembre 2025/ }).click(),
      );
      expect(filters.from).toBe('2025-11-12');
      expect(await from.inputValue()).toBe('12/11/2025');
      await expect.poll(() => calendar.count()).toBe(0);
      // Escape closes it without choosing, focus back in the field.
      await page
        .getByRole('button', { name: /Choisir la date dans le calendrier \(date saisie : 12\/11\/2025\)/ })
        .click();
      await calendar.waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => calendar.count()).toBe(0);
      expect(await from.evaluate((el) => el === document.activeElement)).toBe(true);
    });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the calendar opens inside the screen at 390 px and in dark mode (screenshots with SCREENSHOT_DIR)', async () => {
    for (const [width, height, scheme] of [
      [390, 844, 'light'],
      [390, 844, 'dark'],
      [1366, 768, 'dark'],
    ] as const) {
      const page = await englishPage({ width, height, colorScheme: scheme });
      await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.waitForURL('**/dashboard');
      await page.goto('/operations/entreestock?from=2025-11-02&to=2025-11-30');
      await page
        .getByRole('button', { name: /Choisir la date dans le calendrier \(date saisie : 02\/11\/2025\)/ })
        .click();
      const calendar = page.getByRole('dialog', { name: 'Calendrier' });
      await calendar.getByRole('grid').waitFor();
      const box = (await calendar.boundingBox())!;
      expect([box.x >= 0, box.x + box.width <= width], `${width} px, ${scheme}`).toEqual([true, true]);
      await expect.poll(() => calendar.getByRole('button', { name: /^dimanche 2 novembre 2025/ }).count()).toBe(1);
      if (shotDir) await page.screenshot({ path: path.join(shotDir, `date-calendar-${width}-${scheme}.png`) });
      await page.context().close();
    }
  });
});
