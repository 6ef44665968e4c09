/**
 * Screenshots of Paramètres › Société › Facturation électronique (FNE chosen, a key stored, a
 * forfaitaire regime) and of a desk's form, for a look: `npx tsx tests/e2e/fiscal-settings-screenshots.ts`.
 */
import { encryptSecret } from '../../server/services/fiscal/secret.js';
import { launchBrowser, login, newContext } from './support/browser.js';
import { E2E_ADMIN, startServer } from './support/server.js';

const out = process.argv[2] ?? '/tmp';
const server = await startServer();
const browser = await launchBrowser();
try {
  await server
    .db('company_settings')
    .where({ id: 1 })
    .update({
      tax_number: '2026123A',
      fiscal_provider: 'fne',
      fiscal_api_url: 'http://127.0.0.1:4545/fne',
      fiscal_api_key: encryptSecret('e2e-app-key-0123456789abcdef0123', 'cle-fne-0123456789-ABCD'),
      fiscal_regime: 'TEE',
      fiscal_b2c_threshold: 5000,
    });
  const page = await (await newContext(browser, server.url)).newPage();
  await page.setViewportSize({ width: 1400, height: 1000 });
  await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${server.url}/parametres/societe/facturation-electronique`);
  await page.getByTestId('fiscal-form').waitFor();
  await page.screenshot({ path: `${out}/fiscal.png`, fullPage: true });
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/fiscal-saved.png` });
  const desk = (await server.db('cash_desks').first('id'))!;
  await page.goto(`${server.url}/parametres/societe/caisses/${desk.id}/edit`);
  await page.getByTestId('cash-desk-form').waitFor();
  await page.screenshot({ path: `${out}/desk.png`, fullPage: true });
} finally {
  await browser.close();
  await server.close();
}
