import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSearchName } from '../../../server/db/search.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { submitExpectingErrors } from '../../support/master-data.js';
import { uniqueTag } from '../../support/unique.js';

const LOCATIONS = '/parametres/societe/emplacements';
const DESKS = '/parametres/societe/caisses';

/** The next code of a `<prefix><digits>` series: CAI03 → CAI04. */
const after = (code: string) => code.replace(/\d+$/, (d) => String(Number(d) + 1).padStart(d.length, '0'));

describe.each(testDatabases())('parametres/societe emplacements et caisses (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  const locationId = async (code: string) => Number((await t.db('locations').where({ code }).first('id'))!.id);
  const deskId = async (code: string) => Number((await t.db('cash_desks').where({ code }).first('id'))!.id);
  const count = async (table: string) => Number((await t.db(table).count({ n: '*' }).first())!.n);
  /** A location of the test's own, through the form; returns its id. */
  const createLocation = async (code: string, name: string, extra: Record<string, unknown> = {}) => {
    const res = await admin.post(LOCATIONS, { code, name, kind: 'boutique', ...extra });
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(/\/emplacements\/\d+$/);
    return locationId(code);
  };
  /** A cash desk of the test's own, through the form; returns its id. */
  const createDesk = async (code: string, name: string, location: number) => {
    const res = await admin.post(DESKS, { code, name, location_id: String(location) });
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(/\/caisses\/\d+$/);
    return deskId(code);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());

  it('lists the locations and cash desks created at first start', async () => {
    const res = await admin.visit(LOCATIONS);
    expect(res.status).toBe(200);
    expect(res.body.component).toBe('settings/locations/Index');
    const desksAt = async (code: string) =>
      Number(
        (await t
          .db('cash_desks')
          .where({ location_id: await locationId(code) })
          .count({ n: '*' })
          .first())!.n,
      );
    const rows = res.body.props.locations.data.map(
      (l: { code: string; name: string; kind: string; cash_desk_count: number }) => [
        l.code,
        l.name,
        l.kind,
        l.cash_desk_count,
      ],
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        ['BTQ01', 'Boutique 1', 'boutique', await desksAt('BTQ01')],
        ['DEP01', 'Dépôt principal', 'depot', await desksAt('DEP01')],
      ]),
    );
    expect(res.body.props.params).toEqual({
      q: '',
      sort: 'code',
      dir: 'asc',
      per_page: 25,
      filters: { status: 'active', kind: '' },
    });
    expect(res.body.props.can_manage).toBe(true);
    const desks = await admin.visit(DESKS);
    expect(desks.body.component).toBe('settings/cash-desks/Index');
    expect(
      desks.body.props.cash_desks.data.map(
        (d: { code: string; name: string; location_name: string; is_main: boolean }) => [
          d.code,
          d.name,
          d.location_name,
          d.is_main,
        ],
      ),
    ).toEqual(
      expect.arrayContaining([
        ['CAI01', 'Caisse principale', 'Dépôt principal', true],
        ['CAI02', 'Caisse Boutique 1', 'Boutique 1', false],
      ]),
    );
    expect(desks.body.props.cash_desks.data.filter((d: { is_main: boolean }) => d.is_main)).toHaveLength(1);
    expect(desks.body.props.locations.map((o: { label: string }) => o.label)).toEqual(
      expect.arrayContaining(['Dépôt principal', 'Boutique 1']),
    );
    expect(desks.body.props.company.currency).toBe('XOF');
    const depots = (await admin.visit(`${LOCATIONS}?kind=depot`)).body.props.locations.data as Array<{
      code: string;
      kind: string;
    }>;
    expect(depots.map((l) => l.code)).toContain('DEP01');
    expect(depots.every((l) => l.kind === 'depot')).toBe(true);
    const shops = (await admin.visit(`${LOCATIONS}?q=bout`)).body.props.locations.data as Array<{
      code: string;
      name: string;
    }>;
    expect(shops.map((l) => l.code)).toContain('BTQ01');
    expect(shops.every((l) => /bout/i.test(l.name) || /^BOUT/.test(l.code))).toBe(true);
    expect((await admin.visit(`${LOCATIONS}?sort=address;--&kind=mars`)).body.props.params).toMatchObject({
      sort: 'code',
      filters: { kind: '' },
    });
    const shopDesks = (await admin.visit(`${DESKS}?location_id=${await locationId('BTQ01')}`)).body.props.cash_desks
      .data as Array<{ code: string; location_name: string }>;
    expect(shopDesks.map((d) => d.code)).toContain('CAI02');
    expect(shopDesks.every((d) => d.location_name === 'Boutique 1')).toBe(true);
    expect((await admin.visit(`${DESKS}?sort=balance&dir=desc`)).body.props.params).toMatchObject({
      sort: 'balance',
      dir: 'desc',
    });
  });

  it('creates a location and a cash desk tied to it, with audit entries', async () => {
    const tag = uniqueTag();
    const form = await admin.visit(`${LOCATIONS}/create`);
    expect(form.body.component).toBe('settings/locations/Form');
    // codes follow the reference data: DEP01 is the depot, BTQ01 the shop, so the next are DEPnn and BTQnn
    const suggested = form.body.props.suggested_codes as { depot: string; boutique: string };
    expect(form.body.props).toEqual(expect.objectContaining({ location: null, usage: null, can_manage: true }));
    expect(suggested).toEqual({
      depot: expect.stringMatching(/^DEP\d{2}$/),
      boutique: expect.stringMatching(/^BTQ\d{2}$/),
    });
    expect(await t.db('locations').whereIn('code', [suggested.depot, suggested.boutique])).toEqual([]);
    const res = await admin.post(LOCATIONS, {
      code: suggested.boutique,
      name: `Boutique Plateau ${tag}`,
      kind: 'boutique',
      address: 'Avenue Chardy, Plateau',
    });
    expect(res.status).toBe(303);
    const id = await locationId(suggested.boutique);
    expect(res.headers.location).toBe(`${LOCATIONS}/${id}`);
    const page = await admin.follow(res);
    expect(page.body.flash.success).toBe(`Emplacement Boutique Plateau ${tag} créé.`);
    expect(page.body.props.location).toEqual({
      id,
      code: suggested.boutique,
      name: `Boutique Plateau ${tag}`,
      kind: 'boutique',
      address: 'Avenue Chardy, Plateau',
      fiscal_point_of_sale: '',
      active: true,
      cash_desk_count: 0,
    });
    expect(page.body.props.usage).toEqual({ deletable: true, archivable: true, reasons: [], archive_block: null });
    expect(page.body.props.suggested_codes).toBeNull();
    // the shop series moves on, the depot series does not
    expect((await admin.visit(`${LOCATIONS}/create`)).body.props.suggested_codes).toEqual({
      depot: suggested.depot,
      boutique: after(suggested.boutique),
    });

    const deskForm = await admin.visit(`${DESKS}/create`);
    expect(deskForm.body.props).toMatchObject({
      cash_desk: null,
      suggested_code: expect.stringMatching(/^CAI\d{2}$/),
      usage: null,
      can_manage: true,
    });
    const deskCode = deskForm.body.props.suggested_code as string;
    expect(await t.db('cash_desks').where({ code: deskCode }).first()).toBeUndefined();
    const created = await admin.post(DESKS, { code: deskCode, name: `Caisse Plateau ${tag}`, location_id: String(id) });
    expect(created.status).toBe(303);
    const desk = await admin.follow(created);
    expect(desk.body.component).toBe('settings/cash-desks/Form');
    expect(desk.body.props.cash_desk).toMatchObject({
      code: deskCode,
      name: `Caisse Plateau ${tag}`,
      location_id: id,
      location_name: `Boutique Plateau ${tag}`,
      is_main: false,
      balance: 0,
      active: true,
    });
    expect((await admin.visit(`${DESKS}/create`)).body.props.suggested_code).toBe(after(deskCode));
    expect(await t.db('audit_log').where({ action: 'location.created', subject_id: String(id) })).toHaveLength(1);
    expect(
      await t.db('audit_log').where({ action: 'cash_desk.created', subject_id: String(desk.body.props.cash_desk.id) }),
    ).toHaveLength(1);
  });

  it('refuses bad input in French and writes nothing', async () => {
    const desks = await count('cash_desks');
    const locations = await count('locations');
    expect(
      await submitExpectingErrors(
        admin,
        'post',
        LOCATIONS,
        { code: '', name: '', kind: 'entrepot' },
        `${LOCATIONS}/create`,
      ),
    ).toEqual({
      code: 'Le champ code est obligatoire.',
      name: 'Le champ nom est obligatoire.',
      kind: 'Veuillez choisir une valeur valide pour le champ type.',
    });
    expect(
      await submitExpectingErrors(
        admin,
        'post',
        LOCATIONS,
        { code: 'dep01', name: 'dépôt PRINCIPAL', kind: 'depot' },
        `${LOCATIONS}/create`,
      ),
    ).toEqual({
      code: 'Le code DEP01 est déjà utilisé par un autre emplacement.',
      name: 'Un emplacement « dépôt PRINCIPAL » existe déjà.',
    });
    expect(
      await submitExpectingErrors(
        admin,
        'post',
        DESKS,
        { code: 'CAI99', name: 'Caisse principale', location_id: '' },
        `${DESKS}/create`,
      ),
    ).toEqual({ location_id: 'Veuillez choisir un emplacement.' });
    expect(
      await submitExpectingErrors(
        admin,
        'post',
        DESKS,
        { code: 'CAI99', name: 'caisse principale', location_id: '999999' },
        `${DESKS}/create`,
      ),
    ).toEqual({
      name: 'Une caisse « caisse principale » existe déjà.',
      location_id: 'Cet emplacement n’existe pas.',
    });
    expect(await count('cash_desks')).toBe(desks);
    expect(await count('locations')).toBe(locations);
  });

  it('updates with an audit diff; an archived location cannot receive a cash desk', async () => {
    const tag = uniqueTag();
    const id = await createLocation(`${tag}A`, `Boutique Plateau ${tag}`, { address: 'Avenue Chardy, Plateau' });
    const other = await createLocation(`${tag}B`, `Boutique Cocody ${tag}`);
    expect(
      (
        await admin.send('put', `${LOCATIONS}/${id}`, {
          code: `${tag}A`,
          name: `Boutique du Plateau ${tag}`,
          kind: 'boutique',
          address: 'Avenue Chardy, Plateau',
        })
      ).status,
    ).toBe(303);
    const audit = await t.db('audit_log').where({ action: 'location.updated', subject_id: String(id) });
    expect(audit.map((a) => JSON.parse(a.details!))).toEqual([
      { before: { name: `Boutique Plateau ${tag}` }, after: { name: `Boutique du Plateau ${tag}` } },
    ]);
    const old = await createLocation(`${tag}OLD`, `Ancien dépôt ${tag}`, { kind: 'depot', active: false });
    const desks = await count('cash_desks');
    expect(
      await submitExpectingErrors(
        admin,
        'post',
        DESKS,
        { code: `${tag}X`, name: `Caisse X ${tag}`, location_id: String(old) },
        `${DESKS}/create`,
      ),
    ).toEqual({ location_id: 'Cet emplacement est archivé : choisissez un emplacement actif.' });
    expect(await count('cash_desks')).toBe(desks);
    const desk = await createDesk(`${tag}C`, `Caisse Plateau ${tag}`, id);
    expect(
      (
        await admin.send('put', `${DESKS}/${desk}`, {
          code: `${tag}C`,
          name: `Caisse Plateau ${tag}`,
          location_id: String(other),
        })
      ).status,
    ).toBe(303);
    const moved = await t.db('audit_log').where({ action: 'cash_desk.updated', subject_id: String(desk) });
    expect(moved.map((a) => JSON.parse(a.details!).after)).toEqual([{ location_id: other }]);
  });

  it('keeps the main cash desk: never archived nor deleted', async () => {
    const main = await deskId('CAI01');
    const page = await admin.visit(`${DESKS}/${main}`);
    expect(page.body.props.usage).toEqual({
      deletable: false,
      archivable: false,
      reasons: [expect.stringMatching(/^La caisse principale/)],
      archive_block: expect.stringMatching(/^La caisse principale/),
    });
    const archive = await admin.post(`${DESKS}/${main}/archive`);
    expect((await admin.follow(archive)).body.flash.error).toMatch(
      /ne peut pas être archivée\. La caisse principale reçoit/,
    );
    await admin.send('delete', `${DESKS}/${main}`);
    expect((await admin.visit(`${DESKS}/${main}`)).body.flash.error).toMatch(/^La caisse principale reçoit/);
    expect(
      await submitExpectingErrors(
        admin,
        'put',
        `${DESKS}/${main}`,
        { code: 'CAI01', name: 'Caisse principale', location_id: String(await locationId('DEP01')), active: false },
        `${DESKS}/${main}/edit`,
      ),
    ).toEqual({
      active:
        'La caisse principale reçoit les encaissements de la société : elle ne peut être ni archivée ni supprimée.',
    });
    expect((await t.db('cash_desks').where({ id: main }).first())!.active).toBeTruthy();
  });

  it('refuses to archive a cash desk holding cash or a location with stock or an active desk; deletes unused ones', async () => {
    const tag = uniqueTag();
    const shop = await createLocation(`${tag}S`, `Boutique Marcory ${tag}`);
    const shopDesk = await createDesk(`${tag}C`, `Caisse Marcory ${tag}`, shop);
    await t.db('treasury_accounts').where({ cash_desk_id: shopDesk }).update({ balance: 75_000 });
    const page = await admin.visit(`${DESKS}/${shopDesk}`);
    expect(page.body.props.usage).toMatchObject({
      deletable: false,
      archivable: false,
      reasons: ['elle a un solde de 75\u202f000\u00a0FCFA'],
    });
    const refused = await admin.post(`${DESKS}/${shopDesk}/archive`);
    expect((await admin.follow(refused)).body.flash.error).toBe(
      `La caisse « Caisse Marcory ${tag} » ne peut pas être archivée. Elle contient 75\u202f000\u00a0FCFA : versez ou transférez ce solde avant de l’archiver.`,
    );
    expect((await t.db('cash_desks').where({ id: shopDesk }).first())!.active).toBeTruthy();
    await t.db('treasury_accounts').where({ cash_desk_id: shopDesk }).update({ balance: 0 });

    const locPage = await admin.visit(`${LOCATIONS}/${shop}`);
    expect(locPage.body.props.usage).toMatchObject({
      deletable: false,
      archivable: false,
      reasons: ['une caisse y est rattachée'],
    });
    const blocked = await admin.post(`${LOCATIONS}/${shop}/archive`);
    expect((await admin.follow(blocked)).body.flash.error).toBe(
      `L’emplacement « Boutique Marcory ${tag} » ne peut pas être archivé. La caisse « Caisse Marcory ${tag} » y est rattachée : archivez-la ou rattachez-la à un autre emplacement d’abord.`,
    );
    expect((await t.db('locations').where({ id: shop }).first())!.active).toBeTruthy();

    const plateau = await createLocation(`${tag}P`, `Boutique du Plateau ${tag}`);
    const now = new Date().toISOString();
    await t
      .db('categories')
      .insert(withSearchName({ code: `${tag}X`, name: `Catégorie ${tag}`, created_at: now, updated_at: now }));
    const cat = Number(
      (await t
        .db('categories')
        .where({ code: `${tag}X` })
        .first('id'))!.id,
    );
    await t.db('products').insert(
      withSearchName({
        code: `${tag}PX`,
        name: 'Produit X',
        category_id: cat,
        unit: 'pièce',
        created_at: now,
        updated_at: now,
      }),
    );
    const px = Number(
      (await t
        .db('products')
        .where({ code: `${tag}PX` })
        .first('id'))!.id,
    );
    await t.db('stock_levels').insert({ product_id: px, location_id: plateau, quantity: 3 });
    const withStock = await admin.post(`${LOCATIONS}/${plateau}/archive`);
    expect((await admin.follow(withStock)).body.flash.error).toMatch(/Il contient encore du stock/);
    expect((await t.db('locations').where({ id: plateau }).first())!.active).toBeTruthy();
    await t.db('stock_levels').where({ location_id: plateau }).update({ quantity: 0 });
    const archived = await admin.post(`${LOCATIONS}/${plateau}/archive`);
    expect((await admin.follow(archived)).body.flash.success).toBe(`Emplacement Boutique du Plateau ${tag} archivé.`);
    expect((await t.db('locations').where({ id: plateau }).first())!.active).toBeFalsy();
    await admin.post(`${LOCATIONS}/${plateau}/restore`);
    const deleted = await admin.send('delete', `${LOCATIONS}/${plateau}`);
    expect(deleted.headers.location).toBe(LOCATIONS);
    expect(await t.db('locations').where({ id: plateau }).first()).toBeUndefined();

    expect((await admin.send('delete', `${DESKS}/${shopDesk}`)).headers.location).toBe(DESKS);
    expect(await t.db('cash_desks').where({ id: shopDesk }).first()).toBeUndefined();
    expect(await t.db('audit_log').where({ action: 'cash_desk.deleted', subject_id: String(shopDesk) })).toHaveLength(
      1,
    );
    expect(await t.db('audit_log').where({ action: 'location.deleted', subject_id: String(plateau) })).toHaveLength(1);
  });

  it('answers 404 for unknown ids and 403 without company.manage, even forged', async () => {
    const tag = uniqueTag();
    for (const url of [`${LOCATIONS}/999999`, `${DESKS}/abc`, `${DESKS}/0/edit`])
      expect((await admin.visit(url)).status).toBe(404);
    expect((await admin.send('put', `${LOCATIONS}/999999`, { code: 'X', name: 'X', kind: 'depot' })).status).toBe(404);
    const viewer = await userWithPermissions(t, `lecteur-societe-${tag}@test.local`, [
      'menu.parametres',
      'menu.parametres.societe',
    ]);
    const c = new Client(t);
    await c.login(viewer.email, viewer.password);
    expect((await c.visit(LOCATIONS)).body.props.can_manage).toBe(false);
    const dep = await locationId('DEP01');
    const main = await deskId('CAI01');
    expect((await c.visit(`${DESKS}/${main}`)).body.props.can_manage).toBe(false);
    const forbidden: Array<[string, () => Promise<{ status: number }>]> = [
      ['location form', () => c.visit(`${LOCATIONS}/create`)],
      ['location create', () => c.post(LOCATIONS, { code: `${tag}HACK`, name: 'Hack', kind: 'depot' })],
      ['location edit', () => c.visit(`${LOCATIONS}/${dep}/edit`)],
      ['location update', () => c.send('put', `${LOCATIONS}/${dep}`, { code: 'DEP01', name: 'Piraté', kind: 'depot' })],
      ['location archive', () => c.post(`${LOCATIONS}/${dep}/archive`)],
      ['location delete', () => c.send('delete', `${LOCATIONS}/${dep}`)],
      ['desk form', () => c.visit(`${DESKS}/create`)],
      ['desk create', () => c.post(DESKS, { code: `${tag}HACK`, name: 'Hack', location_id: String(dep) })],
      [
        'desk update',
        () => c.send('put', `${DESKS}/${main}`, { code: 'CAI01', name: 'Piratée', location_id: String(dep) }),
      ],
      ['desk restore', () => c.post(`${DESKS}/${main}/restore`)],
      ['desk delete', () => c.send('delete', `${DESKS}/${main}`)],
    ];
    for (const [name, call] of forbidden) expect([name, (await call()).status]).toEqual([name, 403]);
    expect(
      await t
        .db('locations')
        .where({ code: `${tag}HACK` })
        .first(),
    ).toBeUndefined();
    expect(
      await t
        .db('cash_desks')
        .where({ code: `${tag}HACK` })
        .first(),
    ).toBeUndefined();
    expect((await t.db('locations').where({ id: dep }).first())!.name).toBe('Dépôt principal');
    expect((await t.db('cash_desks').where({ id: main }).first())!.name).toBe('Caisse principale');
    const nobody = await userWithPermissions(t, `sans-societe-${tag}@test.local`, [
      'menu.parametres',
      'company.manage',
    ]);
    const n = new Client(t);
    await n.login(nobody.email, nobody.password);
    expect((await n.visit(LOCATIONS)).status).toBe(403);
    expect((await n.post(DESKS, { code: `${tag}HACK`, name: 'Hack', location_id: String(dep) })).status).toBe(403);
  });
});
