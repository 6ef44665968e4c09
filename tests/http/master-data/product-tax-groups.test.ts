/**
 * A product's tax group (« Groupe de taxe »): chosen on the form (blank: the company's default),
 * refused in French when it is not one of the list, named on the product's page and in its history,
 * exported and imported (by label or code), and given by the REST API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type TestApp, createTestApp } from '../../support/app.js';
import { apiClient, tokenFor } from '../../support/api.js';
import { testDatabases } from '../../support/databases.js';
import { csvFile, download, submitExpectingErrors, upload } from '../../support/master-data.js';
import { uniqueTag } from '../../support/unique.js';

const BASE = '/fichiers/produits';

describe.each(testDatabases())('fichiers/produits: groupe de taxe (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  let category: number;
  const groupOf = async (code: string) => (await t.db('products').where({ code }).first('tax_group'))?.tax_group;
  const idOf = async (code: string) => Number((await t.db('products').where({ code }).first('id'))!.id);
  const valid = (code: string, over: Record<string, unknown> = {}) => ({
    code,
    barcode: '',
    name: `Riz parfumé ${code}`,
    category_id: String(category),
    unit: 'sac',
    pack_size: '1',
    purchase_price: '100',
    retail_price: '200',
    wholesale_price: '180',
    min_price: '150',
    alert_threshold: '0',
    active: true,
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
    const tag = uniqueTag();
    await admin.post('/fichiers/categories', { code: `${tag}C`, name: `Épicerie ${tag}` });
    category = Number(
      (await t
        .db('categories')
        .where({ code: `${tag}C` })
        .first('id'))!.id,
    );
  });
  afterAll(() => t.close());

  it('the form offers the company’s default and every group; a blank choice stores null, a group its code', async () => {
    await t.db('company_settings').where({ id: 1 }).update({ default_tax_group: 'normal' });
    const form = (await admin.visit(`${BASE}/create`)).body.props;
    expect(form.default_tax_group).toBe('normal');
    const tag = uniqueTag();
    expect((await admin.post(BASE, valid(`${tag}D`, { tax_group: '' }))).status).toBe(303);
    expect(await groupOf(`${tag}D`)).toBeNull();
    expect((await admin.post(BASE, valid(`${tag}R`, { tax_group: 'reduced' }))).status).toBe(303);
    expect(await groupOf(`${tag}R`)).toBe('reduced');
    const id = await idOf(`${tag}R`);
    const show = (await admin.visit(`${BASE}/${id}`)).body.props;
    expect(show.product.tax_group).toBe('reduced');
    // Changed to exempt: stored, and the history names both groups in French.
    expect((await admin.send('put', `${BASE}/${id}`, valid(`${tag}R`, { tax_group: 'exempt' }))).status).toBe(303);
    expect(await groupOf(`${tag}R`)).toBe('exempt');
    const history = JSON.stringify((await admin.visit(`${BASE}/${id}`)).body.props.history);
    expect(history).toContain('Groupe de taxe');
    expect(history).toContain('TVA réduite 9 %');
    expect(history).toContain('Exonéré (exonération conventionnelle)');
  });

  it('refuses a group that is not in the list, in French, on its field', async () => {
    const tag = uniqueTag();
    const errors = await submitExpectingErrors(
      admin,
      'post',
      BASE,
      valid(`${tag}X`, { tax_group: 'luxe' }),
      `${BASE}/create`,
    );
    expect(errors.tax_group).toBe('Choisissez un groupe de taxe de la liste, ou « Par défaut de la société ».');
    expect(await groupOf(`${tag}X`)).toBeUndefined();
    const notText = await submitExpectingErrors(
      admin,
      'post',
      BASE,
      valid(`${tag}Y`, { tax_group: ['exempt'] }),
      `${BASE}/create`,
    );
    expect(notText.tax_group).toBe('Le groupe de taxe doit être un texte.');
  });

  it('exports the group by its label and imports it back by label or code; « Par défaut » resets it', async () => {
    const tag = uniqueTag();
    await admin.post(BASE, valid(`${tag}E`, { tax_group: 'export' }));
    await admin.post(BASE, valid(`${tag}N`));
    const text = (await download(admin, `${BASE}/export?format=csv&q=${tag}`)).body.toString('utf8');
    const [head, ...rows] = text.slice(1).trim().split('\r\n');
    const column = head.split(';').indexOf('Groupe de taxe');
    expect(column).toBeGreaterThan(0);
    expect(Object.fromEntries(rows.map((r: string) => [r.split(';')[0], r.split(';')[column]]))).toEqual({
      [`${tag}E`]: 'Exportation',
      [`${tag}N`]: '',
    });
    const csv = csvFile([
      ['Code', 'Désignation', 'Catégorie', 'Groupe de taxe'],
      [`${tag}E`, '', '', 'Par défaut'],
      [`${tag}N`, '', '', 'tva REDUITE 9 %'],
      [`${tag}I`, `Huile ${tag}`, `Épicerie`, 'exempt_legal'],
      [`${tag}Z`, `Sel ${tag}`, `Épicerie`, 'Taxe de luxe'],
    ]);
    const res = await upload(admin, `${BASE}/import`, csv, 'produits.csv');
    const preview = (await admin.visit(res.headers.location)).body.props.preview;
    expect(preview.error_count).toBe(1);
    expect(JSON.stringify(preview)).toContain('Choisissez un groupe de taxe de la liste');
    const fixed = csvFile([
      ['Code', 'Désignation', 'Catégorie', 'Groupe de taxe'],
      [`${tag}E`, '', '', 'Par défaut'],
      [`${tag}N`, '', '', 'tva REDUITE 9 %'],
      [`${tag}I`, `Huile ${tag}`, `Épicerie`, 'exempt_legal'],
    ]);
    const again = await upload(admin, `${BASE}/import`, fixed, 'produits.csv');
    const clean = (await admin.visit(again.headers.location)).body.props.preview;
    expect(clean.error_count).toBe(0);
    await admin.post(`${BASE}/import/${clean.id}/apply`);
    expect([await groupOf(`${tag}E`), await groupOf(`${tag}N`), await groupOf(`${tag}I`)]).toEqual([
      null,
      'reduced',
      'exempt_legal',
    ]);
  });

  it('the REST API gives the product’s group and takes it on a change', async () => {
    const tag = uniqueTag();
    await admin.post(BASE, valid(`${tag}A`, { tax_group: 'tps' }));
    const id = await idOf(`${tag}A`);
    const adminId = Number((await t.db('users').orderBy('id').first('id'))!.id);
    const { token } = await tokenFor(t, adminId, ['menu.produits', 'products.update', 'prices.update']);
    const api = apiClient(t, token);
    const got = await api.get(`/api/v1/products/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.tax_group).toBe('tps');
    const changed = await api.patch(`/api/v1/products/${id}`, { tax_group: null });
    expect(changed.status).toBe(200);
    expect(await groupOf(`${tag}A`)).toBeNull();
    expect((await api.patch(`/api/v1/products/${id}`, { tax_group: 'luxe' })).status).toBe(422);
  });
});
