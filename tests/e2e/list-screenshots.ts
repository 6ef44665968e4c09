/**
 * Visual review helper (not a test): every list screen of the route table (as tests/e2e/lists.e2e.ts
 * finds them), on the small demo data, at 1366×768 and 390×844, light and dark, into
 * tests/e2e/artifacts/lists/. Run: npx vite build && npx tsx tests/e2e/list-screenshots.ts [filter…]
 */
import fs from 'node:fs';
import path from 'node:path';
import { ARTIFACTS_DIR, launchBrowser, login, newContext } from './support/browser.js';
import { horizontalOverflows, pageScreens } from './support/screens.js';
import { E2E_ADMIN, startServer } from './support/server.js';

const only = process.argv.slice(2);
const out = path.join(ARTIFACTS_DIR, 'lists');
fs.mkdirSync(out, { recursive: true });

const server = await startServer({ demo: true });
const browser = await launchBrowser();
try {
  const product = (await server.db('products').orderBy('code').first('id'))!;
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ]) {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await newContext(browser, server.url, { width, height, colorScheme: scheme });
      const page = await context.newPage();
      await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.waitForURL('**/dashboard');
      const paths = [
        ...(await pageScreens(page)).filter((s) => s.list).map((s) => s.path),
        `/fichiers/produits/${product.id}`,
        `/fichiers/produits/${product.id}/stock`,
      ];
      for (const p of paths) {
        if (only.length && !only.some((o) => p.includes(o))) continue;
        await page.goto(p);
        await page.waitForLoadState('networkidle');
        const overflows = await horizontalOverflows(page);
        console.log(`${width} ${scheme} ${p} ${overflows.length ? `DÉBORDE : ${overflows.join(' | ')}` : 'ok'}`);
        await page.screenshot({
          path: path.join(out, `${p.replace(/\W+/g, '_').replace(/^_/, '')}-${width}-${scheme}.png`),
          fullPage: true,
        });
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`captures dans ${out}`);
