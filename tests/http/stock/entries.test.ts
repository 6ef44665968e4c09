import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../../server/domain/dates.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { uniqueTag } from '../../support/unique.js';
import { createStockEntry } from '../../../server/services/stock/entries.js';
import {
  type StockFixtures,
  expectStockConsistent,
  idempotencyKey,
  lastNumber,
  levelOf,
  makeProduct,
  makeSupplier,
  nextNumber,
  stockFixtures,
} from '../../support/stock.js';

const today = () => businessDate('Africa/Abidjan');
const year = () => Number(today().slice(0, 4));

describe.each(testDatabases())('stock entries (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let admin: Client;

  const entry = (over: Record<string, unknown> = {}) => ({
    idempotency_key: idempotencyKey(),
    supplier_id: f.supplier,
    location_id: f.depot,
    entry_date: today(),
    supplier_ref: 'BL-2026-0042',
    note: '',
    lines: [
      { product_id: f.products.rice, unit: 'unit', quantity: 10, unit_cost: 12500 },
      { product_id: f.products.oil, unit: 'pack', quantity: 2, unit_cost: 1150 },
    ],
    ...over,
  });
  const counts = async () => ({
    entries: Number((await t.db('stock_entries').count({ n: '*' }).first())!.n),
    movements: Number((await t.db('stock_movements').count({ n: '*' }).first())!.n),
    counter: await lastNumber(t.db, 'ENT', year()),
  });
  const idFrom = (res: { headers: Record<string, string> }) => Number(res.headers.location.split('/').pop());
  const errorsAfter = async (c: Client, url: string, body: object, landing = '/operations/entreestock') => {
    const res = await c.post(url, body);
    expect(res.status).toBe(303);
    return (await c.visit(landing)).body.props.errors as Record<string, string>;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());
  afterEach(() => expectStockConsistent(t.db));

  it('guards every route with the menu and action permissions', async () => {
    const before = await counts();
    const none = await userWithPermissions(t, 'nobody@test.local', ['menu.dashboard']);
    const c = new Client(t);
    await c.login(none.email, none.password);
    for (const url of [
      '/operations/entreestock',
      '/operations/entreestock/create',
      '/operations/entreestock/etat',
      '/operations/entreestock/1',
      '/operations/entreestock/1/print',
    ]) {
      const res = await c.visit(url);
      expect(res.status, url).toBe(403);
      expect(res.body.component).toBe('Error');
    }
    expect((await c.post('/operations/entreestock', entry())).status).toBe(403);

    const viewer = await userWithPermissions(t, 'viewer@test.local', ['menu.entreestock']);
    const v = new Client(t);
    await v.login(viewer.email, viewer.password);
    expect((await v.visit('/operations/entreestock')).status).toBe(200);
    expect((await v.visit('/operations/entreestock/create')).status).toBe(403);
    expect((await v.post('/operations/entreestock', entry())).status).toBe(403);
    expect((await v.post('/operations/entreestock/1/cancel', { reason: 'Erreur de saisie', version: 1 })).status).toBe(
      403,
    );
    expect(await counts()).toEqual(before);
  });

  it('validates an entry in the same number of statements whatever its number of lines (20 lines as 2; 13 on PostgreSQL)', async () => {
    const tag = uniqueTag();
    const products = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        makeProduct(t.db, { code: `${tag}B${i}`, name: `Article ${i}`, category_id: f.category, purchase_price: 400 }),
      ),
    );
    const adminId = Number((await t.db('users').orderBy('id').first('id'))!.id);
    const statementsOf = async (lines: number[]) => {
      const seen: string[] = [];
      const log = (q: { sql: string }) => seen.push(q.sql);
      t.db.on('query', log);
      try {
        await createStockEntry(
          t.db,
          {
            idempotencyKey: idempotencyKey(),
            supplierId: f.supplier,
            locationId: f.depot,
            entryDate: today(),
            supplierRef: `BL-${tag}`,
            note: '',
            lines: lines.map((p, i) => ({ productId: p, unit: 'unit', quantity: 5 + i, unitCost: 450 + i })),
          },
          { id: adminId, name: 'Administrateur', ip: null },
        );
      } finally {
        t.db.off('query', log);
      }
      return seen.filter((sql) => !/^(BEGIN|COMMIT);?$/.test(sql));
    };
    const two = await statementsOf(products.slice(0, 2));
    const twenty = await statementsOf(products);
    expect(twenty.length, twenty.join('\n')).toBe(two.length);
    // Products locked once, chain heads read with their lock, each document's last writes sent together (writeTogether).
    if (kind === 'pg') expect(twenty.length, twenty.join('\n')).toBeLessThanOrEqual(13);
  });

  it('shows the new-entry form with active suppliers and locations', async () => {
    const archived = await makeSupplier(t.db, { name: 'Fournisseur archivé', active: false });
    const res = await admin.visit('/operations/entreestock/create');
    expect(res.status).toBe(200);
    expect(res.body.component).toBe('stock/entries/Create');
    expect(res.body.props).toMatchObject({ default_location_id: f.depot });
    expect(res.body.props.company).toMatchObject({ currency: 'XOF', today: today() });
    expect(res.body.props.suppliers).toContainEqual({
      value: String(f.supplier),
      label: 'SOCOCE Distribution (FRS001)',
    });
    expect(res.body.props.suppliers.map((o: { value: string }) => o.value)).not.toContain(String(archived));
  });

  it('validates an entry: ENT number, stock, CMUP, last purchase price, supplier balance, audit', async () => {
    const rice = await makeProduct(t.db, {
      category_id: f.category,
      name: 'Riz brisé 25 kg',
      unit: 'sac',
      purchase_price: 12000,
    });
    const oil = await makeProduct(t.db, {
      category_id: f.category,
      name: 'Huile végétale 1 L',
      unit: 'bouteille',
      pack_size: 12,
      purchase_price: 1100,
    });
    const balance = async () => Number((await t.db('suppliers').where({ id: f.supplier }).first('balance'))!.balance);
    const balanceBefore = await balance();
    const number = await nextNumber(t.db, 'ENT', year());
    const res = await admin.post(
      '/operations/entreestock',
      entry({
        lines: [
          { product_id: rice, unit: 'unit', quantity: 10, unit_cost: 12500 },
          { product_id: oil, unit: 'pack', quantity: 2, unit_cost: 1150 },
        ],
      }),
    );
    expect(res.status).toBe(303);
    const id = idFrom(res);
    expect(res.headers.location).toBe(`/operations/entreestock/${id}`);
    const row = (await t.db('stock_entries').where({ id }).first())!;
    expect(row).toMatchObject({ number, status: 'validated', supplier_ref: 'BL-2026-0042', line_count: 2 });
    expect(Number(row.total_amount)).toBe(10 * 12500 + 24 * 1150);
    expect(Number(row.total_quantity)).toBe(34);

    expect(await levelOf(t.db, rice, f.depot)).toBe(10);
    expect(await levelOf(t.db, oil, f.depot)).toBe(24); // 2 cartons of 12
    const product = (await t.db('products').where({ id: rice }).first())!;
    expect(Number(product.cmup)).toBe(12500);
    expect(Number(product.purchase_price)).toBe(12500);
    const history = await t.db('price_history').where({ product_id: rice });
    expect(history.map((h) => [h.field, h.source, Number(h.old_value), Number(h.new_value)])).toEqual([
      ['purchase_price', 'entry', 12000, 12500],
    ]);
    expect(await balance()).toBe(balanceBefore + 152_600);
    const audit = await t.db('audit_log').where({ action: 'stock_entry.validated', subject_id: String(id) });
    expect(audit).toEqual([
      expect.objectContaining({ subject_type: 'stock_entry', subject_label: number, user_name: 'Administrateur' }),
    ]);

    const show = await admin.follow(res);
    expect(show.body.component).toBe('stock/entries/Show');
    expect(show.body.flash).toEqual({ success: `Entrée de stock ${number} validée.` });
    expect(show.body.props.entry).toMatchObject({
      number,
      status: 'validated',
      status_label: 'Validée',
      supplier: { name: 'SOCOCE Distribution' },
      total_amount: 152_600,
      version: 1,
    });
    expect(show.body.props.entry.lines[1]).toMatchObject({
      product_name: 'Huile végétale 1 L',
      entry_unit: 'pack',
      pack_size: 12,
      entered_quantity: 2,
      quantity: 24,
      unit_cost: 1150,
      amount: 27_600,
      cmup_before: 0,
      cmup_after: 1150,
    });
  });

  it('recomputes the CMUP on the next entry, across locations', async () => {
    // 10 at 12 500 in the depot; 30 more at 13 500 in the shop → (125 000 + 405 000) / 40 = 13 250
    const p = await makeProduct(t.db, {
      category_id: f.category,
      name: 'Riz long 25 kg',
      unit: 'sac',
      purchase_price: 12000,
    });
    expect(
      (
        await admin.post(
          '/operations/entreestock',
          entry({ lines: [{ product_id: p, unit: 'unit', quantity: 10, unit_cost: 12500 }] }),
        )
      ).status,
    ).toBe(303);
    expect(Number((await t.db('products').where({ id: p }).first('cmup'))!.cmup)).toBe(12500);
    const res = await admin.post(
      '/operations/entreestock',
      entry({ location_id: f.shop, lines: [{ product_id: p, unit: 'unit', quantity: 30, unit_cost: 13500 }] }),
    );
    expect(res.status).toBe(303);
    expect(Number((await t.db('products').where({ id: p }).first('cmup'))!.cmup)).toBe(13250);
    const line = (await t.db('stock_entry_lines').where({ product_id: p }).orderBy('id', 'desc').first())!;
    expect([Number(line.cmup_before), Number(line.cmup_after)]).toEqual([12500, 13250]);
  });

  it('merges the same product twice at the same cost, refuses it at two costs', async () => {
    const p = await makeProduct(t.db, { category_id: f.category, name: 'Farine 50 kg' });
    const ok = await admin.post(
      '/operations/entreestock',
      entry({
        lines: [
          { product_id: p, unit: 'unit', quantity: 2, unit_cost: 100 },
          { product_id: p, unit: 'unit', quantity: 3, unit_cost: 100 },
        ],
      }),
    );
    expect(ok.status).toBe(303);
    const lines = await t.db('stock_entry_lines').where({ product_id: p });
    expect(lines).toHaveLength(1);
    expect(Number(lines[0].quantity)).toBe(5);

    const before = await counts();
    const errors = await errorsAfter(
      admin,
      '/operations/entreestock',
      entry({
        lines: [
          { product_id: p, unit: 'unit', quantity: 2, unit_cost: 100 },
          { product_id: p, unit: 'unit', quantity: 3, unit_cost: 120 },
        ],
      }),
    );
    expect(errors['lines.1.unit_cost']).toBe(
      'Ligne 2 : « Farine 50 kg » figure déjà à la ligne 1 avec un autre coût unitaire. Regroupez les deux lignes ou corrigez le coût.',
    );
    expect(await counts()).toEqual(before);
  });

  it('takes the cost of a colis on a line by colis and keeps it per base unit, exactly; a colis cost that does not divide is refused', async () => {
    const p = await makeProduct(t.db, {
      category_id: f.category,
      name: 'Eau minérale 1,5 L',
      unit: 'bouteille',
      pack_size: 12,
      purchase_price: 250,
    });
    const res = await admin.post(
      '/operations/entreestock',
      entry({ lines: [{ product_id: p, unit: 'pack', quantity: 5, pack_cost: 3_600 }] }),
    );
    expect(res.status).toBe(303);
    const line = (await t
      .db('stock_entry_lines')
      .where({ entry_id: idFrom(res) })
      .first())!;
    // 5 colis of 12 at 3 600 the colis: 60 bottles at 300 each, 18 000 in all.
    expect([
      line.entry_unit,
      Number(line.entered_quantity),
      Number(line.quantity),
      Number(line.unit_cost),
      Number(line.amount),
    ]).toEqual(['pack', 5, 60, 300, 18_000]);
    expect(Number((await t.db('products').where({ id: p }).first('purchase_price'))!.purchase_price)).toBe(300);

    const before = await counts();
    // 10 000 the colis of 12 would be 833,33 the bottle: refused, with the two nearest colis costs that divide.
    let errors = await errorsAfter(
      admin,
      '/operations/entreestock',
      entry({ lines: [{ product_id: p, unit: 'pack', quantity: 5, pack_cost: 10_000 }] }),
    );
    expect(errors['lines.0.pack_cost']).toBe(
      'Ligne 1 : Un colis de 12 à 10\u202f000\u00a0FCFA ferait 833,33\u00a0FCFA l’unité : le coût est gardé par unité, en nombre entier. Saisissez 9\u202f996\u00a0FCFA ou 10\u202f008\u00a0FCFA le colis, ou la ligne à l’unité.',
    );
    errors = await errorsAfter(
      admin,
      '/operations/entreestock',
      entry({ lines: [{ product_id: p, unit: 'unit', quantity: 5, pack_cost: 3_600 }] }),
    );
    expect(errors['lines.0.pack_cost']).toBe('Le coût par colis ne vaut que pour une ligne saisie par colis.');
    errors = await errorsAfter(
      admin,
      '/operations/entreestock',
      entry({ lines: [{ product_id: p, unit: 'pack', quantity: 5 }] }),
    );
    expect(errors['lines.0.unit_cost']).toBe('Le coût unitaire est obligatoire.');
    expect(await counts()).toEqual(before);
  });

  it('refuses bad input with a French message on the field and writes nothing', async () => {
    const archived = await makeProduct(t.db, { category_id: f.category, name: 'Ancien article', active: false });
    const archivedLocation = (
      await t
        .db('locations')
        .insert({
          code: `OLD${uniqueTag()}`,
          name: 'Ancien dépôt',
          kind: 'depot',
          active: false,
          created_at: 'x',
          updated_at: 'x',
        })
        .returning('id')
    )[0];
    const oldLocationId = typeof archivedLocation === 'object' ? archivedLocation.id : archivedLocation;
    const before = await counts();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ lines: [] }, 'lines', /Ajoutez au moins un produit/],
      [
        { lines: [{ product_id: f.products.rice, unit: 'unit', quantity: 0, unit_cost: 1 }] },
        'lines.0.quantity',
        /supérieure à zéro/,
      ],
      [
        { lines: [{ product_id: f.products.rice, unit: 'unit', quantity: -3, unit_cost: 1 }] },
        'lines.0.quantity',
        /supérieure à zéro/,
      ],
      [
        { lines: [{ product_id: f.products.rice, unit: 'unit', quantity: 1.5, unit_cost: 1 }] },
        'lines.0.quantity',
        /nombre entier/,
      ],
      [
        { lines: [{ product_id: f.products.rice, unit: 'unit', quantity: 'dix', unit_cost: 1 }] },
        'lines.0.quantity',
        /nombre entier/,
      ],
      [
        { lines: [{ product_id: f.products.rice, unit: 'unit', quantity: 1, unit_cost: -5 }] },
        'lines.0.unit_cost',
        /négatif/,
      ],
      [
        { lines: [{ product_id: f.products.rice, unit: 'unit', quantity: 1, unit_cost: 10.5 }] },
        'lines.0.unit_cost',
        /^Le coût unitaire a plus de décimales que la devise n’en permet\.$/,
      ],
      [
        { lines: [{ product_id: f.products.rice, unit: 'unit', quantity: 1, unit_cost: '12,5' }] },
        'lines.0.unit_cost',
        /^Le coût unitaire a plus de décimales que la devise n’en permet\.$/,
      ],
      // Text that is no number is told to type an amount, not about decimals.
      [
        { lines: [{ product_id: f.products.rice, unit: 'unit', quantity: 1, unit_cost: 'abc' }] },
        'lines.0.unit_cost',
        /^Le coût unitaire doit être un montant en chiffres \(par exemple 1 500\)\.$/,
      ],
      [
        { lines: [{ product_id: 999999, unit: 'unit', quantity: 1, unit_cost: 1 }] },
        'lines.0.product_id',
        /introuvable/,
      ],
      [
        { lines: [{ product_id: archived, unit: 'unit', quantity: 1, unit_cost: 1 }] },
        'lines.0.product_id',
        /« Ancien article » est archivé/,
      ],
      [
        { lines: [{ product_id: f.products.rice, unit: 'carton', quantity: 1, unit_cost: 1 }] },
        'lines.0.unit',
        /unité/,
      ],
      [{ supplier_id: 999999 }, 'supplier_id', /n’existe pas/],
      [{ supplier_id: '' }, 'supplier_id', /Choisissez le fournisseur/],
      [{ location_id: oldLocationId }, 'location_id', /« Ancien dépôt » est archivé/],
      [{ entry_date: '2999-01-01' }, 'entry_date', /futur/],
      [{ entry_date: '2026-02-30' }, 'entry_date', /pas valide/],
      [{ supplier_ref: 'x'.repeat(81) }, 'supplier_ref', /80 caractères/],
      [{ idempotency_key: '' }, 'idempotency_key', /rechargez la page/],
    ];
    for (const [over, field, message] of cases) {
      const errors = await errorsAfter(admin, '/operations/entreestock', entry(over));
      expect(errors[field], `${field} ← ${JSON.stringify(over)}`).toMatch(message);
    }
    expect(await counts()).toEqual(before);
  });

  it('returns the first result when the same form is sent twice (idempotency key)', async () => {
    const sugar = await makeProduct(t.db, { category_id: f.category, name: 'Sucre roux 1 kg', unit: 'paquet' });
    const body = entry({ lines: [{ product_id: sugar, unit: 'unit', quantity: 5, unit_cost: 600 }] });
    const first = await admin.post('/operations/entreestock', body);
    const second = await admin.post('/operations/entreestock', body);
    expect(second.status).toBe(303);
    expect(second.headers.location).toBe(first.headers.location);
    expect(await t.db('stock_entry_lines').where({ product_id: sugar })).toHaveLength(1);
    expect(await levelOf(t.db, sugar, f.depot)).toBe(5);
    const page = await admin.follow(second);
    expect(page.body.flash.success).toMatch(/était déjà enregistrée : elle n’a pas été créée une seconde fois/);
    // Another user's identical key is their own.
    const other = await userWithPermissions(t, 'mag1@test.local', ['menu.entreestock', 'stock_entries.create']);
    const c = new Client(t);
    await c.login(other.email, other.password);
    const third = await c.post('/operations/entreestock', body);
    expect(third.headers.location).not.toBe(first.headers.location);
    expect(await levelOf(t.db, sugar, f.depot)).toBe(10);
  });

  it('lists entries with filters, sort allowlist and totals', async () => {
    // Entries of a supplier of this test's own: three validated, one cancelled.
    const supplier = await makeSupplier(t.db, { name: 'Grands Moulins du Sahel' });
    const p = await makeProduct(t.db, { category_id: f.category, name: 'Semoule 25 kg' });
    const numbers: string[] = [];
    for (const quantity of [3, 1, 2, 4]) {
      const res = await admin.post(
        '/operations/entreestock',
        entry({ supplier_id: supplier, lines: [{ product_id: p, unit: 'unit', quantity, unit_cost: 1000 }] }),
      );
      expect(res.status).toBe(303);
      numbers.push(
        (await t
          .db('stock_entries')
          .where({ id: idFrom(res) })
          .first('number'))!.number,
      );
    }
    const cancelled = (await t.db('stock_entries').where({ number: numbers[3] }).first('id'))!;
    expect(
      (await admin.post(`/operations/entreestock/${cancelled.id}/cancel`, { reason: 'Saisie en double', version: 1 }))
        .status,
    ).toBe(303);

    const res = await admin.visit(
      `/operations/entreestock?supplier_id=${supplier}&sort=amount&dir=asc&status=validated`,
    );
    expect(res.body.component).toBe('stock/entries/Index');
    const { entries, totals, filters, can } = res.body.props;
    expect(filters).toMatchObject({
      supplier_id: String(supplier),
      sort: 'amount',
      dir: 'asc',
      status: 'validated',
      to: today(),
    });
    expect(entries.data.map((e: { number: string; total_amount: number }) => [e.number, e.total_amount])).toEqual([
      [numbers[1], 1000],
      [numbers[2], 2000],
      [numbers[0], 3000],
    ]);
    expect(totals.count).toBe(3);
    expect(entries.total).toBe(3);
    expect(can).toEqual({ create: true, cancel: true });
    const all = await admin.visit(`/operations/entreestock?supplier_id=${supplier}&status=`);
    expect(all.body.props.entries.total).toBe(4);
    // A number is found by its sequence alone.
    const search = await admin.visit(`/operations/entreestock?q=${numbers[2].slice(-6)}`);
    expect(search.body.props.entries.data.map((e: { number: string }) => e.number)).toEqual([numbers[2]]);
    const bad = await admin.visit('/operations/entreestock?sort=password_hash&dir=sideways&from=nope');
    expect(bad.body.props.filters).toMatchObject({ sort: 'date', dir: 'desc' });
    const empty = await admin.visit('/operations/entreestock?from=2001-01-01&to=2001-01-31');
    expect(empty.body.props.entries).toMatchObject({ total: 0, data: [] });
  });

  it('finds an old entry by its number over every date; the period statement keeps its period', async () => {
    const [y, m, d] = today().split('-').map(Number);
    const longAgo = new Date(Date.UTC(y, m - 1, d - 120)).toISOString().slice(0, 10);
    const supplier = await makeSupplier(t.db, { name: 'Fournisseur ancien' });
    const res = await admin.post(
      '/operations/entreestock',
      entry({
        supplier_id: supplier,
        entry_date: longAgo,
        lines: [{ product_id: f.products.rice, unit: 'unit', quantity: 1, unit_cost: 12500 }],
      }),
    );
    expect(res.status).toBe(303);
    const number = (await t
      .db('stock_entries')
      .where({ id: idFrom(res) })
      .first('number'))!.number as string;
    const numbers = async (url: string) =>
      (await admin.visit(url)).body.props.entries.data.map((e: { number: string }) => e.number) as string[];
    // the default period hides it…
    expect(await numbers(`/operations/entreestock?supplier_id=${supplier}`)).toEqual([]);
    expect(await numbers(`/operations/entreestock?supplier_id=${supplier}&from=${longAgo}&to=${today()}`)).toEqual([
      number,
    ]);
    // …a search by its number does not
    expect(await numbers(`/operations/entreestock?q=${number}`)).toEqual([number]);
    expect((await admin.visit(`/operations/entreestock?q=${number}`)).body.props.filters).toMatchObject({
      from: '',
      to: '',
    });
    expect(await numbers(`/operations/entreestock?q=${number}&from=${today()}&to=${today()}`)).toEqual([]);
    // The statement of the same query covers the default period, not every date.
    const statement = await admin.visit(`/operations/entreestock/etat?q=${number}`);
    expect(statement.body.props.filters.to).toBe(today());
    expect(statement.body.props.filters.from).not.toBe('');
    expect(statement.body.props.rows).toEqual([]);
  });

  it('prints the entry and the period statement with the company header', async () => {
    const res = await admin.post('/operations/entreestock', entry());
    expect(res.status).toBe(303);
    const row = (await t
      .db('stock_entries')
      .where({ id: idFrom(res) })
      .first())!;
    const print = await admin.visit(`/operations/entreestock/${row.id}/print?print=1`);
    expect(print.body.component).toBe('stock/entries/Print');
    expect(print.body.props).toMatchObject({
      auto_print: true,
      printed_by: 'Administrateur',
      company: { name: 'Ma Société', currency: 'XOF' },
      entry: { number: row.number },
    });
    expect((await admin.visit(`/operations/entreestock/${row.id}/print`)).body.props.auto_print).toBe(false);
    const statement = await admin.visit(
      `/operations/entreestock/etat?from=${today()}&to=${today()}&location_id=${f.depot}`,
    );
    expect(statement.body.component).toBe('stock/entries/Statement');
    const { totals, rows, filters, by_supplier } = statement.body.props;
    expect(filters).toMatchObject({ from: today(), to: today(), location: 'Dépôt principal', supplier: null });
    expect(rows.map((r: { number: string }) => r.number)).toContain(row.number);
    expect(rows.every((r: { location_name: string }) => r.location_name === 'Dépôt principal')).toBe(true);
    // Totals and subtotals count validated entries only (another test may have cancelled one).
    const validated = rows.filter((r: { status: string }) => r.status === 'validated');
    expect(totals.amount).toBe(validated.reduce((s: number, r: { total_amount: number }) => s + r.total_amount, 0));
    expect(totals.cancelled_count).toBe(rows.length - validated.length);
    const sococe = validated.filter((r: { supplier_name: string }) => r.supplier_name === 'SOCOCE Distribution');
    expect(by_supplier).toContainEqual(
      expect.objectContaining({
        supplier_name: 'SOCOCE Distribution',
        amount: sococe.reduce((s: number, r: { total_amount: number }) => s + r.total_amount, 0),
      }),
    );
    expect((await admin.visit('/operations/entreestock/999999')).status).toBe(404);
    expect((await admin.visit('/operations/entreestock/abc')).status).toBe(404);
  });

  it('cancels an entry with a reason: stock, CMUP, purchase price and supplier balance go back', async () => {
    const p = await makeProduct(t.db, { category_id: f.category, purchase_price: 400, name: 'Tomate concentrée' });
    await admin.post(
      '/operations/entreestock',
      entry({ lines: [{ product_id: p, unit: 'unit', quantity: 10, unit_cost: 500 }] }),
    );
    const res = await admin.post(
      '/operations/entreestock',
      entry({ lines: [{ product_id: p, unit: 'unit', quantity: 10, unit_cost: 700 }] }),
    );
    const id = idFrom(res);
    const balanceBefore = Number((await t.db('suppliers').where({ id: f.supplier }).first('balance'))!.balance);
    expect(Number((await t.db('products').where({ id: p }).first('cmup'))!.cmup)).toBe(600);

    // Reason required, stale version refused.
    let errors = await errorsAfter(
      admin,
      `/operations/entreestock/${id}/cancel`,
      { reason: '', version: 1 },
      `/operations/entreestock/${id}`,
    );
    expect(errors.reason).toMatch(/obligatoire/);
    errors = await errorsAfter(
      admin,
      `/operations/entreestock/${id}/cancel`,
      { reason: 'Livraison refusée', version: 7 },
      `/operations/entreestock/${id}`,
    );
    expect(errors.version).toMatch(/a été modifiée entre-temps par un autre utilisateur/);
    expect((await t.db('stock_entries').where({ id }).first())!.status).toBe('validated');

    const ok = await admin.post(`/operations/entreestock/${id}/cancel`, { reason: 'Livraison refusée', version: 1 });
    expect(ok.status).toBe(303);
    const cancelled = await t.db('stock_entries').where({ id }).first();
    expect(cancelled).toMatchObject({ status: 'cancelled', cancel_reason: 'Livraison refusée', version: 2 });
    expect(await levelOf(t.db, p, f.depot)).toBe(10);
    const product = (await t.db('products').where({ id: p }).first())!;
    expect(Number(product.cmup)).toBe(500);
    expect(Number(product.purchase_price)).toBe(500);
    expect(Number((await t.db('suppliers').where({ id: f.supplier }).first('balance'))!.balance)).toBe(
      balanceBefore - 7000,
    );
    const moves = await t.db('stock_movements').where({ document_type: 'stock_entry', document_id: id }).orderBy('id');
    expect(moves.map((m) => [m.movement_type, Number(m.quantity), Number(m.unit_cost)])).toEqual([
      ['entry', 10, 700],
      ['entry_cancel', -10, 700],
    ]);
    expect(await t.db('audit_log').where({ action: 'stock_entry.cancelled', subject_id: String(id) })).toHaveLength(1);
    const page = await admin.follow(ok);
    expect(page.body.props.entry).toMatchObject({
      status: 'cancelled',
      status_label: 'Annulée',
      cancel_reason: 'Livraison refusée',
      cancelled_by: 'Administrateur',
    });

    errors = await errorsAfter(
      admin,
      `/operations/entreestock/${id}/cancel`,
      { reason: 'Encore une fois', version: 2 },
      `/operations/entreestock/${id}`,
    );
    expect(errors.reason).toMatch(/déjà annulée/);
  });

  it('refuses to cancel an entry whose goods have already left, and writes nothing', async () => {
    const p = await makeProduct(t.db, { category_id: f.category, name: 'Savon liquide' });
    const res = await admin.post(
      '/operations/entreestock',
      entry({ lines: [{ product_id: p, unit: 'unit', quantity: 8, unit_cost: 300 }] }),
    );
    const id = idFrom(res);
    const number = (await t.db('stock_entries').where({ id }).first('number'))!.number;
    const sent = await admin.post('/operations/sortiestock/transferts', {
      idempotency_key: idempotencyKey(),
      from_location_id: f.depot,
      to_location_id: f.shop,
      transfer_date: today(),
      note: '',
      lines: [{ product_id: p, quantity: 5 }],
    });
    expect(sent.status).toBe(303);
    const before = await counts();
    const errors = await errorsAfter(
      admin,
      `/operations/entreestock/${id}/cancel`,
      { reason: 'Erreur fournisseur', version: 1 },
      `/operations/entreestock/${id}`,
    );
    const refusal = `Annulation impossible : une partie de la marchandise de ${number} est déjà sortie de Dépôt principal — « Savon liquide » (pièce) : il n’en reste que 3 sur les 8 entrés.`;
    expect(errors.reason).toBe(refusal);
    expect(await counts()).toEqual(before);
    expect((await t.db('stock_entries').where({ id }).first())!.status).toBe('validated');
    // The show page knows it before anyone types a reason, and says why in the same words.
    expect((await admin.visit(`/operations/entreestock/${id}`)).body.props.cancellation).toEqual({
      possible: false,
      blocked_reason: refusal,
    });
  });

  it('names the first three products short and counts the rest, never adding quantities of different units', async () => {
    const tag = uniqueTag();
    const units = ['sac', 'bouteille', 'carton', 'sac', 'paquet', 'bouteille'];
    const products: number[] = [];
    for (const [i, unit] of units.entries())
      products.push(
        await makeProduct(t.db, {
          code: `${tag}C${i}`,
          category_id: f.category,
          name: `Article ${tag} ${i + 1}`,
          unit,
        }),
      );
    const res = await admin.post(
      '/operations/entreestock',
      entry({ lines: products.map((p) => ({ product_id: p, unit: 'unit', quantity: 1000, unit_cost: 100 })) }),
    );
    const id = idFrom(res);
    const number = (await t.db('stock_entries').where({ id }).first('number'))!.number;
    const page = await admin.visit(`/operations/entreestock/${id}`);
    expect(page.body.props.cancellation).toEqual({ possible: true, blocked_reason: null });
    // Five of the six products leave in part (the fourth stays whole).
    const sent = await admin.post('/operations/sortiestock/transferts', {
      idempotency_key: idempotencyKey(),
      from_location_id: f.depot,
      to_location_id: f.shop,
      transfer_date: today(),
      note: '',
      lines: products.filter((_, i) => i !== 3).map((p, i) => ({ product_id: p, quantity: 10 + i })),
    });
    expect(sent.status).toBe(303);
    const expected =
      `Annulation impossible : une partie de la marchandise de ${number} est déjà sortie de Dépôt principal — « Article ${tag} 1 » (sac) : il n’en reste que 990 sur les 1 000 entrés ; « Article ${tag} 2 » (bouteille) : il n’en reste que 989 sur les 1 000 entrés ; « Article ${tag} 3 » (carton) : il n’en reste que 988 sur les 1 000 entrés ; … et 2 autres produits.`.replace(
        /1 000/g,
        (1000).toLocaleString('fr-FR'),
      );
    expect((await admin.visit(`/operations/entreestock/${id}`)).body.props.cancellation).toEqual({
      possible: false,
      blocked_reason: expected,
    });
    const before = await counts();
    const errors = await errorsAfter(
      admin,
      `/operations/entreestock/${id}/cancel`,
      { reason: 'Erreur fournisseur', version: 1 },
      `/operations/entreestock/${id}`,
    );
    expect(errors.reason).toBe(expected);
    expect(errors.reason).not.toMatch(/unités/);
    expect(await counts()).toEqual(before);
  });
  it('adds the statement totals and per-supplier subtotals over the validated entries, and counts the cancelled ones', async () => {
    // Two suppliers of its own: the other tests' entries of the day may be on the statement too, so
    // the totals are checked against the rows listed and against what this test knows of its suppliers.
    const tag = uniqueTag('S');
    const agro = await makeSupplier(t.db, { name: `Agro Import ${tag}` });
    const kaba = await makeSupplier(t.db, { name: `Kaba Négoce ${tag}` });
    await admin.post(
      '/operations/entreestock',
      entry({
        supplier_id: agro,
        lines: [{ product_id: f.products.sugar, unit: 'unit', quantity: 3, unit_cost: 700 }],
      }),
    );
    await admin.post(
      '/operations/entreestock',
      entry({
        supplier_id: agro,
        lines: [{ product_id: f.products.sugar, unit: 'unit', quantity: 2, unit_cost: 650 }],
      }),
    );
    await admin.post(
      '/operations/entreestock',
      entry({
        supplier_id: kaba,
        lines: [{ product_id: f.products.sugar, unit: 'unit', quantity: 4, unit_cost: 600 }],
      }),
    );
    const dropped = (await t.db('stock_entries').where({ supplier_id: kaba }).first('id'))!;
    expect(
      (await admin.post(`/operations/entreestock/${dropped.id}/cancel`, { reason: 'Saisie en double', version: 1 }))
        .status,
    ).toBe(303);

    type Line = { status: string; supplier_name: string; line_count: number; total_amount: number };
    const sum = (rows: Line[], key: 'line_count' | 'total_amount') => rows.reduce((s, r) => s + r[key], 0);
    const period = `from=${today()}&to=${today()}`;
    const all = (await admin.visit(`/operations/entreestock/etat?${period}&cancelled=1`)).body.props;
    expect(all.filters.include_cancelled).toBe(true);
    const valid = (all.rows as Line[]).filter((r) => r.status === 'validated');
    // The cancelled entry is listed, counted apart, and left out of the sums.
    expect((all.rows as Line[]).some((r) => r.supplier_name === `Kaba Négoce ${tag}` && r.status === 'cancelled')).toBe(
      true,
    );
    expect(all.totals).toEqual({
      count: valid.length,
      lines: sum(valid, 'line_count'),
      amount: sum(valid, 'total_amount'),
      cancelled_count: all.rows.length - valid.length,
    });
    // One subtotal per supplier with validated entries, adding up to the total; none for a supplier whose only entry was cancelled.
    const bySupplier = all.by_supplier as Array<{ supplier_name: string; count: number; amount: number }>;
    // Quantities of different products (units) are never added: the rows and the totals count lines.
    expect((all.rows as Line[]).every((r) => !('total_quantity' in r))).toBe(true);
    expect(bySupplier).toContainEqual({ supplier_name: `Agro Import ${tag}`, count: 2, amount: 3 * 700 + 2 * 650 });
    expect(bySupplier.some((g) => g.supplier_name === `Kaba Négoce ${tag}`)).toBe(false);
    for (const g of bySupplier) {
      const rows = valid.filter((r) => r.supplier_name === g.supplier_name);
      expect(g, g.supplier_name).toEqual({
        supplier_name: g.supplier_name,
        count: rows.length,
        amount: sum(rows, 'total_amount'),
      });
    }
    expect(bySupplier.reduce((s, g) => s + g.amount, 0)).toBe(all.totals.amount);
    // Without cancelled=1: the validated entries only, the same totals.
    const validated = (await admin.visit(`/operations/entreestock/etat?${period}`)).body.props;
    expect(validated.rows).toHaveLength(valid.length);
    expect(validated.totals).toEqual({ ...all.totals, cancelled_count: 0 });
    expect(validated.by_supplier).toEqual(all.by_supplier);
    // Filtered on one supplier: its entries only.
    const one = (await admin.visit(`/operations/entreestock/etat?${period}&supplier_id=${agro}`)).body.props;
    expect(one.filters.supplier).toBe(`Agro Import ${tag}`);
    expect(one.totals).toEqual({ count: 2, lines: 2, amount: 3400, cancelled_count: 0 });
    const cancelledOnly = (await admin.visit(`/operations/entreestock/etat?${period}&supplier_id=${kaba}&cancelled=1`))
      .body.props;
    expect(cancelledOnly.totals).toEqual({ count: 0, lines: 0, amount: 0, cancelled_count: 1 });
  });
});
