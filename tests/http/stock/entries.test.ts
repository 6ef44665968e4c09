import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId } from '../../../server/db/dialect.js';
import { withSearchName } from '../../../server/db/search.js';
import { businessDate } from '../../../server/domain/dates.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { type StockFixtures, expectStockConsistent, idempotencyKey, levelOf, makeProduct, stockFixtures } from '../../support/stock.js';

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
    counter: Number((await t.db('document_counters').where({ series: 'ENT' }).first('last_number'))?.last_number ?? 0),
  });
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
    const none = await userWithPermissions(t, 'nobody@test.local', ['menu.dashboard']);
    const c = new Client(t);
    await c.login(none.email, none.password);
    for (const url of ['/operations/entreestock', '/operations/entreestock/create', '/operations/entreestock/etat', '/operations/entreestock/1', '/operations/entreestock/1/print']) {
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
    expect((await v.post('/operations/entreestock/1/cancel', { reason: 'Erreur de saisie', version: 1 })).status).toBe(403);
    expect((await counts()).entries).toBe(0);
  });

  it('shows the new-entry form with active suppliers and locations', async () => {
    const res = await admin.visit('/operations/entreestock/create');
    expect(res.status).toBe(200);
    expect(res.body.component).toBe('stock/entries/Create');
    expect(res.body.props).toMatchObject({ currency: 'XOF', today: today(), default_location_id: f.depot });
    expect(res.body.props.suppliers).toEqual([{ value: String(f.supplier), label: 'SOCOCE Distribution (FRS001)' }]);
  });

  it('validates an entry: ENT number, stock, CMUP, last purchase price, supplier balance, audit', async () => {
    const res = await admin.post('/operations/entreestock', entry());
    expect(res.status).toBe(303);
    const row = await t.db('stock_entries').orderBy('id', 'desc').first();
    expect(res.headers.location).toBe(`/operations/entreestock/${row.id}`);
    expect(row).toMatchObject({ number: `ENT-${year()}-000001`, status: 'validated', supplier_ref: 'BL-2026-0042', line_count: 2 });
    expect(Number(row.total_amount)).toBe(10 * 12500 + 24 * 1150);
    expect(Number(row.total_quantity)).toBe(34);

    expect(await levelOf(t.db, f.products.rice, f.depot)).toBe(10);
    expect(await levelOf(t.db, f.products.oil, f.depot)).toBe(24); // 2 cartons of 12
    const rice = await t.db('products').where({ id: f.products.rice }).first();
    expect(Number(rice.cmup)).toBe(12500);
    expect(Number(rice.purchase_price)).toBe(12500);
    const history = await t.db('price_history').where({ product_id: f.products.rice }).first();
    expect(history).toMatchObject({ field: 'purchase_price', source: 'entry' });
    expect(Number(history.old_value)).toBe(12000);
    expect(Number(history.new_value)).toBe(12500);
    expect(Number((await t.db('suppliers').where({ id: f.supplier }).first('balance')).balance)).toBe(152_600);
    const audit = await t.db('audit_log').where({ action: 'stock_entry.validated' }).first();
    expect(audit).toMatchObject({ subject_type: 'stock_entry', subject_id: String(row.id), subject_label: `ENT-${year()}-000001`, user_name: 'Administrateur' });

    const show = await admin.follow(res);
    expect(show.body.component).toBe('stock/entries/Show');
    expect(show.body.flash).toEqual({ success: `Entrée de stock ENT-${year()}-000001 validée.` });
    expect(show.body.props.entry).toMatchObject({ number: `ENT-${year()}-000001`, status: 'validated', status_label: 'Validée', supplier: { name: 'SOCOCE Distribution' }, total_amount: 152_600, version: 1 });
    expect(show.body.props.entry.lines[1]).toMatchObject({ product_name: 'Huile végétale 1 L', entry_unit: 'pack', pack_size: 12, entered_quantity: 2, quantity: 24, unit_cost: 1150, amount: 27_600, cmup_before: 0, cmup_after: 1150 });
  });

  it('recomputes the CMUP on the next entry, across locations', async () => {
    // 10 rice at 12 500 in the depot; 30 more at 13 500 in the shop → (125 000 + 405 000) / 40 = 13 250
    const res = await admin.post('/operations/entreestock', entry({ location_id: f.shop, lines: [{ product_id: f.products.rice, unit: 'unit', quantity: 30, unit_cost: 13500 }] }));
    expect(res.status).toBe(303);
    expect(Number((await t.db('products').where({ id: f.products.rice }).first('cmup')).cmup)).toBe(13250);
    const line = await t.db('stock_entry_lines').orderBy('id', 'desc').first();
    expect([Number(line.cmup_before), Number(line.cmup_after)]).toEqual([12500, 13250]);
  });

  it('merges the same product twice at the same cost, refuses it at two costs', async () => {
    const p = await makeProduct(t.db, { category_id: f.category, name: 'Farine 50 kg' });
    const ok = await admin.post('/operations/entreestock', entry({ lines: [{ product_id: p, unit: 'unit', quantity: 2, unit_cost: 100 }, { product_id: p, unit: 'unit', quantity: 3, unit_cost: 100 }] }));
    expect(ok.status).toBe(303);
    const lines = await t.db('stock_entry_lines').where({ product_id: p });
    expect(lines).toHaveLength(1);
    expect(Number(lines[0].quantity)).toBe(5);

    const before = await counts();
    const errors = await errorsAfter(admin, '/operations/entreestock', entry({ lines: [{ product_id: p, unit: 'unit', quantity: 2, unit_cost: 100 }, { product_id: p, unit: 'unit', quantity: 3, unit_cost: 120 }] }));
    expect(errors['lines.1.unit_cost']).toBe('Ligne 2 : « Farine 50 kg » figure déjà à la ligne 1 avec un autre coût unitaire. Regroupez les deux lignes ou corrigez le coût.');
    expect(await counts()).toEqual(before);
  });

  it('refuses bad input with a French message on the field and writes nothing', async () => {
    const archived = await makeProduct(t.db, { category_id: f.category, name: 'Ancien article', active: false });
    const archivedLocation = (await t.db('locations').insert({ code: 'OLD', name: 'Ancien dépôt', kind: 'depot', active: false, created_at: 'x', updated_at: 'x' }).returning('id'))[0];
    const oldLocationId = typeof archivedLocation === 'object' ? archivedLocation.id : archivedLocation;
    const before = await counts();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ lines: [] }, 'lines', /Ajoutez au moins un produit/],
      [{ lines: [{ product_id: f.products.rice, unit: 'unit', quantity: 0, unit_cost: 1 }] }, 'lines.0.quantity', /supérieure à zéro/],
      [{ lines: [{ product_id: f.products.rice, unit: 'unit', quantity: -3, unit_cost: 1 }] }, 'lines.0.quantity', /supérieure à zéro/],
      [{ lines: [{ product_id: f.products.rice, unit: 'unit', quantity: 1.5, unit_cost: 1 }] }, 'lines.0.quantity', /nombre entier/],
      [{ lines: [{ product_id: f.products.rice, unit: 'unit', quantity: 'dix', unit_cost: 1 }] }, 'lines.0.quantity', /nombre entier/],
      [{ lines: [{ product_id: f.products.rice, unit: 'unit', quantity: 1, unit_cost: -5 }] }, 'lines.0.unit_cost', /négatif/],
      [{ lines: [{ product_id: f.products.rice, unit: 'unit', quantity: 1, unit_cost: 10.5 }] }, 'lines.0.unit_cost', /entier/],
      [{ lines: [{ product_id: 999999, unit: 'unit', quantity: 1, unit_cost: 1 }] }, 'lines.0.product_id', /introuvable/],
      [{ lines: [{ product_id: archived, unit: 'unit', quantity: 1, unit_cost: 1 }] }, 'lines.0.product_id', /« Ancien article » est archivé/],
      [{ lines: [{ product_id: f.products.rice, unit: 'carton', quantity: 1, unit_cost: 1 }] }, 'lines.0.unit', /unité/],
      [{ supplier_id: 999999 }, 'supplier_id', /n'existe pas/],
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
    const body = entry({ lines: [{ product_id: f.products.sugar, unit: 'unit', quantity: 5, unit_cost: 600 }] });
    const first = await admin.post('/operations/entreestock', body);
    const second = await admin.post('/operations/entreestock', body);
    expect(second.status).toBe(303);
    expect(second.headers.location).toBe(first.headers.location);
    expect(await t.db('stock_entry_lines').where({ product_id: f.products.sugar })).toHaveLength(1);
    expect(await levelOf(t.db, f.products.sugar, f.depot)).toBe(5);
    const page = await admin.follow(second);
    expect(page.body.flash.success).toMatch(/était déjà enregistrée : elle n'a pas été créée une seconde fois/);
    // Another user's identical key is their own.
    const other = await userWithPermissions(t, 'mag1@test.local', ['menu.entreestock', 'stock_entries.create']);
    const c = new Client(t);
    await c.login(other.email, other.password);
    const third = await c.post('/operations/entreestock', body);
    expect(third.headers.location).not.toBe(first.headers.location);
    expect(await levelOf(t.db, f.products.sugar, f.depot)).toBe(10);
  });

  it('lists entries with filters, sort allowlist and totals', async () => {
    const res = await admin.visit(`/operations/entreestock?supplier_id=${f.supplier}&sort=amount&dir=asc&status=validated`);
    expect(res.body.component).toBe('stock/entries/Index');
    const { entries, totals, filters, can } = res.body.props;
    expect(filters).toMatchObject({ supplier_id: String(f.supplier), sort: 'amount', dir: 'asc', status: 'validated', to: today() });
    expect(entries.total).toBeGreaterThanOrEqual(4);
    const amounts = entries.data.map((e: { total_amount: number }) => e.total_amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(totals.count).toBe(entries.total);
    expect(can).toEqual({ create: true, cancel: true });
    const search = await admin.visit('/operations/entreestock?q=000001');
    expect(search.body.props.entries.data.map((e: { number: string }) => e.number)).toEqual([`ENT-${year()}-000001`]);
    const bad = await admin.visit('/operations/entreestock?sort=password_hash&dir=sideways&from=nope');
    expect(bad.body.props.filters).toMatchObject({ sort: 'date', dir: 'desc' });
    const empty = await admin.visit('/operations/entreestock?from=2001-01-01&to=2001-01-31');
    expect(empty.body.props.entries).toMatchObject({ total: 0, data: [] });
  });

  it('finds an old entry by its number over every date; the period statement keeps its period', async () => {
    const [y, m, d] = today().split('-').map(Number);
    const longAgo = new Date(Date.UTC(y, m - 1, d - 120)).toISOString().slice(0, 10);
    const res = await admin.post('/operations/entreestock', entry({ entry_date: longAgo, lines: [{ product_id: f.products.rice, unit: 'unit', quantity: 1, unit_cost: 12500 }] }));
    expect(res.status).toBe(303);
    const number = (await t.db('stock_entries').where({ entry_date: longAgo }).first('number'))!.number as string;
    const numbers = async (url: string) => (await admin.visit(url)).body.props.entries.data.map((e: { number: string }) => e.number) as string[];
    expect(await numbers('/operations/entreestock')).not.toContain(number);
    expect(await numbers(`/operations/entreestock?q=${number}`)).toEqual([number]);
    expect((await admin.visit(`/operations/entreestock?q=${number}`)).body.props.filters).toMatchObject({ from: '', to: '' });
    expect(await numbers(`/operations/entreestock?q=${number}&from=${today()}&to=${today()}`)).toEqual([]);
    // The statement of the same query covers the default period, not every date.
    const statement = await admin.visit(`/operations/entreestock/etat?q=${number}`);
    expect(statement.body.props.filters.to).toBe(today());
    expect(statement.body.props.filters.from).not.toBe('');
    expect(statement.body.props.rows).toEqual([]);
  });

  it('prints the entry and the period statement with the company header', async () => {
    const row = await t.db('stock_entries').where({ number: `ENT-${year()}-000001` }).first();
    const print = await admin.visit(`/operations/entreestock/${row.id}/print?print=1`);
    expect(print.body.component).toBe('stock/entries/Print');
    expect(print.body.props).toMatchObject({ auto_print: true, printed_by: 'Administrateur', company: { name: 'Ma Société', currency: 'XOF' }, entry: { number: `ENT-${year()}-000001` } });
    expect((await admin.visit(`/operations/entreestock/${row.id}/print`)).body.props.auto_print).toBe(false);
    const statement = await admin.visit(`/operations/entreestock/etat?from=${today()}&to=${today()}&location_id=${f.depot}`);
    expect(statement.body.component).toBe('stock/entries/Statement');
    const { totals, rows, filters, by_supplier } = statement.body.props;
    expect(filters).toMatchObject({ from: today(), to: today(), location: 'Dépôt principal', supplier: null });
    expect(rows.every((r: { location_name: string }) => r.location_name === 'Dépôt principal')).toBe(true);
    expect(totals.amount).toBe(rows.reduce((s: number, r: { total_amount: number }) => s + r.total_amount, 0));
    expect(by_supplier[0]).toMatchObject({ supplier_name: 'SOCOCE Distribution' });
    expect((await admin.visit('/operations/entreestock/999999')).status).toBe(404);
    expect((await admin.visit('/operations/entreestock/abc')).status).toBe(404);
  });

  it('cancels an entry with a reason: stock, CMUP, purchase price and supplier balance go back', async () => {
    const p = await makeProduct(t.db, { category_id: f.category, purchase_price: 400, name: 'Tomate concentrée' });
    await admin.post('/operations/entreestock', entry({ lines: [{ product_id: p, unit: 'unit', quantity: 10, unit_cost: 500 }] }));
    const res = await admin.post('/operations/entreestock', entry({ lines: [{ product_id: p, unit: 'unit', quantity: 10, unit_cost: 700 }] }));
    const id = Number(res.headers.location.split('/').pop());
    const balanceBefore = Number((await t.db('suppliers').where({ id: f.supplier }).first('balance')).balance);
    expect(Number((await t.db('products').where({ id: p }).first('cmup')).cmup)).toBe(600);

    // Reason required, stale version refused.
    let errors = await errorsAfter(admin, `/operations/entreestock/${id}/cancel`, { reason: '', version: 1 }, `/operations/entreestock/${id}`);
    expect(errors.reason).toMatch(/obligatoire/);
    errors = await errorsAfter(admin, `/operations/entreestock/${id}/cancel`, { reason: 'Livraison refusée', version: 7 }, `/operations/entreestock/${id}`);
    expect(errors.version).toMatch(/a été modifiée entre-temps par un autre utilisateur/);
    expect((await t.db('stock_entries').where({ id }).first()).status).toBe('validated');

    const ok = await admin.post(`/operations/entreestock/${id}/cancel`, { reason: 'Livraison refusée', version: 1 });
    expect(ok.status).toBe(303);
    const cancelled = await t.db('stock_entries').where({ id }).first();
    expect(cancelled).toMatchObject({ status: 'cancelled', cancel_reason: 'Livraison refusée', version: 2 });
    expect(await levelOf(t.db, p, f.depot)).toBe(10);
    const product = await t.db('products').where({ id: p }).first();
    expect(Number(product.cmup)).toBe(500);
    expect(Number(product.purchase_price)).toBe(500);
    expect(Number((await t.db('suppliers').where({ id: f.supplier }).first('balance')).balance)).toBe(balanceBefore - 7000);
    const moves = await t.db('stock_movements').where({ document_type: 'stock_entry', document_id: id }).orderBy('id');
    expect(moves.map((m) => [m.movement_type, Number(m.quantity), Number(m.unit_cost)])).toEqual([
      ['entry', 10, 700],
      ['entry_cancel', -10, 700],
    ]);
    expect(await t.db('audit_log').where({ action: 'stock_entry.cancelled', subject_id: String(id) })).toHaveLength(1);
    const page = await admin.follow(ok);
    expect(page.body.props.entry).toMatchObject({ status: 'cancelled', status_label: 'Annulée', cancel_reason: 'Livraison refusée', cancelled_by: 'Administrateur' });

    errors = await errorsAfter(admin, `/operations/entreestock/${id}/cancel`, { reason: 'Encore une fois', version: 2 }, `/operations/entreestock/${id}`);
    expect(errors.reason).toMatch(/déjà annulée/);
  });

  it('refuses to cancel an entry whose goods have already left, and writes nothing', async () => {
    const p = await makeProduct(t.db, { category_id: f.category, name: 'Savon liquide' });
    const res = await admin.post('/operations/entreestock', entry({ lines: [{ product_id: p, unit: 'unit', quantity: 8, unit_cost: 300 }] }));
    const id = Number(res.headers.location.split('/').pop());
    const sent = await admin.post('/operations/sortiestock/transferts', { idempotency_key: idempotencyKey(), from_location_id: f.depot, to_location_id: f.shop, transfer_date: today(), note: '', lines: [{ product_id: p, quantity: 5 }] });
    expect(sent.status).toBe(303);
    const before = await counts();
    const errors = await errorsAfter(admin, `/operations/entreestock/${id}/cancel`, { reason: 'Erreur fournisseur', version: 1 }, `/operations/entreestock/${id}`);
    expect(errors.reason).toBe(`Annulation impossible : une partie de la marchandise de ENT-${year()}-${String(before.counter).padStart(6, '0')} est déjà sortie de Dépôt principal (« Savon liquide » : il n'en reste que 3 sur les 8 entrés).`);
    expect(await counts()).toEqual(before);
    expect((await t.db('stock_entries').where({ id }).first()).status).toBe('validated');
  });
  it('adds the statement totals and per-supplier subtotals over the validated entries, and counts the cancelled ones', async () => {
    const now = new Date().toISOString();
    const other = await insertReturningId(t.db, 'suppliers', withSearchName({ code: 'FRS002', name: 'Agro Import', created_at: now, updated_at: now }));
    await admin.post('/operations/entreestock', entry({ supplier_id: other, lines: [{ product_id: f.products.sugar, unit: 'unit', quantity: 3, unit_cost: 700 }] }));
    await admin.post('/operations/entreestock', entry({ supplier_id: other, lines: [{ product_id: f.products.sugar, unit: 'unit', quantity: 2, unit_cost: 650 }] }));
    type Line = { status: string; supplier_name: string; total_quantity: number; total_amount: number };
    const sum = (rows: Line[], key: 'total_quantity' | 'total_amount') => rows.reduce((s, r) => s + r[key], 0);
    const period = `from=${today()}&to=${today()}`;
    const all = (await admin.visit(`/operations/entreestock/etat?${period}&cancelled=1`)).body.props;
    expect(all.filters.include_cancelled).toBe(true);
    const valid = (all.rows as Line[]).filter((r) => r.status === 'validated');
    // An entry was cancelled above: it is listed, counted apart, and left out of the sums.
    expect(all.rows.length).toBeGreaterThan(valid.length);
    expect(all.totals).toEqual({ count: valid.length, quantity: sum(valid, 'total_quantity'), amount: sum(valid, 'total_amount'), cancelled_count: all.rows.length - valid.length });
    const sococe = valid.filter((r) => r.supplier_name === 'SOCOCE Distribution');
    expect(all.by_supplier).toEqual([
      { supplier_name: 'SOCOCE Distribution', count: sococe.length, amount: sum(sococe, 'total_amount') },
      { supplier_name: 'Agro Import', count: 2, amount: 3 * 700 + 2 * 650 },
    ]);
    // Without cancelled=1: the validated entries only, the same totals.
    const validated = (await admin.visit(`/operations/entreestock/etat?${period}`)).body.props;
    expect(validated.rows).toHaveLength(valid.length);
    expect(validated.totals).toEqual({ ...all.totals, cancelled_count: 0 });
    expect(validated.by_supplier).toEqual(all.by_supplier);
    // Filtered on one supplier: its entries only.
    const one = (await admin.visit(`/operations/entreestock/etat?${period}&supplier_id=${other}`)).body.props;
    expect(one.filters.supplier).toBe('Agro Import');
    expect(one.totals).toEqual({ count: 2, quantity: 5, amount: 3400, cancelled_count: 0 });
  });
});
