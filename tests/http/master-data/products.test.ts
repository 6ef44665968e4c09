import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { csvFile, download, submitExpectingErrors, upload, xlsxFile, xlsxRows } from '../../support/master-data.js';
import { uniqueTag } from '../../support/unique.js';

const BASE = '/fichiers/produits';

/** A barcode of 13 digits of the tag's own: '619', the tag's four digits, then n on six digits. */
const barcodeOf = (tag: string, n = 1) => `619${tag.slice(1)}${String(n).padStart(6, '0')}`;

describe.each(testDatabases())('fichiers/produits (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  let boissons: number;
  let cereales: number;
  const idOf = async (code: string) => Number((await t.db('products').where({ code }).first('id'))!.id);
  /** The form of a product of the tag's own (code `<tag>A`, a barcode of its own). */
  const valid = (tag: string, over: Record<string, unknown> = {}) => ({
    code: `${tag}A`,
    barcode: barcodeOf(tag),
    name: 'Eau minérale Awa 1,5 L',
    category_id: String(boissons),
    unit: 'bouteille',
    pack_size: '6',
    purchase_price: '250',
    retail_price: '400',
    wholesale_price: '350',
    min_price: '300',
    alert_threshold: '24',
    active: true,
    ...over,
  });
  /** Creates a product through the form; returns its id. */
  const create = async (tag: string, over: Record<string, unknown> = {}) => {
    const body = valid(tag, over);
    const res = await admin.post(BASE, body);
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(/^\/fichiers\/produits\/\d+$/);
    return idOf(body.code as string);
  };
  const count = async () => Number((await t.db('products').count({ n: '*' }).first())!.n);

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
    // Two categories every test may file products in (none archives them).
    await admin.post('/fichiers/categories', { code: 'BOI', name: 'Boissons' });
    await admin.post('/fichiers/categories', { code: 'CER', name: 'Céréales' });
    boissons = Number((await t.db('categories').where({ code: 'BOI' }).first('id'))!.id);
    cereales = Number((await t.db('categories').where({ code: 'CER' }).first('id'))!.id);
  });
  afterAll(() => t.close());

  it('creates a product from the form with integer prices, an audit entry and a show page', async () => {
    const tag = uniqueTag();
    await admin.post('/fichiers/categories', { code: `${tag}OLD`, name: `Ancienne catégorie ${tag}`, active: false });
    const form = await admin.visit(`${BASE}/create`);
    expect(form.body.component).toBe('products/Form');
    expect(form.body.props).toMatchObject({
      product: null,
      show_costs: true,
      can_change_prices: true,
      currency: 'XOF',
    });
    expect(form.body.props.suggested_code).toMatch(/^P\d{6}$/);
    // active categories only
    const labels = form.body.props.categories.map((c: { label: string }) => c.label);
    expect(form.body.props.categories).toEqual(
      expect.arrayContaining([
        { value: String(boissons), label: 'Boissons' },
        { value: String(cereales), label: 'Céréales' },
      ]),
    );
    expect(labels).not.toContain(`Ancienne catégorie ${tag}`);
    expect(form.body.props.units).toContain('carton');

    const res = await admin.post(BASE, valid(tag));
    expect(res.status).toBe(303);
    const id = await idOf(`${tag}A`);
    expect(res.headers.location).toBe(`${BASE}/${id}`);
    const row = (await t.db('products').where({ id }).first())!;
    expect(
      [
        row.purchase_price,
        row.cmup,
        row.retail_price,
        row.wholesale_price,
        row.min_price,
        row.pack_size,
        row.alert_threshold,
      ].map(Number),
    ).toEqual([250, 250, 400, 350, 300, 6, 24]);
    expect(await t.db('audit_log').where({ action: 'product.created', subject_id: String(id) })).toHaveLength(1);

    const show = await admin.follow(res);
    expect(show.body.component).toBe('products/Show');
    expect(show.body.flash).toEqual({ success: 'Produit Eau minérale Awa 1,5 L créé.' });
    expect(show.body.props.product).toMatchObject({
      code: `${tag}A`,
      barcode: barcodeOf(tag),
      category_name: 'Boissons',
      purchase_price: 250,
      cmup: 250,
      stock_total: 0,
    });
    // stock per location: every location, zero until stock operations exist
    expect(
      show.body.props.stock.map((s: { location_name: string; quantity: number }) => [s.location_name, s.quantity]),
    ).toEqual(
      expect.arrayContaining([
        ['Dépôt principal', 0],
        ['Boutique 1', 0],
      ]),
    );
    expect(show.body.props.price_history).toMatchObject({ data: [], total: 0 });
    expect(show.body.props.usage).toEqual({ deletable: true, archivable: true, reasons: [], archive_block: null });
    expect(show.body.props.can).toEqual({
      create: true,
      update: true,
      delete: true,
      export: true,
      import: true,
      prices: true,
    });
  });

  it("keeps an alert threshold per location from the form: its own where set, the product's elsewhere, audited, within the user's places", async () => {
    const tag = uniqueTag();
    const depot = Number((await t.db('locations').where({ code: 'DEP01' }).first('id'))!.id);
    const shop = Number((await t.db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
    const created = await admin.post(BASE, valid(tag, { alert_threshold: '40', location_thresholds: { [shop]: '5' } }));
    expect(created.status).toBe(303);
    const id = await idOf(`${tag}A`);
    const levels = async () =>
      Object.fromEntries(
        (await t.db('stock_levels').where({ product_id: id }).select('location_id', 'quantity', 'alert_threshold')).map(
          (r) => [
            Number(r.location_id),
            [Number(r.quantity), r.alert_threshold === null ? null : Number(r.alert_threshold)],
          ],
        ),
      );
    // The shop's threshold beside its quantity (a row of 0 where it has no stock yet); the depot follows the product.
    expect(await levels()).toEqual({ [shop]: [0, 5] });

    const form = (await admin.visit(`${BASE}/${id}/edit`)).body.props.location_thresholds as Array<{
      location_id: number;
      threshold: number | null;
    }>;
    expect(form.filter((l) => [depot, shop].includes(l.location_id)).map((l) => [l.location_id, l.threshold])).toEqual(
      expect.arrayContaining([
        [depot, null],
        [shop, 5],
      ]),
    );
    const show = await admin.visit(`${BASE}/${id}`);
    const byCode = Object.fromEntries(
      show.body.props.stock.map(
        (s: { location_code: string; own_threshold: number | null; threshold: number; below_threshold: boolean }) => [
          s.location_code,
          [s.own_threshold, s.threshold, s.below_threshold],
        ],
      ),
    );
    expect(byCode).toMatchObject({ DEP01: [null, 40, true], BTQ01: [5, 5, true] });

    // Changed to the depot's own, the shop's back to the product's: one audit entry naming both places.
    expect(
      (
        await admin.send(
          'put',
          `${BASE}/${id}`,
          valid(tag, { alert_threshold: '40', location_thresholds: { [depot]: '100', [shop]: '' } }),
        )
      ).status,
    ).toBe(303);
    expect(await levels()).toEqual({ [shop]: [0, null], [depot]: [0, 100] });
    const entry = (await t
      .db('audit_log')
      .where({ action: 'product.updated', subject_id: String(id) })
      .orderBy('id', 'desc')
      .first())!;
    expect(JSON.parse(entry.details!)).toMatchObject({
      before: { 'location_threshold:DEP01': null, 'location_threshold:BTQ01': 5 },
      after: { 'location_threshold:DEP01': 100, 'location_threshold:BTQ01': null },
    });
    const history = (await admin.visit(`${BASE}/${id}`)).body.props.history[0].changes;
    expect(history).toEqual(
      expect.arrayContaining([
        { field: 'location_threshold:BTQ01', label: 'Seuil d’alerte à BTQ01', before: '5', after: 'celui du produit' },
      ]),
    );

    // A bad value is refused on its field; a user of the shop may not set the depot's; nothing written.
    let errors = await submitExpectingErrors(
      admin,
      'put',
      `${BASE}/${id}`,
      valid(tag, { location_thresholds: { [shop]: '-3' } }),
      `${BASE}/${id}/edit`,
    );
    expect(errors[`location_thresholds.${shop}`]).toBe(
      'Le champ seuil d’alerte de l’emplacement doit être supérieur ou égal à 0.',
    );
    const user = await userWithPermissions(t, `${tag.toLowerCase()}@test.local`, [
      'menu.dashboard',
      'menu.fichiers',
      'menu.produits',
      'products.update',
    ]);
    await t.db('user_locations').insert({ user_id: user.id, location_id: shop });
    await t.db('users').where({ id: user.id }).update({ places_restricted: true });
    const c = new Client(t);
    await c.login(user.email, user.password);
    expect(
      ((await c.visit(`${BASE}/${id}/edit`)).body.props.location_thresholds as Array<{ location_id: number }>).map(
        (l) => l.location_id,
      ),
    ).toEqual([shop]);
    errors = await submitExpectingErrors(
      c,
      'put',
      `${BASE}/${id}`,
      valid(tag, { alert_threshold: '40', location_thresholds: { [depot]: '1' } }),
      `${BASE}/${id}/edit`,
    );
    expect(errors[`location_thresholds.${depot}`]).toBe(
      'Vous ne travaillez pas dans cet emplacement : choisissez-en un qui vous est attribué.',
    );
    expect(await levels()).toEqual({ [shop]: [0, null], [depot]: [0, 100] });
    expect(
      (
        await c.send(
          'put',
          `${BASE}/${id}`,
          valid(tag, { alert_threshold: '40', location_thresholds: { [shop]: '7' } }),
        )
      ).status,
    ).toBe(303);
    expect(await levels()).toEqual({ [shop]: [0, 7], [depot]: [0, 100] });
  });

  it('refuses bad input with French messages on each field and writes nothing', async () => {
    const tag = uniqueTag();
    const before = await count();
    const errors = await submitExpectingErrors(
      admin,
      'post',
      BASE,
      {
        code: `${tag}B`,
        barcode: 'é',
        name: '',
        category_id: '',
        unit: '',
        pack_size: '0',
        purchase_price: '12,5',
        retail_price: 'abc',
        wholesale_price: '-1',
        alert_threshold: '1.5',
      },
      `${BASE}/create`,
    );
    expect(errors).toEqual({
      barcode: 'Le code-barres doit contenir entre 3 et 64 caractères.',
      name: 'Le champ désignation est obligatoire.',
      category_id: 'Veuillez choisir une catégorie.',
      unit: 'Le champ unité est obligatoire.',
      pack_size: 'Le champ colisage doit être supérieur ou égal à 1.',
      purchase_price: 'Le champ prix d’achat doit être un montant entier positif en FCFA, sans décimales.',
      retail_price: 'Le champ prix de détail doit être un montant en chiffres (par exemple 1 500).',
      wholesale_price: 'Le champ prix de gros doit être un montant entier positif en FCFA, sans décimales.',
      alert_threshold: 'Le champ seuil d’alerte doit être un nombre entier.',
    });
    const ladder = await submitExpectingErrors(admin, 'post', BASE, valid(tag, { min_price: '500' }), `${BASE}/create`);
    expect(ladder).toEqual({ min_price: 'Le prix minimum ne peut pas dépasser le prix de détail.' });
    const gros = await submitExpectingErrors(
      admin,
      'post',
      BASE,
      valid(tag, { retail_price: 1000, min_price: '360' }),
      `${BASE}/create`,
    );
    expect(gros).toEqual({ min_price: 'Le prix minimum ne peut pas dépasser le prix de gros.' });
    const unknownCategory = await submitExpectingErrors(
      admin,
      'post',
      BASE,
      valid(tag, { category_id: '999999' }),
      `${BASE}/create`,
    );
    expect(unknownCategory).toEqual({ category_id: 'Cette catégorie n’existe pas.' });
    expect(await count()).toBe(before);
    expect(await t.db('products').where('code', 'like', `${tag}%`)).toEqual([]);
  });

  it('keeps code and barcode unique (barcode only when set), and suggests the code after the highest', async () => {
    const tag = uniqueTag();
    await create(tag, { name: `Eau minérale ${tag}` });
    const dup = await submitExpectingErrors(
      admin,
      'post',
      BASE,
      valid(tag, { code: `${tag}a`.toLowerCase(), barcode: barcodeOf(tag) }),
      `${BASE}/create`,
    );
    expect(dup).toEqual({
      code: `Le code ${tag}A est déjà utilisé par le produit « Eau minérale ${tag} ».`,
      barcode: `Le code-barres ${barcodeOf(tag)} est déjà utilisé par le produit « Eau minérale ${tag} ».`,
    });
    // no barcode, twice: both stored as NULL, not as a duplicate ''
    await create(tag, {
      code: `${tag}B`,
      barcode: '',
      name: 'Riz parfumé 25 kg',
      category_id: String(cereales),
      unit: 'sac',
    });
    await create(tag, {
      code: `${tag}C`,
      barcode: ' ',
      name: 'Mil local 50 kg',
      category_id: String(cereales),
      unit: 'sac',
      active: false,
    });
    const rows = await t
      .db('products')
      .whereIn('code', [`${tag}B`, `${tag}C`])
      .select('barcode');
    expect(rows.map((r) => r.barcode)).toEqual([null, null]);

    const suggested = (await admin.visit(`${BASE}/create`)).body.props.suggested_code as string;
    expect(suggested).toMatch(/^P\d{6}$/);
    expect(await t.db('products').where({ code: suggested }).first()).toBeUndefined();
    await create(tag, { code: suggested, barcode: '', name: `Produit suggéré ${tag}` });
    expect((await admin.visit(`${BASE}/create`)).body.props.suggested_code).toBe(
      `P${String(Number(suggested.slice(1)) + 1).padStart(6, '0')}`,
    );
  });

  it('lists with stock totals, search by code, barcode and name, category and status filters, sort allowlist', async () => {
    const tag = uniqueTag();
    await create(tag, { name: `Eau minérale ${tag}`, retail_price: '400' });
    const rice = await create(tag, {
      code: `${tag}B`,
      barcode: '',
      name: `Riz parfumé ${tag}`,
      category_id: String(cereales),
      unit: 'sac',
      retail_price: '500',
    });
    await create(tag, {
      code: `${tag}C`,
      barcode: '',
      name: `Mil local ${tag}`,
      category_id: String(cereales),
      unit: 'sac',
      retail_price: '450',
      active: false,
    });
    const depot = Number((await t.db('locations').where({ code: 'DEP01' }).first('id'))!.id);
    await t.db('stock_levels').insert({ product_id: rice, location_id: depot, quantity: 40 });
    const list = async (qs: string) => (await admin.visit(`${BASE}?${qs}`)).body.props;
    const mine = await list(`q=${tag}`);
    expect(mine.products.total).toBe(2);
    expect(mine.params).toEqual({
      q: tag,
      sort: 'code',
      dir: 'asc',
      per_page: 25,
      filters: { category_id: '', status: 'active', location_id: '', stock: '' },
    });
    expect(mine.show_costs).toBe(true);
    expect(mine.products.data.map((p: { code: string; stock_total: number }) => [p.code, p.stock_total])).toEqual([
      [`${tag}A`, 0],
      [`${tag}B`, 40],
    ]);
    const codes = async (qs: string) => (await list(qs)).products.data.map((p: { code: string }) => p.code);
    expect(await codes(`q=${barcodeOf(tag).slice(0, 7)}`)).toEqual([`${tag}A`]);
    expect(await codes(`q=${tag.toLowerCase()}`)).toEqual([`${tag}A`, `${tag}B`]);
    expect(await codes(`q=${encodeURIComponent(`parfume ${tag.toLowerCase()}`)}`)).toEqual([`${tag}B`]);
    expect(await codes(`q=${tag}&category_id=${cereales}`)).toEqual([`${tag}B`]);
    expect(await codes(`q=${tag}&category_id=${cereales}&status=all`)).toEqual([`${tag}B`, `${tag}C`]);
    expect(await codes(`q=${tag}&status=archived`)).toEqual([`${tag}C`]);
    expect(await codes(`q=${tag}&sort=retail_price&dir=desc&status=all`)).toEqual([`${tag}B`, `${tag}C`, `${tag}A`]);
    expect(await codes(`q=${tag}&sort=category&dir=desc`)).toEqual([`${tag}B`, `${tag}A`]);
    for (const sort of ['cmup', 'products.code', '1;drop table products']) {
      const p = await list(`sort=${encodeURIComponent(sort)}&category_id=abc`);
      expect(p.params).toMatchObject({ sort: 'code', filters: { category_id: '' } });
    }
  });

  it('finds names whatever the accents and the case, on the list, the price centre and the picker, after a rename too', async () => {
    const tag = uniqueTag();
    const id = await create(tag, { barcode: '', name: 'Crème fraîche ÉLAN Œuf' });
    const codes = async (url: string) =>
      (await admin.visit(url)).body.props.products.data.map((p: { code: string }) => p.code);
    const picked = async (q: string) =>
      (
        await admin.agent.get(`/pickers/products?q=${encodeURIComponent(q)}`).set('Accept', 'application/json')
      ).body.items.map((i: { code: string }) => i.code);
    for (const q of ['creme fraiche', 'CRÈME', 'elan', 'Élan', 'oeuf', 'fraîche  élan']) {
      expect([q, await codes(`${BASE}?q=${encodeURIComponent(q)}`)]).toEqual([q, [`${tag}A`]]);
      expect([q, await picked(q)]).toEqual([q, [`${tag}A`]]);
    }
    expect(await codes(`/fichiers/centraleprix?q=creme`)).toEqual([`${tag}A`]);
    // renamed: found by the new name only
    expect(
      (await admin.send('put', `${BASE}/${id}`, valid(tag, { barcode: '', name: 'Yaourt sucré Élan' }))).status,
    ).toBe(303);
    expect(await codes(`${BASE}?q=creme`)).toEqual([]);
    expect(await codes(`${BASE}?q=yaourt sucre`)).toEqual([`${tag}A`]);
    await admin.send('delete', `${BASE}/${id}`);
    expect(await t.db('products').where({ id }).first()).toBeUndefined();
  });

  it('updates a product: price changes go to the price history, and need prices.update', async () => {
    const tag = uniqueTag();
    const id = await create(tag);
    const res = await admin.send(
      'put',
      `${BASE}/${id}`,
      valid(tag, { retail_price: '450', wholesale_price: '375', name: 'Eau minérale Awa 1,5 L (pack)' }),
    );
    expect(res.status).toBe(303);
    const history = await t.db('price_history').where({ product_id: id }).orderBy('id');
    expect(history.map((h) => [h.field, Number(h.old_value), Number(h.new_value), h.source])).toEqual([
      ['retail_price', 400, 450, 'manual'],
      ['wholesale_price', 350, 375, 'manual'],
    ]);
    const audit = await t.db('audit_log').where({ action: 'product.updated', subject_id: String(id) });
    expect(audit.map((a) => JSON.parse(a.details!).after)).toEqual([
      { name: 'Eau minérale Awa 1,5 L (pack)', retail_price: 450, wholesale_price: 375 },
    ]);
    const show = await admin.visit(`${BASE}/${id}`);
    expect(show.body.props.price_history.data[0]).toMatchObject({
      field: 'wholesale_price',
      field_label: 'Prix de gros',
      old_value: 350,
      new_value: 375,
      user_name: 'Administrateur',
      source: 'manual',
      source_label: 'Saisie',
    });

    const editor = await userWithPermissions(t, `editeur-produits-${tag}@test.local`, [
      'menu.produits',
      'products.update',
    ]);
    const c = new Client(t);
    await c.login(editor.email, editor.password);
    const form = await c.visit(`${BASE}/${id}/edit`);
    expect(form.body.props).toMatchObject({ can_change_prices: false, show_costs: true });
    const errors = await submitExpectingErrors(
      c,
      'put',
      `${BASE}/${id}`,
      valid(tag, { retail_price: '999', wholesale_price: '375' }),
      `${BASE}/${id}/edit`,
    );
    expect(errors).toEqual({ retail_price: 'Vous n’avez pas la permission de modifier les prix.' });
    expect(Number((await t.db('products').where({ id }).first())!.retail_price)).toBe(450);
    // the same user may change other fields
    expect(
      (
        await c.send(
          'put',
          `${BASE}/${id}`,
          valid(tag, { retail_price: '450', wholesale_price: '375', alert_threshold: '12' }),
        )
      ).status,
    ).toBe(303);
    expect(Number((await t.db('products').where({ id }).first())!.alert_threshold)).toBe(12);
  });

  it('hides costs from a user who may not see them, and keeps the purchase price on their updates', async () => {
    const tag = uniqueTag();
    const id = await create(tag);
    const seller = await userWithPermissions(t, `vendeur-produits-${tag}@test.local`, [
      'menu.produits',
      'products.export',
    ]);
    const c = new Client(t);
    await c.login(seller.email, seller.password);
    const list = await c.visit(`${BASE}?sort=purchase_price&q=${tag}`);
    expect(list.body.props.show_costs).toBe(false);
    expect(list.body.props.params.sort).toBe('code');
    expect(list.body.props.products.data).toEqual([expect.objectContaining({ code: `${tag}A`, retail_price: 400 })]);
    expect(list.body.props.products.data[0]).not.toHaveProperty('purchase_price');
    expect(list.body.props.products.data[0]).not.toHaveProperty('cmup');
    const show = await c.visit(`${BASE}/${id}`);
    expect(show.body.props.product).not.toHaveProperty('purchase_price');
    const csv = (await download(c, `${BASE}/export?format=csv&q=${tag}`)).body.toString('utf8');
    expect(csv).toContain(`${tag}A;`);
    expect(csv).not.toContain('Prix d’achat');
    expect(csv).not.toContain('CMUP');
    const changedAt = new Date().toISOString();
    await t.db('price_history').insert([
      {
        product_id: id,
        field: 'retail_price',
        old_value: 400,
        new_value: 420,
        source: 'manual',
        changed_at: changedAt,
      },
      {
        product_id: id,
        field: 'purchase_price',
        old_value: 250,
        new_value: 260,
        source: 'manual',
        changed_at: changedAt,
      },
    ]);
    const again = await c.visit(`${BASE}/${id}`);
    expect(again.body.props.price_history.data.map((h: { field: string }) => h.field)).toEqual(['retail_price']);
    expect((await admin.visit(`${BASE}/${id}`)).body.props.price_history.data[0].field).toBe('purchase_price');
  });

  it('paginates the price history', async () => {
    const tag = uniqueTag();
    const id = await create(tag, { barcode: '' });
    const now = new Date().toISOString();
    await t.db('price_history').insert(
      Array.from({ length: 45 }, (_, i) => ({
        product_id: id,
        field: 'retail_price',
        old_value: i,
        new_value: i + 1,
        source: 'rule',
        changed_at: now,
      })),
    );
    const p1 = (await admin.visit(`${BASE}/${id}`)).body.props.price_history;
    expect(p1).toMatchObject({ page: 1, per_page: 20, total: 45, last_page: 3 });
    expect(p1.data[0]).toMatchObject({ new_value: 45, source_label: 'Règle de prix' });
    const p3 = (await admin.visit(`${BASE}/${id}?history_page=3`)).body.props.price_history;
    expect(p3.data).toHaveLength(5);
  });

  it('archives and restores; refuses to delete a product with stock or movements; deletes one without', async () => {
    const tag = uniqueTag();
    await admin.post('/fichiers/categories', { code: `${tag}CAT`, name: `Conserves ${tag}` });
    const category = Number(
      (await t
        .db('categories')
        .where({ code: `${tag}CAT` })
        .first('id'))!.id,
    );
    const withStock = await create(tag, { barcode: '', category_id: String(category) });
    const depot = Number((await t.db('locations').where({ code: 'DEP01' }).first('id'))!.id);
    await t.db('stock_levels').insert({ product_id: withStock, location_id: depot, quantity: 40 });
    const show = await admin.visit(`${BASE}/${withStock}`);
    expect(show.body.props.usage).toMatchObject({ deletable: false, reasons: ['il a du stock dans un emplacement'] });
    const del = await admin.send('delete', `${BASE}/${withStock}`);
    expect((await admin.follow(del)).body.flash.error).toBe(
      'Ce produit ne peut pas être supprimé : il a du stock dans un emplacement. Archivez-le plutôt.',
    );
    expect(await t.db('products').where({ id: withStock }).first()).toMatchObject({ code: `${tag}A` });

    await admin.post(`${BASE}/${withStock}/archive`);
    expect((await t.db('products').where({ id: withStock }).first())!.active).toBeFalsy();
    // a product of an archived category cannot be restored until the category is active
    await t.db('categories').where({ id: category }).update({ active: false });
    const refused = await admin.post(`${BASE}/${withStock}/restore`);
    expect((await admin.follow(refused)).body.flash.error).toMatch(
      new RegExp(`^La catégorie « Conserves ${tag} » est archivée`),
    );
    expect((await t.db('products').where({ id: withStock }).first())!.active).toBeFalsy();
    await t.db('categories').where({ id: category }).update({ active: true });
    await admin.post(`${BASE}/${withStock}/restore`);
    expect((await t.db('products').where({ id: withStock }).first())!.active).toBeTruthy();

    const free = await create(tag, { code: `${tag}B`, barcode: '', category_id: String(category), active: false });
    const ok = await admin.send('delete', `${BASE}/${free}`);
    expect(ok.headers.location).toBe(BASE);
    expect(await t.db('products').where({ id: free }).first()).toBeUndefined();
    expect(await t.db('audit_log').where({ action: 'product.deleted', subject_id: String(free) })).toHaveLength(1);
  });

  it('answers 404 for unknown ids and 403 for missing action permissions, even forged', async () => {
    const tag = uniqueTag();
    for (const url of [`${BASE}/999999`, `${BASE}/abc/edit`]) expect((await admin.visit(url)).status).toBe(404);
    expect((await admin.send('put', `${BASE}/999999`, valid(tag))).status).toBe(404);
    const id = await create(tag);
    const viewer = await userWithPermissions(t, `lecteur-produits-${tag}@test.local`, ['menu.produits']);
    const c = new Client(t);
    await c.login(viewer.email, viewer.password);
    expect((await c.visit(`${BASE}/${id}`)).body.props.can).toEqual({
      create: false,
      update: false,
      delete: false,
      export: false,
      import: false,
      prices: false,
    });
    const forbidden: Array<[string, () => Promise<{ status: number }>]> = [
      ['create form', () => c.visit(`${BASE}/create`)],
      ['create', () => c.post(BASE, valid(tag, { code: `${tag}HACK`, barcode: '' }))],
      ['edit form', () => c.visit(`${BASE}/${id}/edit`)],
      ['update', () => c.send('put', `${BASE}/${id}`, valid(tag, { retail_price: 1 }))],
      ['archive', () => c.post(`${BASE}/${id}/archive`)],
      ['restore', () => c.post(`${BASE}/${id}/restore`)],
      ['delete', () => c.send('delete', `${BASE}/${id}`)],
      ['export', () => c.visit(`${BASE}/export`)],
      ['import page', () => c.visit(`${BASE}/import`)],
      ['import upload', () => upload(c, `${BASE}/import`, 'Désignation\nX', 'a.csv')],
      ['import apply', () => c.post(`${BASE}/import/abcdefghijkl/apply`)],
    ];
    for (const [name, call] of forbidden) expect([name, (await call()).status]).toEqual([name, 403]);
    expect(
      await t
        .db('products')
        .where({ code: `${tag}HACK` })
        .first(),
    ).toBeUndefined();
    const untouched = (await t.db('products').where({ id }).first())!;
    expect([Number(untouched.retail_price), Boolean(untouched.active)]).toEqual([400, true]);
    const nobody = await userWithPermissions(t, `sans-produits-${tag}@test.local`, ['menu.clients']);
    const n = new Client(t);
    await n.login(nobody.email, nobody.password);
    expect((await n.visit(BASE)).status).toBe(403);
  });

  it('exports CSV and XLSX as filtered, with formulas escaped', async () => {
    const tag = uniqueTag();
    await create(tag, { code: `${tag}EVIL`, barcode: '', name: '=2+5', unit: '@pièce' });
    const text = (await download(admin, `${BASE}/export?format=csv&q=${tag}`)).body.toString('utf8');
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines).toEqual([
      'Code;Code-barres;Désignation;Catégorie;Unité;Colisage;Prix d’achat;CMUP;Prix de détail;Prix de gros;Prix minimum;Seuil d’alerte;Seuils par emplacement;Groupe de taxe;Actif',
      `${tag}EVIL;;'=2+5;Boissons;'@pièce;6;250;250;400;350;300;24;;;oui`,
    ]);
    const rows = await xlsxRows((await download(admin, `${BASE}/export?format=xlsx&q=${tag}`)).body);
    expect(rows).toHaveLength(2);
    expect([rows[1][0], rows[1][2], rows[1][4], rows[1][8]]).toEqual([`${tag}EVIL`, "'=2+5", "'@pièce", 400]);
  });

  describe('import', () => {
    it('previews each row with French errors, lists new categories, applies nothing while a row is wrong', async () => {
      const tag = uniqueTag();
      await create(tag, { code: `${tag}EAU`, name: `Eau minérale ${tag}` });
      const csv = csvFile([
        [
          'Code',
          'Code-barres',
          'Désignation',
          'Catégorie',
          'Unité',
          'Colisage',
          'Prix d’achat',
          'Prix de détail',
          'Prix de gros',
          'Prix minimum',
        ],
        [
          `${tag}I1`,
          barcodeOf(tag, 2),
          'Pâte à tartiner 750 g',
          `Épicerie ${tag}`,
          'pot',
          '12',
          '1800',
          '2500',
          '2300',
          '2200',
        ],
        ['', '', 'Sucre en morceaux 1 kg', 'boissons', '', '', '600', '800', '750', '700'],
        [`${tag}I3`, barcodeOf(tag), 'Doublon de code-barres', 'Boissons', '', '', '', '', '', ''],
        [`${tag}I4`, '', '', '', '', 'zéro', '', '100', '100', '500'],
        [`${tag}I1`, '', 'Code répété', 'Boissons', '', '', '', '', '', ''],
      ]);
      const res = await upload(admin, `${BASE}/import`, csv, 'produits.csv');
      expect(res.status).toBe(303);
      const page = await admin.visit(res.headers.location);
      expect(page.body.component).toBe('products/Import');
      const preview = page.body.props.preview;
      expect(preview).toMatchObject({
        row_count: 5,
        error_count: 3,
        create_count: 2,
        update_count: 0,
        new_categories: [`Épicerie ${tag}`],
      });
      expect(
        preview.rows.map((r: { line: number; action: string; errors: string[] }) => [r.line, r.action, r.errors]),
      ).toEqual([
        [2, 'create', []],
        [3, 'create', []],
        [4, 'error', [`Le code-barres ${barcodeOf(tag)} est déjà utilisé par le produit « Eau minérale ${tag} ».`]],
        [
          5,
          'error',
          [
            'Le champ catégorie est obligatoire.',
            'Le champ désignation est obligatoire.',
            'Le champ colisage doit être un nombre entier.',
          ],
        ],
        [6, 'error', [`Le code ${tag}I1 apparaît déjà à la ligne 2 du fichier.`]],
      ]);
      const before = await count();
      await admin.post(`${BASE}/import/${preview.id}/apply`);
      expect((await admin.visit(`${BASE}/import`)).body.flash.error).toMatch(
        /^Import refusé, rien n’a été enregistré : 3\slignes en erreur/,
      );
      expect(await count()).toBe(before);
      expect(
        await t
          .db('categories')
          .where({ name: `Épicerie ${tag}` })
          .first(),
      ).toBeUndefined();
    });

    it('applies a clean XLSX file at once: new categories, generated codes, updates with price history', async () => {
      const tag = uniqueTag();
      const eau = await create(tag, { code: `${tag}EAU`, barcode: '', retail_price: '450' });
      const imports = async () =>
        Number((await t.db('audit_log').where({ action: 'products.imported' }).count({ n: '*' }).first())!.n);
      const importsBefore = await imports();
      const file = await xlsxFile([
        [
          'Code',
          'Code-barres',
          'Désignation',
          'Catégorie',
          'Unité',
          'Colisage',
          'Prix d’achat',
          'Prix de détail',
          'Prix de gros',
          'Prix minimum',
          'Seuil d’alerte',
        ],
        [
          `${tag}I1`,
          barcodeOf(tag, 2),
          'Pâte à tartiner 750 g',
          `Épicerie ${tag}`,
          'pot',
          12,
          1800,
          2500,
          2300,
          2200,
          6,
        ],
        ['', '', `Sucre en morceaux ${tag}`, `épicerie ${tag.toLowerCase()}`, '', '', 600, 800, 750, 700, ''],
        [`${tag}EAU`, '', '', '', '', '', '', 500, '', '', ''],
      ]);
      const res = await upload(admin, `${BASE}/import`, file, 'produits.xlsx');
      const preview = (await admin.visit(res.headers.location)).body.props.preview;
      expect(preview).toMatchObject({
        error_count: 0,
        create_count: 2,
        update_count: 1,
        new_categories: [`Épicerie ${tag}`],
      });
      const apply = await admin.post(`${BASE}/import/${preview.id}/apply`);
      expect(apply.headers.location).toBe(BASE);
      expect((await admin.follow(apply)).body.flash.success).toBe(
        'Import terminé : 2\u00a0produits créés, 1 mis à jour, 1\u00a0catégorie créée.',
      );
      const epicerie = (await t
        .db('categories')
        .where({ name: `Épicerie ${tag}` })
        .first())!;
      expect(epicerie.code).toMatch(/^CAT\d{3}$/);
      const pate = (await t
        .db('products')
        .where({ code: `${tag}I1` })
        .first())!;
      expect(pate).toMatchObject({ barcode: barcodeOf(tag, 2), unit: 'pot', category_id: epicerie.id });
      expect(
        [pate.pack_size, pate.purchase_price, pate.cmup, pate.min_price, pate.alert_threshold].map(Number),
      ).toEqual([12, 1800, 1800, 2200, 6]);
      const sucre = (await t
        .db('products')
        .where({ name: `Sucre en morceaux ${tag}` })
        .first())!;
      expect(sucre.code).toMatch(/^P\d{6}$/);
      expect(sucre.unit).toBe('pièce');
      expect(Number(sucre.category_id)).toBe(Number(epicerie.id));
      const updated = (await t.db('products').where({ id: eau }).first())!;
      expect(updated.name).toBe('Eau minérale Awa 1,5 L'); // blank cell keeps the value
      expect(Number(updated.retail_price)).toBe(500);
      const h = await t.db('price_history').where({ product_id: eau, source: 'import' });
      expect(h.map((r) => [r.field, Number(r.old_value), Number(r.new_value)])).toEqual([['retail_price', 450, 500]]);
      expect(await imports()).toBe(importsBefore + 1);
      await admin.post(`${BASE}/import/${preview.id}/apply`);
      expect((await admin.visit(`${BASE}/import`)).body.flash.error).toBe('Cet import a déjà été appliqué.');
      expect(await imports()).toBe(importsBefore + 1);
    });

    it('imports the thresholds per location (the cell is the whole list), reads its own export back, refuses unknown places', async () => {
      const tag = uniqueTag();
      const depot = Number((await t.db('locations').where({ code: 'DEP01' }).first('id'))!.id);
      const shop = Number((await t.db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
      const id = await create(tag, { alert_threshold: '40' });
      const levels = async () =>
        Object.fromEntries(
          (
            await t
              .db('stock_levels')
              .where({ product_id: id })
              .whereNotNull('alert_threshold')
              .select('location_id', 'alert_threshold')
          ).map((r) => [Number(r.location_id), Number(r.alert_threshold)]),
        );
      const apply = async (csv: string) => {
        const res = await upload(admin, `${BASE}/import`, csv, 'seuils.csv');
        const preview = (await admin.visit(res.headers.location)).body.props.preview;
        if (preview.error_count) return preview.rows.flatMap((r: { errors: string[] }) => r.errors) as string[];
        await admin.post(`${BASE}/import/${preview.id}/apply`);
        return [];
      };
      expect(await apply(`Code;Désignation;Seuils par emplacement\n${tag}A;;btq01 = 5, DEP01=100`)).toEqual([]);
      expect(await levels()).toEqual({ [depot]: 100, [shop]: 5 });
      // Left out: back to the product's threshold; a blank cell keeps them.
      expect(await apply(`Code;Désignation;Seuils par emplacement\n${tag}A;;BTQ01=6`)).toEqual([]);
      expect(await levels()).toEqual({ [shop]: 6 });
      expect(await apply(`Code;Désignation;Seuils par emplacement\n${tag}A;Eau;`)).toEqual([]);
      expect(await levels()).toEqual({ [shop]: 6 });
      // Its own export, back unchanged.
      const exported = (await download(admin, `${BASE}/export?format=xlsx&q=${tag}A`)).body as Buffer;
      const rows = await xlsxRows(exported);
      expect(rows[1][rows[0].indexOf('Seuils par emplacement')]).toBe('BTQ01=6');
      const back = await upload(admin, `${BASE}/import`, exported, 'export.xlsx');
      expect((await admin.visit(back.headers.location)).body.props.preview).toMatchObject({
        error_count: 0,
        update_count: 1,
      });
      expect(await apply(`Code;Désignation;Seuils par emplacement\n${tag}A;;aucun`)).toEqual([]);
      expect(await levels()).toEqual({});
      // Refused with French messages, nothing written.
      expect(await apply(`Code;Désignation;Seuils par emplacement\n${tag}A;;ZZZ99=4`)).toEqual([
        'Seuils par emplacement : l’emplacement ZZZ99 n’existe pas.',
      ]);
      expect(await apply(`Code;Désignation;Seuils par emplacement\n${tag}A;;BTQ01=quatre`)).toEqual([
        'Seuils par emplacement : « BTQ01=quatre » n’est pas de la forme CODE=quantité (par exemple BTQ01=10).',
      ]);
      expect(await levels()).toEqual({});
      const audit = (await t.db('audit_log').where({ action: 'products.imported' }).orderBy('id', 'desc').first())!;
      expect(JSON.parse(audit.details!).note).toMatch(/seuils par emplacement changés sur 1\sproduit/u);
    });

    it('re-reads its own export; refuses price changes to a user without prices.update', async () => {
      const tag = uniqueTag();
      const id = await create(tag, { code: `${tag}EVIL`, barcode: '', name: '=2+5', unit: '@pièce' });
      const exported = (await download(admin, `${BASE}/export?format=xlsx&q=${tag}EVIL`)).body as Buffer;
      const back = await upload(admin, `${BASE}/import`, exported, 'export.xlsx');
      const preview = (await admin.visit(back.headers.location)).body.props.preview;
      expect(preview).toMatchObject({ row_count: 1, error_count: 0, update_count: 1 });
      await admin.post(`${BASE}/import/${preview.id}/apply`);
      const row = (await t.db('products').where({ id }).first())!;
      expect([row.name, row.unit]).toEqual(['=2+5', '@pièce']);

      const importer = await userWithPermissions(t, `importeur-produits-${tag}@test.local`, [
        'menu.produits',
        'products.export',
        'products.create',
        'products.update',
      ]);
      const c = new Client(t);
      await c.login(importer.email, importer.password);
      const res = await upload(c, `${BASE}/import`, `Code;Désignation;Prix de détail\n${tag}EVIL;;9999`, 'prix.csv');
      const p = (await c.visit(res.headers.location)).body.props.preview;
      expect(p.rows[0].errors).toEqual(['Vous n’avez pas la permission de modifier les prix.']);
    });

    it('keeps previews private and refuses updates to a user who may only create', async () => {
      const tag = uniqueTag();
      await create(tag);
      const res = await upload(
        admin,
        `${BASE}/import`,
        `Désignation;Catégorie\nProduit privé ${tag};Boissons`,
        'a.csv',
      );
      const id = new URL(res.headers.location, 'http://x').searchParams.get('preview');
      const creator = await userWithPermissions(t, `createur-produits-${tag}@test.local`, [
        'menu.produits',
        'products.export',
        'products.create',
      ]);
      const c = new Client(t);
      await c.login(creator.email, creator.password);
      expect((await c.visit(`${BASE}/import?preview=${id}`)).status).toBe(404);
      await c.post(`${BASE}/import/${id}/apply`);
      expect((await c.visit(`${BASE}/import`)).body.flash.error).toMatch(/n’existe plus/);
      expect(
        await t
          .db('products')
          .where({ name: `Produit privé ${tag}` })
          .first(),
      ).toBeUndefined();
      const own = await upload(c, `${BASE}/import`, `Code;Désignation\n${tag}A;Renommé`, 'b.csv');
      const preview = (await c.visit(own.headers.location)).body.props;
      expect(preview.can_update).toBe(false);
      expect(preview.preview.rows[0].errors).toEqual([
        `Le produit ${tag}A existe déjà et vous n’avez pas la permission de modifier les produits.`,
      ]);
    });

    it('applies a large file (1 200 rows) in one go', async () => {
      const tag = uniqueTag();
      const rows: Array<Array<string | number>> = [['Désignation', 'Catégorie', 'Prix de détail', 'Prix de gros']];
      for (let i = 1; i <= 1200; i++) rows.push([`Article en lot ${tag} ${i}`, `Grand import ${tag}`, 100 + i, 90 + i]);
      const res = await upload(admin, `${BASE}/import`, csvFile(rows), 'gros.csv');
      const preview = (await admin.visit(res.headers.location)).body.props.preview;
      expect(preview).toMatchObject({
        row_count: 1200,
        error_count: 0,
        create_count: 1200,
        new_categories: [`Grand import ${tag}`],
      });
      await admin.post(`${BASE}/import/${preview.id}/apply`);
      const category = (await t
        .db('categories')
        .where({ name: `Grand import ${tag}` })
        .first('id'))!;
      expect(Number((await t.db('products').where({ category_id: category.id }).count({ n: '*' }).first())!.n)).toBe(
        1200,
      );
      const last = (await t
        .db('products')
        .where({ name: `Article en lot ${tag} 1200` })
        .first())!;
      expect([
        Number(last.retail_price),
        Number(last.wholesale_price),
        last.active === true || last.active === 1,
      ]).toEqual([1300, 1290, true]);
    });

    it('refuses an unreadable file on the file field', async () => {
      const before = await count();
      const res = await upload(admin, `${BASE}/import`, 'Catégorie;Prix\nX;1', 'sans-designation.csv');
      expect(res.status).toBe(303);
      expect((await admin.visit(`${BASE}/import`)).body.props.errors.file).toMatch(
        /Colonne obligatoire absente : « Désignation »/,
      );
      expect(await count()).toBe(before);
      const template = await download(admin, `${BASE}/import/modele?format=csv`);
      expect(template.body.toString('utf8').slice(1).trim()).toBe(
        'Code;Code-barres;Désignation;Catégorie;Unité;Colisage;Prix d’achat;Prix de détail;Prix de gros;Prix minimum;Seuil d’alerte;Seuils par emplacement;Groupe de taxe;Actif',
      );
    });
  });
});
