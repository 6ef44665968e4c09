import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatDocumentNumber } from '../../../server/db/counters.js';
import { businessDate } from '../../../server/domain/dates.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { csvFile, upload, xlsxFile } from '../../support/master-data.js';
import {
  type StockFixtures,
  expectStockConsistent,
  giveStock,
  idempotencyKey,
  lastNumber,
  levelOf,
  makeProduct,
  nextNumber,
  stockFixtures,
} from '../../support/stock.js';
import { uniqueTag } from '../../support/unique.js';

const today = () => businessDate('Africa/Abidjan');
const year = () => Number(today().slice(0, 4));
const ENTRIES = '/operations/entreestock';
const OPENING = `${ENTRIES}/stock-initial`;

/**
 * « Stock initial »: the opening stock a business loads when it starts with the software — by the
 * entry form without a supplier, or by a CSV/XLSX file through the one import flow.
 */
describe.each(testDatabases())('opening stock (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let admin: Client;

  const supplierDebt = async () => Number((await t.db('suppliers').sum({ s: 'balance' }).first())!.s ?? 0);
  const counts = async () => ({
    entries: Number((await t.db('stock_entries').count({ n: '*' }).first())!.n),
    movements: Number((await t.db('stock_movements').count({ n: '*' }).first())!.n),
    counter: await lastNumber(t.db, 'ENT', year()),
    debt: await supplierDebt(),
  });
  const opening = (
    lines: Array<{ product_id: number; quantity: number; unit_cost: number; unit?: string }>,
    over: Record<string, unknown> = {},
  ) => ({
    idempotency_key: idempotencyKey(),
    kind: 'opening',
    location_id: f.depot,
    entry_date: today(),
    supplier_ref: '',
    note: 'Inventaire de départ',
    lines: lines.map((l) => ({ unit: 'unit', ...l })),
    ...over,
  });
  const products = async (n: number, over: Record<string, unknown> = {}) => {
    const tag = uniqueTag();
    const ids: number[] = [];
    for (let i = 0; i < n; i++)
      ids.push(
        await makeProduct(t.db, {
          code: `${tag}O${i}`,
          name: `Article ${tag} ${i + 1}`,
          category_id: f.category,
          unit: i % 2 ? 'bouteille' : 'sac',
          purchase_price: 900,
          ...over,
        }),
      );
    return { tag, ids };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());
  afterEach(() => expectStockConsistent(t.db));

  it('opens the « Stock initial » form and its import with the entry permissions only', async () => {
    const page = await admin.visit(OPENING);
    expect(page.status).toBe(200);
    expect(page.body.component).toBe('stock/entries/Create');
    expect(page.body.props).toMatchObject({ kind: 'opening', suppliers: [], default_location_id: f.depot });
    const imp = await admin.visit(`${OPENING}/import`);
    expect(imp.body.component).toBe('stock/entries/OpeningImport');
    expect(imp.body.props.columns.map((c: { header: string }) => c.header)).toEqual([
      'Code produit',
      'Emplacement',
      'Quantité',
      'Coût unitaire',
    ]);

    const viewer = await userWithPermissions(t, `viewer-${uniqueTag()}@test.local`, ['menu.entreestock']);
    const v = new Client(t);
    await v.login(viewer.email, viewer.password);
    const before = await counts();
    for (const url of [OPENING, `${OPENING}/import`, `${OPENING}/import/modele`])
      expect((await v.visit(url)).status, url).toBe(403);
    expect(
      (
        await upload(
          v,
          `${OPENING}/import`,
          'Code produit;Emplacement;Quantité;Coût unitaire\nX;DEP01;1;1',
          'stock.csv',
        )
      ).status,
    ).toBe(403);
    expect((await v.post(ENTRIES, opening([{ product_id: f.products.rice, quantity: 1, unit_cost: 1 }]))).status).toBe(
      403,
    );
    expect(await counts()).toEqual(before);
  });

  it('records typed opening stock as an entry without supplier: ENT number, CMUP, ledger « Stock initial », no supplier debt', async () => {
    const { ids } = await products(2);
    const [a, b] = ids;
    const before = await counts();
    const number = await nextNumber(t.db, 'ENT', year());
    const res = await admin.post(
      ENTRIES,
      opening([
        { product_id: a, quantity: 40, unit_cost: 12_500 },
        { product_id: b, quantity: 2, unit: 'pack', unit_cost: 1_000 },
      ]),
    );
    expect(res.status).toBe(303);
    const id = Number(res.headers.location.split('/').pop());
    expect((await admin.follow(res)).body.flash.success).toBe(`Stock initial ${number} validé.`);
    const row = (await t.db('stock_entries').where({ id }).first())!;
    expect(row).toMatchObject({ number, kind: 'opening', supplier_id: null, supplier_ref: '', status: 'validated' });
    expect(Number(row.total_amount)).toBe(40 * 12_500 + 2 * 1_000);
    // No supplier owes or is owed anything for it.
    expect(await supplierDebt()).toBe(before.debt);
    expect(await levelOf(t.db, a, f.depot)).toBe(40);
    const pa = (await t.db('products').where({ id: a }).first())!;
    // It sets the CMUP like any entry; the cost of opening stock is not a purchase price.
    expect([Number(pa.cmup), Number(pa.purchase_price)]).toEqual([12_500, 900]);
    const moves = await t.db('stock_movements').where({ document_type: 'stock_entry', document_id: id }).orderBy('id');
    expect(moves.map((m) => [m.movement_type, Number(m.quantity)])).toEqual([
      ['opening', 40],
      ['opening', 2],
    ]);

    // Shown as « Stock initial » on the detail, the list, the statement and the product's ledger.
    const show = await admin.visit(`${ENTRIES}/${id}`);
    expect(show.body.props.entry).toMatchObject({ kind: 'opening', kind_label: 'Stock initial', supplier: null });
    const list = await admin.visit(`${ENTRIES}?q=${number}`);
    expect(list.body.props.entries.data).toEqual([
      expect.objectContaining({ number, kind: 'opening', supplier_name: 'Stock initial' }),
    ]);
    const statement = await admin.visit(`${ENTRIES}/etat?from=${today()}&to=${today()}`);
    expect(statement.body.props.rows).toContainEqual(
      expect.objectContaining({ number, supplier_name: 'Stock initial' }),
    );
    expect(statement.body.props.by_supplier).toContainEqual(
      expect.objectContaining({ supplier_name: 'Stock initial' }),
    );
    const ledger = await admin.visit(`/fichiers/produits/${a}/stock`);
    expect(ledger.body.props.movements[0]).toMatchObject({
      type_label: 'Stock initial',
      quantity: 40,
      document_number: number,
    });
    expect(ledger.body.props.cmup_history[0]).toMatchObject({ type_label: 'Stock initial', new_cmup: 12_500 });
    expect(await t.db('audit_log').where({ action: 'stock_entry.validated', subject_id: String(id) })).toHaveLength(1);
  });

  it('still requires a supplier on a supplier entry, and cancels opening stock without touching any supplier', async () => {
    const { ids } = await products(1);
    const before = await counts();
    const refused = await admin.post(ENTRIES, {
      ...opening([{ product_id: ids[0], quantity: 1, unit_cost: 1 }]),
      kind: 'supplier',
    });
    expect(refused.status).toBe(303);
    expect((await admin.visit(`${ENTRIES}/create`)).body.props.errors.supplier_id).toBe('Choisissez le fournisseur.');
    expect(await counts()).toEqual(before);

    const res = await admin.post(ENTRIES, opening([{ product_id: ids[0], quantity: 5, unit_cost: 700 }]));
    const id = Number(res.headers.location.split('/').pop());
    expect((await admin.visit(`${ENTRIES}/${id}`)).body.props.cancellation).toEqual({
      possible: true,
      blocked_reason: null,
    });
    const debt = await supplierDebt();
    const ok = await admin.post(`${ENTRIES}/${id}/cancel`, { reason: 'Quantités fausses', version: 1 });
    expect(ok.status).toBe(303);
    expect((await t.db('stock_entries').where({ id }).first())!.status).toBe('cancelled');
    expect(await levelOf(t.db, ids[0], f.depot)).toBe(0);
    expect(await supplierDebt()).toBe(debt);
  });

  it('imports a file: every bad row reported in French, and nothing written while one is bad', async () => {
    const { tag, ids } = await products(2);
    await makeProduct(t.db, { code: `${tag}ARC`, name: 'Article archivé', category_id: f.category, active: false });
    const csv = csvFile([
      ['Code produit', 'Emplacement', 'Quantité', 'Coût unitaire'],
      [`${tag}O0`, 'DEP01', '120', '1 500'],
      [`${tag}O1`, 'boutique 1', '24', '900'],
      [`${tag}NOPE`, 'DEP01', '5', '100'],
      [`${tag}O1`, 'Entrepôt fantôme', '5', '100'],
      [`${tag}O0`, 'Dépôt principal', '0', 'abc'],
      [`${tag}ARC`, 'DEP01', '3', '100'],
      [`${tag}O1`, 'BTQ01', '1', '100'],
    ]);
    const before = await counts();
    const res = await upload(admin, `${OPENING}/import`, csv, 'stock.csv');
    expect(res.status).toBe(303);
    const page = await admin.visit(res.headers.location);
    expect(page.body.component).toBe('stock/entries/OpeningImport');
    const preview = page.body.props.preview;
    expect(preview).toMatchObject({ row_count: 7, error_count: 5, create_count: 2, update_count: 0 });
    expect(
      preview.rows.map((r: { line: number; action: string; errors: string[] }) => [r.line, r.action, r.errors]),
    ).toEqual([
      [2, 'create', []],
      [3, 'create', []],
      [4, 'error', [`Aucun produit n’a le code ${tag}NOPE.`]],
      [5, 'error', ['L’emplacement « Entrepôt fantôme » n’existe pas.']],
      [
        6,
        'error',
        [
          'Le champ quantité doit être supérieur ou égal à 1.',
          'Le champ coût unitaire doit être un montant en chiffres (par exemple 1 500).',
        ],
      ],
      [7, 'error', [`Le produit « Article archivé » (${tag}ARC) est archivé.`]],
      [8, 'error', [`Le produit ${tag}O1 figure déjà à la ligne 3 du fichier pour cet emplacement.`]],
    ]);
    await admin.post(`${OPENING}/import/${preview.id}/apply`);
    expect((await admin.visit(`${OPENING}/import`)).body.flash.error).toMatch(
      /^Import refusé, rien n’a été enregistré : 5\slignes en erreur/,
    );
    expect(await counts()).toEqual(before);
    expect(await levelOf(t.db, ids[0], f.depot)).toBe(0);
  });

  it('applies a clean XLSX file: one « Stock initial » entry per location, numbered from the counter, all at once', async () => {
    const { tag, ids } = await products(3);
    const file = await xlsxFile([
      ['Code', 'Dépôt', 'Qté', 'Coût'],
      [`${tag}O0`, 'DEP01', 100, 2000],
      [`${tag}O1`, 'Boutique 1', 12, 450],
      [`${tag}O2`, 'dépôt principal', 7, 0],
      [`${tag}O0`, 'BTQ01', 10, 2000],
    ]);
    const res = await upload(admin, `${OPENING}/import`, file, 'stock-initial.xlsx');
    const preview = (await admin.visit(res.headers.location)).body.props.preview;
    expect(preview).toMatchObject({ row_count: 4, error_count: 0, create_count: 4 });
    expect(preview.rows[0]).toMatchObject({ code: `${tag}O0`, name: `Article ${tag} 1 — Dépôt principal` });
    const before = await counts();
    const first = await nextNumber(t.db, 'ENT', year());
    const apply = await admin.post(`${OPENING}/import/${preview.id}/apply`);
    expect(apply.status).toBe(303);
    const landed = await admin.follow(apply);
    expect(landed.body.component).toBe('stock/entries/Index');
    expect(landed.body.flash.success).toMatch(/^Stock initial importé : 4\slignes en 2\sentrées/);
    const after = await counts();
    expect(after.entries - before.entries).toBe(2);
    expect(after.counter - before.counter).toBe(2);
    expect(after.debt).toBe(before.debt);
    const entries = await t
      .db('stock_entries')
      .where('number', '>=', first)
      .where({ kind: 'opening' })
      .orderBy('number');
    expect(entries.map((e) => [e.number, Number(e.location_id), Number(e.line_count), e.supplier_id])).toEqual([
      [first, f.depot, 2, null],
      [formatDocumentNumber('ENT', year(), before.counter + 2), f.shop, 2, null],
    ]);
    expect([
      await levelOf(t.db, ids[0], f.depot),
      await levelOf(t.db, ids[1], f.shop),
      await levelOf(t.db, ids[2], f.depot),
      await levelOf(t.db, ids[0], f.shop),
    ]).toEqual([100, 12, 7, 10]);
    expect(Number((await t.db('products').where({ id: ids[0] }).first())!.cmup)).toBe(2000);
    expect(
      await t.db('audit_log').where({ action: 'opening_stock.imported' }).where('details', 'like', `%${first}%`),
    ).toHaveLength(1);
    // A batch is applied once.
    await admin.post(`${OPENING}/import/${preview.id}/apply`);
    expect((await counts()).entries).toBe(after.entries);
  });

  it('adds to the CMUP of stock already there, like any entry', async () => {
    const { tag, ids } = await products(1);
    await giveStock(t.db, ids[0], f.depot, 10, 1000);
    const res = await upload(
      admin,
      `${OPENING}/import`,
      csvFile([
        ['Code produit', 'Emplacement', 'Quantité', 'Coût unitaire'],
        [`${tag}O0`, 'DEP01', '30', '2000'],
      ]),
      's.csv',
    );
    const preview = (await admin.visit(res.headers.location)).body.props.preview;
    await admin.post(`${OPENING}/import/${preview.id}/apply`);
    expect(Number((await t.db('products').where({ id: ids[0] }).first())!.cmup)).toBe(1750);
    expect(await levelOf(t.db, ids[0], f.depot)).toBe(40);
  });
});
