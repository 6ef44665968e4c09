import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../../server/auth/tokens.js';
import { createCreditNote } from '../../../server/services/sales/credit-notes.js';
import { SESSION_COOKIE } from '../../../server/app.js';
import { route } from '../../../shared/routes.js';
import type { CreatedShare } from '../../../shared/shares.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { decodeQr } from '../../support/qr.js';
import { adminActor, cashPayment, line, makeClient, saleInput, sell, walkInClient } from '../../support/sales.js';
import { type StockFixtures, giveStock, idempotencyKey, makeProduct, stockFixtures } from '../../support/stock.js';
import { uniqueTag } from '../../support/unique.js';

/**
 * « Partager »: a public link to a sales document's receipt. Made by who may open the document
 * (JSON: its URL, once; only its hash is kept) and audited; opened without signing in, read-only,
 * with no session written, no cost and no internal id; revoked (audited) → the 404 page, the same
 * as a guessed token's.
 */
describe.each(testDatabases())('shared receipts (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let admin: Client;
  let walkIn: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    walkIn = await walkInClient(t.db);
    await t.db('company_settings').where({ id: 1 }).update({ tax_number: '2201234A', time_zone: 'Africa/Abidjan' });
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());

  async function counterSale(clientId = walkIn) {
    const tag = uniqueTag();
    const product = await makeProduct(t.db, {
      code: `${tag}S`,
      name: `Savon ${tag}`,
      category_id: f.category,
      retail_price: 1_500,
    });
    await giveStock(t.db, product, f.shop, 10, 500);
    const sale = await sell(
      t.db,
      saleInput({ clientId, locationId: f.shop, lines: [line(product, 2)], payments: [cashPayment(3_000)] }),
    );
    return { ...sale, product };
  }

  async function share(url: string): Promise<CreatedShare> {
    const res = await admin.post(url, {}, { Accept: 'application/json' });
    expect(res.status).toBe(201);
    return res.body as CreatedShare;
  }

  const pathOf = (url: string) => new URL(url).pathname;

  /** Every key of a props tree, for « no internal id, no cost ». */
  function keysOf(value: unknown, keys = new Set<string>()): Set<string> {
    if (Array.isArray(value)) for (const v of value) keysOf(v, keys);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) {
        keys.add(k);
        keysOf(v, keys);
      }
    return keys;
  }

  it('makes a link (the token never stored), opens it without signing in, with no session, no cost, no id', async () => {
    const sale = await counterSale();
    const now = new Date().toISOString();
    const qr = `http://127.0.0.1:4545/fne/verify/${uniqueTag()}`;
    await t.db('fiscal_certifications').insert({
      document_type: 'counterSale',
      document_id: sale.id,
      provider: 'fne',
      state: 'certified',
      next_attempt_at: now,
      fiscal_number: `2201234A26${String(sale.id).padStart(10, '0')}`,
      qr_content: qr,
      certified_at: now,
      created_at: now,
      updated_at: now,
    });
    const created = await share(route('sales.shares', { id: sale.id }));
    const token = pathOf(created.url).replace('/recu/', '');
    expect(created.url).toBe(`${t.config.appUrl.replace(/\/+$/, '')}/recu/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = (await t.db('document_shares').where({ id: created.link.id }).first())!;
    expect(row).toMatchObject({ document_type: 'counterSale', document_id: sale.id, token_hash: sha256(token) });
    expect(JSON.stringify(row)).not.toContain(token);
    const audit = await t
      .db('audit_log')
      .where({ action: 'document_share.created', subject_type: 'sale', subject_id: String(sale.id) })
      .first();
    expect(audit).toBeTruthy();

    const sessions = async () => Number((await t.db('sessions').count({ n: '*' }).first())!.n);
    const sessionsBefore = await sessions();
    const guest = new Client(t);
    const res = await guest.visit(pathOf(created.url));
    expect(res.status).toBe(200);
    expect(res.body.component).toBe('receipts/Show');
    expect(res.headers['x-robots-tag']).toContain('noindex');
    expect(String(res.headers['set-cookie'] ?? '')).not.toContain(SESSION_COOKIE);
    const html = await guest.html(pathOf(created.url));
    expect(html.status).toBe(200);
    expect(String(html.headers['set-cookie'] ?? '')).not.toContain(SESSION_COOKIE);
    expect(await sessions()).toBe(sessionsBefore);

    const receipt = res.body.props.receipt;
    expect(receipt).toMatchObject({
      title: 'Ticket de caisse',
      number: sale.number,
      client_name: null,
      totals: { total: 3_000 },
      fiscal: { state: 'certified', fiscal_number: `2201234A26${String(sale.id).padStart(10, '0')}` },
    });
    expect(receipt.lines).toHaveLength(1);
    expect(await decodeQr(receipt.fiscal.qr_svg)).toBe(qr);
    const keys = [...keysOf(res.body.props)];
    // The seller's tax id (NCC) is printed on purpose; no internal id, no cost.
    expect(keys.filter((k) => /cost|margin|^id$|_id$/.test(k) && k !== 'tax_id')).toEqual([]);
    expect(res.body.props.auth.user).toBeNull();

    const opened = (await t.db('document_shares').where({ id: created.link.id }).first())!;
    expect(Number(opened.open_count)).toBe(2);
    expect(opened.last_opened_at).not.toBeNull();
  });

  it('revokes a link (audited): it then answers the 404 page, like a guessed token', async () => {
    const sale = await counterSale();
    const created = await share(route('sales.shares', { id: sale.id }));
    const path = pathOf(created.url);
    const guest = new Client(t);
    expect((await guest.visit(path)).status).toBe(200);

    const page = await admin.visit(route('sales.show', { id: sale.id }));
    expect(page.body.props.sharing.links.map((l: { id: number }) => l.id)).toContain(created.link.id);
    const revoked = await admin.post(created.link.revoke_url);
    expect(revoked.status).toBe(303);
    expect(revoked.headers.location).toBe(route('sales.show', { id: sale.id }));
    const after = await admin.visit(route('sales.show', { id: sale.id }));
    expect(after.body.props.sharing.links.map((l: { id: number }) => l.id)).not.toContain(created.link.id);
    const row = (await t.db('document_shares').where({ id: created.link.id }).first())!;
    expect(row.revoked_at).not.toBeNull();
    expect(
      await t
        .db('audit_log')
        .where({ action: 'document_share.revoked', subject_type: 'sale', subject_id: String(sale.id) })
        .first(),
    ).toBeTruthy();

    const gone = await guest.visit(path);
    expect(gone.status).toBe(404);
    const guessed = await guest.visit(`/recu/${'A'.repeat(43)}`);
    expect(guessed.status).toBe(404);
    expect(guessed.body.props).toEqual(gone.body.props);
    expect((await guest.visit('/recu/court')).status).toBe(404);
    // Revoking twice, or another document's link, finds nothing.
    expect((await admin.post(created.link.revoke_url)).status).toBe(404);
  });

  it('shares a credit note; WhatsApp gets the client’s phone with the company’s country code', async () => {
    const client = await makeClient(t.db, { name: `Kouassi ${uniqueTag()}` });
    await t.db('clients').where({ id: client }).update({ phone: '07 01 02 03 04' });
    const sale = await counterSale(client);
    const lineId = Number((await t.db('sale_lines').where({ sale_id: sale.id }).first('id'))!.id);
    const note = await createCreditNote(
      t.db,
      {
        idempotencyKey: idempotencyKey(),
        saleId: sale.id,
        reason: 'Sac percé',
        version: 1,
        lines: [{ saleLineId: lineId, quantity: 1 }],
      },
      await adminActor(t.db),
    );
    const page = await admin.visit(route('creditNotes.show', { id: note.id }));
    expect(page.body.props.sharing).toMatchObject({ phone: '2250701020304', no_phone_reason: null });
    expect(page.body.props.sharing.message).toContain(note.number);
    const salePage = await admin.visit(route('sales.show', { id: sale.id }));
    expect(salePage.body.props.sharing.phone).toBe('2250701020304');

    const created = await share(page.body.props.sharing.create_url);
    const res = await new Client(t).visit(pathOf(created.url));
    expect(res.status).toBe(200);
    expect(res.body.props.receipt).toMatchObject({
      title: 'Avoir',
      number: note.number,
      corrects: { number: sale.number, reason: 'Sac percé' },
      totals: { total: 1_500 },
      fiscal: null,
    });
    expect(
      await t
        .db('audit_log')
        .where({ action: 'document_share.created', subject_type: 'credit_note', subject_id: String(note.id) })
        .first(),
    ).toBeTruthy();
  });

  it('a walk-in client has no phone: the page says why WhatsApp and SMS are off', async () => {
    const sale = await counterSale();
    const page = await admin.visit(route('sales.show', { id: sale.id }));
    expect(page.body.props.sharing.phone).toBeNull();
    expect(page.body.props.sharing.no_phone_reason).toMatch(/Client de passage/);
  });

  it('only who may open the document shares it: another place’s user gets 404, one without the screen 403', async () => {
    const sale = await counterSale();
    const tag = uniqueTag().toLowerCase();
    const other = await t.db('locations').whereNot({ id: f.shop }).where({ kind: 'boutique' }).first('id');
    const elsewhere = await userWithPermissions(t, `ailleurs-${tag}@test.local`, ['menu.sortiestock']);
    await t.db('users').where({ id: elsewhere.id }).update({ places_restricted: true });
    if (other) await t.db('user_locations').insert({ user_id: elsewhere.id, location_id: other.id });
    const client = new Client(t);
    await client.login(elsewhere.email, elsewhere.password);
    const before = Number((await t.db('document_shares').count({ n: '*' }).first())!.n);
    expect((await client.post(route('sales.shares', { id: sale.id }), {}, { Accept: 'application/json' })).status).toBe(
      404,
    );

    const none = await userWithPermissions(t, `sans-ecran-${tag}@test.local`, ['menu.produits']);
    const noScreen = new Client(t);
    await noScreen.login(none.email, none.password);
    expect(
      (await noScreen.post(route('sales.shares', { id: sale.id }), {}, { Accept: 'application/json' })).status,
    ).toBe(403);
    expect(Number((await t.db('document_shares').count({ n: '*' }).first())!.n)).toBe(before);
  });
});
