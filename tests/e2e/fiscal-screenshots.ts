/**
 * Visual review helper (not a test): the certification screens on the demo data with outbox rows in
 * every state — Ventes boutique with its « Certification » column, File de certification's tabs
 * (and the resend confirmation of an uncertain document), the dashboard card — at 1366×768 and
 * 375×812, light and dark, into tests/e2e/artifacts/fiscal/. Run: npx vite build && npx tsx tests/e2e/fiscal-screenshots.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { ARTIFACTS_DIR, launchBrowser, login, newContext } from './support/browser.js';
import type { FiscalEvent } from '../../shared/fiscal.js';
import { E2E_ADMIN, startServer } from './support/server.js';

const out = path.join(ARTIFACTS_DIR, 'fiscal');
fs.mkdirSync(out, { recursive: true });

const server = await startServer({ demo: true });
const browser = await launchBrowser();
try {
  const db = server.db;
  await db('company_settings').where({ id: 1 }).update({ fiscal_provider: 'fne' });
  const sales = await db('sales').where({ kind: 'counter' }).orderBy('id', 'desc').limit(6).select('id', 'number');
  const admin = (await db('users').orderBy('id').first('id'))!;
  const states = ['certified', 'certified', 'refused', 'uncertain', 'pending', 'certified'] as const;
  const now = new Date();
  for (const [i, sale] of sales.entries()) {
    const state = states[i];
    const at = new Date(now.getTime() - (10 - i) * 60_000).toISOString();
    const [row] = await db('fiscal_certifications')
      .insert({
        document_type: 'counterSale',
        document_id: sale.id,
        provider: 'fne',
        state,
        attempts: state === 'pending' ? 0 : 1,
        next_attempt_at: at,
        fiscal_number: state === 'certified' ? `2201234A26${String(4000 + i).padStart(10, '0')}` : null,
        qr_content: state === 'certified' ? `https://fne.dgi.gouv.ci/verify/${sale.id}` : null,
        sticker_balance: state === 'certified' ? 37 : null,
        error_message:
          state === 'refused'
            ? 'La DGI a refusé la facture : « Le point de vente BTQ01 n’existe pas pour ce contribuable ».'
            : state === 'uncertain'
              ? 'Aucune réponse de la DGI après l’envoi (délai dépassé) : vérifiez sur son portail.'
              : null,
        certified_at: state === 'certified' ? at : null,
        created_at: at,
        updated_at: at,
      })
      .returning('id');
    const id = Number(typeof row === 'object' ? row.id : row);
    const events: Array<[FiscalEvent, number | null, string]> =
      state === 'refused'
        ? [
            ['queued', null, ''],
            ['sent', null, ''],
            ['refused', null, 'HTTP 400'],
          ]
        : state === 'uncertain'
          ? [
              ['queued', null, ''],
              ['sent', null, ''],
              ['uncertain', null, 'délai de 15 s dépassé'],
            ]
          : [['queued', null, '']];
    if (i === 5) events.push(['manual', Number(admin.id), 'Référence 2201234A260000004005']);
    for (const [kind, user, detail] of events)
      await db('fiscal_certification_events').insert({ certification_id: id, at, kind, user_id: user, detail });
  }

  for (const [width, height, colorScheme] of [
    [1366, 768, 'light'],
    [1366, 768, 'dark'],
    [375, 812, 'light'],
    [375, 812, 'dark'],
  ] as const) {
    const context = await newContext(browser, server.url, { width, height, colorScheme });
    const page = await context.newPage();
    await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL('**/dashboard');
    const shot = async (name: string) =>
      page.screenshot({ path: path.join(out, `${name}-${width}-${colorScheme}.png`), fullPage: true });
    await page.waitForLoadState('networkidle');
    await shot('dashboard');
    await page.goto('/operations/sortiestock/ventes-boutique');
    await page.waitForLoadState('networkidle');
    await shot('counter-sales');
    for (const tab of ['pending', 'refused', 'uncertain', 'certified']) {
      await page.goto(`/parametres/societe/certification?tab=${tab}`);
      await page.waitForLoadState('networkidle');
      await shot(`queue-${tab}`);
    }
    await page.goto('/parametres/societe/certification?tab=uncertain');
    await page.waitForLoadState('networkidle');
    await page.getByTestId('fiscal-resend').first().click();
    await page.getByTestId('fiscal-resend-dialog').waitFor();
    await shot('queue-resend-dialog');
    await page.keyboard.press('Escape');
    await page.getByTestId('fiscal-record-reference').first().click();
    await page.getByTestId('fiscal-reference-dialog').waitFor();
    await page.getByTestId('fiscal-reference-submit').click();
    await page.waitForTimeout(800);
    await shot('queue-reference-errors');
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`captures dans ${out}`);
