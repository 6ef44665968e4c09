import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../../shared/routes.js';
import { businessDate } from '../../../server/domain/dates.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { type StockFixtures, giveStock, idempotencyKey, makeProduct, stockFixtures } from '../../support/stock.js';
import { uniqueTag } from '../../support/unique.js';
import { printOut } from '../../support/print.js';

const today = () => businessDate('Africa/Abidjan');

/**
 * What the entry and transfer pages receive: never a sum of quantities across products (sacks and
 * buckets do not add up) — line counts instead — and, on the show pages, what the print button will
 * print (the original, or a DUPLICATA once the original is out; not offered to a user who may not reprint).
 */
describe.each(testDatabases())('entry and transfer pages: line counts, print state (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let admin: Client;

  const idFrom = (location: string) => Number(location.split('?')[0].split('/').pop());
  /** 50 sacks and 4 buckets of the test's own, in the depot. */
  const goods = async () => {
    const tag = uniqueTag();
    const rice = await makeProduct(t.db, {
      code: `${tag}RIZ`,
      name: `Riz ${tag}`,
      category_id: f.category,
      unit: 'sac',
      purchase_price: 12000,
    });
    const paint = await makeProduct(t.db, {
      code: `${tag}PEI`,
      name: `Peinture ${tag}`,
      category_id: f.category,
      unit: 'seau',
      purchase_price: 9000,
    });
    await giveStock(t.db, rice, f.depot, 100, 12000);
    await giveStock(t.db, paint, f.depot, 10, 9000);
    return { tag, rice, paint };
  };
  const sendTransfer = async (c: Client) => {
    const { rice, paint } = await goods();
    const res = await c.post(route('transfers.index'), {
      idempotency_key: idempotencyKey(),
      from_location_id: f.depot,
      to_location_id: f.shop,
      transfer_date: today(),
      note: '',
      lines: [
        { product_id: rice, quantity: 50 },
        { product_id: paint, quantity: 4 },
      ],
    });
    expect(res.status).toBe(303);
    return { id: idFrom(res.headers.location), rice, paint };
  };
  const enter = async (c: Client) => {
    const { tag, rice, paint } = await goods();
    const res = await c.post(route('entries.index'), {
      idempotency_key: idempotencyKey(),
      supplier_id: f.supplier,
      location_id: f.depot,
      entry_date: today(),
      supplier_ref: `BL-${tag}`,
      note: '',
      lines: [
        { product_id: rice, unit: 'unit', quantity: 50, unit_cost: 12000 },
        { product_id: paint, unit: 'unit', quantity: 4, unit_cost: 9000 },
      ],
    });
    expect(res.status).toBe(303);
    return { id: idFrom(res.headers.location), tag };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());

  it('a transfer of sacks and buckets is sent as lines, never as a sum of both', async () => {
    const { id, rice, paint } = await sendTransfer(admin);
    await admin.post(route('transfers.receive', { id }), {
      idempotency_key: idempotencyKey(),
      version: 1,
      received_date: today(),
      note: '',
      lines: [
        { product_id: rice, quantity_received: 50, reason: '' },
        { product_id: paint, quantity_received: 3, reason: 'Un seau percé' },
      ],
    });
    const show = (await admin.visit(route('transfers.show', { id }))).body.props;
    expect(show.transfer.status).toBe('received_with_difference');
    expect(show.transfer.line_count).toBe(2);
    expect(show.transfer).not.toHaveProperty('total_quantity_sent');
    expect(show.transfer).not.toHaveProperty('total_quantity_received');
    // Each line keeps its unit: the page totals per unit (« 50 sacs, 4 seaux ») and counts differences.
    expect(
      show.transfer.lines.map((l: { unit: string; quantity_sent: number; difference: number }) => [
        l.unit,
        l.quantity_sent,
        l.difference,
      ]),
    ).toEqual([
      ['sac', 50, 0],
      ['seau', 4, -1],
    ]);
    const print = (await admin.visit(route('transfers.print', { id }))).body.props;
    expect(print.transfer).not.toHaveProperty('total_quantity_sent');

    const list = (await admin.visit(route('transfers.index', { q: show.transfer.number }))).body.props.transfers.data;
    expect(list).toHaveLength(1);
    expect(list[0].line_count).toBe(2);
    expect(list[0]).not.toHaveProperty('total_quantity_sent');
    expect(list[0]).not.toHaveProperty('total_quantity_received');
  });

  it('an entry of sacks and buckets is listed and stated by its lines, never by a sum of both', async () => {
    const { id, tag } = await enter(admin);
    const show = (await admin.visit(route('entries.show', { id }))).body.props;
    expect(show.entry.line_count).toBe(2);
    expect(show.entry).not.toHaveProperty('total_quantity');
    expect(show.entry.total_amount).toBe(50 * 12000 + 4 * 9000);

    const list = (await admin.visit(route('entries.index', { q: `BL-${tag}` }))).body.props.entries.data;
    expect(list).toHaveLength(1);
    expect(list[0].line_count).toBe(2);
    expect(list[0]).not.toHaveProperty('total_quantity');

    const statement = (await admin.visit(route('entries.statement', { from: today(), to: today() }))).body.props;
    expect(statement.totals).not.toHaveProperty('quantity');
    const rows = statement.rows as Array<{ status: string; line_count: number }>;
    expect(rows.some((r) => 'total_quantity' in r)).toBe(false);
    // The statement counts the lines of the validated entries.
    expect(statement.totals.lines).toBe(
      rows.filter((r) => r.status === 'validated').reduce((s, r) => s + r.line_count, 0),
    );
    expect(statement.totals.lines).toBeGreaterThanOrEqual(2);
  });

  it('the show pages say whether the next print is a DUPLICATA, and do not offer it to a user who may not reprint', async () => {
    const transfer = await sendTransfer(admin);
    const entry = await enter(admin);
    const pages = [
      { show: route('transfers.show', { id: transfer.id }), print: route('transfers.print', { id: transfer.id }) },
      { show: route('entries.show', { id: entry.id }), print: route('entries.print', { id: entry.id }) },
    ];
    const clerkUser = await userWithPermissions(t, `clerk-${uniqueTag().toLowerCase()}@test.local`, [
      'menu.entreestock',
      'menu.sortiestock',
    ]);
    const clerk = new Client(t);
    await clerk.login(clerkUser.email, clerkUser.password);
    for (const p of pages) {
      // Not printed yet: the original, for everyone.
      expect((await admin.visit(p.show)).body.props.print).toEqual({ duplicata: false, allowed: true });
      expect((await clerk.visit(p.show)).body.props.print).toEqual({ duplicata: false, allowed: true });
      expect((await printOut(admin, p.print)).body.props.copy.duplicata).toBe(false);
      // Printed: the next print is a DUPLICATA, offered only to those who may reprint.
      expect((await admin.visit(p.show)).body.props.print).toEqual({ duplicata: true, allowed: true });
      expect((await clerk.visit(p.show)).body.props.print).toEqual({ duplicata: true, allowed: false });
      // Showing the pages printed nothing: still one original, no reprint; the preview says what the next print will be.
      expect((await admin.visit(p.print)).body.props.copy).toMatchObject({ duplicata: true, reprint: 1 });
      expect((await admin.visit(p.print)).body.props.copy).toMatchObject({ duplicata: true, reprint: 1 });
      expect((await admin.visit(p.show)).body.props.print).toEqual({ duplicata: true, allowed: true });
    }
  });
});
