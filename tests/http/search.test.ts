import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import type { GlobalSearchResponse, SearchGroup } from '../../shared/search.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { makeProduct, makeSupplier } from '../support/stock.js';
import { uniqueTag } from '../support/unique.js';
import { creditClient, settle, settlementInput } from '../support/settlements.js';
import { EVERY_PLACE } from '../../server/policies/places.js';
import { createCashOperation } from '../../server/services/cash/operations.js';
import { companyToday } from '../../server/services/company/get-company.js';
import { createUser } from '../../server/services/accounts/create-user.js';
import { deskAccount } from '../support/treasury.js';

/** The header's global search: GET /recherche?q= → grouped JSON, filtered by permissions. */
describe.each(testDatabases())('global search (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  let category: number;
  let depot: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
    const now = nowIso();
    category = await insertReturningId(
      t.db,
      'categories',
      withSearchName({ code: `C${uniqueTag()}`, name: 'Matériaux', created_at: now, updated_at: now }),
    );
    depot = Number((await t.db('locations').orderBy('id').first('id'))!.id);
  });
  afterAll(() => t.close());

  const search = async (c: Client, q: string) => {
    const res = await c.agent.get(`/recherche?q=${encodeURIComponent(q)}`).set('Accept', 'application/json');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.body as GlobalSearchResponse;
  };
  const group = (body: GlobalSearchResponse, key: SearchGroup['key']) => body.groups.find((g) => g.key === key);
  const titles = (body: GlobalSearchResponse, key: SearchGroup['key']) =>
    group(body, key)?.items.map((i) => i.title) ?? [];

  const makeClient = async (name: string) => {
    const now = nowIso();
    const code = `CL${uniqueTag()}`;
    const id = await insertReturningId(
      t.db,
      'clients',
      withSearchName({
        code,
        name,
        phone: '',
        kind: 'particulier',
        price_level: 'detail',
        credit_limit: 0,
        active: true,
        created_at: now,
        updated_at: now,
      }),
    );
    return { id, code };
  };
  const makeEntry = async (number: string, supplier: number, status = 'validated') => {
    const now = nowIso();
    return insertReturningId(t.db, 'stock_entries', {
      number,
      supplier_id: supplier,
      location_id: depot,
      entry_date: '2026-03-05',
      status,
      line_count: 1,
      total_quantity: 1,
      total_amount: 1000,
      created_at: now,
      updated_at: now,
    });
  };

  it('finds products by name, code and barcode, each opening the product page', async () => {
    const tag = uniqueTag();
    const id = await makeProduct(t.db, {
      code: `PR${tag}`,
      barcode: `77${tag.slice(1)}12345`,
      name: `Ciment ${tag} CPJ 45`,
      category_id: category,
      unit: 'sac',
    });
    for (const q of [`ciment ${tag}`, `pr${tag}`, `77${tag.slice(1)}12345`]) {
      const body = await search(admin, q);
      expect([q, group(body, 'products')?.items[0]]).toEqual([
        q,
        {
          url: `/fichiers/produits/${id}`,
          title: `Ciment ${tag} CPJ 45`,
          meta: `PR${tag} · 77${tag.slice(1)}12345 · Matériaux`,
        },
      ]);
    }
  });

  it('tolerates a typo in a name', async () => {
    const tag = uniqueTag();
    await makeProduct(t.db, { code: `PR${tag}`, name: `Ciment ${tag}`, category_id: category });
    expect(titles(await search(admin, `cimment ${tag}`), 'products')).toEqual([`Ciment ${tag}`]);
    expect(titles(await search(admin, `cimnet ${tag}`), 'products')).toEqual([`Ciment ${tag}`]);
  });

  it('looks for typos only when no group found the text as typed', async () => {
    const tag = uniqueTag();
    await makeProduct(t.db, { code: `PR${tag}`, name: `Bissap rouge ${tag}`, category_id: category });
    await makeClient(`Bissop rouge ${tag}`); // one letter away
    const exact = await search(admin, `bissap rouge ${tag}`);
    expect(exact.groups.map((g) => g.key)).toEqual(['products']);
    // the client alone, typed with its typo corrected the other way: found by the fallback
    expect(titles(await search(admin, `bissup rouge ${tag}`), 'clients')).toEqual([`Bissop rouge ${tag}`]);
  });

  it('the list pages tolerate a typo too, keeping their other filters', async () => {
    const tag = uniqueTag();
    const id = await makeProduct(t.db, { code: `PR${tag}`, name: `Ciment ${tag} gris`, category_id: category });
    await makeProduct(t.db, { code: `PA${tag}`, name: `Ciment ${tag} gris`, category_id: category, active: false });
    const list = await admin.visit(`/fichiers/produits?q=${encodeURIComponent(`cimnet ${tag}`)}`);
    expect(list.body.props.products.data.map((p: { id: number }) => p.id)).toEqual([id]);
    const client = await makeClient(`Moussa Traoré ${tag}`);
    const clients = await admin.visit(`/fichiers/clients?q=${encodeURIComponent(`mousa traore ${tag}`)}`);
    expect(clients.body.props.clients.data.map((c: { id: number }) => c.id)).toEqual([client.id]);
    const supplier = await makeSupplier(t.db, { code: `FR${tag}`, name: `Quincaillerie ${tag}` });
    const suppliers = await admin.visit(`/fichiers/fournisseurs?q=${encodeURIComponent(`quincailerei ${tag}`)}`);
    expect(suppliers.body.props.suppliers.data.map((s: { id: number }) => s.id)).toEqual([supplier]);
  });

  it('finds clients and suppliers by name and code, with their pages', async () => {
    const tag = uniqueTag();
    const client = await makeClient(`Awa Koné ${tag}`);
    const supplier = await makeSupplier(t.db, { code: `FR${tag}`, name: `Sahel Import ${tag}` });
    const byName = await search(admin, `kone ${tag}`);
    expect(group(byName, 'clients')?.items).toEqual([
      { url: `/fichiers/clients/${client.id}`, title: `Awa Koné ${tag}`, meta: client.code },
    ]);
    const bySupplierCode = await search(admin, `fr${tag}`);
    expect(group(bySupplierCode, 'suppliers')?.items).toEqual([
      { url: `/fichiers/fournisseurs/${supplier}`, title: `Sahel Import ${tag}`, meta: `FR${tag}` },
    ]);
    expect(titles(await search(admin, `sahel import ${tag}`), 'suppliers')).toEqual([`Sahel Import ${tag}`]);
  });

  it('finds a document by its number, typed in full, short or in lower case, newest first', async () => {
    const supplier = await makeSupplier(t.db);
    const tag = uniqueTag();
    const year = 2000 + Number(tag.slice(-2)); // a year of this test's own
    const first = await makeEntry(`ENT-${year}-000001`, supplier);
    const second = await makeEntry(`ENT-${year}-000012`, supplier, 'cancelled');
    const full = await search(admin, `ent-${year}-12`);
    expect(group(full, 'documents')).toEqual({
      key: 'documents',
      label: 'Documents',
      icon: expect.any(String),
      items: [
        {
          url: `/operations/entreestock/${second}`,
          title: `ENT-${year}-000012`,
          meta: 'Entrée de stock',
          date: '2026-03-05',
          status: { kind: 'entry', value: 'cancelled' },
        },
      ],
    });
    // a document number is not also searched among names
    expect(full.groups.map((g) => g.key)).toEqual(['documents']);
    expect(titles(await search(admin, `ENT ${year}`), 'documents')).toEqual([
      `ENT-${year}-000012`,
      `ENT-${year}-000001`,
    ]);
    expect(group(await search(admin, `ENT-${year}-000001`), 'documents')?.items[0].url).toBe(
      `/operations/entreestock/${first}`,
    );
  });

  it('finds the documents of every series by a bare number fragment: the sequence equal first, newest year first, then starting with it', async () => {
    const supplier = await makeSupplier(t.db);
    const tag = uniqueTag();
    const year = 2100 + Number(tag.slice(-2)); // years of this test's own, after every other test's
    await t.db('document_counters').insert([
      { series: 'ENT', year, last_number: 2301 },
      { series: 'ENT', year: year - 1, last_number: 230 },
      { series: 'INV', year, last_number: 230 },
    ]);
    const now = nowIso();
    const exact = await makeEntry(`ENT-${year}-000230`, supplier);
    const older = await makeEntry(`ENT-${year - 1}-000230`, supplier);
    const longer = await makeEntry(`ENT-${year}-002301`, supplier);
    await makeEntry(`ENT-${year}-000023`, supplier); // « 23 » is not « 230 »
    const readjustment = await insertReturningId(t.db, 'stock_adjustments', {
      number: `INV-${year}-000230`,
      location_id: depot,
      adjustment_date: '2026-03-05',
      reason: 'casse',
      note: '',
      line_count: 1,
      total_value: -100,
      created_at: now,
    });
    const body = await search(admin, '230');
    const found = group(body, 'documents')?.items ?? [];
    expect(found.map((i) => i.title).filter((n) => n.includes(String(year)) || n.includes(String(year - 1)))).toEqual([
      `ENT-${year}-000230`,
      `INV-${year}-000230`,
      `ENT-${year - 1}-000230`,
      `ENT-${year}-002301`,
    ]);
    expect(found.find((i) => i.title === `INV-${year}-000230`)).toEqual({
      url: `/operations/gestionstock/reajustements/${readjustment}/print`,
      title: `INV-${year}-000230`,
      meta: 'Réajustement de stock',
      date: '2026-03-05',
      status: null,
    });
    expect(found.find((i) => i.title === `ENT-${year}-000230`)?.url).toBe(`/operations/entreestock/${exact}`);
    expect([older, longer].every((id) => found.some((i) => i.url === `/operations/entreestock/${id}`))).toBe(true);
    // Typed padded, the same documents; a number is still looked for among codes too.
    expect(titles(await search(admin, '000230'), 'documents')).toEqual(found.map((i) => i.title));
    const product = await makeProduct(t.db, { code: `230${tag}`, name: `Fer à béton ${tag}`, category_id: category });
    expect(group(await search(admin, `230${tag}`), 'products')?.items[0]?.url).toBe(`/fichiers/produits/${product}`);
    // Only the series of the user's screens, only at their places.
    const keeper = await userWithPermissions(t, `magasin-230-${tag.toLowerCase()}@test.local`, ['menu.inventaire']);
    const k = new Client(t);
    await k.login(keeper.email, keeper.password);
    expect(titles(await search(k, '230'), 'documents').filter((n) => n.includes(String(year)))).toEqual([
      `INV-${year}-000230`,
    ]);
    const shop = Number((await t.db('locations').whereNot({ id: depot }).orderBy('id').first('id'))!.id);
    await t.db('users').where({ email: keeper.email }).update({ places_restricted: true });
    await t.db('user_locations').insert({
      user_id: Number((await t.db('users').where({ email: keeper.email }).first('id'))!.id),
      location_id: shop,
    });
    expect(titles(await search(k, '230'), 'documents').filter((n) => n.includes(String(year)))).toEqual([]);
  });

  it("answers a number fragment from the numbers' indexes: no table is scanned", async () => {
    const { sequenceSearchQuery } = await import('../../server/services/search/global-search.js');
    const { SEARCHED_DOCUMENTS, sequenceFragment } = await import('../../server/services/search/document-series.js');
    const years = new Map(SEARCHED_DOCUMENTS.map((s) => [s.series, [2026, 2025]]));
    const query = sequenceSearchQuery(t.db, sequenceFragment('23')!, SEARCHED_DOCUMENTS, EVERY_PLACE, 5, years)!;
    const { sql, bindings } = query.toSQL().toNative();
    const tables = [...new Set(SEARCHED_DOCUMENTS.map((s) => s.table))];
    if (kind === 'sqlite') {
      const plan: Array<{ detail: string }> = await t.db.raw(`EXPLAIN QUERY PLAN ${sql}`, bindings as never);
      const details = plan.map((p) => p.detail);
      expect(details.filter((d) => /^SCAN (?!.*USING)/.test(d) && tables.some((tb) => d.includes(tb)))).toEqual([]);
      for (const table of tables)
        expect([table, details.some((d) => d.startsWith(`SEARCH ${table} USING`))]).toEqual([table, true]);
    } else {
      const plan = await t.db.transaction(async (trx) => {
        await trx.raw('SET LOCAL enable_seqscan = off');
        return (await trx.raw(`EXPLAIN ${sql.replace(/\$(\d+)/g, '?')}`, bindings as never)).rows
          .map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN'])
          .join('\n');
      });
      expect(plan).not.toMatch(/Seq Scan/);
      for (const table of tables)
        expect([table, new RegExp(`Index (Only )?Scan.* on ${table}\\b`).test(plan)]).toEqual([table, true]);
    }
  });

  it('finds a settlement (REG-) by its number, opening its page, with its status', async () => {
    const client = await creditClient(t.db);
    const s = await settle(t.db, settlementInput({ clientId: client, amount: 2_500 }));
    const body = await search(admin, s.number.toLowerCase());
    expect(group(body, 'documents')?.items).toEqual([
      {
        url: `/operations/reglement/${s.id}`,
        title: s.number,
        meta: 'Règlement client',
        date: '2026-03-15',
        status: { kind: 'settlement', value: 'validated' },
      },
    ]);
    // Without the Règlement screen, the series is not searched.
    const u = await userWithPermissions(t, `${uniqueTag('R').toLowerCase()}@test.local`, ['menu.sortiestock']);
    const other = new Client(t);
    await other.login(u.email, u.password);
    expect(titles(await search(other, s.number), 'documents')).toEqual([]);
  });

  it('finds a caisse operation (CAI-) by its number, opening its page, with its status, only at the places of its accounts', async () => {
    const actor = { id: Number((await t.db('users').orderBy('id').first('id'))!.id), name: 'Admin', ip: null };
    const base = {
      toAccountId: null,
      expenseCategoryId: null,
      supplierId: null,
      bankMethod: null,
      reference: '',
      note: '',
      places: EVERY_PLACE,
    } as const;
    const category = Number((await t.db('expense_categories').orderBy('id').first('id'))!.id);
    const [depotDesk, shopDesk] = [await deskAccount(t.db, 'CAI01'), await deskAccount(t.db, 'CAI02')];
    await createCashOperation(
      t.db,
      {
        ...base,
        idempotencyKey: `cai-in-${uniqueTag()}`,
        kind: 'cash_in',
        amount: 50_000,
        fromAccountId: null,
        toAccountId: shopDesk,
        beneficiary: 'Gérant',
      },
      actor,
    );
    const shop = await createCashOperation(
      t.db,
      {
        ...base,
        idempotencyKey: `cai-${uniqueTag()}`,
        kind: 'expense',
        amount: 1_500,
        fromAccountId: shopDesk,
        expenseCategoryId: category,
        beneficiary: 'Taxi',
      },
      actor,
    );
    // A transfer from the shop's desk to the depot's, still in transit: either side's users find it.
    const transfer = await createCashOperation(
      t.db,
      {
        ...base,
        idempotencyKey: `cai-t-${uniqueTag()}`,
        kind: 'transfer',
        amount: 10_000,
        fromAccountId: shopDesk,
        toAccountId: depotDesk,
        beneficiary: 'Chauffeur',
      },
      actor,
    );
    const today = await companyToday(t.db);
    const body = await search(admin, shop.number.toLowerCase());
    expect(group(body, 'documents')?.items).toEqual([
      {
        url: `/operations/caisse/operations/${shop.id}`,
        title: shop.number,
        meta: 'Opération de caisse',
        date: today,
        status: { kind: 'cash', value: 'done' },
      },
    ]);
    expect(group(await search(admin, transfer.number), 'documents')?.items[0]).toMatchObject({
      title: transfer.number,
      status: { kind: 'cash', value: 'in_transit' },
    });
    // Without the Caisse screen, the series is not searched.
    const u = await userWithPermissions(t, `${uniqueTag('C').toLowerCase()}@test.local`, ['menu.sortiestock']);
    const other = new Client(t);
    await other.login(u.email, u.password);
    expect(titles(await search(other, shop.number), 'documents')).toEqual([]);
    // A cashier of the depot only: the depot's operations (and the transfer coming to its desk), never the shop's own.
    const tag = uniqueTag().toLowerCase();
    const depot = Number((await t.db('locations').where({ code: 'DEP01' }).first('id'))!.id);
    const id = await createUser(t.db, {
      name: `Caissier ${tag}`,
      email: `caissier-${tag}@test.local`,
      password: 'Secret-123456',
      roleNames: ['Caissier'],
      verified: true,
    });
    await t.db('users').where({ id }).update({ places_restricted: true });
    await t.db('user_locations').insert({ user_id: id, location_id: depot });
    const cashier = new Client(t);
    await cashier.login(`caissier-${tag}@test.local`, 'Secret-123456');
    expect(titles(await search(cashier, shop.number), 'documents')).toEqual([]);
    expect(titles(await search(cashier, transfer.number), 'documents')).toEqual([transfer.number]);
  });

  it('lists the screens the user may open, after the records', async () => {
    const body = await search(admin, 'inventaire');
    expect(group(body, 'screens')?.items[0]).toMatchObject({
      url: '/operations/gestionstock',
      title: 'Inventaire',
      meta: 'Opérations',
    });
    expect(body.groups.at(-1)?.key).toBe('screens');
  });

  it('shows nothing the user cannot open: groups, series and screens follow the permissions', async () => {
    const tag = uniqueTag();
    await makeProduct(t.db, { code: `PR${tag}`, name: `Produit ${tag}`, category_id: category });
    await makeClient(`Client ${tag}`);
    await makeSupplier(t.db, { code: `FR${tag}`, name: `Fournisseur ${tag}` });
    const year = 2000 + Number(tag.slice(-2));
    await makeEntry(`ENT-${year}-000003`, await makeSupplier(t.db));

    const seller = await userWithPermissions(t, `vendeur-${tag.toLowerCase()}@test.local`, [
      'menu.dashboard',
      'menu.fichiers',
      'menu.clients',
    ]);
    const c = new Client(t);
    await c.login(seller.email, seller.password);
    const body = await search(c, tag);
    expect(body.groups.map((g) => g.key)).toEqual(['clients']);
    expect(group(await search(c, `ENT-${year}`), 'documents')).toBeUndefined();
    // screens: the clients list yes, the products list no
    expect(titles(await search(c, 'clients'), 'screens')).toEqual(['Clients']);
    expect(group(await search(c, 'produits'), 'screens')).toBeUndefined();

    const storekeeper = await userWithPermissions(t, `magasin-${tag.toLowerCase()}@test.local`, [
      'menu.entreestock',
      'menu.produits',
    ]);
    const m = new Client(t);
    await m.login(storekeeper.email, storekeeper.password);
    expect((await search(m, tag)).groups.map((g) => g.key)).toEqual(['products']);
    expect(titles(await search(m, `ENT-${year}`), 'documents')).toEqual([`ENT-${year}-000003`]);
  });

  it('limits each group and answers an empty query with nothing', async () => {
    const tag = uniqueTag();
    for (let i = 0; i < 8; i++)
      await makeProduct(t.db, { code: `PR${tag}${i}`, name: `Lot ${tag} ${i}`, category_id: category });
    expect(group(await search(admin, `lot ${tag}`), 'products')?.items).toHaveLength(5);
    expect(await search(admin, '   ')).toEqual({ q: '', groups: [] });
  });

  it('answers JSON 401 to a guest and 403 to an unverified account', async () => {
    const guest = new Client(t);
    const res = await guest.agent.get('/recherche?q=riz').set('Accept', 'application/json');
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/reconnecter/);
    const tag = uniqueTag();
    const u = await userWithPermissions(t, `nonverifie-${tag.toLowerCase()}@test.local`, ['menu.produits']);
    await t.db('users').where({ email: u.email }).update({ email_verified_at: null });
    const c = new Client(t);
    await c.login(u.email, u.password);
    expect((await c.agent.get('/recherche?q=riz').set('Accept', 'application/json')).status).toBe(403);
  });
});
