import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { download, submitExpectingErrors, xlsxRows } from '../../support/master-data.js';

const BASE = '/fichiers/fournisseurs';
const valid = {
  code: 'FR10001',
  name: 'Sahel Import Export',
  phone: '+221 33 821 00 00',
  email: 'Contact@Sahel-Import.sn',
  address: 'Zone industrielle, Dakar',
  tax_number: 'SN-NINEA-0042',
  active: true,
};

describe.each(testDatabases())('fichiers/fournisseurs (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  const idOf = async (code: string) => Number((await t.db('suppliers').where({ code }).first('id')).id);

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());

  it('shows an empty list with its state and abilities', async () => {
    const res = await admin.visit(BASE);
    expect(res.status).toBe(200);
    expect(res.body.component).toBe('suppliers/Index');
    expect(res.body.props.suppliers).toMatchObject({ data: [], total: 0, page: 1, last_page: 1 });
    expect(res.body.props.params).toEqual({ q: '', sort: 'code', dir: 'asc', per_page: 25, filters: { status: 'active', balance: '' } });
    expect(res.body.props.can).toEqual({ create: true, update: true, delete: true, export: true, import: false });
    expect(res.body.props.currency).toBe('XOF');
  });

  it('creates a supplier with a suggested code, normalised values and an audit entry', async () => {
    const form = await admin.visit(`${BASE}/create`);
    expect(form.body.component).toBe('suppliers/Form');
    expect(form.body.props).toEqual(expect.objectContaining({ supplier: null, suggested_code: 'FR00001' }));
    const res = await admin.post(BASE, valid);
    expect(res.status).toBe(303);
    const id = await idOf('FR10001');
    expect(res.headers.location).toBe(`${BASE}/${id}`);
    const show = await admin.follow(res);
    expect(show.body.component).toBe('suppliers/Show');
    expect(show.body.flash).toEqual({ success: 'Fournisseur Sahel Import Export créé.' });
    expect(show.body.props.supplier).toMatchObject({ code: 'FR10001', email: 'contact@sahel-import.sn', balance: 0, active: true });
    expect(show.body.props.usage).toEqual({ deletable: true, archivable: true, reasons: [], archive_block: null });
    expect(show.body.props.history[0]).toMatchObject({ action: 'supplier.created', user_name: 'Administrateur' });
    expect(await t.db('audit_log').where({ action: 'supplier.created', subject_id: String(id) }).first()).toBeDefined();
  });

  it('refuses bad input and a used code in French, writing nothing', async () => {
    const before = await t.db('suppliers').count({ n: '*' }).first();
    const errors = await submitExpectingErrors(admin, 'post', BASE, { code: '', name: '', phone: 'abc', email: 'x@' }, `${BASE}/create`);
    expect(errors).toEqual({
      code: 'Le champ code est obligatoire.',
      name: 'Le champ nom est obligatoire.',
      phone: "Le numéro de téléphone n'est pas valide (6 à 15 chiffres ; espaces, +, -, . et parenthèses acceptés).",
      email: "L'adresse e-mail n'est pas valide.",
    });
    const dup = await submitExpectingErrors(admin, 'post', BASE, { ...valid, code: 'fr10001' }, `${BASE}/create`);
    expect(dup).toEqual({ code: 'Le code FR10001 est déjà utilisé par un autre fournisseur.' });
    expect(await t.db('suppliers').count({ n: '*' }).first()).toEqual(before);
  });

  it('searches, filters, sorts on the allowlist only', async () => {
    await admin.post(BASE, { ...valid, code: 'FR10002', name: 'Moulins du Faso', phone: '70 20 30 40', email: '' });
    await admin.post(BASE, { ...valid, code: 'FR10003', name: 'Ancienne Brasserie', phone: '', email: '', active: false });
    await t.db('suppliers').where({ code: 'FR10002' }).update({ balance: 250_000 });
    const names = async (qs: string) => (await admin.visit(`${BASE}?${qs}`)).body.props.suppliers.data.map((s: { name: string }) => s.name);
    expect(await names('q=moulin')).toEqual(['Moulins du Faso']);
    expect(await names('q=fr1000')).toEqual(['Sahel Import Export', 'Moulins du Faso']);
    expect(await names('q=70 20')).toEqual(['Moulins du Faso']);
    expect(await names('balance=owed')).toEqual(['Moulins du Faso']);
    expect(await names('status=archived')).toEqual(['Ancienne Brasserie']);
    expect(await names('status=all&sort=name&dir=asc')).toEqual(['Ancienne Brasserie', 'Moulins du Faso', 'Sahel Import Export']);
    expect(await names('sort=balance&dir=desc')).toEqual(['Moulins du Faso', 'Sahel Import Export']);
    for (const sort of ['created_at', 'name;drop table suppliers', 'id']) {
      const res = await admin.visit(`${BASE}?sort=${encodeURIComponent(sort)}&dir=up&balance=lots`);
      expect(res.status).toBe(200);
      expect(res.body.props.params).toMatchObject({ sort: 'code', dir: 'asc', filters: { balance: '' } });
    }
  });

  it('updates a supplier and records only what changed', async () => {
    const id = await idOf('FR10001');
    const res = await admin.send('put', `${BASE}/${id}`, { ...valid, phone: '33 999 99 99' });
    expect(res.status).toBe(303);
    const audit = await t.db('audit_log').where({ action: 'supplier.updated', subject_id: String(id) }).first();
    expect(JSON.parse(audit.details)).toEqual({ before: { phone: '+221 33 821 00 00' }, after: { phone: '33 999 99 99' } });
    const edit = await admin.visit(`${BASE}/${id}/edit`);
    expect(edit.body.component).toBe('suppliers/Form');
    expect(edit.body.props.supplier.phone).toBe('33 999 99 99');
    const errors = await submitExpectingErrors(admin, 'put', `${BASE}/${id}`, { ...valid, code: 'FR10002' }, `${BASE}/${id}/edit`);
    expect(errors).toEqual({ code: 'Le code FR10002 est déjà utilisé par un autre fournisseur.' });
  });

  it('archives, restores, refuses to delete a supplier with a balance, deletes one without history', async () => {
    const owed = await idOf('FR10002');
    const show = await admin.visit(`${BASE}/${owed}`);
    expect(show.body.props.usage).toEqual({ deletable: false, archivable: true, reasons: ['il a un solde de 250\u202f000\u00a0FCFA'], archive_block: null });
    const del = await admin.send('delete', `${BASE}/${owed}`);
    expect(del.headers.location).toBe(`${BASE}/${owed}`);
    expect((await admin.follow(del)).body.flash.error).toBe('Ce fournisseur ne peut pas être supprimé : il a un solde de 250\u202f000\u00a0FCFA. Archivez-le plutôt.');
    expect(await t.db('suppliers').where({ id: owed }).first()).toBeDefined();

    const archived = await admin.post(`${BASE}/${owed}/archive`);
    expect((await admin.follow(archived)).body.flash.success).toBe('Fournisseur Moulins du Faso archivé.');
    expect((await t.db('suppliers').where({ id: owed }).first()).active).toBeFalsy();
    await admin.post(`${BASE}/${owed}/restore`);
    expect((await t.db('suppliers').where({ id: owed }).first()).active).toBeTruthy();

    const gone = await idOf('FR10003');
    const res = await admin.send('delete', `${BASE}/${gone}`);
    expect(res.headers.location).toBe(BASE);
    expect(await t.db('suppliers').where({ id: gone }).first()).toBeUndefined();
    const actions = (await t.db('audit_log').where({ subject_type: 'supplier' }).select('action')).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['supplier.archived', 'supplier.restored', 'supplier.deleted']));
  });

  it('answers 404 for unknown or malformed ids', async () => {
    for (const url of [`${BASE}/999999`, `${BASE}/abc`, `${BASE}/0/edit`]) expect((await admin.visit(url)).status).toBe(404);
    expect((await admin.send('put', `${BASE}/999999`, valid)).status).toBe(404);
    expect((await admin.send('delete', `${BASE}/999999`)).status).toBe(404);
    expect((await admin.post(`${BASE}/999999/archive`)).status).toBe(404);
  });

  it('guards every action on the server (403), even forged', async () => {
    const viewer = await userWithPermissions(t, 'lecteur-fournisseurs@test.local', ['menu.fournisseurs']);
    const c = new Client(t);
    await c.login(viewer.email, viewer.password);
    const id = await idOf('FR10001');
    expect((await c.visit(`${BASE}/${id}`)).body.props.can).toEqual({ create: false, update: false, delete: false, export: false, import: false });
    const forbidden: Array<[string, () => Promise<{ status: number }>]> = [
      ['create form', () => c.visit(`${BASE}/create`)],
      ['create', () => c.post(BASE, { ...valid, code: 'HACK1' })],
      ['edit form', () => c.visit(`${BASE}/${id}/edit`)],
      ['update', () => c.send('put', `${BASE}/${id}`, { ...valid, name: 'Piraté' })],
      ['archive', () => c.post(`${BASE}/${id}/archive`)],
      ['restore', () => c.post(`${BASE}/${id}/restore`)],
      ['delete', () => c.send('delete', `${BASE}/${id}`)],
      ['export', () => c.visit(`${BASE}/export?format=csv`)],
    ];
    for (const [name, call] of forbidden) expect([name, (await call()).status]).toEqual([name, 403]);
    expect(await t.db('suppliers').where({ code: 'HACK1' }).first()).toBeUndefined();
    expect((await t.db('suppliers').where({ id }).first()).name).toBe('Sahel Import Export');
    const nobody = await userWithPermissions(t, 'sans-fournisseurs@test.local', ['menu.dashboard']);
    const n = new Client(t);
    await n.login(nobody.email, nobody.password);
    expect((await n.visit(BASE)).status).toBe(403);
  });

  it('exports the filtered list as CSV and XLSX with formulas escaped', async () => {
    await admin.post(BASE, { ...valid, code: 'FR66666', name: '=CMD|" /C calc"!A0', address: '+33 rue', phone: '', email: '' });
    const csv = await download(admin, `${BASE}/export?format=csv&q=FR666`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="fournisseurs-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = (csv.body as Buffer).toString('utf8');
    expect(text.startsWith('\ufeffCode;')).toBe(true);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines).toEqual(['Code;Nom;Téléphone;E-mail;Adresse;N° contribuable;Solde dû;Actif', `FR66666;"'=CMD|"" /C calc""!A0";;;'+33 rue;SN-NINEA-0042;0;oui`]);
    const xlsx = await download(admin, `${BASE}/export?format=xlsx&sort=balance&dir=desc`);
    const rows = await xlsxRows(xlsx.body);
    expect(rows[0][0]).toBe('Code');
    expect([rows[1][0], rows[1][1], rows[1][6], rows[1][7]]).toEqual(['FR10002', 'Moulins du Faso', 250_000, 'oui']);
    const escaped = await xlsxRows((await download(admin, `${BASE}/export?format=xlsx&q=FR666`)).body);
    expect([escaped[1][1], escaped[1][4]]).toEqual([`'=CMD|" /C calc"!A0`, "'+33 rue"]);
    expect((await admin.visit(`${BASE}/export?format=csv`)).status).toBe(409);
  });
});
