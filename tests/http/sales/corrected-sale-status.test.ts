import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../../server/domain/dates.js';
import { createCreditNote } from '../../../server/services/sales/credit-notes.js';
import { route } from '../../../shared/routes.js';
import { saleDisplayStatus } from '../../../shared/sales.js';
import { Client, type TestApp, createTestApp } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { adminActor, cashPayment, line, saleInput, sell, walkInClient } from '../../support/sales.js';
import {
  type StockFixtures,
  expectStockConsistent,
  giveStock,
  idempotencyKey,
  makeProduct,
  stockFixtures,
} from '../../support/stock.js';
import { expectCashConsistent } from '../../support/treasury.js';
import { uniqueTag } from '../../support/unique.js';

const today = () => businessDate('Africa/Abidjan');

/**
 * A counter sale (VB-) corrected by credit notes (AV-) reads so everywhere (issue 34, item 7): its
 * status is « Partiellement remboursée » (« Remboursée » once all of it came back), never « Payée »
 * with its full amount alone — on the lists with what was refunded, on its page and on every
 * reprint (the invoice and the ticket carry each credit note and the net after them); the lists'
 * status filter follows the same rule.
 */
describe.each(testDatabases())('a sale corrected by credit notes reads so (%s)', (kind) => {
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
  afterEach(async () => {
    await expectStockConsistent(t.db);
    await expectCashConsistent(t.db);
  });

  /** A counter sale of 4 × 2 500 paid in cash, then `returned` of them brought back (one credit note each). */
  const correctedSale = async (...returned: number[]) => {
    const tag = uniqueTag();
    const p = await makeProduct(t.db, {
      code: `${tag}RIZ`,
      name: `Riz parfumé 5 kg ${tag}`,
      category_id: f.category,
      unit: 'sac',
    });
    await giveStock(t.db, p, f.shop, 20, 1_000);
    const sale = await sell(
      t.db,
      saleInput({
        clientId: walkIn,
        locationId: f.shop,
        saleDate: today(),
        lines: [line(p, 4, { unitPrice: 2_500 })],
        payments: [cashPayment(10_000)],
      }),
    );
    const lineId = Number((await t.db('sale_lines').where({ sale_id: sale.id }).first('id'))!.id);
    const notes = [];
    for (const [i, quantity] of returned.entries()) {
      notes.push(
        await createCreditNote(
          t.db,
          {
            idempotencyKey: idempotencyKey(),
            saleId: sale.id,
            reason: 'Sac percé',
            version: 1 + i,
            lines: [{ saleLineId: lineId, quantity }],
          },
          await adminActor(t.db),
        ),
      );
    }
    return { ...sale, notes };
  };
  const listed = async (number: string, query: Record<string, string> = {}) => {
    const res = await admin.visit(route('sales.counterSales', { q: number, ...query }));
    expect(res.status).toBe(200);
    return res.body.props.sales.data.find((r: { number: string }) => r.number === number);
  };

  it('the rule: cancelled, else refunded in full or in part by credit notes, else the payment status', () => {
    const sale = { status: 'validated', payment_status: 'paid', total_ttc: 10_000 };
    expect(saleDisplayStatus({ ...sale, amount_credited: 0 })).toBe('paid');
    expect(saleDisplayStatus({ ...sale, amount_credited: 2_500 })).toBe('partly_refunded');
    expect(saleDisplayStatus({ ...sale, amount_credited: 10_000 })).toBe('refunded');
    expect(saleDisplayStatus({ ...sale, status: 'cancelled', amount_credited: 2_500 })).toBe('cancelled');
    expect(saleDisplayStatus({ ...sale, payment_status: 'unpaid', amount_credited: 0 })).toBe('unpaid');
  });

  it('a partly corrected counter sale: « Partiellement remboursée » with the amount refunded on the lists, its page, its invoice and its ticket', async () => {
    const sale = await correctedSale(1);
    const [note] = sale.notes;
    expect(await listed(sale.number)).toMatchObject({
      status: 'partly_refunded',
      status_label: 'Partiellement remboursée',
      refunded: 2_500,
      total_ttc: 10_000,
      due: 0,
    });
    // Annulations › Factures lists it the same way.
    const cancellations = await admin.visit(route('sales.cancellations', { q: sale.number }));
    expect(cancellations.body.props.sales.data.find((r: { number: string }) => r.number === sale.number)).toMatchObject(
      { status: 'partly_refunded', refunded: 2_500 },
    );

    const show = await admin.visit(route('sales.show', { id: sale.id }));
    expect(show.body.props.sale).toMatchObject({
      status: 'partly_refunded',
      status_label: 'Partiellement remboursée',
      credited: 2_500,
      credit_notes: [{ id: note.id, number: note.number, credit_date: today(), refunded: 2_500 }],
    });
    // Every reprint (the preview is what the paper says): the invoice and the ticket carry the credit note.
    const invoice = await admin.visit(route('sales.print', { id: sale.id }));
    expect(invoice.body.props.sale).toMatchObject({
      status: 'partly_refunded',
      credit_notes: [{ number: note.number, refunded: 2_500 }],
    });
    const ticket = await admin.visit(route('sales.ticket', { id: sale.id }));
    expect(ticket.body.props.ticket).toMatchObject({
      total: 10_000,
      refunded: 2_500,
      credit_notes: [{ number: note.number, refunded: 2_500 }],
    });
  });

  it('all of it brought back (two credit notes): « Remboursée », both credit notes on the reprints', async () => {
    const sale = await correctedSale(1, 3);
    expect(await listed(sale.number)).toMatchObject({
      status: 'refunded',
      status_label: 'Remboursée',
      refunded: 10_000,
    });
    const ticket = await admin.visit(route('sales.ticket', { id: sale.id }));
    expect(ticket.body.props.ticket.credit_notes.map((c: { refunded: number }) => c.refunded)).toEqual([2_500, 7_500]);
    expect(ticket.body.props.ticket.refunded).toBe(10_000);
  });

  it('a sale never corrected stays « Payée », with nothing refunded and no credit note', async () => {
    const sale = await correctedSale();
    expect(await listed(sale.number)).toMatchObject({ status: 'paid', status_label: 'Payée', refunded: 0 });
    expect((await admin.visit(route('sales.print', { id: sale.id }))).body.props.sale.credit_notes).toEqual([]);
  });

  it('the lists’ status filter follows the rule: « Payée » leaves out the corrected sales, « Partiellement remboursée » and « Remboursée » find them', async () => {
    const paid = await correctedSale();
    const partly = await correctedSale(2);
    const all = await correctedSale(4);
    const numbers = async (status: string) => {
      const res = await admin.visit(route('sales.counterSales', { status, from: today(), to: today() }));
      expect(res.status).toBe(200);
      return (res.body.props.sales.data as Array<{ number: string; status: string }>)
        .filter((r) => [paid.number, partly.number, all.number].includes(r.number))
        .map((r) => [r.number, r.status]);
    };
    expect(await numbers('paid')).toEqual([[paid.number, 'paid']]);
    expect(await numbers('partly_refunded')).toEqual([[partly.number, 'partly_refunded']]);
    expect(await numbers('refunded')).toEqual([[all.number, 'refunded']]);
    // The export says it too, with the amount refunded.
    const csv = await admin.agent.get(route('sales.counterSales.export', { q: partly.number, format: 'csv' }));
    expect(csv.status).toBe(200);
    const rows = (csv.text ?? csv.body.toString())
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toMatch(/;Statut;Remboursé \(avoirs\)$/);
    expect(rows[1]).toMatch(new RegExp(`^${partly.number};.*;Partiellement remboursée;5\\D?000$`));
  });
});
