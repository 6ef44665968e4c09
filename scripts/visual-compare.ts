/**
 * Visual comparison of two client builds (not a test; used for issue 12): serves the same demo
 * database with each build in turn, takes full-page screenshots of a set of screens at 1366×768
 * and 390×844 in light and dark mode, and prints how many pixels differ (ImageMagick `compare`;
 * diff-*.png show where). Printouts carry the time of printing: a minute may pass between runs.
 * Usage: npx tsx scripts/visual-compare.ts <base build dir> <new build dir> <output dir>
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { chromium } from 'playwright-core';
import { seedDemo } from '../database/seeds/demo/seed.js';
import { createApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createDb } from '../server/db/connection.js';
import { migrateLatest } from '../server/db/migrate.js';
import { builtAssets } from '../server/http/assets.js';
import { seedBase } from '../server/services/setup/first-start.js';
import { formatCount } from '../shared/quantity.js';

const [baseDir, newDir, outDir] = process.argv.slice(2).map((p) => path.resolve(p));
const ADMIN = { email: 'visual@sdstock.local', password: 'Visual-Secret-123456' };
const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-visual-'));
const database = { client: 'sqlite' as const, filename: path.join(storageDir, 'v.sqlite') };
const db = createDb(database);
await migrateLatest(db);
await seedBase(db, ADMIN);
await seedDemo(db, { scale: 'small' });
const transfer = (await db('transfers').orderBy('id').first('id'))?.id;
const entry = (await db('stock_entries').orderBy('id').first('id'))?.id;
const client = (await db('clients').orderBy('id').first('id'))?.id;
const config = loadConfig(
  { NODE_ENV: 'production', APP_KEY: 'visual-app-key-0123456789abcdef0123', LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv,
  { storageDir, database },
);
const screens: Array<[string, string]> = [
  ['login', '/login'],
  ['dashboard', '/dashboard'],
  ['clients', '/fichiers/clients'],
  ['client-show', `/fichiers/clients/${client}`],
  ['client-form', '/fichiers/clients/create'],
  ['products', '/fichiers/produits'],
  ['entry-create', '/operations/entreestock/create'],
  ['transfer-show', `/operations/sortiestock/transferts/${transfer}`],
  ['transfer-print', `/operations/sortiestock/transferts/${transfer}/print`],
  ['entry-print', `/operations/entreestock/${entry}/print`],
  ['profile', '/profile'],
];
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
try {
  for (const [label, dir] of [
    ['base', baseDir],
    ['new', newDir],
  ] as const) {
    const app = createApp({ db, config, logger: pino({ level: 'silent' }), assets: builtAssets(dir), buildDir: dir });
    const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    fs.mkdirSync(path.join(outDir, label), { recursive: true });
    for (const [width, height] of [
      [1366, 768],
      [390, 844],
    ]) {
      for (const scheme of ['light', 'dark'] as const) {
        const ctx = await browser.newContext({
          baseURL: url,
          viewport: { width, height },
          colorScheme: scheme,
          locale: 'fr-FR',
          timezoneId: 'Africa/Abidjan',
        });
        await ctx.route(
          (u) => u.origin !== new URL(url).origin,
          (r) => r.abort('internetdisconnected'),
        );
        const page = await ctx.newPage();
        page.on('pageerror', (e) => console.error(label, 'pageerror', e.message));
        for (const [name, href] of screens) {
          if (name === 'dashboard' && page.url().includes('/login')) {
            await page.fill('input[type=email]', ADMIN.email);
            await page.fill('input[type=password]', ADMIN.password);
            await Promise.all([
              page.waitForURL('**/dashboard'),
              page.click('[data-testid=login-form] button[type=submit]'),
            ]);
          } else await page.goto(href);
          await page.waitForLoadState('networkidle');
          await page.evaluate(() => document.fonts.ready);
          await page.waitForTimeout(300);
          await page.screenshot({
            path: path.join(outDir, label, `${name}-${width}-${scheme}.png`),
            fullPage: true,
            animations: 'disabled',
            caret: 'hide',
          });
          if (name === 'dashboard' && width < 1000) {
            await page.getByTestId('sidebar-toggle').click();
            await page.waitForTimeout(600);
            await page.screenshot({
              path: path.join(outDir, label, `sidebar-${width}-${scheme}.png`),
              animations: 'disabled',
              caret: 'hide',
            });
          }
        }
        await ctx.close();
      }
    }
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
} finally {
  await browser.close();
  await db.destroy();
  fs.rmSync(storageDir, { recursive: true, force: true });
}
let differing = 0;
for (const file of fs.readdirSync(path.join(outDir, 'base')).sort()) {
  const run = spawnSync('compare', [
    '-metric',
    'AE',
    path.join(outDir, 'base', file),
    path.join(outDir, 'new', file),
    path.join(outDir, `diff-${file}`),
  ]);
  const out = `${run.stdout}${run.stderr}`;
  const pixels = Number.parseFloat(out);
  if (!(pixels === 0)) differing++;
  console.log(`${file.padEnd(36)} ${out.trim()}`);
}
console.log(differing ? formatCount(differing, 'capture différente') : 'Aucune différence');
