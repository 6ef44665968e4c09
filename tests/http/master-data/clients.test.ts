import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSearchName } from '../../../server/db/search.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { csvFile, download, submitExpectingErrors, upload, xlsxFile, xlsxRows } from '../../support/master-data.js';
import { uniqueTag } from '../../support/unique.js';

/** The form of a client of the tag's own: code `<tag>1` unless told otherwise. */
const valid = (tag: string, over: Record<string, unknown> = {}) => ({
  code: `${tag}1`,
  name: 'Boutique Awa Koné',
  kind: 'entreprise',
  phone: '+225 07 12 34 56 78',
  email: 'Awa.Kone@example.ci',
  address: 'Rue 12, Treichville',
  city: 'Abidjan',
  tax_number: 'CI-ABJ-2024-B-1234',
  price_level: 'gros',
  credit_limit: '500 000',
  active: true,
  ...over,
});

describe.each(testDatabases())('fichiers/clients (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  const walkInId = async () => Number((await t.db('clients').where({ is_walk_in: true }).first('id'))!.id);
  const count = async () => Number((await t.db('clients').count({ n: '*' }).first())!.n);
  /** Creates a client through the form; returns its id. */
  const create = async (tag: string, over: Record<string, unknown> = {}) => {
    const body = valid(tag, over);
    const res = await admin.post('/fichiers/clients', body);
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(/^\/fichiers\/clients\/\d+$/);
    return Number((await t.db('clients').where({ code: body.code }).first('id'))!.id);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());

  it('lists the clients with the built-in CLIENT COMPTANT, paginated', async () => {
    const res = await admin.visit('/fichiers/clients');
    expect(res.status).toBe(200);
    expect(res.body.component).toBe('clients/Index');
    const { clients, params, can, company } = res.body.props;
    const active = Number((await t.db('clients').where({ active: true }).count({ n: '*' }).first())!.n);
    expect(clients).toMatchObject({ total: active, page: 1, per_page: 25 });
    expect(clients.data).toHaveLength(Math.min(active, 25));
    // CL00000 comes first by code
    expect(clients.data[0]).toMatchObject({
      code: 'CL00000',
      name: 'CLIENT COMPTANT',
      is_walk_in: true,
      credit_limit: 0,
      active: true,
    });
    expect(params).toEqual({
      q: '',
      sort: 'code',
      dir: 'asc',
      per_page: 25,
      filters: { kind: '', price_level: '', status: 'active' },
    });
    expect(can).toEqual({ create: true, update: true, delete: true, export: true, import: true });
    expect(company.currency).toBe('XOF');
    expect(clients.data[0]).not.toHaveProperty('created_at');
  });

  it('creates a client, stores normalised values and writes an audit entry', async () => {
    const tag = uniqueTag();
    const res = await admin.post('/fichiers/clients', valid(tag, { code: ` ${tag.toLowerCase()}1 ` }));
    expect(res.status).toBe(303);
    const row = (await t
      .db('clients')
      .where({ code: `${tag}1` })
      .first())!;
    expect(res.headers.location).toBe(`/fichiers/clients/${row.id}`);
    expect(row).toMatchObject({
      name: 'Boutique Awa Koné',
      kind: 'entreprise',
      email: 'awa.kone@example.ci',
      price_level: 'gros',
      city: 'Abidjan',
    });
    expect(Number(row.credit_limit)).toBe(500_000);
    const audit = await t.db('audit_log').where({ action: 'client.created', subject_id: String(row.id) });
    expect(audit).toHaveLength(1);
    expect(audit[0].user_name).toBe('Administrateur');
    expect(JSON.parse(audit[0].details!).after.credit_limit).toBe(500_000);

    const show = await admin.follow(res);
    expect(show.body.component).toBe('clients/Show');
    expect(show.body.flash).toEqual({ success: 'Client Boutique Awa Koné créé.' });
    expect(show.body.props.client).toMatchObject({ code: `${tag}1`, credit_limit: 500_000, balance: 0 });
    expect(show.body.props.usage).toEqual({ deletable: true, archivable: true, reasons: [], archive_block: null });
    expect(show.body.props.history[0]).toMatchObject({
      action: 'client.created',
      action_label: 'Création',
      user_name: 'Administrateur',
    });
  });

  it('suggests the next code on the create form', async () => {
    const tag = uniqueTag();
    const res = await admin.visit('/fichiers/clients/create');
    expect(res.body.component).toBe('clients/Form');
    expect(res.body.props.client).toBeNull();
    const suggested = res.body.props.suggested_code as string;
    expect(suggested).toMatch(/^CL\d{5}$/);
    expect(await t.db('clients').where({ code: suggested }).first()).toBeUndefined();
    // once taken, the code after it is suggested
    await create(tag, { code: suggested, name: `Client suggéré ${tag}` });
    expect((await admin.visit('/fichiers/clients/create')).body.props.suggested_code).toBe(
      `CL${String(Number(suggested.slice(2)) + 1).padStart(5, '0')}`,
    );
  });

  it('refuses bad input with a French message on each field and writes nothing', async () => {
    const tag = uniqueTag();
    const before = await count();
    const errors = await submitExpectingErrors(
      admin,
      'post',
      '/fichiers/clients',
      {
        code: 'é!',
        name: '  ',
        kind: 'martien',
        phone: '12',
        email: 'pas-un-email',
        price_level: 'x',
        credit_limit: '12,5',
      },
      '/fichiers/clients/create',
    );
    expect(errors).toEqual({
      code: 'Le champ code ne peut contenir que des lettres sans accent, des chiffres et les signes . _ - /.',
      name: 'Le champ nom est obligatoire.',
      kind: 'Veuillez choisir une valeur valide pour le champ type.',
      phone: 'Le numéro de téléphone n’est pas valide (6 à 15 chiffres ; espaces, +, -, . et parenthèses acceptés).',
      email: 'L’adresse e-mail n’est pas valide.',
      price_level: 'Veuillez choisir une valeur valide pour le champ niveau de prix.',
      credit_limit: 'Le champ plafond de crédit doit être un montant entier positif en FCFA, sans décimales.',
    });
    const longName = await submitExpectingErrors(
      admin,
      'post',
      '/fichiers/clients',
      valid(tag, { name: 'x'.repeat(161) }),
      '/fichiers/clients/create',
    );
    expect(longName).toEqual({ name: 'Le champ nom ne doit pas dépasser 160 caractères.' });
    const negative = await submitExpectingErrors(
      admin,
      'post',
      '/fichiers/clients',
      valid(tag, { credit_limit: -5 }),
      '/fichiers/clients/create',
    );
    expect(negative.credit_limit).toMatch(/montant entier positif/);
    expect(await count()).toBe(before);
  });

  it('refuses a code already used', async () => {
    const tag = uniqueTag();
    await create(tag);
    const before = await count();
    const errors = await submitExpectingErrors(
      admin,
      'post',
      '/fichiers/clients',
      valid(tag, { code: `${tag}1`.toLowerCase(), name: 'Autre' }),
      '/fichiers/clients/create',
    );
    expect(errors).toEqual({ code: `Le code ${tag}1 est déjà utilisé par un autre client.` });
    expect(await count()).toBe(before);
  });

  it('searches by code prefix, name fragment and phone; filters; keeps the state in params', async () => {
    const tag = uniqueTag();
    const phone = `77 ${tag.slice(1)} 45 67`;
    await create(tag, { name: `Boutique Awa Koné ${tag}` });
    await create(tag, {
      code: `${tag}2`,
      name: `Moussa Diallo ${tag}`,
      kind: 'particulier',
      phone,
      price_level: 'detail',
      credit_limit: 0,
    });
    await create(tag, {
      code: `${tag}3`,
      name: `Fatou Ndiaye ${tag}`,
      kind: 'particulier',
      phone: '70 000 00 00',
      price_level: 'detail',
      credit_limit: 0,
      active: false,
    });
    const names = async (qs: string) =>
      (await admin.visit(`/fichiers/clients?${qs}`)).body.props.clients.data.map((c: { name: string }) => c.name);
    const q = (text: string) => `q=${encodeURIComponent(text)}`;
    expect(await names(q(tag.toLowerCase()))).toEqual([`Boutique Awa Koné ${tag}`, `Moussa Diallo ${tag}`]);
    expect(await names(q(`diall`))).toContain(`Moussa Diallo ${tag}`);
    expect(await names(q(`diallo ${tag.toLowerCase()}`))).toEqual([`Moussa Diallo ${tag}`]);
    expect(await names(q(`DIALLO ${tag}`))).toEqual([`Moussa Diallo ${tag}`]);
    expect(await names(q(phone.slice(0, 7)))).toEqual([`Moussa Diallo ${tag}`]);
    expect(await names('q=%25')).toEqual([]);
    expect(await names(`${q(tag)}&kind=entreprise`)).toEqual([`Boutique Awa Koné ${tag}`]);
    expect(await names(`${q(tag)}&price_level=detail`)).toEqual([`Moussa Diallo ${tag}`]);
    expect(await names(`${q(tag)}&status=archived`)).toEqual([`Fatou Ndiaye ${tag}`]);
    expect(await names(`${q(tag)}&status=all&sort=name&dir=desc`)).toEqual([
      `Moussa Diallo ${tag}`,
      `Fatou Ndiaye ${tag}`,
      `Boutique Awa Koné ${tag}`,
    ]);
    const res = await admin.visit('/fichiers/clients?kind=bogus&status=bogus&per_page=7&page=-3');
    expect(res.body.props.params).toMatchObject({
      per_page: 25,
      filters: { kind: '', price_level: '', status: 'active' },
    });
    expect(res.body.props.clients.page).toBe(1);
  });

  it('ignores an unknown sort column instead of injecting it', async () => {
    const tag = uniqueTag();
    await create(tag, { credit_limit: '500000' });
    await create(tag, { code: `${tag}2`, credit_limit: '150000' });
    await create(tag, { code: `${tag}3`, credit_limit: '0' });
    const before = await count();
    for (const sort of ['password', 'name; DROP TABLE clients', 'balance desc', 'id']) {
      const res = await admin.visit(`/fichiers/clients?q=${tag}&sort=${encodeURIComponent(sort)}&dir=sideways`);
      expect(res.status).toBe(200);
      expect(res.body.props.params.sort).toBe('code');
      expect(res.body.props.params.dir).toBe('asc');
      // the list falls back to the code order…
      expect(res.body.props.clients.data.map((c: { code: string }) => c.code)).toEqual([
        `${tag}1`,
        `${tag}2`,
        `${tag}3`,
      ]);
    }
    // …and the table is still there, whole
    expect(await count()).toBe(before);
    const byLimit = await admin.visit(`/fichiers/clients?q=${tag}&sort=credit_limit&dir=desc`);
    expect(byLimit.body.props.clients.data.map((c: { code: string }) => c.code)).toEqual([
      `${tag}1`,
      `${tag}2`,
      `${tag}3`,
    ]);
    const byLimitAsc = await admin.visit(`/fichiers/clients?q=${tag}&sort=credit_limit&dir=asc`);
    expect(byLimitAsc.body.props.clients.data.map((c: { code: string }) => c.code)).toEqual([
      `${tag}3`,
      `${tag}2`,
      `${tag}1`,
    ]);
  });

  it('paginates on the server and clamps a page past the end', async () => {
    const tag = uniqueTag();
    const now = new Date().toISOString();
    await t.db('clients').insert(
      Array.from({ length: 60 }, (_, i) =>
        withSearchName({
          code: `${tag}PG${String(i).padStart(3, '0')}`,
          name: `Client page ${i}`,
          created_at: now,
          updated_at: now,
        }),
      ),
    );
    const p1 = await admin.visit(`/fichiers/clients?q=${tag}&per_page=50`);
    expect(p1.body.props.clients).toMatchObject({ page: 1, per_page: 50, total: 60, last_page: 2 });
    expect(p1.body.props.clients.data).toHaveLength(50);
    const p9 = await admin.visit(`/fichiers/clients?q=${tag}&per_page=50&page=9`);
    expect(p9.body.props.clients).toMatchObject({ page: 2, total: 60 });
    expect(p9.body.props.clients.data).toHaveLength(10);
  });

  it('updates a client and records only what changed', async () => {
    const tag = uniqueTag();
    const fields = {
      code: `${tag}2`,
      name: 'Moussa Diallo',
      kind: 'particulier',
      phone: '77 123 45 67',
      price_level: 'detail',
      credit_limit: 0,
    };
    const id = await create(tag, fields);
    const res = await admin.send(
      'put',
      `/fichiers/clients/${id}`,
      valid(tag, { ...fields, price_level: 'gros', credit_limit: '150000' }),
    );
    expect(res.status).toBe(303);
    const audit = await t.db('audit_log').where({ action: 'client.updated', subject_id: String(id) });
    expect(audit.map((a) => JSON.parse(a.details!))).toEqual([
      { before: { price_level: 'detail', credit_limit: 0 }, after: { price_level: 'gros', credit_limit: 150_000 } },
    ]);
    const show = await admin.visit(`/fichiers/clients/${id}`);
    expect(show.body.props.history[0].changes).toEqual([
      { field: 'price_level', label: 'Niveau de prix', before: 'Détail', after: 'Gros' },
      { field: 'credit_limit', label: 'Plafond de crédit', before: '0\u00a0FCFA', after: '150\u202f000\u00a0FCFA' },
    ]);
    const edit = await admin.visit(`/fichiers/clients/${id}/edit`);
    expect(edit.body.component).toBe('clients/Form');
    expect(edit.body.props.client.code).toBe(`${tag}2`);
  });

  it('keeps CLIENT COMPTANT without credit, never archived nor deleted', async () => {
    const id = await walkInId();
    const errors = await submitExpectingErrors(
      admin,
      'put',
      `/fichiers/clients/${id}`,
      { code: 'CL00000', name: 'CLIENT COMPTANT', credit_limit: 10_000, active: true },
      `/fichiers/clients/${id}/edit`,
    );
    expect(errors).toEqual({
      credit_limit: 'Le CLIENT COMPTANT sert aux ventes au comptant : il ne peut pas avoir de plafond de crédit.',
    });
    const archive = await admin.post(`/fichiers/clients/${id}/archive`);
    expect(archive.status).toBe(303);
    const page = await admin.visit(`/fichiers/clients/${id}`);
    expect(page.body.flash.error).toMatch(/ne peut pas être archivé/);
    expect(page.body.props.usage).toMatchObject({ deletable: false, archivable: false });
    const del = await admin.send('delete', `/fichiers/clients/${id}`);
    expect(del.status).toBe(303);
    expect((await admin.visit(`/fichiers/clients/${id}`)).body.flash.error).toMatch(/ne peut pas être supprimé/);
    const row = (await t.db('clients').where({ id }).first())!;
    expect(row.active === true || row.active === 1).toBe(true);
    expect(Number(row.credit_limit)).toBe(0);
  });

  it('archives and restores; deletes only a client without history', async () => {
    const tag = uniqueTag();
    const id = await create(tag, {
      code: `${tag}2`,
      name: 'Moussa Diallo',
      kind: 'particulier',
      price_level: 'detail',
      credit_limit: 0,
    });
    expect((await admin.post(`/fichiers/clients/${id}/archive`)).status).toBe(303);
    expect((await t.db('clients').where({ id }).first())!.active).toBeFalsy();
    expect((await admin.post(`/fichiers/clients/${id}/restore`)).status).toBe(303);
    expect((await t.db('clients').where({ id }).first())!.active).toBeTruthy();
    expect(
      (
        await t
          .db('audit_log')
          .whereIn('action', ['client.archived', 'client.restored'])
          .where({ subject_id: String(id) })
      ).length,
    ).toBe(2);

    // A balance is history: delete refused, archive proposed.
    await t.db('clients').where({ id }).update({ balance: 15_000 });
    const show = await admin.visit(`/fichiers/clients/${id}`);
    expect(show.body.props.usage).toEqual({
      deletable: false,
      archivable: true,
      reasons: ['il a un solde de 15\u202f000\u00a0FCFA'],
      archive_block: null,
    });
    await admin.send('delete', `/fichiers/clients/${id}`);
    expect((await admin.visit(`/fichiers/clients/${id}`)).body.flash.error).toBe(
      'Ce client ne peut pas être supprimé : il a un solde de 15\u202f000\u00a0FCFA. Archivez-le plutôt.',
    );
    expect(await t.db('clients').where({ id }).first()).toMatchObject({ code: `${tag}2` });

    await t.db('clients').where({ id }).update({ balance: 0 });
    const del = await admin.send('delete', `/fichiers/clients/${id}`);
    expect(del.headers.location).toBe('/fichiers/clients');
    expect(await t.db('clients').where({ id }).first()).toBeUndefined();
    expect(await t.db('audit_log').where({ action: 'client.deleted', subject_id: String(id) })).toHaveLength(1);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    const tag = uniqueTag();
    for (const url of [
      '/fichiers/clients/999999',
      '/fichiers/clients/abc',
      '/fichiers/clients/0/edit',
      '/fichiers/clients/99999999999',
    ]) {
      const res = await admin.visit(url);
      expect(res.status).toBe(404);
      expect(res.body.component).toBe('Error');
    }
    expect((await admin.send('put', '/fichiers/clients/999999', valid(tag))).status).toBe(404);
    expect((await admin.send('delete', '/fichiers/clients/999999')).status).toBe(404);
  });

  it('guards every route by permission on the server (403)', async () => {
    const tag = uniqueTag();
    const id = await create(tag);
    const viewer = await userWithPermissions(t, `lecteur-clients-${tag}@test.local`, ['menu.clients']);
    const c = new Client(t);
    await c.login(viewer.email, viewer.password);
    expect((await c.visit('/fichiers/clients')).status).toBe(200);
    expect((await c.visit(`/fichiers/clients/${id}`)).body.props.can).toEqual({
      create: false,
      update: false,
      delete: false,
      export: false,
      import: false,
    });
    const forbidden: Array<[string, () => Promise<{ status: number }>]> = [
      ['create form', () => c.visit('/fichiers/clients/create')],
      ['create', () => c.post('/fichiers/clients', valid(tag, { code: `${tag}HACK` }))],
      ['edit form', () => c.visit(`/fichiers/clients/${id}/edit`)],
      ['update', () => c.send('put', `/fichiers/clients/${id}`, valid(tag, { name: 'Piraté' }))],
      ['archive', () => c.post(`/fichiers/clients/${id}/archive`)],
      ['restore', () => c.post(`/fichiers/clients/${id}/restore`)],
      ['delete', () => c.send('delete', `/fichiers/clients/${id}`)],
      ['export', () => c.visit('/fichiers/clients/export?format=csv')],
      ['import page', () => c.visit('/fichiers/clients/import')],
      ['import upload', () => upload(c, '/fichiers/clients/import', 'Nom\nX', 'a.csv')],
      ['import apply', () => c.post('/fichiers/clients/import/abcdefghijkl/apply')],
    ];
    for (const [name, call] of forbidden) expect([name, (await call()).status]).toEqual([name, 403]);
    expect(
      await t
        .db('clients')
        .where({ code: `${tag}HACK` })
        .first(),
    ).toBeUndefined();
    const untouched = (await t.db('clients').where({ id }).first())!;
    expect([untouched.name, Boolean(untouched.active)]).toEqual(['Boutique Awa Koné', true]);

    const nobody = await userWithPermissions(t, `sans-clients-${tag}@test.local`, ['menu.dashboard']);
    const n = new Client(t);
    await n.login(nobody.email, nobody.password);
    const page = await n.visit('/fichiers/clients');
    expect(page.status).toBe(403);
    expect(page.body.component).toBe('Error');
    const guest = new Client(t);
    expect((await guest.visit('/fichiers/clients')).headers.location).toBe('/login');
  });

  it('exports the filtered list as CSV with formula injection escaped', async () => {
    const tag = uniqueTag();
    await create(tag);
    await create(tag, {
      code: `${tag}EVIL`,
      name: '=HYPERLINK("http://evil","clic")',
      phone: '',
      address: '@SUM(A1)',
      city: '-2+3',
      email: '',
    });
    const res = await download(admin, '/fichiers/clients/export?format=csv&status=all&sort=code');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = (res.body as Buffer).toString('utf8');
    expect(
      text.startsWith(
        '\ufeffCode;Nom;Type;Téléphone;E-mail;Adresse;Ville;N° contribuable;Niveau de prix;Plafond de crédit;Solde;Actif\r\n',
      ),
    ).toBe(true);
    const line = text.split('\r\n').find((l) => l.startsWith(`${tag}EVIL;`));
    expect(line).toBe(
      `${tag}EVIL;"'=HYPERLINK(""http://evil"",""clic"")";Entreprise;;;'@SUM(A1);'-2+3;CI-ABJ-2024-B-1234;Gros;500000;0;oui`,
    );
    expect(text).toContain(`${tag}1;Boutique Awa Koné;Entreprise;'+225 07 12 34 56 78;`);
    // the filter applies to the export
    const filtered = (await download(admin, `/fichiers/clients/export?format=csv&q=${tag}E`)).body.toString('utf8');
    expect(filtered.slice(1).trim().split('\r\n')).toEqual([expect.stringMatching(/^Code;/), line]);
  });

  it('exports XLSX with escaped text cells and numeric amounts', async () => {
    const tag = uniqueTag();
    await create(tag, {
      code: `${tag}EVIL`,
      name: '=HYPERLINK("http://evil","clic")',
      phone: '',
      address: '@SUM(A1)',
      city: '-2+3',
      email: '',
    });
    const res = await download(admin, `/fichiers/clients/export?format=xlsx&q=${tag}`);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = await xlsxRows(res.body);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual([
      'Code',
      'Nom',
      'Type',
      'Téléphone',
      'E-mail',
      'Adresse',
      'Ville',
      'N° contribuable',
      'Niveau de prix',
      'Plafond de crédit',
      'Solde',
      'Actif',
    ]);
    expect(rows[1][0]).toBe(`${tag}EVIL`);
    expect(rows[1][1]).toBe(`'=HYPERLINK("http://evil","clic")`);
    expect(rows[1][5]).toBe("'@SUM(A1)");
    expect(rows[1][9]).toBe(500_000);
  });

  it('sends an Inertia visit of an export to a full page load (409)', async () => {
    const res = await admin.visit('/fichiers/clients/export?format=csv');
    expect(res.status).toBe(409);
    expect(res.headers['x-inertia-location']).toMatch(/\/fichiers\/clients\/export\?format=csv$/);
  });

  describe('import', () => {
    it('previews each row with French errors and applies nothing while one row is wrong', async () => {
      const tag = uniqueTag();
      const csv = csvFile([
        ['Code', 'Nom', 'Type', 'Téléphone', 'E-mail', 'Niveau de prix', 'Plafond de crédit', 'Solde'],
        [`${tag}I1`, 'Kadiatou Camara', 'Particulier', '620 12 34 56', '', 'Détail', '0', '999'],
        ['', 'Société Sahel Distribution', 'entreprise', '', 'contact@sahel.sn', 'gros', '1 000 000', ''],
        [`${tag}I1`, 'Doublon', '', '', '', '', '', ''],
        [`${tag}I3`, '', '', '', 'mauvais', '', 'beaucoup', ''],
      ]);
      const res = await upload(admin, '/fichiers/clients/import', csv, 'clients.csv');
      expect(res.status).toBe(303);
      expect(res.headers.location).toMatch(/^\/fichiers\/clients\/import\?preview=[\w-]+$/);
      const page = await admin.visit(res.headers.location);
      expect(page.body.component).toBe('clients/Import');
      const preview = page.body.props.preview;
      expect(preview).toMatchObject({
        file_name: 'clients.csv',
        row_count: 4,
        error_count: 2,
        create_count: 2,
        update_count: 0,
        applied: false,
      });
      expect(preview.rows).toEqual([
        { line: 2, action: 'create', code: `${tag}I1`, name: 'Kadiatou Camara', errors: [] },
        { line: 3, action: 'create', code: '', name: 'Société Sahel Distribution', errors: [] },
        {
          line: 4,
          action: 'error',
          code: `${tag}I1`,
          name: 'Doublon',
          errors: [`Le code ${tag}I1 apparaît déjà à la ligne 2 du fichier.`],
        },
        {
          line: 5,
          action: 'error',
          code: `${tag}I3`,
          name: '',
          errors: [
            'Le champ nom est obligatoire.',
            'L’adresse e-mail n’est pas valide.',
            'Le champ plafond de crédit doit être un montant en chiffres (par exemple 1 500).',
          ],
        },
      ]);
      const before = await count();
      const apply = await admin.post(`/fichiers/clients/import/${preview.id}/apply`);
      expect(apply.status).toBe(303);
      const after = await admin.visit('/fichiers/clients/import');
      expect(after.body.flash.error).toMatch(
        /^Import refusé, rien n’a été enregistré : 2\slignes en erreur \(ligne 4 : /,
      );
      expect(await count()).toBe(before);
    });

    it('applies a clean XLSX file all at once: creates, updates, generates codes', async () => {
      const tag = uniqueTag();
      const existing = await create(tag);
      const imports = async () =>
        Number((await t.db('audit_log').where({ action: 'clients.imported' }).count({ n: '*' }).first())!.n);
      const importsBefore = await imports();
      const file = await xlsxFile([
        ['Code', 'Nom', 'Type', 'Téléphone', 'Niveau de prix', 'Plafond de crédit', 'Actif'],
        [`${tag}X1`, 'Ibrahim Ouédraogo', 'particulier', '+226 70 11 22 33', 'détail', 25000, 'oui'],
        ['', `Aminata Sow ${tag}`, '', '', 'gros', '', ''],
        [`${tag}1`, '', '', '', '', 750000, ''],
      ]);
      const res = await upload(admin, '/fichiers/clients/import', file, 'clients.xlsx');
      const page = await admin.visit(res.headers.location);
      const preview = page.body.props.preview;
      expect(preview).toMatchObject({ row_count: 3, error_count: 0, create_count: 2, update_count: 1 });
      const apply = await admin.post(`/fichiers/clients/import/${preview.id}/apply`);
      expect(apply.headers.location).toBe('/fichiers/clients');
      expect((await admin.follow(apply)).body.flash.success).toBe(
        'Import terminé : 2\u00a0clients créés, 1 mis à jour.',
      );
      const ibrahim = (await t
        .db('clients')
        .where({ code: `${tag}X1` })
        .first())!;
      expect(ibrahim).toMatchObject({ name: 'Ibrahim Ouédraogo', phone: '+226 70 11 22 33' });
      expect(Number(ibrahim.credit_limit)).toBe(25_000);
      const aminata = (await t
        .db('clients')
        .where({ name: `Aminata Sow ${tag}` })
        .first())!;
      expect(aminata.code).toMatch(/^CL\d{5}$/);
      expect(aminata.price_level).toBe('gros');
      const updated = (await t.db('clients').where({ id: existing }).first())!;
      expect(updated.name).toBe('Boutique Awa Koné'); // blank cell keeps the value
      expect(Number(updated.credit_limit)).toBe(750_000);
      expect(await imports()).toBe(importsBefore + 1);
      // a second apply of the same preview is refused
      await admin.post(`/fichiers/clients/import/${preview.id}/apply`);
      expect((await admin.visit('/fichiers/clients/import')).body.flash.error).toBe('Cet import a déjà été appliqué.');
      expect(await imports()).toBe(importsBefore + 1);
    });

    it('re-reads its own export: escaped cells come back as they were', async () => {
      const tag = uniqueTag();
      const id = await create(tag, {
        code: `${tag}EVIL`,
        name: '=HYPERLINK("http://evil","clic")',
        phone: '',
        address: '@SUM(A1)',
        city: '-2+3',
        email: '',
      });
      const exported = (await download(admin, `/fichiers/clients/export?format=csv&q=${tag}EVIL`)).body as Buffer;
      const res = await upload(admin, '/fichiers/clients/import', exported, 'export.csv');
      const preview = (await admin.visit(res.headers.location)).body.props.preview;
      expect(preview).toMatchObject({ row_count: 1, error_count: 0, update_count: 1 });
      await admin.post(`/fichiers/clients/import/${preview.id}/apply`);
      const row = (await t.db('clients').where({ id }).first())!;
      expect([row.name, row.address, row.city]).toEqual(['=HYPERLINK("http://evil","clic")', '@SUM(A1)', '-2+3']);
    });

    it('refuses unreadable files with a message on the file field', async () => {
      const cases: Array<[string | Buffer, string, RegExp]> = [
        ['Nom;Ville\n', 'vide.csv', /ne contient que la ligne d’en-tête/],
        ['Ville;Pays\nAbidjan;CI', 'sans-nom.csv', /Colonne obligatoire absente : « Nom »/],
        ['Nom\nX', 'clients.pdf', /Format non pris en charge/],
        ['Nom\nX', 'faux.xlsx', /pas un classeur Excel/],
      ];
      for (const [content, name, message] of cases) {
        const res = await upload(admin, '/fichiers/clients/import', content, name);
        expect(res.status).toBe(303);
        const page = await admin.visit('/fichiers/clients/import');
        expect(page.body.props.errors.file).toMatch(message);
      }
      const noFile = await admin.post('/fichiers/clients/import', {});
      expect(noFile.status).toBe(303);
      expect((await admin.visit('/fichiers/clients/import')).body.props.errors.file).toBe(
        'Veuillez choisir un fichier .csv ou .xlsx.',
      );
    });

    it('does not show another user’s preview, nor let them apply it', async () => {
      const tag = uniqueTag();
      const res = await upload(admin, '/fichiers/clients/import', `Nom\nQuelqu’un ${tag}`, 'a.csv');
      const id = new URL(res.headers.location, 'http://x').searchParams.get('preview');
      const other = await userWithPermissions(t, `importeur-${tag}@test.local`, [
        'menu.clients',
        'clients.export',
        'clients.create',
      ]);
      const c = new Client(t);
      await c.login(other.email, other.password);
      expect((await c.visit(`/fichiers/clients/import?preview=${id}`)).status).toBe(404);
      await c.post(`/fichiers/clients/import/${id}/apply`);
      expect((await c.visit('/fichiers/clients/import')).body.flash.error).toMatch(/n’existe plus/);
      expect(
        await t
          .db('clients')
          .where({ name: `Quelqu’un ${tag}` })
          .first(),
      ).toBeUndefined();
    });

    it('refuses updates of existing clients to a user who may only create', async () => {
      const tag = uniqueTag();
      await create(tag);
      const other = await userWithPermissions(t, `createur-${tag}@test.local`, [
        'menu.clients',
        'clients.export',
        'clients.create',
      ]);
      const c = new Client(t);
      await c.login(other.email, other.password);
      const res = await upload(c, '/fichiers/clients/import', `Code;Nom\n${tag}1;Renommé`, 'a.csv');
      const preview = (await c.visit(res.headers.location)).body.props.preview;
      expect(preview.rows[0].errors).toEqual([
        `Le client ${tag}1 existe déjà et vous n’avez pas la permission de modifier les clients.`,
      ]);
    });
  });
});
