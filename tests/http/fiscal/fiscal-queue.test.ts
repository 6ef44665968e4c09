import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../../shared/routes.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { certificationRow } from '../../support/fiscal.js';
import { cashPayment, line, saleInput, sell, walkInClient } from '../../support/sales.js';
import { type StockFixtures, giveStock, makeProduct, stockFixtures } from '../../support/stock.js';
import { uniqueTag } from '../../support/unique.js';

/**
 * Paramètres › File de certification: the tabs list the outbox's rows of their states with their
 * document and history; « Renvoyer » moves a refused or uncertain row back to pending, « Saisir la
 * référence fiscale » an uncertain one to certified (by hand) — each with an event naming the user
 * and an audit entry; any other state is refused and nothing is written; the screen and both
 * actions need sales.certification.
 */
describe.each(testDatabases())('fiscal queue screen (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let admin: Client;
  let walkIn: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    walkIn = await walkInClient(t.db);
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());

  async function counterSale(): Promise<{ id: number; number: string }> {
    const tag = uniqueTag();
    const product = await makeProduct(t.db, {
      code: `${tag}Q`,
      name: `Savon ${tag}`,
      category_id: f.category,
      retail_price: 1_500,
    });
    await giveStock(t.db, product, f.shop, 10, 500);
    return sell(
      t.db,
      saleInput({ clientId: walkIn, locationId: f.shop, lines: [line(product, 1)], payments: [cashPayment(1_500)] }),
    );
  }

  const rowOf = async (id: number) => (await t.db('fiscal_certifications').where({ id }).first())!;
  const eventsOf = (id: number) => t.db('fiscal_certification_events').where({ certification_id: id }).orderBy('id');

  it('lists each tab with its rows, their document link, error and history', async () => {
    const refusedSale = await counterSale();
    const refused = await certificationRow(t.db, 'counterSale', refusedSale.id, 'refused');
    await t.db('fiscal_certification_events').insert({
      certification_id: refused,
      at: new Date().toISOString(),
      kind: 'refused',
      user_id: null,
      detail: 'point de vente inconnu',
    });
    const page = await admin.visit(route('fiscalQueue.index', { tab: 'refused' }));
    expect(page.status).toBe(200);
    expect(page.body.component).toBe('fiscal-queue/Index');
    expect(page.body.props.counts.refused).toBeGreaterThanOrEqual(1);
    const row = page.body.props.rows.data.find((r: { id: number }) => r.id === refused);
    expect(row).toMatchObject({
      number: refusedSale.number,
      document_url: route('sales.show', { id: refusedSale.id }),
      state_label: 'Refusée',
      error_message: 'La DGI a refusé la facture : point de vente inconnu.',
      can: { resend: true, record_reference: false },
    });
    expect(row.events).toEqual([expect.objectContaining({ kind: 'refused', label: 'Refusée', user_name: null })]);
    // The pending tab does not hold it.
    const pending = await admin.visit(route('fiscalQueue.index', { tab: 'pending' }));
    expect(pending.body.props.rows.data.map((r: { id: number }) => r.id)).not.toContain(refused);
  });

  it('resends a refused or uncertain row: pending again, an event with the user, an audit entry', async () => {
    for (const state of ['refused', 'uncertain'] as const) {
      const sale = await counterSale();
      const id = await certificationRow(t.db, 'counterSale', sale.id, state);
      const res = await admin.post(route('fiscalQueue.resend', { id }));
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(route('fiscalQueue.index', { tab: 'pending' }));
      const row = await rowOf(id);
      expect(row.state).toBe('pending');
      expect(row.error_message).toBeNull();
      const events = await eventsOf(id);
      expect(events.at(-1)).toMatchObject({ kind: 'resent', user_id: 1 });
      const audit = await t
        .db('audit_log')
        .where({ action: 'fiscal.resent', subject_id: String(sale.id) })
        .first();
      expect(audit).toBeTruthy();
    }
  });

  it('refuses to resend a pending or certified row and writes nothing', async () => {
    for (const state of ['pending', 'certified'] as const) {
      const sale = await counterSale();
      const id = await certificationRow(t.db, 'counterSale', sale.id, state);
      const before = await rowOf(id);
      const res = await admin.post(
        route('fiscalQueue.resend', { id }),
        {},
        { Referer: `http://localhost${route('fiscalQueue.index')}` },
      );
      expect(res.status).toBe(303);
      const page = await admin.follow(res);
      expect(page.body.props.flash.error).toMatch(/Seul un document refusé ou incertain peut être renvoyé/);
      expect(await rowOf(id)).toEqual(before);
      expect(await eventsOf(id)).toEqual([]);
    }
  });

  it('records a fiscal reference by hand on an uncertain row only, validated in French', async () => {
    const sale = await counterSale();
    const id = await certificationRow(t.db, 'counterSale', sale.id, 'uncertain');
    const back = { Referer: `http://localhost${route('fiscalQueue.index', { tab: 'uncertain' })}` };

    const empty = await admin.follow(await admin.post(route('fiscalQueue.reference', { id }), {}, back));
    expect(empty.body.props.errors.fiscal_number).toMatch(/^Saisissez le numéro fiscal/);
    expect(empty.body.props.errors.qr_content).toMatch(/^Saisissez le lien de vérification/);
    const bad = await admin.follow(
      await admin.post(
        route('fiscalQueue.reference', { id }),
        { fiscal_number: 'ab cd <x>', qr_content: 'http://dgi/verify/1' },
        back,
      ),
    );
    expect(bad.body.props.errors.fiscal_number).toMatch(/ne contient que des lettres/);
    expect((await rowOf(id)).state).toBe('uncertain');

    const number = `2201234A26${uniqueTag()}`.replace(/[^A-Za-z0-9]/g, '');
    const res = await admin.post(
      route('fiscalQueue.reference', { id }),
      { fiscal_number: number, qr_content: 'http://127.0.0.1:4545/fne/verify/abc-123' },
      back,
    );
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(route('fiscalQueue.index', { tab: 'certified' }));
    const row = await rowOf(id);
    expect(row).toMatchObject({
      state: 'certified',
      fiscal_number: number,
      qr_content: 'http://127.0.0.1:4545/fne/verify/abc-123',
    });
    expect(Boolean(row.manual)).toBe(true);
    expect(row.certified_at).toBeTruthy();
    expect((await eventsOf(id)).at(-1)).toMatchObject({ kind: 'manual', user_id: 1 });
    expect(
      await t
        .db('audit_log')
        .where({ action: 'fiscal.reference_recorded', subject_id: String(sale.id) })
        .first(),
    ).toBeTruthy();

    // Certified now: a second reference is refused, the first kept.
    const again = await admin.follow(
      await admin.post(
        route('fiscalQueue.reference', { id }),
        { fiscal_number: 'AUTRE1234', qr_content: 'http://x/verify/2' },
        back,
      ),
    );
    expect(again.body.props.flash.error).toMatch(/Seul un document incertain/);
    expect((await rowOf(id)).fiscal_number).toBe(number);
  });

  it('needs sales.certification for the screen and both actions', async () => {
    const sale = await counterSale();
    const id = await certificationRow(t.db, 'counterSale', sale.id, 'uncertain');
    const email = `fiscal-${uniqueTag()}@test.local`.toLowerCase();
    const u = await userWithPermissions(t, email, [
      'menu.dashboard',
      'menu.parametres',
      'menu.parametres.societe',
      'menu.sortiestock',
    ]);
    const c = new Client(t);
    await c.login(u.email, u.password);
    expect((await c.visit(route('fiscalQueue.index'))).status).toBe(403);
    expect((await c.post(route('fiscalQueue.resend', { id }))).status).toBe(403);
    expect(
      (
        await c.post(route('fiscalQueue.reference', { id }), {
          fiscal_number: 'ABCD1234',
          qr_content: 'http://x/verify/1',
        })
      ).status,
    ).toBe(403);
    expect((await rowOf(id)).state).toBe('uncertain');
  });
});
