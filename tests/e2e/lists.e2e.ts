/**
 * Every list screen fits: at 1366×768 (a shop's laptop) nothing overflows sideways — no column or
 * button cut, no table scrolled; at 390×844 (a phone) each row is a card showing its key figures,
 * still without sideways scrolling. The screens come from the route table (support/screens.ts),
 * so a new list screen is covered as soon as its route exists. Signed in as the administrator,
 * on the small demo data set (npm run seed:demo -- --scale=small).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSuiteEnabled, launchBrowser, login, newContext, step, watchErrors } from './support/browser.js';
import { E2E_ADMIN, type E2EServer, startServer } from './support/server.js';
import { type Screen, horizontalOverflows, pageScreens, waitForListTable } from './support/screens.js';
import { postMoneyMovements } from '../../server/services/treasury/ledger.js';
import { businessDate } from '../../server/domain/dates.js';
import { createSale } from '../../server/services/sales/create-sale.js';

const enabled = browserSuiteEnabled();

/** Lists that exist today: the derivation from the route table must at least find them. */
const KNOWN_LISTS = [
  'clients.index',
  'suppliers.index',
  'categories.index',
  'products.index',
  'priceCentre.index',
  'entries.index',
  'transfers.index',
  'transfers.cancellations',
  'inventory.index',
  'locations.index',
  'cashDesks.index',
  'treasuryAccounts.index',
];

/**
 * The sales lists need rows to be checked as tables and cards: when the demo data has no sale,
 * a few invoices (long client names, credit and cash) and counter sales are made from the depot.
 */
async function ensureSales(server: E2EServer) {
  const db = server.db;
  if (Number((await db('sales').count({ n: '*' }).first())!.n) > 0) return;
  const depot = Number((await db('locations').where({ code: 'DEP01' }).first('id'))!.id);
  const admin = (await db('users').where({ email: E2E_ADMIN.email }).first('id', 'name'))!;
  const actor = { id: Number(admin.id), name: String(admin.name), ip: null };
  const stocked = await db('stock_levels')
    .where({ location_id: depot })
    .where('quantity', '>=', 20)
    .orderBy('product_id')
    .limit(3)
    .pluck('product_id');
  const client = (await db('clients')
    .where({ is_walk_in: false, active: true })
    .orderByRaw('length(name) desc')
    .first('id'))!;
  const walkIn = (await db('clients').where({ is_walk_in: true }).first('id'))!;
  const today = businessDate('Africa/Abidjan');
  for (const [i, kind] of (['invoice', 'invoice', 'counter', 'counter'] as const).entries()) {
    const credit = kind === 'invoice' && i === 0;
    await createSale(
      db,
      {
        idempotencyKey: `e2e-lists-sale-${i}`,
        kind,
        clientId: Number(kind === 'invoice' ? client.id : walkIn.id),
        locationId: depot,
        saleDate: today,
        paymentMode: credit ? 'credit' : 'cash',
        dueDate: credit ? today : null,
        discount: 0,
        note: '',
        formLoadedAt: new Date().toISOString(),
        lines: stocked.map((p: number) => ({
          productId: Number(p),
          unit: 'unit' as const,
          quantity: 1,
          unitPrice: null,
          discount: 0,
        })),
        payments: credit
          ? []
          : [
              {
                method: 'especes' as const,
                amount: 100_000_000,
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
  }
}

describe.skipIf(!enabled)('list screens fit the screen', () => {
  let server: E2EServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ demo: true });
    await ensureSales(server);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function signedIn(width: number, height: number): Promise<{ page: Page; errors: string[] }> {
    const context = await newContext(browser, server.url, { width, height });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await login(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL('**/dashboard');
    return { page, errors };
  }

  /** The list screens of the route table, each visited once; `check` runs on each. */
  async function eachList(page: Page, check: (screen: Screen) => Promise<void>): Promise<Screen[]> {
    const lists: Screen[] = [];
    for (const screen of (await pageScreens(page)).filter((s) => s.list)) {
      lists.push(screen);
      await step(`${screen.name} (${page.viewportSize()?.width} px)`, page, async () => {
        await page.goto(screen.path);
        await waitForListTable(page);
        await check(screen);
      });
    }
    return lists;
  }

  it('at 1366×768 no list overflows sideways: every column and button in view', async () => {
    const { page, errors } = await signedIn(1366, 768);
    const lists = await eachList(page, async (screen) => {
      expect(await horizontalOverflows(page), screen.path).toEqual([]);
      // The table is a table here, the last column (status, actions) inside the card.
      const card = await page.locator('[data-list-table]').first().boundingBox();
      // An empty list (no ticket yet) shows its empty state instead of a header row.
      const headers = page.locator('[data-list-table] thead th');
      const lastHeader = (await headers.count()) ? await headers.last().boundingBox() : null;
      if (lastHeader)
        expect(lastHeader.x + lastHeader.width, screen.path).toBeLessThanOrEqual(card!.x + card!.width + 1);
    });
    expect(lists.map((s) => s.name)).toEqual(expect.arrayContaining(KNOWN_LISTS));
    // The product record's tables (stock per location, price history down to « Par ») fit as well.
    const product = (await server.db('products').orderBy('code').first('id', 'retail_price', 'wholesale_price'))!;
    const admin = (await server.db('users').where({ email: E2E_ADMIN.email }).first('id'))!;
    const changedAt = new Date().toISOString();
    // The demo history may already have changed this product's purchase price.
    const before = Number(
      (await server.db('price_history').where({ product_id: product.id }).count({ n: '*' }).first())!.n,
    );
    await server.db('price_history').insert([
      {
        product_id: product.id,
        field: 'retail_price',
        old_value: Number(product.retail_price) - 500,
        new_value: product.retail_price,
        user_id: admin.id,
        source: 'manual',
        changed_at: changedAt,
      },
      {
        product_id: product.id,
        field: 'wholesale_price',
        old_value: Number(product.wholesale_price) + 250,
        new_value: product.wholesale_price,
        user_id: admin.id,
        source: 'rule',
        changed_at: changedAt,
      },
    ]);
    await page.goto(`/fichiers/produits/${product.id}`);
    await expect.poll(() => page.getByTestId('price-history').locator('tbody tr').count()).toBe(before + 2);
    const by = await page
      .getByTestId('price-history')
      .locator('tbody tr')
      .first()
      .locator('td[data-label="Par"]')
      .boundingBox();
    const section = await page.getByTestId('price-history').boundingBox();
    expect(by!.x + by!.width).toBeLessThanOrEqual(section!.x + section!.width + 1);
    await page.getByTestId('price-history').waitFor();
    expect(await horizontalOverflows(page)).toEqual([]);
    // Its price boxes keep each amount on one line (« 20 900 FCFA », not « 20 900 / FCFA »).
    const amounts = page.locator('.app-stat-value .app-money');
    expect(await amounts.count()).toBeGreaterThan(2);
    const lines = await amounts.evaluateAll((els) =>
      els.map((el) => el.getBoundingClientRect().height / (parseFloat(getComputedStyle(el).lineHeight) || 25)),
    );
    for (const n of lines) expect(n).toBeLessThan(1.5);
    // And its stock page (stock per location beside the CMUP history, movements).
    await page.goto(`/fichiers/produits/${product.id}/stock`);
    await page.getByTestId('stock-movements').waitFor();
    expect(await horizontalOverflows(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('at 390×844 every list is a column of cards showing their key figures, without sideways scrolling', async () => {
    const { page, errors } = await signedIn(390, 844);
    let withRows = 0;
    const lists = await eachList(page, async (screen) => {
      expect(await horizontalOverflows(page), screen.path).toEqual([]);
      const rows = page.locator('[data-list-table] table > tbody > tr');
      if ((await rows.count()) === 0) return;
      withRows++;
      expect(
        await page.locator('[data-list-table] table > thead').isVisible(),
        `${screen.path}: en-têtes masqués`,
      ).toBe(false);
      const first = rows.first();
      expect(await first.evaluate((tr) => getComputedStyle(tr).display), screen.path).toBe('grid');
      // Every key figure of the first card is on screen, under its label.
      const figures = first.locator('td.app-col-figure');
      for (let i = 0; i < (await figures.count()); i++) {
        const cell = figures.nth(i);
        const box = await cell.boundingBox();
        expect(box, `${screen.path}: chiffre ${i}`).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(390);
        const { label, before, text } = await cell.evaluate((td) => ({
          label: td.getAttribute('data-label'),
          before: getComputedStyle(td, '::before').content,
          text: td.textContent ?? '',
        }));
        expect(before, screen.path).toBe(`"${label}"`);
        expect(text.trim(), `${screen.path}: ${label}`).not.toBe('');
      }
    });
    expect(lists.map((s) => s.name)).toEqual(expect.arrayContaining(KNOWN_LISTS));
    expect(withRows).toBeGreaterThanOrEqual(KNOWN_LISTS.length - 1);

    // A product's record and stock page (stock per location, movements, CMUP history): cards too.
    const product = (await server.db('products').orderBy('code').first('id'))!;
    for (const path of [`/fichiers/produits/${product.id}`, `/fichiers/produits/${product.id}/stock`]) {
      await page.goto(path);
      await page.locator('main table').first().waitFor();
      expect(await horizontalOverflows(page), path).toEqual([]);
    }

    // Produits: the prices and the stock of the first product are read on its card.
    await page.goto('/fichiers/produits?sort=code');
    const card = page.locator('[data-testid="products-table"] tbody tr').first();
    for (const label of ['Détail', 'Gros', 'Stock total']) {
      const cell = card.locator(`td[data-label="${label}"]`);
      await expect.poll(() => cell.isVisible()).toBe(true);
      expect(await cell.textContent()).toMatch(/\d/);
    }
    // A currency amount never wraps: « 20 900 FCFA » on one line.
    const money = card.locator('td[data-label="Détail"] .app-money').first();
    const lineHeight = await money.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 20);
    expect((await money.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
    expect(errors).toEqual([]);
  });

  it('the products list sorts by stock and keeps the products under their alert threshold', async () => {
    const { page, errors } = await signedIn(1366, 768);
    await page.goto('/fichiers/produits');
    await page.getByTestId('filter-stock').selectOption('low');
    await page.waitForURL(/stock=low/);
    const rows = page.locator('[data-testid="products-table"] tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    // Every row shown carries the warning of a product under its threshold.
    const stocks = await rows.locator('[data-testid="product-stock"]').allTextContents();
    expect(stocks.length).toBe(await rows.count());
    expect(await rows.locator('[data-testid="product-stock"] .fa-triangle-exclamation').count()).toBe(stocks.length);

    await page.getByTestId('filter-stock').selectOption('');
    await page.getByRole('button', { name: /^Stock total/ }).click();
    await page.waitForURL(/sort=stock/);
    const quantities = async () =>
      (await rows.locator('[data-testid="product-stock"] > span:first-child').allTextContents()).map((t) =>
        Number(t.replace(/[^\d-]/g, '')),
      );
    await expect.poll(async () => (await quantities()).length).toBeGreaterThan(1);
    const asc = await quantities();
    expect(asc).toEqual([...asc].sort((a, b) => a - b));

    // A location: the column becomes that location's stock, the total under it.
    await page.getByTestId('filter-location').selectOption({ label: 'Boutique 1' });
    await page.waitForURL(/location_id=/);
    await expect
      .poll(() => page.locator('[data-testid="products-table"] thead').textContent())
      .toContain('Stock Boutique 1');
    expect(await rows.first().textContent()).toContain('au total');
    expect(errors).toEqual([]);
  });
  it('at 390×844 the count card keeps « Compté » clear of « Écart »', async () => {
    const { page, errors } = await signedIn(390, 844);
    const shop = (await server.db('locations').where({ code: 'BTQ01' }).first('id'))!;
    await page.goto('/operations/gestionstock/create');
    await page.getByLabel('Emplacement à compter').selectOption(String(shop.id));
    await page.getByTestId('count-open').click();
    await page.waitForURL(/\/gestionstock\/\d+$/);
    const card = page.getByTestId('count-lines').locator('tbody tr').first();
    const input = card.locator('input.app-count-input');
    await input.fill('7');
    const counted = (await input.boundingBox())!;
    const gap = (await card.locator('td[data-label="Écart"]').boundingBox())!;
    const theoretical = (await card.locator('td[data-label="Théorique"]').boundingBox())!;
    // Same line of the card, the input ends before the difference begins.
    expect(Math.abs(counted.y - gap.y)).toBeLessThan(40);
    expect(counted.x).toBeGreaterThanOrEqual(theoretical.x + theoretical.width);
    expect(counted.x + counted.width).toBeLessThanOrEqual(gap.x);
    expect(await horizontalOverflows(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('document pages and the dashboard fit: entry and transfer lines are cards at 390×844, the welcome card stays inside the screen', async () => {
    const entry = (await server.db('stock_entries').where({ status: 'validated' }).orderBy('id').first('id'))!;
    const transfer = (await server
      .db('transfers')
      .where({ status: 'received_with_difference' })
      .orderBy('id')
      .first('id'))!;
    const documents = [
      { path: `/operations/entreestock/${entry.id}`, lines: 'entry-lines' },
      { path: `/operations/sortiestock/transferts/${transfer.id}`, lines: 'transfer-lines' },
    ];
    for (const [width, height] of [
      [1366, 768],
      [390, 844],
    ]) {
      const { page, errors } = await signedIn(width, height);
      await step(`tableau de bord (${width} px)`, page, async () => {
        await page.goto('/dashboard');
        await page.getByTestId('dashboard-greeting').waitFor();
        expect(await horizontalOverflows(page), `/dashboard ${width}`).toEqual([]);
        const welcome = (await page.locator('.app-welcome').boundingBox())!;
        expect(welcome.x + welcome.width).toBeLessThanOrEqual(width);
      });
      for (const doc of documents) {
        await step(`${doc.path} (${width} px)`, page, async () => {
          await page.goto(doc.path);
          const lines = page.getByTestId(doc.lines);
          await lines.waitFor();
          expect(await horizontalOverflows(page), `${doc.path} ${width}`).toEqual([]);
          if (width > 576) return;
          // Each line is a card (no header row), its quantity labelled; the total row too, never a sum across units.
          expect(await lines.locator('thead').isVisible()).toBe(false);
          const first = lines.locator('tbody > tr').first();
          expect(await first.evaluate((tr) => getComputedStyle(tr).display)).toBe('grid');
          const figure = first.locator('td.app-col-figure').first();
          expect(await figure.evaluate((td) => getComputedStyle(td, '::before').content)).toBe(
            `"${await figure.getAttribute('data-label')}"`,
          );
          const box = (await figure.boundingBox())!;
          expect(box.x + box.width).toBeLessThanOrEqual(width);
          expect(await lines.locator('tfoot').textContent()).toMatch(/Total/);
        });
      }
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('a treasury account’s ledger and a cash desk’s fit: a table at 1366×768, cards at 390×844', async () => {
    const bank = (await server.db('treasury_accounts').where({ code: 'BQ01' }).first('id'))!;
    const desk = (await server.db('cash_desks').where({ code: 'CAI02' }).first('id'))!;
    const deskAccount = (await server.db('treasury_accounts').where({ cash_desk_id: desk.id }).first('id'))!;
    const today = new Date().toISOString().slice(0, 10);
    await server.db.transaction((trx) =>
      postMoneyMovements(
        trx,
        [
          {
            accountId: bank.id,
            amount: 1_250_000,
            movementType: 'settlement',
            paymentMethod: 'virement',
            reference: 'VIR-2026-00042',
            label: 'Règlement KONÉ BTP',
          },
          {
            accountId: deskAccount.id,
            amount: 48_500,
            movementType: 'sale',
            paymentMethod: 'especes',
            label: 'Vente au comptoir',
          },
          {
            accountId: bank.id,
            amount: -300_000,
            movementType: 'supplier_payment',
            paymentMethod: 'cheque',
            reference: 'CHQ 0045871',
          },
        ],
        { documentType: 'test', documentId: 1, documentNumber: 'RG-2026-000042', userId: null, businessDate: today },
      ),
    );
    for (const [width, height] of [
      [1366, 768],
      [390, 844],
    ]) {
      const { page, errors } = await signedIn(width, height);
      for (const path of [
        `/parametres/societe/banques-mobile-money/${bank.id}`,
        `/parametres/societe/caisses/${desk.id}`,
      ]) {
        await step(`${path} (${width} px)`, page, async () => {
          await page.goto(path);
          const rows = page.getByTestId('ledger-table').locator('tbody > tr');
          await expect.poll(() => rows.count()).toBeGreaterThan(0);
          expect(await horizontalOverflows(page), `${path} ${width}`).toEqual([]);
          await page.getByTestId('ledger-balance').waitFor();
          const last = (await page
            .getByTestId('ledger-table')
            .locator('td[data-label="Solde après"]')
            .first()
            .boundingBox())!;
          expect(last.x + last.width).toBeLessThanOrEqual(width);
          if (width < 576) expect(await rows.first().evaluate((tr) => getComputedStyle(tr).display)).toBe('grid');
        });
      }
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });
});
