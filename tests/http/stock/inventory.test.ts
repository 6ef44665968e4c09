import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId, nowIso } from '../../../server/db/dialect.js';
import { withSearchName } from '../../../server/db/search.js';
import { addDays, businessDate } from '../../../server/domain/dates.js';
import { summarizeCount } from '../../../server/domain/stock/count.js';
import { seesCosts } from '../../../server/policies/index.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
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
const BASE = '/operations/gestionstock';

describe.each(testDatabases())('inventory counts and readjustments (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let admin: Client;
  /** Holds inventory.count but not inventory.validate: the blind-count audience. */
  let counter: Client;

  const session = (over: Record<string, unknown> = {}) => ({
    idempotency_key: idempotencyKey(),
    location_id: f.depot,
    count_date: today(),
    blind: false,
    category_ids: [f.category],
    note: 'Inventaire tournant alimentation',
    ...over,
  });
  const open = async (c: Client, over: Record<string, unknown> = {}) => {
    const res = await c.post(BASE, session(over));
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(/^\/operations\/gestionstock\/\d+$/);
    return Number(res.headers.location.split('/').pop());
  };
  const readjust = (over: Record<string, unknown> = {}) => ({
    idempotency_key: idempotencyKey(),
    location_id: f.depot,
    adjustment_date: today(),
    reason: 'casse',
    note: '',
    lines: [{ product_id: f.products.rice, direction: 'out', quantity: 1 }],
    ...over,
  });
  const counts = async () => ({
    sessions: Number((await t.db('inventory_counts').count({ n: '*' }).first())!.n),
    lines: Number((await t.db('inventory_count_lines').count({ n: '*' }).first())!.n),
    adjustments: Number((await t.db('stock_adjustments').count({ n: '*' }).first())!.n),
    movements: Number((await t.db('stock_movements').count({ n: '*' }).first())!.n),
    counter: await lastNumber(t.db, 'INV', today().slice(0, 4)),
  });
  const errorsAfter = async (c: Client, url: string, body: object, landing = BASE) => {
    const res = await c.post(url, body);
    expect(res.status).toBe(303);
    return (await c.visit(landing)).body.props.errors as Record<string, string>;
  };
  const lineOf = (page: { body: { props: { lines: { data: Array<{ product_id: number }> } } } }, productId: number) =>
    page.body.props.lines.data.find((l) => l.product_id === productId) as Record<string, unknown>;
  const versionOf = async (id: number) =>
    Number((await t.db('inventory_counts').where({ id }).first('version'))!.version);
  const category = async (code: string, name: string) =>
    insertReturningId(t.db, 'categories', withSearchName({ code, name, created_at: nowIso(), updated_at: nowIso() }));
  /**
   * What a count test counts, of its own: a category with rice, oil and sugar at the depot (100 @ 12 000,
   * 240 @ 1 100, 50 @ 650), and a soap of another category (30 @ 250). Codes and barcodes are unique.
   */
  const countFixtures = async () => {
    const tag = uniqueTag();
    const food = await category(`${tag}ALIM`, `Alimentation ${tag}`);
    const hygiene = await category(`${tag}HYG`, `Hygiène ${tag}`);
    const rice = await makeProduct(t.db, {
      code: `${tag}RIZ`,
      barcode: `600${tag.slice(1)}000001`,
      name: 'Riz parfumé 25 kg',
      category_id: food,
      unit: 'sac',
      purchase_price: 12000,
    });
    const oil = await makeProduct(t.db, {
      code: `${tag}HUI`,
      barcode: `600${tag.slice(1)}000002`,
      name: 'Huile végétale 1 L',
      category_id: food,
      unit: 'bouteille',
      pack_size: 12,
      purchase_price: 1100,
    });
    const sugar = await makeProduct(t.db, {
      code: `${tag}SUC`,
      name: 'Sucre en poudre 1 kg',
      category_id: food,
      unit: 'paquet',
      pack_size: 20,
      purchase_price: 650,
    });
    const soap = await makeProduct(t.db, {
      code: `${tag}SAV`,
      name: 'Savon de Marseille',
      category_id: hygiene,
      unit: 'pièce',
      pack_size: 48,
      purchase_price: 250,
    });
    await giveStock(t.db, rice, f.depot, 100, 12000);
    await giveStock(t.db, oil, f.depot, 240, 1100);
    await giveStock(t.db, sugar, f.depot, 50, 650);
    await giveStock(t.db, soap, f.depot, 30, 250);
    return {
      tag,
      food,
      foodName: `Alimentation ${tag}`,
      hygiene,
      rice,
      oil,
      sugar,
      soap,
      codes: { rice: `${tag}RIZ`, oil: `${tag}HUI`, soap: `${tag}SAV` },
      oilBarcode: `600${tag.slice(1)}000002`,
    };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    admin = new Client(t);
    await admin.login();
    const u = await userWithPermissions(t, 'compteur@test.local', ['menu.inventaire', 'inventory.count']);
    counter = new Client(t);
    await counter.login(u.email, u.password);
    // Rice in the depot, for the readjustment tests (they read the level before they change it).
    await giveStock(t.db, f.products.rice, f.depot, 100, 12000);
  });
  afterAll(() => t.close());
  afterEach(() => expectStockConsistent(t.db));

  it('guards every route: 403 without the menu, counting without validating', async () => {
    const before = await counts();
    const none = await userWithPermissions(t, 'none@test.local', ['menu.dashboard']);
    const c = new Client(t);
    await c.login(none.email, none.password);
    for (const url of [
      BASE,
      `${BASE}/create`,
      `${BASE}/reajustement`,
      `${BASE}/1`,
      `${BASE}/1/print`,
      `${BASE}/1/ajustement`,
      `${BASE}/reajustements/1/print`,
    ]) {
      const res = await c.visit(url);
      expect(res.status, url).toBe(403);
      expect(res.body.component).toBe('Error');
    }
    for (const url of [
      BASE,
      `${BASE}/1/counts`,
      `${BASE}/1/scan`,
      `${BASE}/1/validate`,
      `${BASE}/1/abandon`,
      `${BASE}/reajustement`,
    ])
      expect((await c.post(url, {})).status, url).toBe(403);

    // The menu alone: the lists, but neither counting nor validating.
    const viewer = await userWithPermissions(t, 'viewer@test.local', ['menu.inventaire']);
    const v = new Client(t);
    await v.login(viewer.email, viewer.password);
    const list = await v.visit(BASE);
    expect(list.status).toBe(200);
    expect(list.body.component).toBe('stock/inventory/Index');
    expect(list.body.props.can).toEqual({ count: false, validate: false });
    expect((await v.visit(`${BASE}/create`)).status).toBe(403);
    expect((await v.post(BASE, session())).status).toBe(403);

    // A counter opens and counts but may neither validate, abandon nor readjust.
    expect((await counter.visit(BASE)).body.props.can).toEqual({ count: true, validate: false });
    expect((await counter.visit(`${BASE}/reajustement`)).status).toBe(403);
    expect((await counter.post(`${BASE}/reajustement`, readjust())).status).toBe(403);
    expect((await counter.post(`${BASE}/1/validate`, { version: 1 })).status).toBe(403);
    expect((await counter.post(`${BASE}/1/abandon`, { reason: 'Pas le temps', version: 1 })).status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('refuses bad session input in French and writes nothing', async () => {
    const before = await counts();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ location_id: '' }, 'location_id', /Choisissez l’emplacement à compter/],
      [{ location_id: 424242 }, 'location_id', /n’existe pas/],
      [{ count_date: '22/11/2026' }, 'count_date', /AAAA-MM-JJ/],
      [{ count_date: addDays(today(), 1) }, 'count_date', /futur/],
      [{ category_ids: [424242] }, 'category_ids', /n’existe pas/],
      [{ blind: 'peut-être' }, 'blind', /Valeur invalide/],
      [{ idempotency_key: 'x' }, 'idempotency_key', /expiré/],
    ];
    for (const [over, field, message] of cases) {
      const errors = await errorsAfter(admin, BASE, session(over), `${BASE}/create`);
      expect(errors[field], `${field} ← ${JSON.stringify(over)}`).toMatch(message);
    }
    // A category without any product: nothing to count.
    const tag = uniqueTag();
    const empty = await category(`${tag}VIDE`, `Catégorie vide ${tag}`);
    const errors = await errorsAfter(admin, BASE, session({ category_ids: [empty] }), `${BASE}/create`);
    expect(errors.category_ids).toBe('Aucun produit à compter dans ce périmètre.');
    expect(await counts()).toEqual(before);
  });

  it('opens a session per location and categories with a snapshot; overlapping sessions are refused', async () => {
    const x = await countFixtures();
    const key = idempotencyKey();
    // The count takes its definitive INV- number when it opens (gap-free counter).
    const number = await nextNumber(t.db, 'INV', today().slice(0, 4));
    const id = await open(admin, { idempotency_key: key, category_ids: [x.food] });
    const row = (await t.db('inventory_counts').where({ id }).first())!;
    expect(row).toMatchObject({
      status: 'open',
      count_date: today(),
      note: 'Inventaire tournant alimentation',
      version: 1,
      number,
    });
    const shown = await admin.visit(`${BASE}/${id}`);
    expect(shown.body.props.session).toMatchObject({ number, label: number });
    expect(shown.body.flash.success).toBe(
      `Inventaire ${number} ouvert : les quantités théoriques sont figées, le comptage peut commencer.`,
    );
    expect(Number(row.location_id)).toBe(f.depot);
    // The snapshot: the three products of the category, with their quantities at the depot; not the soap.
    const lines = await t.db('inventory_count_lines').where({ count_id: id }).orderBy('product_id');
    expect(lines.map((l) => [Number(l.product_id), Number(l.theoretical_quantity), l.counted_quantity])).toEqual([
      [x.rice, 100, null],
      [x.oil, 240, null],
      [x.sugar, 50, null],
    ]);
    expect(Number(row.line_count)).toBe(3);
    expect(await t.db('audit_log').where({ action: 'inventory.opened', subject_id: String(id) })).toHaveLength(1);

    // A double click replays, it does not open a second session.
    const replay = await admin.post(BASE, session({ idempotency_key: key, category_ids: [x.food] }));
    expect(replay.headers.location).toBe(`${BASE}/${id}`);
    expect(await lastNumber(t.db, 'INV', today().slice(0, 4))).toBe(Number(number.slice(-6)));

    const before = await counts();
    let errors = await errorsAfter(admin, BASE, session({ category_ids: [x.food] }), `${BASE}/create`);
    expect(errors.category_ids).toBe(
      `La catégorie « ${x.foodName} » est déjà comptée dans l’inventaire en cours ${number} à Dépôt principal.`,
    );
    errors = await errorsAfter(admin, BASE, session({ category_ids: [] }), `${BASE}/create`);
    expect(errors.location_id).toMatch(/Un inventaire est déjà en cours à Dépôt principal/);
    expect(await counts()).toEqual(before);

    // Another category at the same depot, or the same category in the shop, is fine.
    const hyg = await open(admin, { category_ids: [x.hygiene] });
    const shop = await open(admin, { location_id: f.shop, category_ids: [x.food] });
    expect(await t.db('inventory_count_lines').where({ count_id: hyg }).pluck('product_id')).toEqual([x.soap]);
    const shopLines = await t.db('inventory_count_lines').where({ count_id: shop });
    expect(shopLines.map((l) => Number(l.theoretical_quantity))).toEqual([0, 0, 0]);

    // The create form lists open sessions; abandon needs a reason and the current version.
    const form = await admin.visit(`${BASE}/create`);
    expect(form.body.component).toBe('stock/inventory/Create');
    errors = await errorsAfter(admin, `${BASE}/${hyg}/abandon`, { reason: '', version: 1 }, `${BASE}/${hyg}`);
    expect(errors.reason).toBe('Le motif d’annulation est obligatoire.');
    errors = await errorsAfter(
      admin,
      `${BASE}/${hyg}/abandon`,
      { reason: 'Ouvert par erreur', version: 7 },
      `${BASE}/${hyg}`,
    );
    expect(errors.version).toMatch(/modifié/);
    for (const s of [hyg, shop])
      expect((await admin.post(`${BASE}/${s}/abandon`, { reason: 'Ouvert par erreur', version: 1 })).status).toBe(303);
    expect(await t.db('inventory_counts').whereIn('id', [hyg, shop]).pluck('status')).toEqual([
      'cancelled',
      'cancelled',
    ]);
    // An abandoned count keeps its number, with the status « Annulé »: the INV series has no hole.
    const hygNumber = (await t.db('inventory_counts').where({ id: hyg }).first('number'))!.number as string;
    expect(hygNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    const abandoned = await admin.visit(`${BASE}/${hyg}`);
    expect(abandoned.body.props.session).toMatchObject({
      number: hygNumber,
      status: 'cancelled',
      status_label: 'Annulé',
      label: `${hygNumber} (annulé)`,
    });
    errors = await errorsAfter(
      admin,
      `${BASE}/${hyg}/counts`,
      { lines: [{ product_id: x.soap, counted: 3, expected: null }] },
      `${BASE}/${hyg}`,
    );
    expect(errors.status).toBe('Cet inventaire a été abandonné (annulé).');
    // The first session is still open; abandon it too, so no session of this test stays open.
    expect((await admin.post(`${BASE}/${id}/abandon`, { reason: 'Recommencé plus tard', version: 1 })).status).toBe(
      303,
    );
  });

  it('a blind count hides theoretical quantities from counters, not from validators', async () => {
    const x = await countFixtures();
    const id = await open(admin, { blind: true, category_ids: [x.food] });
    const seen = await counter.visit(`${BASE}/${id}`);
    expect(seen.body.component).toBe('stock/inventory/Show');
    expect(seen.body.props.reveal).toBe(false);
    expect(seen.body.props.summary).toBeNull();
    expect(seen.body.props.tab).toBe('saisie');
    // Even asking for the differences tab does not reveal them.
    expect((await counter.visit(`${BASE}/${id}?tab=ecarts`)).body.props.tab).toBe('saisie');
    expect(seen.body.props.lines.data).toHaveLength(3);
    for (const l of seen.body.props.lines.data) {
      expect(l).toMatchObject({ theoretical: null, current: null, moved: null, difference: null, adjustment: null });
      // A counter does not see costs: the cost keys are absent, not null.
      expect(l).not.toHaveProperty('unit_cost');
      expect(l).not.toHaveProperty('value');
    }
    const sheet = await counter.visit(`${BASE}/${id}/print`);
    expect(sheet.body.component).toBe('stock/inventory/CountSheet');
    expect(sheet.body.props.with_quantities).toBe(false);
    expect(sheet.body.props.lines.map((l: { theoretical: unknown }) => l.theoretical)).toEqual([null, null, null]);

    const validator = await admin.visit(`${BASE}/${id}`);
    expect(validator.body.props.reveal).toBe(true);
    expect(lineOf(validator, x.rice)).toMatchObject({ theoretical: 100, current: 100, moved: 0 });
    expect(
      (await admin.visit(`${BASE}/${id}/print`)).body.props.lines.find(
        (l: { code: string }) => l.code === x.codes.rice,
      ),
    ).toMatchObject({ theoretical: 100, counted: null });
    expect((await admin.post(`${BASE}/${id}/abandon`, { reason: 'Démonstration terminée', version: 1 })).status).toBe(
      303,
    );
  });

  it('counts, shows differences at CMUP, handles stock moved after the snapshot and validates into dated INV- adjustments', async () => {
    const x = await countFixtures();
    const countDate = addDays(today(), -1);
    const id = await open(admin, { count_date: countDate, category_ids: [x.food] });

    // Typed counts by the counter, then a scan (barcode) adds one.
    let res = await counter.post(`${BASE}/${id}/counts`, {
      lines: [
        { product_id: x.rice, counted: 97, expected: null },
        { product_id: x.oil, counted: 244, expected: null },
      ],
    });
    expect(res.status).toBe(303);
    res = await counter.post(`${BASE}/${id}/scan`, { code: x.oilBarcode });
    expect(res.status).toBe(303);
    const afterScan = await counter.visit(`${BASE}/${id}`);
    expect(afterScan.body.props.last_scan).toEqual({
      name: 'Huile végétale 1 L',
      code: x.codes.oil,
      counted: 245,
      added: 1,
    });
    const lines = await t.db('inventory_count_lines').where({ count_id: id }).orderBy('product_id');
    expect(lines.map((l) => (l.counted_quantity === null ? null : Number(l.counted_quantity)))).toEqual([
      97,
      245,
      null,
    ]);
    expect(Number(lines[0].counted_by)).not.toBe(
      Number((await t.db('users').where({ email: 'admin@test.local' }).first('id'))!.id),
    );

    // Bad counts: French messages, nothing saved.
    const version = await versionOf(id);
    let errors = await errorsAfter(
      counter,
      `${BASE}/${id}/counts`,
      { lines: [{ product_id: x.sugar, counted: -2, expected: null }] },
      `${BASE}/${id}`,
    );
    expect(errors['lines.0.counted']).toBe('La quantité comptée ne peut pas être négative.');
    errors = await errorsAfter(
      counter,
      `${BASE}/${id}/counts`,
      { lines: [{ product_id: x.sugar, counted: 1.5, expected: null }] },
      `${BASE}/${id}`,
    );
    expect(errors['lines.0.counted']).toBe('La quantité comptée doit être un nombre entier.');
    errors = await errorsAfter(
      counter,
      `${BASE}/${id}/counts`,
      { lines: [{ product_id: x.soap, counted: 3, expected: null }] },
      `${BASE}/${id}`,
    );
    expect(errors.lines).toMatch(/ne fait pas partie de cet inventaire/);
    // A stale form: rice was counted 97 meanwhile, this form still thinks it is not counted.
    errors = await errorsAfter(
      admin,
      `${BASE}/${id}/counts`,
      {
        lines: [
          { product_id: x.rice, counted: 90, expected: null },
          { product_id: x.sugar, counted: 50, expected: null },
        ],
      },
      `${BASE}/${id}`,
    );
    expect(errors.version).toMatch(
      /Compté entre-temps par quelqu’un d’autre : « Riz parfumé 25 kg » \(97, par Awa Traoré\)/,
    );
    errors = await errorsAfter(counter, `${BASE}/${id}/scan`, { code: 'INCONNU-1' }, `${BASE}/${id}`);
    expect(errors.code).toBe('Aucun produit ne porte le code-barres ou le code « INCONNU-1 ».');
    errors = await errorsAfter(counter, `${BASE}/${id}/scan`, { code: x.codes.soap }, `${BASE}/${id}`);
    expect(errors.code).toMatch(/« Savon de Marseille » ne fait pas partie de cet inventaire/);
    errors = await errorsAfter(counter, `${BASE}/${id}/scan`, { code: x.codes.rice, quantity: -98 }, `${BASE}/${id}`);
    expect(errors.code).toMatch(/ne peut pas devenir négative/);
    expect(await versionOf(id)).toBe(version);
    expect(
      (await t.db('inventory_count_lines').where({ count_id: id, product_id: x.sugar }).first())!.counted_quantity,
    ).toBeNull();

    // Differences in quantity and value at the CMUP (validator view).
    let page = await admin.visit(`${BASE}/${id}?tab=ecarts`);
    expect(page.body.props.tab).toBe('ecarts');
    expect(lineOf(page, x.rice)).toMatchObject({
      theoretical: 100,
      counted: 97,
      difference: -3,
      adjustment: -3,
      unit_cost: 12000,
      value: -36000,
    });
    expect(lineOf(page, x.oil)).toMatchObject({
      theoretical: 240,
      counted: 245,
      difference: 5,
      adjustment: 5,
      unit_cost: 1100,
      value: 5500,
    });
    expect(lineOf(page, x.sugar)).toMatchObject({ counted: null, difference: null, adjustment: null });
    expect(page.body.props.summary).toMatchObject({
      lines: 3,
      counted: 2,
      uncounted: 1,
      moved: 0,
      adjusted: 2,
      gain_lines: 1,
      loss_lines: 1,
      gain_value: 5500,
      loss_value: 36000,
      net_value: -30500,
    });

    // Stock moves after the snapshot: 10 more bags of rice arrive, 20 bags of sugar too.
    await giveStock(t.db, x.rice, f.depot, 10, 12000);
    await giveStock(t.db, x.sugar, f.depot, 20, 650);
    page = await admin.visit(`${BASE}/${id}?tab=ecarts&show=moved`);
    expect(page.body.props.lines.data.map((l: { product_id: number }) => l.product_id).sort()).toEqual(
      [x.rice, x.sugar].sort(),
    );
    expect(lineOf(page, x.rice)).toMatchObject({ theoretical: 100, current: 110, moved: 10 });
    expect(page.body.props.summary.moved).toBe(2);
    // Previews of both policies: snapshot keeps the later arrivals (−3 on 110), current replaces (97).
    expect(lineOf(await admin.visit(`${BASE}/${id}?tab=ecarts&policy=snapshot`), x.rice)).toMatchObject({
      adjustment: -3,
    });
    expect(lineOf(await admin.visit(`${BASE}/${id}?tab=ecarts&policy=current`), x.rice)).toMatchObject({
      adjustment: -13,
    });
    // The totals (SQL aggregates over the lines) follow the domain rule applied line by line, under every preview.
    for (const query of ['policy=snapshot', 'policy=current', 'policy=snapshot&zero=1', 'policy=current&zero=1']) {
      const preview = (await admin.visit(`${BASE}/${id}?tab=ecarts&${query}`)).body.props;
      type Line = { theoretical: number; counted: number | null; current: number; unit_cost: number };
      const facts = (preview.lines.data as Line[]).map((l) => ({
        theoretical: l.theoretical,
        counted: l.counted,
        current: l.current,
        unitCost: l.unit_cost,
      }));
      const s = summarizeCount(facts, {
        movedPolicy: query.includes('current') ? 'current' : 'snapshot',
        uncountedAsZero: query.includes('zero'),
      });
      expect(preview.summary, query).toEqual({
        lines: s.lines,
        counted: s.counted,
        uncounted: s.uncounted,
        moved: s.moved,
        adjusted: s.adjusted,
        gain_lines: s.gainLines,
        loss_lines: s.lossLines,
        gain_value: s.gainValue,
        loss_value: s.lossValue,
        net_value: s.netValue,
      });
    }
    expect((await admin.visit(`${BASE}/${id}?tab=ecarts&policy=current`)).body.props.summary).toMatchObject({
      moved: 2,
      adjusted: 2,
      gain_lines: 1,
      loss_lines: 1,
      gain_value: 5500,
      loss_value: 13 * 12000,
      net_value: 5500 - 13 * 12000,
    });

    // Validation without choosing how to treat the movement is refused; so is a stale version.
    const before = await counts();
    const v = await versionOf(id);
    errors = await errorsAfter(admin, `${BASE}/${id}/validate`, { version: v }, `${BASE}/${id}`);
    expect(errors.moved_policy).toMatch(/^1\sproduit compté a bougé depuis l’instantané/);
    errors = await errorsAfter(
      admin,
      `${BASE}/${id}/validate`,
      { version: v - 1, moved_policy: 'snapshot' },
      `${BASE}/${id}`,
    );
    expect(errors.version).toMatch(/L’inventaire a été modifié/);
    errors = await errorsAfter(
      admin,
      `${BASE}/${id}/validate`,
      { version: v, moved_policy: 'plus tard' },
      `${BASE}/${id}`,
    );
    expect(errors.moved_policy).toBe('Choisissez comment traiter le stock qui a bougé.');
    expect(await counts()).toEqual(before);
    expect(await levelOf(t.db, x.rice, f.depot)).toBe(110);

    // Validate with "counted at the snapshot": rice 110 − 3 = 107, oil 240 + 5 = 245, sugar untouched.
    // The adjustment carries the number the count took when it opened: no new number.
    const number = (await t.db('inventory_counts').where({ id }).first('number'))!.number as string;
    expect(number).toMatch(new RegExp(`^INV-${countDate.slice(0, 4)}-\\d{6}$`));
    const lastInv = await lastNumber(t.db, 'INV', countDate.slice(0, 4));
    res = await admin.post(`${BASE}/${id}/validate`, {
      version: v,
      moved_policy: 'snapshot',
      uncounted_as_zero: false,
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${BASE}/${id}?tab=ecarts`);
    const row = (await t.db('inventory_counts').where({ id }).first())!;
    expect(row).toMatchObject({ status: 'validated', number, moved_policy: 'snapshot' });
    expect(await lastNumber(t.db, 'INV', countDate.slice(0, 4))).toBe(lastInv);
    expect(
      [row.adjusted_lines, row.gain_quantity, row.loss_quantity, row.gain_value, row.loss_value].map(Number),
    ).toEqual([2, 5, 3, 5500, 36000]);
    expect(await levelOf(t.db, x.rice, f.depot)).toBe(107);
    expect(await levelOf(t.db, x.oil, f.depot)).toBe(245);
    expect(await levelOf(t.db, x.sugar, f.depot)).toBe(70);
    const movements = await t
      .db('stock_movements')
      .where({ document_type: 'inventory_count', document_id: id })
      .orderBy('product_id');
    expect(
      movements.map((m) => [
        Number(m.product_id),
        Number(m.quantity),
        Number(m.unit_cost),
        m.movement_type,
        m.business_date,
        m.document_number,
      ]),
    ).toEqual([
      [x.rice, -3, 12000, 'inventory', countDate, number],
      [x.oil, 5, 1100, 'inventory', countDate, number],
    ]);
    expect(await t.db('audit_log').where({ action: 'inventory.validated', subject_id: String(id) })).toHaveLength(1);

    // Validated: the counter may now see the figures; no second validation; no more counting.
    const after = await counter.visit(`${BASE}/${id}`);
    expect(after.body.props.reveal).toBe(true);
    expect(after.body.props.session).toMatchObject({ number, status: 'validated', status_label: 'Validé' });
    expect(lineOf(after, x.rice)).toMatchObject({ current: 110, adjustment: -3 });
    // Once validated the totals are the stored ones; lines that moved are those whose stock at validation differs from the snapshot.
    const stored = await t.db('inventory_count_lines').where({ count_id: id });
    const movedLines = stored.filter(
      (l) => l.stock_at_validation !== null && Number(l.stock_at_validation) !== Number(l.theoretical_quantity),
    ).length;
    expect(movedLines).toBeGreaterThan(0);
    expect((await admin.visit(`${BASE}/${id}?policy=current&zero=1`)).body.props.summary).toEqual({
      lines: 3,
      counted: 2,
      uncounted: 1,
      moved: movedLines,
      adjusted: 2,
      gain_lines: 1,
      loss_lines: 1,
      gain_value: 5500,
      loss_value: 36000,
      net_value: -30500,
    });
    expect(after.body.props.summary).toMatchObject({ gain_lines: 1, loss_lines: 1 });
    for (const key of ['gain_value', 'loss_value', 'net_value'])
      expect(after.body.props.summary).not.toHaveProperty(key);
    errors = await errorsAfter(
      admin,
      `${BASE}/${id}/validate`,
      { version: v + 1, moved_policy: 'snapshot' },
      `${BASE}/${id}`,
    );
    expect(errors.status).toBe(`Cet inventaire est déjà validé (${number}).`);
    errors = await errorsAfter(counter, `${BASE}/${id}/scan`, { code: x.codes.rice }, `${BASE}/${id}`);
    expect(errors.status).toMatch(/déjà validé/);

    // État d'ajustement: the adjusted lines and their totals.
    const print = await admin.visit(`${BASE}/${id}/ajustement`);
    expect(print.body.component).toBe('stock/inventory/AdjustmentPrint');
    expect(print.body.props.kind).toBe('count');
    expect(print.body.props.document).toMatchObject({
      number,
      date: countDate,
      location: 'Dépôt principal',
      title: 'État d’ajustement d’inventaire',
    });
    expect(print.body.props.lines).toEqual([
      expect.objectContaining({
        code: x.codes.oil,
        before: 240,
        counted: 245,
        adjustment: 5,
        unit_cost: 1100,
        value: 5500,
      }),
      expect.objectContaining({
        code: x.codes.rice,
        before: 110,
        counted: 97,
        adjustment: -3,
        unit_cost: 12000,
        value: -36000,
      }),
    ]);
    expect(print.body.props.totals).toEqual({
      gain_lines: 1,
      loss_lines: 1,
      gain_value: 5500,
      loss_value: 36000,
      net_value: -30500,
    });
    expect(print.body.props.company).toMatchObject({ name: 'Ma Société' });
    // The count sheet of the validated session carries the counted quantities.
    const sheet = await admin.visit(`${BASE}/${id}/print`);
    expect(sheet.body.props.lines.find((l: { code: string }) => l.code === x.codes.rice)).toMatchObject({
      theoretical: 100,
      counted: 97,
    });
    expect(
      (await admin.visit(`${BASE}/${id}/print?vierge=1`)).body.props.lines.map((l: { counted: unknown }) => l.counted),
    ).toEqual([null, null, null]);
    // The state of an open or unknown session does not exist.
    expect((await admin.visit(`${BASE}/999999/ajustement`)).status).toBe(404);
    expect((await admin.visit(`${BASE}/abc`)).status).toBe(404);
  });

  it('replaces the current stock when counted after the movements, and can treat uncounted products as absent', async () => {
    const tag = uniqueTag();
    const hygiene = await category(`${tag}HYG`, `Hygiène ${tag}`);
    const p = await makeProduct(t.db, { category_id: hygiene, name: 'Dentifrice 75 ml', purchase_price: 400 });
    const soap = await makeProduct(t.db, { category_id: hygiene, name: 'Savon de Marseille', purchase_price: 250 });
    await giveStock(t.db, p, f.shop, 12, 400);
    await giveStock(t.db, soap, f.shop, 8, 250);
    const id = await open(admin, { location_id: f.shop, category_ids: [hygiene] });
    await admin.post(`${BASE}/${id}/counts`, { lines: [{ product_id: p, counted: 9, expected: null }] });
    await giveStock(t.db, p, f.shop, -2); // a sale after the snapshot: 10 left
    const errors = await errorsAfter(
      admin,
      `${BASE}/${id}/validate`,
      { version: await versionOf(id) },
      `${BASE}/${id}`,
    );
    expect(errors.moved_policy).toMatch(/^1\sproduit compté a bougé depuis l’instantané/);
    const number = (await t.db('inventory_counts').where({ id }).first('number'))!.number as string;
    const res = await admin.post(`${BASE}/${id}/validate`, {
      version: await versionOf(id),
      moved_policy: 'current',
      uncounted_as_zero: true,
    });
    expect(res.status).toBe(303);
    expect(await levelOf(t.db, p, f.shop)).toBe(9);
    expect(await levelOf(t.db, soap, f.shop)).toBe(0);
    const row = (await t.db('inventory_counts').where({ id }).first())!;
    expect(row.number).toBe(number);
    expect(
      (await t.db('inventory_count_lines').where({ count_id: id, product_id: soap }).first())!.counted_quantity,
    ).toBe(0);
  });

  it('values at CMUP (the validation confirmation, the differences) only for those who see costs (seesCosts)', async () => {
    const x = await countFixtures();
    const id = await open(admin, { category_ids: [x.food] });
    await admin.post(`${BASE}/${id}/counts`, {
      lines: [
        { product_id: x.rice, counted: 97, expected: null },
        { product_id: x.oil, counted: 240, expected: null },
      ],
    });
    const perms = ['menu.inventaire', 'inventory.count'];
    const countingUser = await userWithPermissions(t, `compteur-${uniqueTag().toLowerCase()}@test.local`, perms);
    expect(seesCosts({ permissions: new Set(perms) })).toBe(false);
    const c = new Client(t);
    await c.login(countingUser.email, countingUser.password);
    // Without a cost permission: the number of lines and of lines with a difference, no value.
    const blind = await c.visit(`${BASE}/${id}`);
    expect(blind.body.props.show_values).toBe(false);
    expect(blind.body.props.summary).toMatchObject({ lines: 3, counted: 2, adjusted: 1 });
    // The values are absent, not zero (withoutCosts).
    for (const key of ['gain_value', 'loss_value', 'net_value'])
      expect(blind.body.props.summary).not.toHaveProperty(key);
    // The administrator sees the value of the adjustment too.
    const full = await admin.visit(`${BASE}/${id}?tab=ecarts`);
    expect(full.body.props.show_values).toBe(true);
    expect(full.body.props.summary).toMatchObject({
      lines: 3,
      counted: 2,
      adjusted: 1,
      loss_value: 36000,
      net_value: -36000,
    });
    expect(
      (await admin.post(`${BASE}/${id}/abandon`, { reason: 'Test terminé', version: await versionOf(id) })).status,
    ).toBe(303);
  });

  it('refuses to validate a session where nothing was counted', async () => {
    const tag = uniqueTag();
    const food = await category(`${tag}ALIM`, `Alimentation ${tag}`);
    await makeProduct(t.db, { category_id: food, name: 'Farine 50 kg' });
    const id = await open(admin, { location_id: f.shop, category_ids: [food] });
    const before = await counts();
    const errors = await errorsAfter(
      admin,
      `${BASE}/${id}/validate`,
      { version: 1, moved_policy: 'snapshot' },
      `${BASE}/${id}`,
    );
    expect(errors.lines).toMatch(/Aucun produit n’a été compté/);
    expect(await counts()).toEqual(before);
    expect((await admin.post(`${BASE}/${id}/abandon`, { reason: 'Comptage reporté', version: 1 })).status).toBe(303);
  });

  it('readjusts directly with each reason, INV- numbered, valued at CMUP, with its printout', async () => {
    const form = await admin.visit(`${BASE}/reajustement`);
    expect(form.body.component).toBe('stock/inventory/Readjust');
    expect(
      form.body.props.reasons.map((r: { value: string; allows_increase: boolean }) => [r.value, r.allows_increase]),
    ).toEqual([
      ['casse', false],
      ['perte', false],
      ['vol', false],
      ['peremption', false],
      ['erreur_saisie', true],
    ]);
    const year = today().slice(0, 4);
    const tag = uniqueTag();
    const oil = await makeProduct(t.db, {
      code: `${tag}HUI`,
      name: 'Huile végétale 1 L',
      category_id: f.category,
      unit: 'bouteille',
      pack_size: 12,
    });
    await giveStock(t.db, oil, f.depot, 240, 1100);
    const readjusted = async () =>
      Number((await t.db('audit_log').where({ action: 'stock.readjusted' }).count({ n: '*' }).first())!.n);
    const auditsBefore = await readjusted();
    let next = await lastNumber(t.db, 'INV', year);
    const start = await levelOf(t.db, oil, f.depot);
    const numbers: string[] = [];
    const cases: Array<[string, 'in' | 'out', number]> = [
      ['casse', 'out', 2],
      ['perte', 'out', 1],
      ['vol', 'out', 3],
      ['peremption', 'out', 4],
      ['erreur_saisie', 'in', 6],
      ['erreur_saisie', 'out', 1],
    ];
    let expected = start;
    for (const [reason, direction, quantity] of cases) {
      const res = await admin.post(
        `${BASE}/reajustement`,
        readjust({
          reason,
          note: reason === 'vol' ? 'Constaté à l’ouverture' : '',
          lines: [{ product_id: oil, direction, quantity }],
        }),
      );
      expect(res.status, reason).toBe(303);
      expect(res.headers.location).toBe(`${BASE}?tab=readjustments`);
      next++;
      expected += direction === 'in' ? quantity : -quantity;
      const a = (await t.db('stock_adjustments').orderBy('id', 'desc').first())!;
      expect(a).toMatchObject({ number: `INV-${year}-${String(next).padStart(6, '0')}`, reason });
      numbers.push(a.number);
      expect(Number(a.total_value)).toBe((direction === 'in' ? 1 : -1) * quantity * 1100);
      const m = (await t
        .db('stock_movements')
        .where({ document_type: 'stock_adjustment', document_id: a.id })
        .first())!;
      expect([Number(m.quantity), Number(m.unit_cost), m.movement_type]).toEqual([
        direction === 'in' ? quantity : -quantity,
        1100,
        'readjustment',
      ]);
      expect(await levelOf(t.db, oil, f.depot)).toBe(expected);
    }
    const vol = (await t.db('stock_adjustments').where({ number: numbers[2] }).first())!;
    expect(vol.reason).toBe('vol');
    expect(
      (await t.db('stock_movements').where({ document_type: 'stock_adjustment', document_id: vol.id }).first())!.reason,
    ).toBe('Vol — Constaté à l’ouverture');
    expect(await readjusted()).toBe(auditsBefore + cases.length);

    const list = await admin.visit(`${BASE}?tab=readjustments`);
    expect(list.body.props.readjustments.data.map((r: { number: string }) => r.number)).toEqual(
      expect.arrayContaining(numbers),
    );

    const print = await admin.visit(`${BASE}/reajustements/${vol.id}/print`);
    expect(print.body.component).toBe('stock/inventory/AdjustmentPrint');
    expect(print.body.props).toMatchObject({
      kind: 'readjustment',
      document: {
        number: vol.number,
        location: 'Dépôt principal',
        title: 'Réajustement de stock — Vol',
        note: 'Constaté à l’ouverture',
      },
    });
    expect(print.body.props.lines).toEqual([
      expect.objectContaining({ code: `${tag}HUI`, adjustment: -3, unit_cost: 1100, value: -3300 }),
    ]);
    expect(print.body.props.totals).toMatchObject({ loss_lines: 1, loss_value: 3300, net_value: -3300 });
    expect((await admin.visit(`${BASE}/reajustements/999999/print`)).status).toBe(404);
  });

  it('refuses bad readjustments in French and writes nothing', async () => {
    const before = await counts();
    const level = await levelOf(t.db, f.products.rice, f.depot);
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ reason: 'cadeau' }, 'reason', /Choisissez le motif du réajustement/],
      [{ lines: [] }, 'lines', /Ajoutez au moins un produit/],
      [
        { lines: [{ product_id: f.products.rice, direction: 'out', quantity: 0 }] },
        'lines.0.quantity',
        /supérieure à zéro/,
      ],
      [
        { lines: [{ product_id: f.products.rice, direction: 'out', quantity: 2.5 }] },
        'lines.0.quantity',
        /nombre entier/,
      ],
      [
        { lines: [{ product_id: f.products.rice, direction: 'sideways', quantity: 1 }] },
        'lines.0.direction',
        /Choisissez le sens/,
      ],
      [{ lines: [{ product_id: 424242, direction: 'out', quantity: 1 }] }, 'lines.0.product_id', /introuvable/],
      [{ location_id: 424242 }, 'location_id', /n’existe pas/],
      [{ adjustment_date: addDays(today(), 2) }, 'adjustment_date', /futur/],
      [
        { reason: 'casse', lines: [{ product_id: f.products.rice, direction: 'in', quantity: 1 }] },
        'lines.0.direction',
        /ne peut que retirer du stock/,
      ],
      [
        {
          reason: 'erreur_saisie',
          lines: [
            { product_id: f.products.rice, direction: 'in', quantity: 1 },
            { product_id: f.products.rice, direction: 'out', quantity: 2 },
          ],
        },
        'lines.1.direction',
        /figure déjà à la ligne 1 dans l’autre sens/,
      ],
      [
        { lines: [{ product_id: f.products.rice, direction: 'out', quantity: level + 5 }] },
        'lines.0.quantity',
        new RegExp(
          `Stock insuffisant pour « Riz parfumé 25 kg » \\(RIZ25\\) à Dépôt principal : il manque 5\u00a0sacs`,
        ),
      ],
    ];
    for (const [over, field, message] of cases) {
      const errors = await errorsAfter(admin, `${BASE}/reajustement`, readjust(over), `${BASE}/reajustement`);
      expect(errors[field], `${field} ← ${JSON.stringify(over)}`).toMatch(message);
    }
    // An archived product cannot be readjusted.
    const archived = await makeProduct(t.db, { category_id: f.category, name: 'Ancien article', active: false });
    const errors = await errorsAfter(
      admin,
      `${BASE}/reajustement`,
      readjust({ lines: [{ product_id: archived, direction: 'out', quantity: 1 }] }),
      `${BASE}/reajustement`,
    );
    expect(errors['lines.0.product_id']).toMatch(/archivé/);
    expect(await counts()).toEqual(before);
    expect(await levelOf(t.db, f.products.rice, f.depot)).toBe(level);
  });

  it('replays a double-clicked readjustment instead of posting it twice', async () => {
    const body = readjust({ reason: 'perte', lines: [{ product_id: f.products.rice, direction: 'out', quantity: 1 }] });
    const level = await levelOf(t.db, f.products.rice, f.depot);
    expect((await admin.post(`${BASE}/reajustement`, body)).status).toBe(303);
    const before = await counts();
    expect((await admin.post(`${BASE}/reajustement`, body)).status).toBe(303);
    expect(await counts()).toEqual(before);
    expect(await levelOf(t.db, f.products.rice, f.depot)).toBe(level - 1);
  });
});
