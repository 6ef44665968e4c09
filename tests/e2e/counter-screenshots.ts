/**
 * Visual review helper (not a test): the counter (Vente boutique) at 1366 × 768 and 390 × 844,
 * light and dark, with a basket, a line discount, the mobile-money phone and id fields open and
 * two sales on hold; then the cancellation dialog of a counter sale with its refund account — into
 * tests/e2e/artifacts/counter/. Run: npx vite build --logLevel warn && npx tsx tests/e2e/counter-screenshots.ts
 * Each shot is the viewport (not the full page): what the cashier sees without scrolling.
 */
import fs from 'node:fs';
import path from 'node:path';
import { route } from '../../shared/routes.js';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { businessDate } from '../../server/domain/dates.js';
import { createSale } from '../../server/services/sales/create-sale.js';
import { createStockEntry } from '../../server/services/stock/entries.js';
import { ARTIFACTS_DIR, launchBrowser, login, newContext } from './support/browser.js';
import { E2E_ADMIN, startServer } from './support/server.js';

const out = path.join(ARTIFACTS_DIR, 'counter');
fs.mkdirSync(out, { recursive: true });

const server = await startServer();
const browser = await launchBrowser();
try {
  const db = server.db;
  const now = nowIso();
  const today = businessDate('Africa/Abidjan');
  const admin = (await db('users').where({ email: E2E_ADMIN.email }).first('id', 'name'))!;
  const actor = { id: Number(admin.id), name: admin.name as string, ip: null };
  const category = await insertReturningId(
    db,
    'categories',
    withSearchName({ code: 'EPI', name: 'Épicerie', created_at: now, updated_at: now }),
  );
  const supplier = await insertReturningId(
    db,
    'suppliers',
    withSearchName({ code: 'FRS9', name: 'Grossiste du Port', created_at: now, updated_at: now }),
  );
  const shop = Number((await db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
  const items = [
    ['LAIT400', '6001234500017', 'Lait en poudre Nido 400 g', 1_250, 1_100],
    ['HUI1L', '6001234500024', 'Huile Dinor 1 L', 3_500, 3_000],
    ['RIZ25', '6001234500031', 'Riz parfumé Uncle Ben’s sac de 25 kg', 17_500, 16_000],
  ] as const;
  const products: number[] = [];
  for (const [code, barcode, name, retail, min] of items) {
    products.push(
      await insertReturningId(
        db,
        'products',
        withSearchName({
          code,
          barcode,
          name,
          category_id: category,
          unit: 'pièce',
          pack_size: 1,
          purchase_price: Math.round(retail * 0.7),
          cmup: 0,
          retail_price: retail,
          wholesale_price: 0,
          min_price: min,
          active: true,
          created_at: now,
          updated_at: now,
        }),
      ),
    );
  }
  await createStockEntry(
    db,
    {
      idempotencyKey: 'shots-counter-entry',
      supplierId: supplier,
      locationId: shop,
      entryDate: today,
      supplierRef: '',
      note: '',
      lines: products.map((p) => ({ productId: p, unit: 'unit' as const, quantity: 500, unitCost: 900 })),
    },
    actor,
  );
  for (const [code, name, operator] of [
    ['OM01', 'Orange Money Boutique', 'orange_money'],
    ['MTN01', 'MTN MoMo Boutique', 'mtn_momo'],
    ['MV01', 'Moov Money Boutique', 'moov_money'],
    ['WV01', 'Wave Boutique', 'wave'],
  ] as const) {
    await db('treasury_accounts').insert({
      kind: 'mobile_money',
      code,
      name,
      operator,
      bank_name: '',
      account_number: '0707070707',
      balance: 0,
      active: true,
      created_at: now,
      updated_at: now,
    });
  }
  await db('treasury_accounts').insert({
    kind: 'banque',
    code: 'BQ01',
    name: 'SGBCI Compte courant',
    operator: null,
    bank_name: 'SGBCI',
    account_number: 'CI0001',
    balance: 0,
    active: true,
    created_at: now,
    updated_at: now,
  });
  const walkIn = Number((await db('clients').where({ is_walk_in: true }).first('id'))!.id);
  const vb = await createSale(
    db,
    {
      idempotencyKey: 'shots-vb',
      kind: 'counter',
      clientId: walkIn,
      locationId: shop,
      saleDate: today,
      paymentMode: 'cash',
      dueDate: null,
      discount: 0,
      note: '',
      formLoadedAt: new Date().toISOString(),
      lines: [{ productId: products[2], unit: 'unit', quantity: 2, unitPrice: null, discount: 0 }],
      payments: [{ method: 'especes', amount: 35_000, accountId: null, operator: null, phone: '', reference: '' }],
    },
    { belowMinPrice: true, beyondCreditLimit: true },
    actor,
  );

  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      const ctx = await newContext(browser, server.url, { width, height, colorScheme: scheme });
      const page = await ctx.newPage();
      page.on('pageerror', (e) => console.error('pageerror', e.message));
      const shot = async (name: string, full = false) => {
        await page.waitForTimeout(400);
        await page.screenshot({ path: path.join(out, `${name}-${width}-${scheme}.png`), fullPage: full });
      };
      await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.waitForURL('**/dashboard');
      await page.goto(route('counter.index'));
      await page.locator('#counter-scan').waitFor();
      for (const barcode of ['6001234500017', '6001234500024', '6001234500031']) {
        await page.locator('#counter-scan').fill(barcode);
        await page.locator('#counter-scan').press('Enter');
        await page.waitForTimeout(300);
      }
      // A basket put on hold, then the next customer's.
      await page.getByTestId('counter-park').click();
      await page.getByTestId('counter-parked').waitFor();
      for (const barcode of ['6001234500031', '6001234500017']) {
        await page.locator('#counter-scan').fill(barcode);
        await page.locator('#counter-scan').press('Enter');
        await page.waitForTimeout(300);
      }
      await page.getByTestId('counter-park').click();
      await page.waitForTimeout(600);
      for (const barcode of ['6001234500017', '6001234500024', '6001234500031']) {
        await page.locator('#counter-scan').fill(barcode);
        await page.locator('#counter-scan').press('Enter');
        await page.waitForTimeout(300);
      }
      await page.getByTestId('counter-line-2-edit').click();
      await page.locator('#counter-line-2-discount').fill('5');
      await page.getByTestId('counter-line-2-discount-percent').click();
      await shot('line-editor');
      await page.keyboard.press('Escape');
      await page.getByTestId('counter-line-2-edit').click();
      await page.locator('#counter-discount').fill('250');
      await shot('basket');
      await page.locator('#counter-mm-amount').fill('10000');
      await page.locator('#counter-mm-phone').fill('07 08 09 10 11');
      await page.locator('#counter-mm-reference').fill('MP261124.0915.C77');
      await shot('mobile-money');
      // As the page opens, not scrolled: « Valider » still in view with the mobile-money fields open.
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot('mobile-money-top');
      await shot('mobile-money-full', true);
      // Annulations › Factures: the dialog of a counter sale offers the refund account.
      await page.goto(route('sales.cancellations'));
      await page.getByTestId(`cancellation-row-${vb.number}`).getByTestId('cancel').click();
      await page.getByTestId('cancel-dialog').waitFor();
      await page.locator('#cancel-dialog-refund_account_id').selectOption({ label: 'SGBCI Compte courant (banque)' });
      await shot('cancel-dialog');
      // Correction vente boutique: the same choice.
      await page.goto(route('creditNotes.create', { vente: vb.number }));
      await page.getByTestId('credit-note-form').waitFor();
      await shot('credit-note', true);
      await ctx.close();
    }
  }
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
  await server.close();
}
