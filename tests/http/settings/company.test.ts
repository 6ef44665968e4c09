import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, LOGO_STORED_SIDE } from '../../../server/services/company/logo.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { download, inertiaHeaders, submitExpectingErrors } from '../../support/master-data.js';
import { makeProduct, stockFixtures } from '../../support/stock.js';
import { uniqueTag } from '../../support/unique.js';

const COMPANY = '/parametres/societe';
const LOGO = '/parametres/societe/logo';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const WEBP = Buffer.from('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=', 'base64');

/** A PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A real, complete PNG of side × side black pixels (1 bit grey): a few dozen KB that decode to side² pixels. */
function pngBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  const rows = Buffer.alloc((Math.ceil(side / 8) + 1) * side); // filter byte 0 + zeros, each row
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small real JPEG whose frame header (SOF) is rewritten to declare width × height. */
async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c08040' } })
    .jpeg()
    .toBuffer();
  for (let at = 2; at < jpeg.length && jpeg[at] === 0xff; at += 2 + jpeg.readUInt16BE(at + 2)) {
    if (jpeg[at + 1] >= 0xc0 && jpeg[at + 1] <= 0xc3) {
      jpeg.writeUInt16BE(height, at + 5);
      jpeg.writeUInt16BE(width, at + 7);
      return jpeg;
    }
  }
  throw new Error('no frame header in the JPEG');
}

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
  const logoFiles = () =>
    fs.existsSync(path.join(t.config.storageDir, 'logos'))
      ? fs.readdirSync(path.join(t.config.storageDir, 'logos'))
      : [];
  const sendLogo = async (c: Client, content: Buffer, name: string) =>
    c.agent
      .post(LOGO)
      .set(await inertiaHeaders(c))
      .attach('logo', content, name);

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
    const row = (await company())!;
    expect(row).toMatchObject({
      name: valid.name,
      address: valid.address,
      city: 'Abidjan',
      phones: valid.phones,
      email: 'contact@quincaillerie.ci',
      rccm: valid.rccm,
      tax_number: valid.tax_number,
      currency: 'XOF',
      time_zone: 'Africa/Abidjan',
      vat_rate_bp: 1850,
    });
    expect(Boolean(row.vat_enabled)).toBe(true);
    const page = await admin.visit(COMPANY);
    expect(page.body.component).toBe('settings/company/Edit');
    expect(page.body.props.company).toMatchObject({
      name: valid.name,
      vat_rate: '18,5',
      vat_enabled: true,
      email: 'contact@quincaillerie.ci',
    });
    expect(page.body.props.can_manage).toBe(true);

    await admin.send('put', COMPANY, { ...valid, vat_rate: '18', allow_negative_stock: true });
    const entries = await audits('company.updated');
    const last = JSON.parse(entries[entries.length - 1].details!);
    expect(last).toEqual({
      before: { vat_rate_bp: 1850, allow_negative_stock: false },
      after: { vat_rate_bp: 1800, allow_negative_stock: true },
    });
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
    expect((await company())!.currency).toBe('XOF');
    expect((await admin.visit(COMPANY)).body.props.currency_locked).toBe(true);
    await admin.send('put', COMPANY, { ...valid, currency: 'XAF' });
    expect((await company())!.currency).toBe('XAF');
    await admin.send('put', COMPANY, valid);
  });

  it('stores a PNG or WebP logo outside the web root under a generated name, serves it to signed-in users only, and removes it', async () => {
    const res = await sendLogo(admin, PNG, 'mon logo.png');
    expect(res.status).toBe(303);
    const first = (await company())!.logo_path as string;
    expect(first).toMatch(/^logo-[0-9a-f]{32}\.png$/);
    expect(logoFiles()).toEqual([first]);
    // Re-encoded (a 1 × 1 picture is never enlarged), and served as stored.
    const stored = fs.readFileSync(path.join(t.config.storageDir, 'logos', first));
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    const page = await admin.visit(COMPANY);
    expect(page.body.props.logo_url).toMatch(/^\/parametres\/societe\/logo\?v=[0-9a-f]+$/);

    const served = await download(admin, page.body.props.logo_url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.body).toEqual(stored);
    const guest = new Client(t);
    const anonymous = await guest.agent.get(LOGO);
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.location).toBe('/login');

    // A new logo replaces the old file; the change is audited.
    await sendLogo(admin, WEBP, 'logo.webp');
    const second = (await company())!.logo_path as string;
    expect(second).toMatch(/^logo-[0-9a-f]{32}\.webp$/);
    expect(logoFiles()).toEqual([second]);
    const entries = await audits('company.logo');
    expect(JSON.parse(entries[entries.length - 1].details!)).toMatchObject({
      before: { logo_path: first },
      after: { logo_path: second },
      file: { type: 'image/webp', bytes: WEBP.length, width: 1, height: 1 },
      stored: { type: 'image/webp', width: 1, height: 1 },
    });

    await admin.send('delete', LOGO);
    expect((await company())!.logo_path).toBeNull();
    expect(logoFiles()).toEqual([]);
    expect((await download(admin, LOGO)).status).toBe(404);
  });

  it('judges a logo by its content, not its name, and caps its size', async () => {
    await admin.send('delete', LOGO);
    const cases: Array<[Buffer, string, RegExp]> = [
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'logo.png',
        /n’est pas une image PNG, JPEG ou WebP/,
      ],
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
    expect((await company())!.logo_path).toBeNull();
    expect(logoFiles()).toEqual([]);
  });

  it('refuses an image bomb on the size its header declares, before decoding it, and stores nothing', async () => {
    await admin.send('delete', LOGO);
    const png = pngBomb(16_000);
    expect(png.length).toBeLessThan(LOGO_MAX_BYTES);
    const jpeg = await jpegDeclaring(65_500, 65_500);
    const cases: Array<[Buffer, string, RegExp]> = [
      [
        png,
        'bombe.png',
        /trop grande : 16\u202f000 × 16\u202f000 pixels\. Un logo fait au plus 4\u202f000 × 4\u202f000 pixels/,
      ],
      [jpeg, 'bombe.jpg', /trop grande : 65\u202f500 × 65\u202f500 pixels/],
      [await jpegDeclaring(4_001, 300), 'bandeau.jpg', /trop grande : 4\u202f001 × 300 pixels/],
      [
        (
          await sharp({
            create: {
              width: 200,
              height: 200,
              channels: 3,
              background: '#808080',
              noise: { type: 'gaussian', mean: 128, sigma: 40 },
            },
          })
            .png()
            .toBuffer()
        ).subarray(0, 4_000),
        'tronque.png',
        /illisible ou incomplète/,
      ],
    ];
    for (const [content, name, message] of cases) {
      const started = Date.now();
      const res = await sendLogo(admin, content, name);
      expect(res.status, name).toBe(303);
      expect((await admin.visit(COMPANY)).body.props.errors.logo, name).toMatch(message);
      expect(Date.now() - started, `${name}: refused without decoding`).toBeLessThan(5_000);
    }
    expect((await company())!.logo_path).toBeNull();
    expect(logoFiles()).toEqual([]);
  });

  it('re-encodes a large photo to fit inside the stored square, as a small JPEG served as such', async () => {
    const photo = await sharp({
      create: {
        width: 3_600,
        height: 2_400,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .blur(3)
      .jpeg({ quality: 70 })
      .toBuffer();
    expect(photo.length).toBeLessThan(LOGO_MAX_BYTES);
    expect((await sendLogo(admin, photo, 'photo.jpg')).status).toBe(303);
    expect((await admin.visit(COMPANY)).body.props.errors).toEqual({});
    const name = (await company())!.logo_path as string;
    expect(name).toMatch(/^logo-[0-9a-f]{32}\.jpg$/);
    const stored = fs.readFileSync(path.join(t.config.storageDir, 'logos', name));
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: LOGO_STORED_SIDE, height: 400 });
    expect(stored.length).toBeLessThan(photo.length);
    expect(stored.length).toBeLessThan(200 * 1024);
    const served = await download(admin, LOGO);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.body).toEqual(stored);
    const entries = await audits('company.logo');
    expect(JSON.parse(entries[entries.length - 1].details!)).toMatchObject({
      file: { type: 'image/jpeg', width: 3_600, height: 2_400 },
      stored: { type: 'image/jpeg', bytes: stored.length, width: 600, height: 400 },
    });
  });

  it('keeps the transparency of a transparent PNG it shrinks', async () => {
    const square = await sharp({
      create: { width: 400, height: 400, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const logo = await sharp({
      create: { width: 1_600, height: 800, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: square, left: 600, top: 200 }])
      .png()
      .toBuffer();
    expect((await sendLogo(admin, logo, 'logo.png')).status).toBe(303);
    const name = (await company())!.logo_path as string;
    expect(name).toMatch(/\.png$/);
    const stored = fs.readFileSync(path.join(t.config.storageDir, 'logos', name));
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 600, height: 300, hasAlpha: true });
    const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    expect(alphaAt(5, 5)).toBe(0); // the transparent corner stays transparent
    expect(alphaAt(300, 150)).toBe(255); // the red square stays opaque
  });

  it('shows the screen read-only without company.manage and refuses every change', async () => {
    await admin.send('put', COMPANY, valid);
    const user = await userWithPermissions(t, `${uniqueTag().toLowerCase()}@test.local`, [
      'menu.parametres',
      'menu.parametres.societe',
    ]);
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
