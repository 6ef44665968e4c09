import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encryptSecret } from '../../../server/services/fiscal/secret.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { submitExpectingErrors } from '../../support/master-data.js';
import { uniqueTag } from '../../support/unique.js';

const FISCAL = '/parametres/societe/facturation-electronique';
const KEY = 'fne-cle-secrete-0123456789-ABCD';

const valid = {
  provider: 'fne',
  api_url: 'http://127.0.0.1:4545/fne/',
  api_key: KEY,
  regime: 'RNI',
  establishment: 'Siège du Plateau',
  default_tax_group: 'normal',
  b2c_threshold: '',
};

/** Every place the key could leak to: the page's props, the audit log, the error log. */
async function expectNowhere(t: TestApp, c: Client, secret: string) {
  const page = await c.visit(FISCAL);
  expect(JSON.stringify(page.body)).not.toContain(secret);
  const audit = await t.db('audit_log').select('details', 'subject_label');
  expect(JSON.stringify(audit)).not.toContain(secret);
  expect(JSON.stringify(await t.db('error_log').select('message', 'stack'))).not.toContain(secret);
  const stored = await t.db('company_settings').where({ id: 1 }).first('fiscal_api_key');
  expect(stored?.fiscal_api_key ?? '').not.toContain(secret);
}

describe.each(testDatabases())('paramètres › société › facturation électronique (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  const company = () => t.db('company_settings').where({ id: 1 }).first();
  const audits = () => t.db('audit_log').where({ action: 'fiscal_settings.updated' }).orderBy('id');

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db('company_settings').where({ id: 1 }).update({
      tax_number: '2026123A',
      fiscal_provider: 'none',
      fiscal_api_url: '',
      fiscal_api_key: null,
      fiscal_regime: '',
      fiscal_establishment: '',
      default_tax_group: 'normal',
      fiscal_b2c_threshold: 0,
    });
  });

  it('saves the settings, the key encrypted and shown masked only, audited without the key', async () => {
    const res = await admin.send('put', FISCAL, valid);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(FISCAL);
    const row = (await company())!;
    expect(row).toMatchObject({
      fiscal_provider: 'fne',
      fiscal_api_url: 'http://127.0.0.1:4545/fne',
      fiscal_regime: 'RNI',
      fiscal_establishment: 'Siège du Plateau',
      default_tax_group: 'normal',
    });
    expect(row.fiscal_api_key).toMatch(/^v1:/);

    const page = await admin.visit(FISCAL);
    expect(page.body.component).toBe('settings/company/Fiscal');
    expect(page.body.props.fiscal).toMatchObject({
      provider: 'fne',
      api_key: '',
      api_url: 'http://127.0.0.1:4545/fne',
    });
    expect(page.body.props.api_key).toEqual({ state: 'set', masked: '••••••••ABCD' });
    expect(page.body.props.can_manage).toBe(true);
    expect(page.body.props.locked).toEqual({});
    expect(page.body.props.tax_id).toBe('2026123A');

    const entries = await audits();
    expect(JSON.parse(entries[entries.length - 1].details!)).toEqual({
      before: {
        fiscal_provider: 'none',
        fiscal_api_url: '',
        fiscal_regime: '',
        fiscal_establishment: '',
        fiscal_api_key: null,
      },
      after: {
        fiscal_provider: 'fne',
        fiscal_api_url: 'http://127.0.0.1:4545/fne',
        fiscal_regime: 'RNI',
        fiscal_establishment: 'Siège du Plateau',
        fiscal_api_key: 'Nouvelle clé',
      },
    });
    const history = page.body.props.history;
    expect(history[0]).toMatchObject({ action_label: 'Facturation électronique modifiée' });
    expect(history[0].changes).toContainEqual({
      field: 'fiscal_provider',
      label: 'Service de certification',
      before: 'Aucune',
      after: 'FNE — Côte d’Ivoire (DGI)',
    });
    await expectNowhere(t, admin, KEY);
    expect(JSON.stringify(page.body)).not.toContain(row.fiscal_api_key);
  });

  it('keeps the stored key when the field is left empty, replaces it when typed, clears it on request', async () => {
    await admin.send('put', FISCAL, valid);
    const first = (await company())!.fiscal_api_key;
    const count = (await audits()).length;
    // The same form without a key: nothing changed, nothing audited.
    await admin.send('put', FISCAL, { ...valid, api_key: '' });
    expect((await company())!.fiscal_api_key).toBe(first);
    expect((await audits()).length).toBe(count);

    await admin.send('put', FISCAL, { ...valid, api_key: 'une-autre-cle-0123456789-WXYZ' });
    expect((await admin.visit(FISCAL)).body.props.api_key).toEqual({ state: 'set', masked: '••••••••WXYZ' });
    const replaced = await audits();
    expect(JSON.parse(replaced[replaced.length - 1].details!)).toEqual({
      before: { fiscal_api_key: 'Clé enregistrée' },
      after: { fiscal_api_key: 'Nouvelle clé' },
    });

    // FNE needs a key: clearing it is refused while FNE is chosen, accepted with e-MECeF (desks' tokens).
    const errors = await submitExpectingErrors(
      admin,
      'put',
      FISCAL,
      { ...valid, api_key: '', clear_api_key: true },
      FISCAL,
    );
    expect(errors.api_key).toMatch(/Saisissez la clé d’API/);
    await admin.send('put', FISCAL, { ...valid, provider: 'emecef', api_key: '', clear_api_key: true });
    expect((await company())!.fiscal_api_key).toBeNull();
    expect((await admin.visit(FISCAL)).body.props.api_key).toEqual({ state: 'none' });
    await expectNowhere(t, admin, 'une-autre-cle-0123456789-WXYZ');
  });

  it('says « clé illisible » for a key stored under another app key, and takes a new one', async () => {
    await t
      .db('company_settings')
      .where({ id: 1 })
      .update({ fiscal_provider: 'fne', fiscal_api_key: encryptSecret('an-older-app-key-0123456789', KEY) });
    const page = await admin.visit(FISCAL);
    expect(page.status).toBe(200);
    expect(page.body.props.api_key).toEqual({ state: 'unreadable', message: 'Clé illisible, saisissez-la à nouveau.' });
    const errors = await submitExpectingErrors(admin, 'put', FISCAL, { ...valid, api_key: '' }, FISCAL);
    expect(errors.api_key).toBe('Clé illisible, saisissez-la à nouveau.');
    await admin.send('put', FISCAL, valid);
    expect((await admin.visit(FISCAL)).body.props.api_key).toEqual({ state: 'set', masked: '••••••••ABCD' });
  });

  it('refuses bad input with a French message on its field and writes nothing', async () => {
    await admin.send('put', FISCAL, valid);
    const before = await company();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ provider: 'secef' }, 'provider', /valeur valide pour le champ service de certification/],
      [{ api_url: 'pas une adresse' }, 'api_url', /adresse web complète/],
      [{ api_url: 'ftp://dgi.ci/api' }, 'api_url', /adresse web complète/],
      [{ api_url: 'https://moi:secret@dgi.ci' }, 'api_url', /identifiant/],
      [{ api_url: `https://dgi.ci/${'a'.repeat(300)}` }, 'api_url', /300 caractères/],
      [{ api_url: '' }, 'api_url', /Saisissez l’adresse de l’API/],
      [{ api_key: 'avec des espaces' }, 'api_key', /espace/],
      [{ api_key: ['x'] }, 'api_key', /texte/],
      [{ regime: 'MICRO' }, 'regime', /régime d’imposition/],
      [{ establishment: 'x'.repeat(161) }, 'establishment', /160 caractères/],
      [{ default_tax_group: 'luxe' }, 'default_tax_group', /groupe de taxe/],
      [{ default_tax_group: 'exception' }, 'default_tax_group', /n’existe pas pour FNE/],
      [{ provider: 'emecef', default_tax_group: 'reduced' }, 'default_tax_group', /n’existe pas pour e-MECeF/],
      [{ regime: 'TEE', b2c_threshold: 'abc' }, 'b2c_threshold', /montant/],
      [{ regime: 'TEE', b2c_threshold: '12,5' }, 'b2c_threshold', /sans décimales/],
    ];
    for (const [patch, field, message] of cases) {
      const errors = await submitExpectingErrors(
        admin,
        'put',
        FISCAL,
        { ...valid, api_key: 'une-cle-refusee-0123456789', ...patch },
        FISCAL,
      );
      expect(errors[field], field).toMatch(message);
    }
    expect(await company()).toEqual(before);

    // A provider needs the seller's NCC / IFU (the Société tab).
    await t.db('company_settings').where({ id: 1 }).update({ tax_number: '' });
    const errors = await submitExpectingErrors(admin, 'put', FISCAL, valid, FISCAL);
    expect(errors.provider).toMatch(/N° contribuable \(NCC \/ IFU\)/);
  });

  it('keeps the B2C threshold for a forfaitaire regime only', async () => {
    await admin.send('put', FISCAL, { ...valid, regime: 'TEE', b2c_threshold: '5 000' });
    expect(Number((await company())!.fiscal_b2c_threshold)).toBe(5000);
    expect((await admin.visit(FISCAL)).body.props.fiscal.b2c_threshold).toBe('5000');
    await admin.send('put', FISCAL, { ...valid, regime: 'RNI', b2c_threshold: '5 000' });
    expect(Number((await company())!.fiscal_b2c_threshold)).toBe(0);
  });

  it('shows the screen read-only without company.manage and refuses every change; hidden without the screen', async () => {
    await admin.send('put', FISCAL, valid);
    const user = await userWithPermissions(t, `${uniqueTag().toLowerCase()}@test.local`, [
      'menu.parametres',
      'menu.parametres.societe',
    ]);
    const c = new Client(t);
    await c.login(user.email, user.password);
    const page = await c.visit(FISCAL);
    expect(page.status).toBe(200);
    expect(page.body.props.can_manage).toBe(false);
    expect(JSON.stringify(page.body)).not.toContain(KEY);
    const before = await company();
    expect((await c.send('put', FISCAL, { ...valid, provider: 'none' })).status).toBe(403);
    expect(await company()).toEqual(before);

    const outsider = await userWithPermissions(t, `${uniqueTag().toLowerCase()}@test.local`, [
      'menu.dashboard',
      'company.manage',
    ]);
    const o = new Client(t);
    await o.login(outsider.email, outsider.password);
    expect((await o.visit(FISCAL)).status).toBe(403);
    expect((await o.send('put', FISCAL, valid)).status).toBe(403);
    expect(await company()).toEqual(before);
  });
});

describe.each(testDatabases())('facturation électronique fixée par l’environnement (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  const ENV_KEY = 'cle-de-l-environnement-0123456789-LMNO';

  beforeAll(async () => {
    t = await createTestApp(kind, {
      fiscal: {
        provider: 'fne',
        apiUrl: 'http://127.0.0.1:4545/fne',
        apiKey: ENV_KEY,
        taxId: '9999999Z',
        pointOfSale: 'PDV-DEFAUT',
        timeoutMs: 8000,
      },
    });
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());

  it('shows each field a variable sets locked, naming it, with the key masked', async () => {
    const page = await admin.visit(FISCAL);
    expect(page.body.props.locked).toEqual({
      provider: { variable: 'FISCAL_PROVIDER', shown: 'FNE — Côte d’Ivoire (DGI)' },
      api_url: { variable: 'FISCAL_API_URL', shown: 'http://127.0.0.1:4545/fne' },
      api_key: { variable: 'FISCAL_API_KEY', shown: '••••••••LMNO' },
      tax_id: { variable: 'FISCAL_TAX_ID', shown: '9999999Z' },
      point_of_sale: { variable: 'FISCAL_POINT_OF_SALE', shown: 'PDV-DEFAUT' },
    });
    expect(page.body.props.tax_id).toBe('9999999Z');
    expect(page.body.props.timeout_seconds).toBe(8);
    expect(page.body.props.fiscal.provider).toBe('fne');
    expect(JSON.stringify(page.body)).not.toContain(ENV_KEY);
    // Every desk without a point of sale of its own goes under the default.
    expect(page.body.props.desks.length).toBeGreaterThan(0);
    for (const desk of page.body.props.desks)
      expect(desk).toMatchObject({ point_of_sale: 'PDV-DEFAUT', source: 'environment' });
  });

  it('leaves what a variable sets as stored: the screen’s provider, URL and key are ignored', async () => {
    const res = await admin.send('put', FISCAL, {
      provider: 'emecef',
      api_url: 'http://ailleurs.example/api',
      api_key: 'cle-tapee-a-l-ecran-0123456789',
      regime: 'RSI',
      establishment: 'Boutique',
      default_tax_group: 'normal',
    });
    expect(res.status).toBe(303);
    const row = (await t.db('company_settings').where({ id: 1 }).first())!;
    expect(row).toMatchObject({
      fiscal_provider: 'none',
      fiscal_api_url: '',
      fiscal_api_key: null,
      fiscal_regime: 'RSI',
      fiscal_establishment: 'Boutique',
    });
    // Without a stored key nor a tax number on the Société tab, the variables are enough.
    await t.db('company_settings').where({ id: 1 }).update({ tax_number: '' });
    expect((await admin.send('put', FISCAL, { regime: 'RNI', default_tax_group: 'normal' })).status).toBe(303);
    expect((await t.db('company_settings').where({ id: 1 }).first())!.fiscal_regime).toBe('RNI');
  });
});

describe.each(testDatabases())('point de vente DGI et jeton e-MECeF des emplacements et caisses (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.machine-0123456789.sig-QRST';
  const DESKS = '/parametres/societe/caisses';
  const LOCATIONS = '/parametres/societe/emplacements';

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
    await t.db('company_settings').where({ id: 1 }).update({ fiscal_provider: 'emecef' });
  });
  afterAll(() => t.close());

  it('keeps a location’s and a desk’s point of sale, the desk’s token encrypted, write-only and audited as such', async () => {
    const tag = uniqueTag();
    const shop = (await t.db('locations').where({ code: 'BTQ01' }).first())!;
    const saved = await admin.send('put', `${LOCATIONS}/${shop.id}`, {
      code: shop.code,
      name: shop.name,
      kind: shop.kind,
      address: shop.address,
      fiscal_point_of_sale: 'PDV-BOUTIQUE',
      active: true,
    });
    expect(saved.status).toBe(303);
    expect((await admin.visit(`${LOCATIONS}/${shop.id}`)).body.props.location.fiscal_point_of_sale).toBe(
      'PDV-BOUTIQUE',
    );

    const desk = { code: `${tag}C`, name: `Caisse ${tag}`, location_id: shop.id, active: true };
    const created = await admin.send('post', DESKS, { ...desk, fiscal_machine_token: TOKEN });
    expect(created.status).toBe(303);
    const row = (await t.db('cash_desks').where({ code: desk.code }).first())!;
    expect(row.fiscal_machine_token).toMatch(/^v1:/);
    const page = await admin.visit(`${DESKS}/${row.id}`);
    expect(page.body.props.cash_desk).toMatchObject({ fiscal_point_of_sale: '', has_machine_token: true });
    expect(page.body.props.fiscal).toEqual({
      provider: 'emecef',
      machine_token: { state: 'set', masked: '••••••••QRST' },
      inherited_point_of_sale: 'PDV-BOUTIQUE',
    });

    // Left empty, the token stays; the point of sale of its own is saved.
    await admin.send('put', `${DESKS}/${row.id}`, { ...desk, fiscal_point_of_sale: 'PDV-CAISSE' });
    const after = (await t.db('cash_desks').where({ id: row.id }).first())!;
    expect(after.fiscal_machine_token).toBe(row.fiscal_machine_token);
    expect(after.fiscal_point_of_sale).toBe('PDV-CAISSE');
    const list = await admin.visit(`${DESKS}?q=${tag}`);
    expect(list.body.props.cash_desks.data[0]).toMatchObject({ fiscal_point_of_sale: 'PDV-CAISSE' });

    // Cleared on request.
    await admin.send('put', `${DESKS}/${row.id}`, {
      ...desk,
      fiscal_point_of_sale: 'PDV-CAISSE',
      clear_machine_token: true,
    });
    expect((await t.db('cash_desks').where({ id: row.id }).first())!.fiscal_machine_token).toBeNull();

    const entries = await t
      .db('audit_log')
      .where({ subject_type: 'cash_desk', subject_id: String(row.id) })
      .orderBy('id')
      .select('details');
    expect(entries.map((e) => JSON.parse(e.details!))).toEqual([
      { after: expect.objectContaining({ code: desk.code, fiscal_machine_token: 'Nouveau jeton' }) },
      { before: { fiscal_point_of_sale: '' }, after: { fiscal_point_of_sale: 'PDV-CAISSE' } },
      { before: { fiscal_machine_token: 'Jeton enregistré' }, after: { fiscal_machine_token: null } },
    ]);
    const everything = JSON.stringify([
      await t.db('audit_log').select('details'),
      (await admin.visit(`${DESKS}/${row.id}`)).body,
      (await admin.visit(DESKS)).body,
      (await admin.visit(FISCAL)).body,
    ]);
    expect(everything).not.toContain(TOKEN);
  });

  it('refuses a bad point of sale or token on its field and writes nothing', async () => {
    const tag = uniqueTag();
    const shop = (await t.db('locations').where({ code: 'BTQ01' }).first())!;
    const desk = { code: `${tag}R`, name: `Caisse ${tag}`, location_id: shop.id, active: true };
    for (const [patch, field, message] of [
      [{ fiscal_point_of_sale: 'x'.repeat(81) }, 'fiscal_point_of_sale', /80 caractères/],
      [{ fiscal_machine_token: 'jeton avec espaces' }, 'fiscal_machine_token', /espace/],
      [{ fiscal_machine_token: { jwt: 'x' } }, 'fiscal_machine_token', /texte/],
    ] as Array<[Record<string, unknown>, string, RegExp]>) {
      const errors = await submitExpectingErrors(admin, 'post', DESKS, { ...desk, ...patch }, `${DESKS}/create`);
      expect(errors[field], field).toMatch(message);
    }
    expect(await t.db('cash_desks').where({ code: desk.code }).first()).toBeUndefined();
  });

  it('says « illisible » for a desk token stored under another app key, without a 500', async () => {
    const desk = (await t.db('cash_desks').first())!;
    await t
      .db('cash_desks')
      .where({ id: desk.id })
      .update({ fiscal_machine_token: encryptSecret('an-older-app-key-0123456789', TOKEN) });
    const page = await admin.visit(`${DESKS}/${desk.id}`);
    expect(page.status).toBe(200);
    expect(page.body.props.fiscal.machine_token).toEqual({
      state: 'unreadable',
      message: 'Clé illisible, saisissez-la à nouveau.',
    });
    await t.db('cash_desks').where({ id: desk.id }).update({ fiscal_machine_token: null });
  });
});
