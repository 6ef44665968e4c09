import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../../shared/routes.js';
import type { FiscalState } from '../../../shared/fiscal.js';
import { Client, type TestApp, createTestApp } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { printOut } from '../../support/print.js';
import { decodeQr } from '../../support/qr.js';
import { walkInClient } from '../../support/sales.js';
import { type StockFixtures, giveStock, idempotencyKey, makeProduct, stockFixtures } from '../../support/stock.js';
import { uniqueTag } from '../../support/unique.js';
import { TICKET_CERTIFICATION_WAIT_MS } from '../../../server/services/fiscal/print.js';

/**
 * The DGI's block on the printouts of a certified document: every format of a counter sale (ticket
 * 80 and 58 mm, cash invoice A5 and A6, the DUPLICATA reprint) carries the fiscal number, the
 * seller's NCC, RCCM and regime, and a QR code drawn on our server that scans to the DGI's token;
 * a document still waiting prints « En attente » after the ticket gave the DGI a few seconds; a
 * document made with no provider prints as before.
 */
describe.each(testDatabases())('fiscal block on the printouts (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let admin: Client;
  let walkIn: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    walkIn = await walkInClient(t.db);
    await t
      .db('company_settings')
      .where({ id: 1 })
      .update({ tax_number: '2201234A', rccm: 'CI-ABJ-2020-B-1234', fiscal_regime: 'RNI' });
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());

  async function counterSale(): Promise<number> {
    const tag = uniqueTag();
    const product = await makeProduct(t.db, {
      code: `${tag}Q`,
      name: `Savon ${tag}`,
      category_id: f.category,
      retail_price: 1_500,
    });
    await giveStock(t.db, product, f.shop, 10, 500);
    const res = await admin.post(route('counter.index'), {
      idempotency_key: idempotencyKey(),
      form_loaded_at: new Date(Date.now() - 60_000).toISOString(),
      location_id: f.shop,
      client_id: walkIn,
      lines: [{ product_id: product, quantity: 2 }],
      payments: [{ method: 'especes', amount: 3_000 }],
    });
    expect(res.status).toBe(303);
    return Number(new URL(res.headers.location, 'http://x').searchParams.get('vente'));
  }

  /** The outbox's row for the sale, as the worker leaves it. */
  async function certification(id: number, state: FiscalState, over: Record<string, unknown> = {}) {
    const now = new Date().toISOString();
    await t.db('fiscal_certifications').insert({
      document_type: 'counterSale',
      document_id: id,
      provider: 'fne',
      state,
      next_attempt_at: now,
      fiscal_number: state === 'certified' ? `2201234A26${String(id).padStart(10, '0')}` : null,
      qr_content: state === 'certified' ? `http://127.0.0.1:4545/fne/verify/${id}-${uniqueTag()}` : null,
      certified_at: state === 'certified' ? now : null,
      created_at: now,
      updated_at: now,
      ...over,
    });
    return (await t.db('fiscal_certifications').where({ document_type: 'counterSale', document_id: id }).first())!;
  }

  it('prints the fiscal number, the seller and a QR code that scans to the token on every format', async () => {
    const id = await counterSale();
    const row = await certification(id, 'certified');
    const urls = [
      route('sales.ticket', { id }),
      route('sales.ticket', { id }, { width: 58 }),
      route('sales.print', { id }),
      route('sales.print', { id }, { format: 'a6' }),
    ];
    for (const url of urls) {
      const page = await printOut(admin, url);
      expect(page.status, url).toBe(200);
      const fiscal = page.body.props.fiscal;
      expect(fiscal, url).toMatchObject({
        provider: 'fne',
        state: 'certified',
        fiscal_number: row.fiscal_number,
        mecef: null,
        seller: {
          tax_label: 'NCC',
          tax_id: '2201234A',
          rccm: 'CI-ABJ-2020-B-1234',
          regime: 'Réel normal d’imposition (RNI)',
        },
      });
      expect(await decodeQr(fiscal.qr_svg), url).toBe(row.qr_content);
    }
    // The reprints above were DUPLICATA: the block is on them too (the last one was a reprint).
    const reprint = await printOut(admin, route('sales.ticket', { id }));
    expect(reprint.body.props.copy).toMatchObject({ duplicata: true });
    expect(reprint.body.props.fiscal.fiscal_number).toBe(row.fiscal_number);
  });

  it('prints e-MECeF’s block with the IFU', async () => {
    const id = await counterSale();
    await certification(id, 'certified', {
      provider: 'emecef',
      fiscal_number: 'ABCD-EFGH-IJKL-MNOP-QRST-UVWX',
      qr_content: 'F;TS01000123;ABCDEFGHIJKLMNOPQRSTUVWX;0202112345678;20261202101500',
      mecef_nim: 'TS01000123',
      mecef_counters: '12/15 FV',
      mecef_date_time: '02/12/2026 10:15:00',
    });
    const page = await printOut(admin, route('sales.ticket', { id }));
    expect(page.body.props.fiscal).toMatchObject({
      provider: 'emecef',
      fiscal_number: 'ABCD-EFGH-IJKL-MNOP-QRST-UVWX',
      mecef: { nim: 'TS01000123', counters: '12/15 FV', date_time: '02/12/2026 10:15:00' },
      seller: { tax_label: 'IFU' },
    });
    expect(await decodeQr(page.body.props.fiscal.qr_svg)).toBe(
      'F;TS01000123;ABCDEFGHIJKLMNOPQRSTUVWX;0202112345678;20261202101500',
    );
  });

  it('waits a few seconds for a pending ticket, then prints it « en attente » with no number nor QR', async () => {
    const id = await counterSale();
    await certification(id, 'pending');
    const started = Date.now();
    const page = await printOut(admin, route('sales.ticket', { id }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(TICKET_CERTIFICATION_WAIT_MS - 200);
    expect(page.body.props.fiscal).toMatchObject({ state: 'pending', fiscal_number: null, qr_svg: null });
  });

  it('a ticket certified while it waits prints certified', async () => {
    const id = await counterSale();
    await certification(id, 'pending');
    const certifiedLater = new Promise((resolve) => setTimeout(resolve, 300)).then(() =>
      t.db('fiscal_certifications').where({ document_type: 'counterSale', document_id: id }).update({
        state: 'certified',
        fiscal_number: 'FN-LATE-1',
        qr_content: 'http://verify/late',
        certified_at: new Date().toISOString(),
      }),
    );
    const started = Date.now();
    const page = await printOut(admin, route('sales.ticket', { id }));
    expect(await certifiedLater).toBe(1);
    expect(Date.now() - started).toBeLessThan(TICKET_CERTIFICATION_WAIT_MS);
    expect(page.body.props.fiscal).toMatchObject({ state: 'certified', fiscal_number: 'FN-LATE-1' });
  });

  it('a document made with no provider prints no fiscal block, at once', async () => {
    const id = await counterSale();
    const started = Date.now();
    const page = await printOut(admin, route('sales.ticket', { id }));
    expect(Date.now() - started).toBeLessThan(TICKET_CERTIFICATION_WAIT_MS);
    expect(page.body.props.fiscal).toBeNull();
    const stock = await t.db('stock_entries').first('id');
    if (stock) expect((await admin.visit(route('entries.print', { id: stock.id }))).body.props.fiscal).toBeNull();
  });
});
