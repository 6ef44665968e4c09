/**
 * Visual review helper (not a test): Annulations › Factures (and Règlements once there) at 1366 px
 * and 390 px, light and dark, the cancel dialog, and a DUPLICATA A6 printed to PDF, into
 * tests/e2e/artifacts/cancellations/. Run: npx tsx tests/e2e/cancellation-screenshots.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { route } from '../../shared/routes.js';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { businessDate } from '../../server/domain/dates.js';
import { createSale } from '../../server/services/sales/create-sale.js';
import { cancelSale } from '../../server/services/sales/cancel-sale.js';
import { createSettlement } from '../../server/services/settlements/create-settlement.js';
import { cancelSettlement } from '../../server/services/settlements/cancel-settlement.js';
import { postStockMovements } from '../../server/services/stock/ledger.js';
import { ARTIFACTS_DIR, launchBrowser, login, newContext } from './support/browser.js';
import { E2E_ADMIN, startServer } from './support/server.js';

const out = path.join(ARTIFACTS_DIR, 'cancellations');
fs.mkdirSync(out, { recursive: true });

const server = await startServer();
const browser = await launchBrowser();
try {
  const db = server.db;
  const now = nowIso();
  const today = businessDate('Africa/Abidjan');
  const admin = (await db('users').where({ email: E2E_ADMIN.email }).first('id', 'name'))!;
  const actor = { id: Number(admin.id), name: admin.name as string, ip: null };
  const shop = Number((await db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
  const walkIn = Number((await db('clients').where({ is_walk_in: true }).first('id'))!.id);
  const category = await insertReturningId(
    db,
    'categories',
    withSearchName({ code: 'BTP', name: 'Matériaux', created_at: now, updated_at: now }),
  );
  const products: number[] = [];
  for (const [code, name, unit, retail] of [
    ['CIM50', 'Ciment CPJ 45 sac de 50 kg', 'sac', 5_600],
    ['FER10', 'Fer à béton HA 10 barre de 12 m', 'barre', 4_700],
  ] as const) {
    const id = await insertReturningId(
      db,
      'products',
      withSearchName({
        code,
        barcode: null,
        name,
        category_id: category,
        unit,
        pack_size: 1,
        purchase_price: 4_000,
        cmup: 0,
        retail_price: retail,
        wholesale_price: retail,
        min_price: 0,
        active: true,
        created_at: now,
        updated_at: now,
      }),
    );
    await db.transaction((trx) =>
      postStockMovements(
        trx,
        { documentType: 'test', documentId: null, documentNumber: null, userId: null, businessDate: today },
        [
          {
            productId: id,
            locationId: shop,
            quantity: 500,
            movementType: 'opening',
            unitCost: 4_000,
            valuation: 'receipt',
          },
        ],
      ),
    );
    products.push(id);
  }
  const clients: number[] = [];
  for (const [code, name] of [
    ['CLI0107', 'Entreprise Bâtir Ensemble'],
    ['CLI0109', 'Société Ivoirienne de Construction Moderne (SICOM)'],
  ] as const) {
    clients.push(
      await insertReturningId(
        db,
        'clients',
        withSearchName({
          code,
          name,
          kind: 'entreprise',
          price_level: 'detail',
          credit_limit: 50_000_000,
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
  const ids: number[] = [];
  for (let i = 0; i < 8; i++) {
    const counter = i % 3 === 2;
    const credit = !counter && i % 2 === 0;
    const sale = await createSale(
      db,
      {
        idempotencyKey: `shots-cancel-${i}`,
        kind: counter ? 'counter' : 'invoice',
        clientId: counter ? walkIn : clients[i % 2],
        locationId: shop,
        saleDate: today,
        paymentMode: credit ? 'credit' : 'cash',
        dueDate: credit ? today : null,
        discount: 0,
        note: '',
        formLoadedAt: new Date().toISOString(),
        lines: products
          .slice(0, 1 + (i % 2))
          .map((p, k) => ({ productId: p, unit: 'unit' as const, quantity: 2 + k + i, unitPrice: null, discount: 0 })),
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
    ids.push(sale.id);
  }
  await cancelSale(db, ids[1], { reason: 'Facture saisie pour le mauvais client', version: 1 }, actor);
  const wallet = await insertReturningId(db, 'treasury_accounts', {
    kind: 'mobile_money',
    code: 'MM01',
    name: 'Orange Money Boutique',
    operator: 'orange_money',
    bank_name: '',
    account_number: '0707070707',
    balance: 0,
    active: true,
    created_at: now,
    updated_at: now,
  });
  const base = {
    settlementDate: today,
    phone: '',
    reference: '',
    chequeDate: null,
    allocationMode: 'chosen' as const,
    note: '',
    source: 'payment' as const,
  };
  const credit = await db('sales')
    .where({ payment_mode: 'credit', status: 'validated' })
    .orderBy('id')
    .select('id', 'client_id', 'total_ttc');
  const r1 = await createSettlement(
    db,
    {
      ...base,
      idempotencyKey: 'shots-reg-1',
      clientId: Number(credit[0].client_id),
      method: 'especes',
      accountId: null,
      operator: null,
      amount: 10_000,
      allocations: [{ saleId: Number(credit[0].id), amount: 10_000 }],
    },
    actor,
  );
  await createSettlement(
    db,
    {
      ...base,
      idempotencyKey: 'shots-reg-2',
      clientId: Number(credit[1].client_id),
      method: 'mobile_money',
      accountId: wallet,
      operator: 'orange_money',
      phone: '07 07 07 07 07',
      reference: 'MP241124.1530.B12345',
      amount: Number(credit[1].total_ttc) + 5_000,
      allocations: [{ saleId: Number(credit[1].id), amount: Number(credit[1].total_ttc) }],
    },
    actor,
  );
  await createSettlement(
    db,
    {
      ...base,
      idempotencyKey: 'shots-reg-3',
      clientId: Number(credit[1].client_id),
      source: 'advance',
      method: null,
      accountId: null,
      operator: null,
      amount: 5_000,
      allocations: [{ saleId: Number(credit[2]?.id ?? credit[0].id), amount: 5_000 }],
    },
    actor,
  ).catch(() => null);
  await cancelSettlement(db, r1.id, { reason: 'Règlement saisi en double', version: 1 }, actor);

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
      await page.goto(route('sales.cancellations'));
      await page.getByTestId('cancellation-table').waitFor();
      await shot('factures');
      if (scheme === 'light') {
        await page.getByTestId('cancel').first().click();
        await page.getByTestId('cancel-dialog').waitFor();
        await shot('factures-dialog');
      }
      await page.goto(route('settlements.cancellations'));
      await page.getByTestId('cancellation-table').waitFor();
      await shot('reglements');
      if (scheme === 'light') {
        await page.getByTestId('cancel').first().click();
        await page.getByTestId('cancel-dialog').waitFor();
        await shot('reglements-dialog');
      }
      await ctx.close();
    }
  }
  const ctx = await newContext(browser, server.url);
  const page = await ctx.newPage();
  await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.waitForURL('**/dashboard');
  for (const id of [ids[0], ids[1]]) {
    await page.goto(route('sales.print', { id }));
    await page.locator('.app-print-sheet').waitFor();
    await page.goto(route('sales.print', { id }, { format: 'a6' }));
    await page.locator('.app-print-sheet').waitFor();
    fs.writeFileSync(
      path.join(out, `duplicata-a6-${id}.pdf`),
      await page.pdf({ preferCSSPageSize: true, printBackground: true }),
    );
  }
  await ctx.close();
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
  await server.close();
}
