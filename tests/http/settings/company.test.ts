import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from '../../../server/services/company/logo.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { download, inertiaHeaders, submitExpectingErrors } from '../../support/master-data.js';
import { makeProduct, stockFixtures } from '../../support/stock.js';
import { uniqueTag } from '../../support/unique.js';

const COMPANY = '/parametres/societe';
const LOGO = '/parametres/societe/logo';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const WEBP = Buffer.from('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=', 'base64');

const valid = {
  name: 'Quincaillerie du Plateau',
  address: 'Avenue Chardy\nImmeuble Alpha 2000',
  city: 'Abidjan',
  phones: '+225 27 20 21 22 23 / 07 08 09 10 11',
  email: 'Contact@Quincaillerie.ci',
  rccm: 'CI-ABJ-2026-B-12345',
  tax_number: '2026123A',
  currency: 'XOF',
  time_zone: 'Africa/Abidjan',
  vat_enabled: true,
  vat_rate: '18,5',
  allow_negative_stock: false,
};

describe.each(testDatabases())('paramètres › société (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  const company = () => t.db('company_settings').where({ id: 1 }).first();
  const audits = (action: string) => t.db('audit_log').where({ action }).orderBy('id');
  const logoFiles = () => (fs.existsSync(path.join(t.config.storageDir, 'logos')) ? fs.readdirSync(path.join(t.config.storageDir, 'logos')) : []);
  const sendLogo = async (c: Client, content: Buffer, name: string) => c.agent.post(LOGO).set(await inertiaHeaders(c)).attach('logo', content, name);

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());

  it('saves every field of the company (VAT rate as basis points), audited with what changed', async () => {
    const before = (await audits('company.updated')).length;
    const res = await admin.send('put', COMPANY, valid);
    expect(res.status).toBe(303);
    const row = await company();
    expect(row).toMatchObject({ name: valid.name, address: valid.address, city: 'Abidjan', phones: valid.phones, email: 'contact@quincaillerie.ci', rccm: valid.rccm, tax_number: valid.tax_number, currency: 'XOF', time_zone: 'Africa/Abidjan', vat_rate_bp: 1850 });
    expect(Boolean(row.vat_enabled)).toBe(true);
    const page = await admin.visit(COMPANY);
    expect(page.body.component).toBe('settings/company/Edit');
    expect(page.body.props.company).toMatchObject({ name: valid.name, vat_rate: '18,5', vat_enabled: true, email: 'contact@quincaillerie.ci' });
    expect(page.body.props.can_manage).toBe(true);

    await admin.send('put', COMPANY, { ...valid, vat_rate: '18', allow_negative_stock: true });
    const entries = await audits('company.updated');
    const last = JSON.parse(entries[entries.length - 1].details);
    expect(last).toEqual({ before: { vat_rate_bp: 1850, allow_negative_stock: false }, after: { vat_rate_bp: 1800, allow_negative_stock: true } });
    const history = (await admin.visit(COMPANY)).body.props.history;
    expect(history[0]).toMatchObject({ action: 'company.updated', action_label: 'Modification' });
    expect(history[0].changes).toEqual([
      { field: 'vat_rate_bp', label: 'Taux de TVA', before: '18,5 %', after: '18 %' },
      { field: 'allow_negative_stock', label: 'Stock négatif autorisé', before: 'Non', after: 'Oui' },
    ]);
    // The same form again changes nothing and writes no entry.
    await admin.send('put', COMPANY, { ...valid, vat_rate: '18', allow_negative_stock: true });
    expect((await audits('company.updated')).length).toBe(entries.length);
    expect(entries.length).toBeGreaterThan(before);
  });

  it('refuses bad input on its field and writes nothing', async () => {
    await admin.send('put', COMPANY, valid);
    const before = await company();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ name: '  ' }, 'name', /obligatoire/],
      [{ email: 'pas-un-email' }, 'email', /n’est pas valide/],
      [{ vat_rate: 'abc' }, 'vat_rate', /pourcentage entre 0 et 100/],
      [{ vat_rate: '150' }, 'vat_rate', /ne peut dépasser 100/],
      [{ vat_rate: '18,555' }, 'vat_rate', /deux décimales/],
      [{ currency: 'BTC' }, 'currency', /devise/],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone', /fuseau horaire/],
      [{ rccm: 'x'.repeat(81) }, 'rccm', /80 caractères/],
      [{ city: ['Abidjan'] }, 'city', /texte/],
    ];
    for (const [patch, field, message] of cases) {
      const errors = await submitExpectingErrors(admin, 'put', COMPANY, { ...valid, ...patch }, COMPANY);
      expect(errors[field], field).toMatch(message);
    }
    expect(await company()).toEqual(before);
  });

  it('refuses a currency with other decimals once amounts are recorded, accepts one with the same', async () => {
    await admin.send('put', COMPANY, valid);
    const { category } = await stockFixtures(t.db);
    await makeProduct(t.db, { category_id: category, code: uniqueTag('P'), name: `Produit ${uniqueTag()}` });
    const errors = await submitExpectingErrors(admin, 'put', COMPANY, { ...valid, currency: 'EUR' }, COMPANY);
    expect(errors.currency).toMatch(/ne peut plus passer de XOF à EUR/);
    expect((await company()).currency).toBe('XOF');
    expect((await admin.visit(COMPANY)).body.props.currency_locked).toBe(true);
    await admin.send('put', COMPANY, { ...valid, currency: 'XAF' });
    expect((await company()).currency).toBe('XAF');
    await admin.send('put', COMPANY, valid);
  });

  it('stores a PNG or WebP logo outside the web root under a generated name, serves it to signed-in users only, and removes it', async () => {
    const res = await sendLogo(admin, PNG, 'mon logo.png');
    expect(res.status).toBe(303);
    const first = (await company()).logo_path as string;
    expect(first).toMatch(/^logo-[0-9a-f]{32}\.png$/);
    expect(logoFiles()).toEqual([first]);
    expect(fs.readFileSync(path.join(t.config.storageDir, 'logos', first))).toEqual(PNG);
    const page = await admin.visit(COMPANY);
    expect(page.body.props.logo_url).toMatch(/^\/parametres\/societe\/logo\?v=[0-9a-f]+$/);

    const served = await download(admin, page.body.props.logo_url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.body).toEqual(PNG);
    const guest = new Client(t);
    const anonymous = await guest.agent.get(LOGO);
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.location).toBe('/login');

    // A new logo replaces the old file; the change is audited.
    await sendLogo(admin, WEBP, 'logo.webp');
    const second = (await company()).logo_path as string;
    expect(second).toMatch(/^logo-[0-9a-f]{32}\.webp$/);
    expect(logoFiles()).toEqual([second]);
    const entries = await audits('company.logo');
    expect(JSON.parse(entries[entries.length - 1].details)).toMatchObject({ before: { logo_path: first }, after: { logo_path: second }, file: { type: 'image/webp', bytes: WEBP.length } });

    await admin.send('delete', LOGO);
    expect((await company()).logo_path).toBeNull();
    expect(logoFiles()).toEqual([]);
    expect((await download(admin, LOGO)).status).toBe(404);
  });

  it('judges a logo by its content, not its name, and caps its size', async () => {
    await admin.send('delete', LOGO);
    const cases: Array<[Buffer, string, RegExp]> = [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.png', /n’est pas une image PNG, JPEG ou WebP/],
      [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'logo.jpg', /n’est pas une image PNG, JPEG ou WebP/],
      [Buffer.from('%PDF-1.4\n'), 'logo.webp', /n’est pas une image PNG, JPEG ou WebP/],
      [Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]), 'gros.png', /ne doit pas dépasser 512 Ko/],
    ];
    for (const [content, name, message] of cases) {
      const res = await sendLogo(admin, content, name);
      expect(res.status, name).toBe(303);
      expect((await admin.visit(COMPANY)).body.props.errors.logo, name).toMatch(message);
    }
    const noFile = await admin.post(LOGO, {});
    expect(noFile.status).toBe(303);
    expect((await admin.visit(COMPANY)).body.props.errors.logo).toMatch(/Veuillez choisir une image/);
    expect((await company()).logo_path).toBeNull();
    expect(logoFiles()).toEqual([]);
  });

  it('shows the screen read-only without company.manage and refuses every change', async () => {
    await admin.send('put', COMPANY, valid);
    const user = await userWithPermissions(t, `${uniqueTag().toLowerCase()}@test.local`, ['menu.parametres', 'menu.parametres.societe']);
    const c = new Client(t);
    await c.login(user.email, user.password);
    const page = await c.visit(COMPANY);
    expect(page.status).toBe(200);
    expect(page.body.props.can_manage).toBe(false);
    const before = await company();
    expect((await c.send('put', COMPANY, { ...valid, name: 'Piraté' })).status).toBe(403);
    expect((await sendLogo(c, PNG, 'logo.png')).status).toBe(403);
    expect((await c.send('delete', LOGO)).status).toBe(403);
    expect(await company()).toEqual(before);
    const outsider = await userWithPermissions(t, `${uniqueTag().toLowerCase()}@test.local`, ['menu.dashboard']);
    const o = new Client(t);
    await o.login(outsider.email, outsider.password);
    expect((await o.visit(COMPANY)).status).toBe(403);
  });
});
