import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { download, submitExpectingErrors, xlsxRows } from '../../support/master-data.js';
import { uniqueTag } from '../../support/unique.js';

const BASE = '/fichiers/fournisseurs';
/** The form of a supplier of the tag's own: code `<tag>1` unless told otherwise. */
const valid = (tag: string, over: Record<string, unknown> = {}) => ({
  code: `${tag}1`,
  name: 'Sahel Import Export',
  phone: '+221 33 821 00 00',
  email: 'Contact@Sahel-Import.sn',
  address: 'Zone industrielle, Dakar',
  tax_number: 'SN-NINEA-0042',
  active: true,
  ...over,
});

describe.each(testDatabases())('fichiers/fournisseurs (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  const idOf = async (code: string) => Number((await t.db('suppliers').where({ code }).first('id'))!.id);
  const count = async () => Number((await t.db('suppliers').count({ n: '*' }).first())!.n);
  /** Creates a supplier through the form; returns its id. */
  const create = async (tag: string, over: Record<string, unknown> = {}) => {
    const body = valid(tag, over);
    const res = await admin.post(BASE, body);
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(/^\/fichiers\/fournisseurs\/\d+$/);
    return idOf(body.code as string);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());

  it('shows an empty list with its state and abilities', async () => {
    const tag = uniqueTag();
    const res = await admin.visit(`${BASE}?q=${tag}`);
    expect(res.status).toBe(200);
    expect(res.body.component).toBe('suppliers/Index');
    expect(res.body.props.suppliers).toMatchObject({ data: [], total: 0, page: 1, last_page: 1 });
    expect(res.body.props.params).toEqual({
      q: tag,
      sort: 'code',
      dir: 'asc',
      per_page: 25,
      filters: { status: 'active', balance: '' },
    });
    expect(res.body.props.can).toEqual({ create: true, update: true, delete: true, export: true, import: false });
    expect(res.body.props.company.currency).toBe('XOF');
  });

  it('creates a supplier with a suggested code, normalised values and an audit entry', async () => {
    const tag = uniqueTag();
    const form = await admin.visit(`${BASE}/create`);
    expect(form.body.component).toBe('suppliers/Form');
    expect(form.body.props.supplier).toBeNull();
    const code = form.body.props.suggested_code as string;
    expect(code).toMatch(/^FR\d{5}$/);
    expect(await t.db('suppliers').where({ code }).first()).toBeUndefined();
    const res = await admin.post(BASE, valid(tag, { code: code.toLowerCase() }));
    expect(res.status).toBe(303);
    const id = await idOf(code);
    expect(res.headers.location).toBe(`${BASE}/${id}`);
    const show = await admin.follow(res);
    expect(show.body.component).toBe('suppliers/Show');
    expect(show.body.flash).toEqual({ success: 'Fournisseur Sahel Import Export créé.' });
    expect(show.body.props.supplier).toMatchObject({
      code,
      email: 'contact@sahel-import.sn',
      balance: 0,
      active: true,
    });
    expect(show.body.props.usage).toEqual({ deletable: true, archivable: true, reasons: [], archive_block: null });
    expect(show.body.props.history[0]).toMatchObject({ action: 'supplier.created', user_name: 'Administrateur' });
    expect(await t.db('audit_log').where({ action: 'supplier.created', subject_id: String(id) })).toHaveLength(1);
    // the code it took is not suggested again: the next one is
    expect((await admin.visit(`${BASE}/create`)).body.props.suggested_code).toBe(
      `FR${String(Number(code.slice(2)) + 1).padStart(5, '0')}`,
    );
  });

  it('refuses bad input and a used code in French, writing nothing', async () => {
    const tag = uniqueTag();
    await create(tag);
    const before = await count();
    const errors = await submitExpectingErrors(
      admin,
      'post',
      BASE,
      { code: '', name: '', phone: 'abc', email: 'x@' },
      `${BASE}/create`,
    );
    expect(errors).toEqual({
      code: 'Le champ code est obligatoire.',
      name: 'Le champ nom est obligatoire.',
      phone: 'Le numéro de téléphone n’est pas valide (6 à 15 chiffres ; espaces, +, -, . et parenthèses acceptés).',
      email: 'L’adresse e-mail n’est pas valide.',
    });
    const dup = await submitExpectingErrors(
      admin,
      'post',
      BASE,
      valid(tag, { code: `${tag}1`.toLowerCase() }),
      `${BASE}/create`,
    );
    expect(dup).toEqual({ code: `Le code ${tag}1 est déjà utilisé par un autre fournisseur.` });
    expect(await count()).toBe(before);
  });

  it('searches, filters, sorts on the allowlist only', async () => {
    const tag = uniqueTag();
    const phone = `70 ${tag.slice(1)} 30 40`;
    await create(tag, { name: `Sahel Import Export ${tag}` });
    const owed = await create(tag, { code: `${tag}2`, name: `Moulins du Faso ${tag}`, phone, email: '' });
    await create(tag, { code: `${tag}3`, name: `Ancienne Brasserie ${tag}`, phone: '', email: '', active: false });
    await t.db('suppliers').where({ id: owed }).update({ balance: 250_000 });
    const names = async (qs: string) =>
      (await admin.visit(`${BASE}?${qs}`)).body.props.suppliers.data.map((s: { name: string }) => s.name);
    const q = (text: string) => `q=${encodeURIComponent(text)}`;
    expect(await names(q(`moulins du faso ${tag.toLowerCase()}`))).toEqual([`Moulins du Faso ${tag}`]);
    expect(await names(q(tag.toLowerCase()))).toEqual([`Sahel Import Export ${tag}`, `Moulins du Faso ${tag}`]);
    expect(await names(q(phone.slice(0, 7)))).toEqual([`Moulins du Faso ${tag}`]);
    expect(await names(`${q(tag)}&balance=owed`)).toEqual([`Moulins du Faso ${tag}`]);
    expect(await names(`${q(tag)}&status=archived`)).toEqual([`Ancienne Brasserie ${tag}`]);
    expect(await names(`${q(tag)}&status=all&sort=name&dir=asc`)).toEqual([
      `Ancienne Brasserie ${tag}`,
      `Moulins du Faso ${tag}`,
      `Sahel Import Export ${tag}`,
    ]);
    expect(await names(`${q(tag)}&sort=balance&dir=desc`)).toEqual([
      `Moulins du Faso ${tag}`,
      `Sahel Import Export ${tag}`,
    ]);
    expect(await names(`${q(tag)}&sort=balance&dir=asc`)).toEqual([
      `Sahel Import Export ${tag}`,
      `Moulins du Faso ${tag}`,
    ]);
    for (const sort of ['created_at', 'name;drop table suppliers', 'id']) {
      const res = await admin.visit(`${BASE}?sort=${encodeURIComponent(sort)}&dir=up&balance=lots`);
      expect(res.status).toBe(200);
      expect(res.body.props.params).toMatchObject({ sort: 'code', dir: 'asc', filters: { balance: '' } });
    }
  });

  it('updates a supplier and records only what changed', async () => {
    const tag = uniqueTag();
    const id = await create(tag);
    await create(tag, { code: `${tag}2`, name: 'Moulins du Faso' });
    const res = await admin.send('put', `${BASE}/${id}`, valid(tag, { phone: '33 999 99 99' }));
    expect(res.status).toBe(303);
    const audit = await t.db('audit_log').where({ action: 'supplier.updated', subject_id: String(id) });
    expect(audit.map((a) => JSON.parse(a.details!))).toEqual([
      { before: { phone: '+221 33 821 00 00' }, after: { phone: '33 999 99 99' } },
    ]);
    const edit = await admin.visit(`${BASE}/${id}/edit`);
    expect(edit.body.component).toBe('suppliers/Form');
    expect(edit.body.props.supplier.phone).toBe('33 999 99 99');
    const errors = await submitExpectingErrors(
      admin,
      'put',
      `${BASE}/${id}`,
      valid(tag, { code: `${tag}2` }),
      `${BASE}/${id}/edit`,
    );
    expect(errors).toEqual({ code: `Le code ${tag}2 est déjà utilisé par un autre fournisseur.` });
    expect((await t.db('suppliers').where({ id }).first())!.code).toBe(`${tag}1`);
  });

  it('archives, restores, refuses to delete a supplier with a balance, deletes one without history', async () => {
    const tag = uniqueTag();
    const owed = await create(tag, { code: `${tag}2`, name: `Moulins du Faso ${tag}` });
    await t.db('suppliers').where({ id: owed }).update({ balance: 250_000 });
    const show = await admin.visit(`${BASE}/${owed}`);
    expect(show.body.props.usage).toEqual({
      deletable: false,
      archivable: true,
      reasons: ['il a un solde de 250\u202f000\u00a0FCFA'],
      archive_block: null,
    });
    const del = await admin.send('delete', `${BASE}/${owed}`);
    expect(del.headers.location).toBe(`${BASE}/${owed}`);
    expect((await admin.follow(del)).body.flash.error).toBe(
      'Ce fournisseur ne peut pas être supprimé : il a un solde de 250\u202f000\u00a0FCFA. Archivez-le plutôt.',
    );
    expect(await t.db('suppliers').where({ id: owed }).first()).toMatchObject({ code: `${tag}2` });

    const archived = await admin.post(`${BASE}/${owed}/archive`);
    expect((await admin.follow(archived)).body.flash.success).toBe(`Fournisseur Moulins du Faso ${tag} archivé.`);
    expect((await t.db('suppliers').where({ id: owed }).first())!.active).toBeFalsy();
    await admin.post(`${BASE}/${owed}/restore`);
    expect((await t.db('suppliers').where({ id: owed }).first())!.active).toBeTruthy();

    const gone = await create(tag, { code: `${tag}3`, name: 'Ancienne Brasserie', active: false });
    const res = await admin.send('delete', `${BASE}/${gone}`);
    expect(res.headers.location).toBe(BASE);
    expect(await t.db('suppliers').where({ id: gone }).first()).toBeUndefined();
    const actions = async (id: number) =>
      (await t
        .db('audit_log')
        .where({ subject_type: 'supplier', subject_id: String(id) })
        .orderBy('id')
        .pluck('action')) as string[];
    expect(await actions(owed)).toEqual(['supplier.created', 'supplier.archived', 'supplier.restored']);
    expect(await actions(gone)).toEqual(['supplier.created', 'supplier.deleted']);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    const tag = uniqueTag();
    for (const url of [`${BASE}/999999`, `${BASE}/abc`, `${BASE}/0/edit`])
      expect((await admin.visit(url)).status).toBe(404);
    expect((await admin.send('put', `${BASE}/999999`, valid(tag))).status).toBe(404);
    expect((await admin.send('delete', `${BASE}/999999`)).status).toBe(404);
    expect((await admin.post(`${BASE}/999999/archive`)).status).toBe(404);
  });

  it('guards every action on the server (403), even forged', async () => {
    const tag = uniqueTag();
    const id = await create(tag);
    const viewer = await userWithPermissions(t, `lecteur-fournisseurs-${tag}@test.local`, ['menu.fournisseurs']);
    const c = new Client(t);
    await c.login(viewer.email, viewer.password);
    expect((await c.visit(`${BASE}/${id}`)).body.props.can).toEqual({
      create: false,
      update: false,
      delete: false,
      export: false,
      import: false,
    });
    const forbidden: Array<[string, () => Promise<{ status: number }>]> = [
      ['create form', () => c.visit(`${BASE}/create`)],
      ['create', () => c.post(BASE, valid(tag, { code: `${tag}HACK` }))],
      ['edit form', () => c.visit(`${BASE}/${id}/edit`)],
      ['update', () => c.send('put', `${BASE}/${id}`, valid(tag, { name: 'Piraté' }))],
      ['archive', () => c.post(`${BASE}/${id}/archive`)],
      ['restore', () => c.post(`${BASE}/${id}/restore`)],
      ['delete', () => c.send('delete', `${BASE}/${id}`)],
      ['export', () => c.visit(`${BASE}/export?format=csv`)],
    ];
    for (const [name, call] of forbidden) expect([name, (await call()).status]).toEqual([name, 403]);
    expect(
      await t
        .db('suppliers')
        .where({ code: `${tag}HACK` })
        .first(),
    ).toBeUndefined();
    const untouched = (await t.db('suppliers').where({ id }).first())!;
    expect([untouched.name, Boolean(untouched.active)]).toEqual(['Sahel Import Export', true]);
    const nobody = await userWithPermissions(t, `sans-fournisseurs-${tag}@test.local`, ['menu.dashboard']);
    const n = new Client(t);
    await n.login(nobody.email, nobody.password);
    expect((await n.visit(BASE)).status).toBe(403);
  });

  it('exports the filtered list as CSV and XLSX with formulas escaped', async () => {
    const tag = uniqueTag();
    await create(tag, { code: `${tag}EVIL`, name: '=CMD|" /C calc"!A0', address: '+33 rue', phone: '', email: '' });
    const owed = await create(tag, { code: `${tag}2`, name: 'Moulins du Faso' });
    await t.db('suppliers').where({ id: owed }).update({ balance: 250_000 });
    const csv = await download(admin, `${BASE}/export?format=csv&q=${tag}EVIL`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="fournisseurs-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = (csv.body as Buffer).toString('utf8');
    expect(text.startsWith('\ufeffCode;')).toBe(true);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines).toEqual([
      'Code;Nom;Téléphone;E-mail;Adresse;N° contribuable;Solde dû;Actif',
      `${tag}EVIL;"'=CMD|"" /C calc""!A0";;;'+33 rue;SN-NINEA-0042;0;oui`,
    ]);
    const xlsx = await download(admin, `${BASE}/export?format=xlsx&q=${tag}&sort=balance&dir=desc`);
    const rows = await xlsxRows(xlsx.body);
    expect(rows[0][0]).toBe('Code');
    expect(rows.slice(1).map((r) => [r[0], r[1], r[6], r[7]])).toEqual([
      [`${tag}2`, 'Moulins du Faso', 250_000, 'oui'],
      [`${tag}EVIL`, `'=CMD|" /C calc"!A0`, 0, 'oui'],
    ]);
    const escaped = await xlsxRows((await download(admin, `${BASE}/export?format=xlsx&q=${tag}EVIL`)).body);
    expect([escaped[1][1], escaped[1][4]]).toEqual([`'=CMD|" /C calc"!A0`, "'+33 rue"]);
    expect((await admin.visit(`${BASE}/export?format=csv`)).status).toBe(409);
  });
});
