/**
 * npm run docs:screenshots — the pictures of the user guide (docs/guide/images/*.jpg), taken from
 * the running app in Chromium so they stay current: a fresh database with the small demo data set,
 * the built client (run `npx vite build` first), one screen per picture at 1280×760, light theme,
 * JPEG quality 70 (a few tens of kilobytes each). Commit the images it writes.
 * Needs Chromium (/usr/bin/chromium, or CHROMIUM_PATH).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { route } from '../shared/routes.js';
import { GUIDE_IMAGES_DIR } from '../server/services/support/documentation.js';
import { launchBrowser, login, newContext } from '../tests/e2e/support/browser.js';
import { E2E_ADMIN, startServer } from '../tests/e2e/support/server.js';

interface Shot {
  file: string;
  url: string | ((server: { db: import('knex').Knex }) => Promise<string>);
  /** Waits for this selector before the picture. */
  ready?: string;
  prepare?: (page: Page) => Promise<void>;
}

const SHOTS: Shot[] = [
  { file: 'tableau-de-bord.jpg', url: route('dashboard') },
  { file: 'clients.jpg', url: route('clients.index'), ready: '[data-testid="clients-table"], table' },
  { file: 'produits.jpg', url: route('products.index'), ready: 'table' },
  {
    file: 'entree-saisie.jpg',
    url: route('entries.create'),
    prepare: async (page) => {
      const search = page.getByLabel('Ajouter un produit').first();
      await search.fill('a');
      await page.waitForTimeout(600);
      await page.keyboard.press('Enter');
      await page.waitForTimeout(300);
    },
  },
  { file: 'transferts.jpg', url: route('transfers.index'), ready: 'table' },
  { file: 'inventaire.jpg', url: route('inventory.index') },
  {
    file: 'tickets.jpg',
    url: async ({ db }) => {
      const admin = (await db('users').where({ email: E2E_ADMIN.email }).first('id'))!;
      const now = new Date().toISOString();
      const rows = [
        {
          subject: 'L’état de stock ne s’imprime pas en A5',
          category: 'incident',
          priority: 'haute',
          status: 'en_cours',
        },
        { subject: 'Comment faire un transfert retour ?', category: 'question', priority: 'normale', status: 'resolu' },
        { subject: 'Ajouter le poids sur les étiquettes', category: 'demande', priority: 'basse', status: 'ouvert' },
      ] as const;
      for (const r of rows)
        await db('support_tickets').insert({
          ...r,
          description: r.subject,
          created_by: admin.id,
          created_at: now,
          updated_at: now,
          last_activity_at: now,
          reply_count: 0,
        });
      return route('support.tickets.index');
    },
    ready: 'table',
  },
  { file: 'journaux.jpg', url: route('support.logs'), ready: 'table' },
];

const manifest = path.resolve(import.meta.dirname, '../public/build/.vite/manifest.json');
if (!fs.existsSync(manifest)) {
  console.error('Client non compilé : lancez « npx vite build » avant « npm run docs:screenshots ».');
  process.exit(1);
}

const server = await startServer({ demo: true });
const browser = await launchBrowser();
let exitCode = 0;
try {
  const ctx = await newContext(browser, server.url, { width: 1280, height: 760, colorScheme: 'light' });
  const page = await ctx.newPage();
  await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.waitForURL('**/dashboard');
  fs.mkdirSync(GUIDE_IMAGES_DIR, { recursive: true });
  for (const shot of SHOTS) {
    const url = typeof shot.url === 'string' ? shot.url : await shot.url(server);
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    if (shot.ready) await page.waitForSelector(shot.ready);
    await shot.prepare?.(page);
    await page.waitForTimeout(400);
    const file = path.join(GUIDE_IMAGES_DIR, shot.file);
    await page.screenshot({ path: file, type: 'jpeg', quality: 70 });
    console.log(`${shot.file} : ${Math.round(fs.statSync(file).size / 1024)} Ko`);
  }
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  await browser.close();
  await server.close();
}
process.exit(exitCode);
