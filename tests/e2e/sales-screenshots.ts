/**
 * Visual review helper (not a test): the invoice screens — list of invoices, the Vente détaillée
 * form with lines and live totals, an invoice's page, its A5 printout — at 1366 px and 390 px,
 * light and dark, into tests/e2e/artifacts/sales/. Run: npx tsx tests/e2e/sales-screenshots.ts
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

const out = path.join(ARTIFACTS_DIR, 'sales');
fs.mkdirSync(out, { recursive: true });

const server = await startServer();
const browser = await launchBrowser();
try {
  const db = server.db;
  const now = nowIso();
  const today = businessDate('Africa/Abidjan');
  await db('company_settings').where({ id: 1 }).update({
    name: 'Quincaillerie Koné & Fils',
    address: 'Rue des Jardins, Cocody',
    city: 'Abidjan',
    rccm: 'CI-ABJ-2020-B-12345',
    tax_number: '2012345A',
  });
  const admin = (await db('users').where({ email: E2E_ADMIN.email }).first('id', 'name'))!;
  const actor = { id: Number(admin.id), name: admin.name as string, ip: null };
  const category = await insertReturningId(
    db,
    'categories',
    withSearchName({ code: 'BTP', name: 'Matériaux', created_at: now, updated_at: now }),
  );
  const supplier = await insertReturningId(
    db,
    'suppliers',
    withSearchName({ code: 'FRS9', name: 'Ciments d Afrique', created_at: now, updated_at: now }),
  );
  const items = [
    ['CIM50', 'Ciment CPJ 45 sac de 50 kg', 'sac', 1, 4_800, 5_600, 5_250],
    ['PTE70', 'Pointes 70 mm boîte de 1 kg', 'boîte', 10, 1_100, 1_500, 1_350],
    ['FER10', 'Fer à béton HA 10 barre de 12 m', 'barre', 1, 3_900, 4_700, 4_450],
    ['TOL35', 'Tôle ondulée bac alu 3,5 m', 'feuille', 1, 6_200, 7_800, 7_300],
  ] as const;
  const products: number[] = [];
  for (const [code, name, unit, pack, cost, retail, wholesale] of items) {
    products.push(
      await insertReturningId(
        db,
        'products',
        withSearchName({
          code,
          barcode: null,
          name,
          category_id: category,
          unit,
          pack_size: pack,
          purchase_price: cost,
          cmup: 0,
          retail_price: retail,
          wholesale_price: wholesale,
          min_price: cost,
          active: true,
          created_at: now,
          updated_at: now,
        }),
      ),
    );
  }
  const depot = Number((await db('locations').where({ code: 'DEP01' }).first('id'))!.id);
  await createStockEntry(
    db,
    {
      idempotencyKey: 'shots-entry',
      supplierId: supplier,
      locationId: depot,
      entryDate: today,
      supplierRef: '',
      note: '',
      lines: products.map((p) => ({ productId: p, unit: 'unit' as const, quantity: 2_000, unitCost: 4_000 })),
    },
    actor,
  );
  const clients: number[] = [];
  for (const [code, name, level] of [
    ['CLI0107', 'Entreprise Bâtir Ensemble', 'gros'],
    ['CLI0108', 'Koffi Yao Jean-Baptiste', 'detail'],
    ['CLI0109', 'Société Ivoirienne de Construction Moderne (SICOM)', 'gros'],
  ] as const) {
    clients.push(
      await insertReturningId(
        db,
        'clients',
        withSearchName({
          code,
          name,
          kind: 'entreprise',
          price_level: level,
          credit_limit: 5_000_000,
          balance: 0,
          active: true,
          phone: '',
          city: 'Abidjan',
          address: '',
          tax_number: '',
          created_at: now,
          updated_at: now,
        }),
      ),
    );
  }
  let showId = 0;
  for (let i = 0; i < 14; i++) {
    const credit = i % 3 !== 0;
    const sale = await createSale(
      db,
      {
        idempotencyKey: `shots-${i}`,
        kind: 'invoice',
        clientId: clients[i % 3],
        locationId: depot,
        saleDate: today,
        paymentMode: credit ? 'credit' : 'cash',
        dueDate: credit ? today : null,
        discount: i % 4 === 0 ? 1_000 : 0,
        note: '',
        formLoadedAt: new Date().toISOString(),
        lines: products.slice(0, 1 + (i % 4)).map((p, k) => ({
          productId: p,
          unit: 'unit' as const,
          quantity: 3 + k + i,
          unitPrice: null,
          discount: k === 1 ? 500 : 0,
        })),
        payments: credit
          ? []
          : [
              {
                method: 'especes' as const,
                amount: 1_000_000,
                accountId: null,
                operator: null,
                phone: '',
                reference: '',
              },
            ],
      },
      { belowMinPrice: true, beyondCreditLimit: true },
      actor,
    );
    if (i === 6) showId = sale.id;
  }

  for (const width of [1366, 390]) {
    for (const scheme of ['light', 'dark'] as const) {
      const ctx = await newContext(browser, server.url, {
        width,
        height: width > 1000 ? 850 : 844,
        colorScheme: scheme,
      });
      const page = await ctx.newPage();
      page.on('pageerror', (e) => console.error('pageerror', e.message));
      const shot = async (name: string) => {
        await page.waitForTimeout(400);
        await page.screenshot({ path: path.join(out, `${name}-${width}-${scheme}.png`), fullPage: true });
      };
      await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.waitForURL('**/dashboard');
      await page.goto(route('sales.invoices'));
      await page.getByTestId('sales-table').waitFor();
      await shot('list');
      await page.goto(route('sales.invoices.create'));
      const client = page.getByRole('combobox', { name: 'Client' });
      await client.fill('Bâtir');
      await page.locator('[role="listbox"] [role="option"]').first().waitFor();
      await client.press('Enter');
      const picker = page.getByRole('combobox', { name: 'Ajouter un produit' });
      for (const code of ['CIM50', 'PTE70', 'FER10']) {
        await picker.fill(code);
        await page.locator('[role="listbox"] [role="option"]').first().waitFor();
        await picker.press('Enter');
      }
      await page.getByLabel('Quantité de Ciment CPJ 45 sac de 50 kg').fill('40');
      await page.getByLabel('Remise sur Pointes 70 mm boîte de 1 kg').fill('500');
      await page.getByTestId('sale-payment-0-exact').click();
      await shot('form');
      await page.goto(route('sales.show', { id: showId }));
      await page.getByTestId('sale-lines').waitFor();
      await shot('show');
      await ctx.close();
    }
  }
  const ctx = await newContext(browser, server.url);
  const page = await ctx.newPage();
  await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.goto(route('sales.print', { id: showId }));
  await page.locator('.app-print-sheet').waitFor();
  fs.writeFileSync(
    path.join(out, 'facture-comptant-a5.pdf'),
    await page.pdf({ preferCSSPageSize: true, printBackground: true }),
  );
  await ctx.close();
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
  await server.close();
}
