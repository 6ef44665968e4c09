/**
 * Debian's Chromium driven by playwright-core. When Chromium is missing: locally the suite is
 * skipped with a loud message; in CI (CI=true) it fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '../artifacts');

export function chromiumAvailable(): boolean {
  return fs.existsSync(CHROMIUM_PATH);
}

export const inCI = () => /^(1|true|yes)$/i.test(process.env.CI ?? '');

/** Decides once whether the suite runs; prints why it does not. */
export function browserSuiteEnabled(): boolean {
  if (chromiumAvailable()) return true;
  const banner = [
    '',
    '#'.repeat(78),
    `#  TESTS NAVIGATEUR (e2e) : Chromium introuvable (${CHROMIUM_PATH}).`,
    inCI()
      ? '#  CI=true : les tests navigateur ne doivent jamais être sautés — ÉCHEC.'
      : '#  Suite e2e SAUTÉE. Installez-le : sudo apt-get install -y chromium',
    '#'.repeat(78),
    '',
  ].join('\n');
  console.error(banner);
  if (inCI())
    throw new Error(`Chromium absent (${CHROMIUM_PATH}) alors que CI=true : la suite e2e ne peut pas être sautée.`);
  return false;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

export interface ContextOptions {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
}

/** A fresh context (own cookies and storage). Requests to other hosts (gravatar) are refused at once. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  { width = 1366, height = 850, colorScheme = 'light' }: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height },
    colorScheme,
    locale: 'fr-FR',
    timezoneId: 'Africa/Abidjan',
  });
  const origin = new URL(baseURL).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort('internetdisconnected'),
  );
  context.setDefaultTimeout(10_000);
  return context;
}

/** Collects page errors so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/gravatar|ERR_INTERNET_DISCONNECTED|net::ERR_FAILED/.test(m.text()))
      errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/**
 * Runs one step of a scenario; when it throws, saves a screenshot of every open page under
 * tests/e2e/artifacts/ (git-ignored) before rethrowing.
 */
export async function step<T>(name: string, pages: Page[] | Page, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    const list = Array.isArray(pages) ? pages : [pages];
    const slug = name
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase();
    await Promise.all(
      list.map((p, i) =>
        p.isClosed()
          ? undefined
          : p
              .screenshot({
                path: path.join(ARTIFACTS_DIR, `${Date.now()}-${slug}${list.length > 1 ? `-${i}` : ''}.png`),
                fullPage: true,
              })
              .catch(() => undefined),
      ),
    );
    if (err instanceof Error) err.message = `[étape « ${name} »] ${err.message}`;
    throw err;
  }
}

export async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}
