import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../../server/domain/dates.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import {
  type StockFixtures,
  expectStockConsistent,
  giveStock,
  idempotencyKey,
  lastNumber,
  levelOf,
  makeProduct,
  nextNumber,
  setNegativeStock,
  stockFixtures,
} from '../../support/stock.js';
import { uniqueTag } from '../../support/unique.js';
import { printOut } from '../../support/print.js';

const today = () => businessDate('Africa/Abidjan');
const year = () => Number(today().slice(0, 4));
const BASE = '/operations/sortiestock/transferts';

describe.each(testDatabases())('transfers (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let admin: Client;

  const transfer = (over: Record<string, unknown> = {}) => ({
    idempotency_key: idempotencyKey(),
    from_location_id: f.depot,
    to_location_id: f.shop,
    transfer_date: today(),
    note: 'Réassort hebdomadaire',
    lines: [
      { product_id: f.products.rice, quantity: 10 },
      { product_id: f.products.oil, quantity: 24 },
    ],
    ...over,
  });
  const send = async (c: Client, over: Record<string, unknown> = {}) => {
    const res = await c.post(BASE, transfer(over));
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(/\/operations\/sortiestock\/transferts\/\d+$/);
    return Number(res.headers.location.split('/').pop());
  };
  const reception = (
    lines: Array<{ product_id: number; quantity_received: number; reason?: string }>,
    over: Record<string, unknown> = {},
  ) => ({
    idempotency_key: idempotencyKey(),
    version: 1,
    received_date: today(),
    note: '',
    lines,
    ...over,
  });
  const counts = async () => ({
    transfers: Number((await t.db('transfers').count({ n: '*' }).first())!.n),
    movements: Number((await t.db('stock_movements').count({ n: '*' }).first())!.n),
    counter: await lastNumber(t.db, 'TRF', year()),
  });
  /** Rice and oil of the test's own in the depot: 100 sacks at 12 000 and 240 bottles at 1 100. */
  const goods = async () => {
    const tag = uniqueTag();
    const rice = await makeProduct(t.db, {
      code: `${tag}RIZ`,
      name: 'Riz parfumé 25 kg',
      category_id: f.category,
      unit: 'sac',
      purchase_price: 12000,
    });
    const oil = await makeProduct(t.db, {
      code: `${tag}HUI`,
      name: 'Huile végétale 1 L',
      category_id: f.category,
      unit: 'bouteille',
      pack_size: 12,
      purchase_price: 1100,
    });
    await giveStock(t.db, rice, f.depot, 100, 12000);
    await giveStock(t.db, oil, f.depot, 240, 1100);
    return { tag, rice, oil };
  };
  const numberOf = async (id: number) => (await t.db('transfers').where({ id }).first('number'))!.number as string;
  const errorsAfter = async (c: Client, url: string, body: object, landing = BASE) => {
    const res = await c.post(url, body);
    expect(res.status).toBe(303);
    return (await c.visit(landing)).body.props.errors as Record<string, string>;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    admin = new Client(t);
    await admin.login();
    await giveStock(t.db, f.products.rice, f.depot, 100, 12000);
    await giveStock(t.db, f.products.oil, f.depot, 240, 1100);
  });
  afterAll(() => t.close());
  afterEach(() => expectStockConsistent(t.db));

  it('opens the stock-exit hub on the transfer tab, with 403s for users without the menu', async () => {
    const before = await counts();
    const hub = await admin.visit('/operations/sortiestock');
    expect(hub.status).toBe(303);
    expect(hub.headers.location).toBe(BASE);
    const list = await admin.visit(BASE);
    expect(list.body.component).toBe('stock/transfers/Index');
    expect(list.body.props.can).toEqual({ create: true, cancel: true });

    const none = await userWithPermissions(t, 'none@test.local', ['menu.dashboard']);
    const c = new Client(t);
    await c.login(none.email, none.password);
    for (const url of [
      '/operations/sortiestock',
      BASE,
      `${BASE}/create`,
      `${BASE}/1`,
      `${BASE}/1/print`,
      '/operations/transfert/annulation',
    ])
      expect((await c.visit(url)).status, url).toBe(403);
    for (const url of [BASE, `${BASE}/1/receive`, `${BASE}/1/cancel`])
      expect((await c.post(url, {})).status, url).toBe(403);

    // A seller sees the hub but may not move stock.
    const seller = await userWithPermissions(t, 'seller@test.local', ['menu.sortiestock', 'sales.create']);
    const s = new Client(t);
    await s.login(seller.email, seller.password);
    expect((await s.visit(BASE)).body.props.can).toEqual({ create: false, cancel: false });
    expect((await s.visit(`${BASE}/create`)).status).toBe(403);
    expect((await s.post(BASE, transfer())).status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('sends a transfer: TRF number, stock leaves the source at CMUP and is in transit', async () => {
    const { rice, oil } = await goods();
    const inTransit = (await admin.visit(`${BASE}?status=sent`)).body.props.in_transit as number;
    const number = await nextNumber(t.db, 'TRF', year());
    const id = await send(admin, {
      lines: [
        { product_id: rice, quantity: 10 },
        { product_id: oil, quantity: 24 },
      ],
    });
    const row = (await t.db('transfers').where({ id }).first())!;
    expect(row).toMatchObject({ number, status: 'sent', line_count: 2, version: 1 });
    expect(Number(row.total_value)).toBe(10 * 12000 + 24 * 1100);
    expect(await levelOf(t.db, rice, f.depot)).toBe(90);
    expect(await levelOf(t.db, rice, f.shop)).toBe(0);
    const lines = await t.db('transfer_lines').where({ transfer_id: id }).orderBy('position');
    expect(lines.map((l) => [Number(l.quantity_sent), Number(l.unit_cost), l.quantity_received])).toEqual([
      [10, 12000, null],
      [24, 1100, null],
    ]);
    expect(await t.db('audit_log').where({ action: 'transfer.sent', subject_id: String(id) })).toHaveLength(1);

    const page = await admin.visit(`${BASE}/${id}`);
    expect(page.body.component).toBe('stock/transfers/Show');
    expect(page.body.props.transfer).toMatchObject({
      status: 'sent',
      status_label: 'Envoyé',
      from: { name: 'Dépôt principal' },
      to: { name: 'Boutique 1' },
      total_value: 146_400,
    });
    expect(page.body.props.actions).toEqual({ receive: true, cancel: true });
    const list = await admin.visit(`${BASE}?status=sent&q=${number}`);
    expect(list.body.props.in_transit).toBe(inTransit + 1);
    expect(list.body.props.transfers.data).toEqual([
      expect.objectContaining({
        number,
        status_label: 'Envoyé',
        from_name: 'Dépôt principal',
        to_name: 'Boutique 1',
        cancellable: true,
      }),
    ]);
  });

  it('hides costs from a user who may not see them', async () => {
    const mover = await userWithPermissions(t, 'mover@test.local', ['menu.sortiestock', 'transfers.create']);
    const c = new Client(t);
    await c.login(mover.email, mover.password);
    const { rice } = await goods();
    const id = await send(admin, { lines: [{ product_id: rice, quantity: 1 }] });
    const page = await c.visit(`${BASE}/${id}`);
    expect(page.body.props.transfer.lines[0]).toMatchObject({ product_name: 'Riz parfumé 25 kg', quantity_sent: 1 });
    expect(page.body.props.transfer).not.toHaveProperty('total_value');
    expect(page.body.props.transfer.lines[0]).not.toHaveProperty('unit_cost');
    expect(JSON.stringify(page.body.props)).not.toContain('12000');
  });

  it('receives a transfer in full → "Reçu"', async () => {
    const { rice } = await goods();
    const id = await send(admin, { lines: [{ product_id: rice, quantity: 5 }] });
    const res = await admin.post(`${BASE}/${id}/receive`, reception([{ product_id: rice, quantity_received: 5 }]));
    expect(res.status).toBe(303);
    const row = (await t.db('transfers').where({ id }).first())!;
    expect(row).toMatchObject({ status: 'received', received_date: today(), version: 2 });
    expect(Number(row.total_quantity_received)).toBe(5);
    expect(await levelOf(t.db, rice, f.shop)).toBe(5);
    expect(await levelOf(t.db, rice, f.depot)).toBe(95);
    expect((await admin.follow(res)).body.flash.success).toMatch(/reçu\.$/);
  });

  it('receives with a difference and its reason → "Reçu avec écart"', async () => {
    const { rice, oil } = await goods();
    const id = await send(admin, {
      lines: [
        { product_id: rice, quantity: 10 },
        { product_id: oil, quantity: 12 },
      ],
    });
    // A difference without a reason is refused, nothing written.
    const before = await counts();
    const errors = await errorsAfter(
      admin,
      `${BASE}/${id}/receive`,
      reception([
        { product_id: rice, quantity_received: 8 },
        { product_id: oil, quantity_received: 12 },
      ]),
      `${BASE}/${id}`,
    );
    expect(errors['lines.0.reason']).toBe('Indiquez le motif de l’écart sur « Riz parfumé 25 kg » (-2).');
    expect(await counts()).toEqual(before);

    const res = await admin.post(
      `${BASE}/${id}/receive`,
      reception([
        { product_id: rice, quantity_received: 8, reason: '2 sacs déchirés' },
        { product_id: oil, quantity_received: 12 },
      ]),
    );
    expect(res.status).toBe(303);
    expect((await t.db('transfers').where({ id }).first())!.status).toBe('received_with_difference');
    const page = await admin.follow(res);
    expect(page.body.flash.success).toMatch(/reçu avec écart/);
    expect(page.body.props.transfer.status_label).toBe('Reçu avec écart');
    expect(page.body.props.transfer.lines[0]).toMatchObject({
      quantity_sent: 10,
      quantity_received: 8,
      difference: -2,
      difference_reason: '2 sacs déchirés',
    });
    // Received: the transfer is closed, « Annuler le transfert » is no longer offered.
    expect(page.body.props.actions).toEqual({ receive: false, cancel: false });
    const audit = (await t
      .db('audit_log')
      .where({ action: 'transfer.received', subject_id: String(id) })
      .first())!;
    expect(JSON.parse(audit.details!).after.differences).toEqual([
      { product: 'Riz parfumé 25 kg', sent: 10, received: 8, reason: '2 sacs déchirés' },
    ]);

    // Never received twice.
    const again = await errorsAfter(
      admin,
      `${BASE}/${id}/receive`,
      reception(
        [
          { product_id: rice, quantity_received: 8, reason: 'x' },
          { product_id: oil, quantity_received: 12 },
        ],
        { version: 2 },
      ),
      `${BASE}/${id}`,
    );
    expect(again.status).toMatch(/déjà été réceptionné/);
  });

  it('refuses a stale reception form, a date before the sending, and bad quantities', async () => {
    const { rice, oil } = await goods();
    const id = await send(admin, { lines: [{ product_id: rice, quantity: 1 }] });
    await t.db('transfers').where({ id }).update({ version: 2 });
    let errors = await errorsAfter(
      admin,
      `${BASE}/${id}/receive`,
      reception([{ product_id: rice, quantity_received: 1 }]),
      `${BASE}/${id}`,
    );
    expect(errors.version).toMatch(/a été modifié entre-temps par un autre utilisateur/);
    errors = await errorsAfter(
      admin,
      `${BASE}/${id}/receive`,
      reception([{ product_id: rice, quantity_received: 1 }], { version: 2, received_date: '2001-01-01' }),
      `${BASE}/${id}`,
    );
    expect(errors.received_date).toBe('La date de réception ne peut pas précéder la date d’envoi.');
    errors = await errorsAfter(
      admin,
      `${BASE}/${id}/receive`,
      reception([{ product_id: rice, quantity_received: -1 }], { version: 2 }),
      `${BASE}/${id}`,
    );
    expect(errors['lines.0.quantity_received']).toMatch(/ne peut pas être négative/);
    errors = await errorsAfter(
      admin,
      `${BASE}/${id}/receive`,
      reception([{ product_id: oil, quantity_received: 1 }], { version: 2 }),
      `${BASE}/${id}`,
    );
    expect(errors.lines).toMatch(/ne fait pas partie du transfert/);
    expect((await t.db('transfers').where({ id }).first())!.status).toBe('sent');
  });

  it('refuses bad transfer input and writes nothing', async () => {
    const archived = await makeProduct(t.db, { category_id: f.category, name: 'Article archivé', active: false });
    const tag = uniqueTag();
    const sugar = await makeProduct(t.db, {
      code: `${tag}SUC`,
      name: 'Sucre en poudre 1 kg',
      category_id: f.category,
      unit: 'paquet',
      pack_size: 20,
    });
    const before = await counts();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ to_location_id: f.depot }, 'to_location_id', /différente de l’emplacement de départ/],
      [{ lines: [] }, 'lines', /Ajoutez au moins un produit/],
      [{ lines: [{ product_id: f.products.rice, quantity: 0 }] }, 'lines.0.quantity', /supérieure à zéro/],
      [{ lines: [{ product_id: f.products.rice, quantity: 2.5 }] }, 'lines.0.quantity', /entier/],
      [{ lines: [{ product_id: archived, quantity: 1 }] }, 'lines.0.product_id', /archivé/],
      [{ lines: [{ product_id: 424242, quantity: 1 }] }, 'lines.0.product_id', /introuvable/],
      [{ from_location_id: 424242 }, 'from_location_id', /n’existe pas/],
      [{ transfer_date: '2999-12-31' }, 'transfer_date', /futur/],
      [
        { lines: [{ product_id: sugar, quantity: 3 }] },
        'lines.0.quantity',
        new RegExp(
          `Stock insuffisant pour « Sucre en poudre 1 kg » \\(${tag}SUC\\) à Dépôt principal : il manque 3\u00a0paquets \\(disponible 0, demandé 3\\)\\.`,
        ),
      ],
    ];
    for (const [over, field, message] of cases) {
      const errors = await errorsAfter(admin, BASE, transfer(over));
      expect(errors[field], `${field} ← ${JSON.stringify(over)}`).toMatch(message);
    }
    expect(await counts()).toEqual(before);
  });

  it('merges the same product twice and checks the stock on the total', async () => {
    const p = await makeProduct(t.db, { category_id: f.category, name: 'Biscuits' });
    await giveStock(t.db, p, f.depot, 5);
    const errors = await errorsAfter(
      admin,
      BASE,
      transfer({
        lines: [
          { product_id: p, quantity: 3 },
          { product_id: p, quantity: 3 },
        ],
      }),
    );
    expect(errors['lines.0.quantity']).toMatch(/il manque 1/);
    const id = await send(admin, {
      lines: [
        { product_id: p, quantity: 2 },
        { product_id: p, quantity: 3 },
      ],
    });
    const lines = await t.db('transfer_lines').where({ transfer_id: id });
    expect(lines.map((l) => Number(l.quantity_sent))).toEqual([5]);
  });

  it('allows negative stock only when the company setting allows it', async () => {
    const p = await makeProduct(t.db, { category_id: f.category });
    await setNegativeStock(t.db, true);
    try {
      const id = await send(admin, { lines: [{ product_id: p, quantity: 2 }] });
      expect(await levelOf(t.db, p, f.depot)).toBe(-2);
      // Cancelling still works (the goods come back).
      const res = await admin.post(`${BASE}/${id}/cancel`, { reason: 'Erreur de saisie', version: 1 });
      expect(res.status).toBe(303);
      expect(await levelOf(t.db, p, f.depot)).toBe(0);
    } finally {
      await setNegativeStock(t.db, false);
    }
  });

  it('cancels a sent transfer: the goods return to the source', async () => {
    const id = await send(admin, { lines: [{ product_id: f.products.oil, quantity: 6 }] });
    const before = await levelOf(t.db, f.products.oil, f.depot);
    let errors = await errorsAfter(admin, `${BASE}/${id}/cancel`, { reason: '', version: 1 }, `${BASE}/${id}`);
    expect(errors.reason).toBe('Le motif d’annulation est obligatoire.');
    errors = await errorsAfter(
      admin,
      `${BASE}/${id}/cancel`,
      { reason: 'Camion en panne', version: 9 },
      `${BASE}/${id}`,
    );
    expect(errors.version).toMatch(/modifié entre-temps/);
    const res = await admin.post(`${BASE}/${id}/cancel`, { reason: 'Camion en panne', version: 1 });
    expect(res.status).toBe(303);
    expect(await levelOf(t.db, f.products.oil, f.depot)).toBe(before + 6);
    const row = await t.db('transfers').where({ id }).first();
    expect(row).toMatchObject({ status: 'cancelled', status_before_cancel: 'sent', cancel_reason: 'Camion en panne' });
    expect(await t.db('audit_log').where({ action: 'transfer.cancelled', subject_id: String(id) })).toHaveLength(1);
    // Terminal.
    errors = await errorsAfter(
      admin,
      `${BASE}/${id}/receive`,
      reception([{ product_id: f.products.oil, quantity_received: 6 }], { version: 2 }),
      `${BASE}/${id}`,
    );
    expect(errors.status).toMatch(/annulé/);
    errors = await errorsAfter(admin, `${BASE}/${id}/cancel`, { reason: 'Deuxième fois', version: 2 }, `${BASE}/${id}`);
    expect(errors.reason).toMatch(/annulé/);
  });

  it('values the differences of a reception at the CMUP at sending, for those who see costs only (screen and printout)', async () => {
    const { rice, oil } = await goods();
    const id = await send(admin, {
      lines: [
        { product_id: rice, quantity: 10 },
        { product_id: oil, quantity: 24 },
      ],
    });
    await admin.post(
      `${BASE}/${id}/receive`,
      reception([
        { product_id: rice, quantity_received: 8, reason: '2 sacs déchirés' },
        { product_id: oil, quantity_received: 30, reason: 'Colis en trop' },
      ]),
    );
    const page = await admin.visit(`${BASE}/${id}`);
    // Rice: −2 sacks × 12 000; oil: +6 bottles × 1 100 (the CMUP each line was sent at).
    expect(page.body.props.transfer.lines.map((l: { difference_value: number }) => l.difference_value)).toEqual([
      -24_000, 6_600,
    ]);
    expect(page.body.props.transfer.difference_values).toEqual({ loss: -24_000, surplus: 6_600, net: -17_400 });
    const print = await admin.visit(`${BASE}/${id}/print`);
    expect(print.body.props.transfer.difference_values).toEqual({ loss: -24_000, surplus: 6_600, net: -17_400 });
    expect(print.body.props.transfer.lines[0].difference_value).toBe(-24_000);
    // The slip itself carries no unit cost.
    expect(print.body.props.transfer.lines[0]).not.toHaveProperty('unit_cost');

    // A user who may not see costs gets the differences in quantity, and no value at all in the props
    // (the admin printed the original: this user reprints, a DUPLICATA).
    const mover = await userWithPermissions(t, `mover-${uniqueTag()}@test.local`, [
      'menu.sortiestock',
      'transfers.create',
      'documents.reprint',
    ]);
    const c = new Client(t);
    await c.login(mover.email, mover.password);
    for (const url of [`${BASE}/${id}`, `${BASE}/${id}/print`]) {
      const view = (await c.visit(url)).body.props.transfer;
      expect(view.lines[0]).toMatchObject({ difference: -2 });
      expect(view).not.toHaveProperty('difference_values');
      for (const l of view.lines) expect(l).not.toHaveProperty('difference_value');
    }
  });

  it('records a surplus as a gain at the destination, with its reason, apart from what the source sent', async () => {
    const { rice, oil } = await goods();
    const id = await send(admin, {
      lines: [
        { product_id: rice, quantity: 10 },
        { product_id: oil, quantity: 24 },
      ],
    });
    const cmupBefore = Number((await t.db('products').where({ id: oil }).first('cmup'))!.cmup);
    await admin.post(
      `${BASE}/${id}/receive`,
      reception([
        { product_id: rice, quantity_received: 10 },
        { product_id: oil, quantity_received: 30, reason: 'Un carton en trop' },
      ]),
    );
    // The source lost what it sent (24), the shop has 30: the 6 extra are a gain of their own.
    expect(await levelOf(t.db, oil, f.depot)).toBe(240 - 24);
    expect(await levelOf(t.db, oil, f.shop)).toBe(30);
    const moves = await t
      .db('stock_movements')
      .where({ document_type: 'transfer', document_id: id, product_id: oil })
      .orderBy('id');
    expect(moves.map((m) => [m.movement_type, Number(m.quantity), Number(m.unit_cost), m.reason])).toEqual([
      ['transfer_out', -24, 1100, null],
      ['transfer_in', 24, 1100, null],
      ['transfer_surplus', 6, 1100, 'Un carton en trop'],
    ]);
    // A gain at the CMUP: the CMUP does not move.
    expect(Number((await t.db('products').where({ id: oil }).first('cmup'))!.cmup)).toBe(cmupBefore);
    // The product's ledger names it.
    const stock = await admin.visit(`/fichiers/produits/${oil}/stock`);
    const labels = stock.body.props.movements.map(
      (m: { type_label: string; quantity: number; reason: string | null }) => [m.type_label, m.quantity, m.reason],
    );
    expect(labels).toContainEqual(['Excédent à la réception de transfert', 6, 'Un carton en trop']);
    // The line received as sent has no surplus movement.
    expect(
      await t
        .db('stock_movements')
        .where({ document_type: 'transfer', document_id: id, product_id: rice, movement_type: 'transfer_surplus' }),
    ).toHaveLength(0);
  });

  it('refuses to cancel a received transfer: no button, and the server says why, nothing written', async () => {
    const p = await makeProduct(t.db, { category_id: f.category, name: 'Café moulu 250 g' });
    await giveStock(t.db, p, f.depot, 20);
    const id = await send(admin, { lines: [{ product_id: p, quantity: 10 }] });
    await admin.post(
      `${BASE}/${id}/receive`,
      reception([{ product_id: p, quantity_received: 9, reason: 'Un paquet manquant' }]),
    );
    expect(await levelOf(t.db, p, f.shop)).toBe(9);
    expect((await admin.visit(`${BASE}/${id}`)).body.props.actions).toEqual({ receive: false, cancel: false });
    // Nor on the cancellation screen.
    const search = await admin.visit(`/operations/transfert/annulation?q=${encodeURIComponent(await numberOf(id))}`);
    expect(search.body.props.transfers.data).toEqual([
      expect.objectContaining({ status: 'received_with_difference', cancellable: false }),
    ]);
    const before = await counts();
    const errors = await errorsAfter(
      admin,
      `${BASE}/${id}/cancel`,
      { reason: 'Mauvaise boutique', version: 2 },
      `${BASE}/${id}`,
    );
    expect(errors.reason).toMatch(/déjà été réceptionné : il ne peut plus être annulé/);
    expect(await counts()).toEqual(before);
    expect(await levelOf(t.db, p, f.shop)).toBe(9);
    expect(await levelOf(t.db, p, f.depot)).toBe(10);
    expect((await t.db('transfers').where({ id }).first())!.status).toBe('received_with_difference');
  });

  it('returns the first result when a transfer form is sent twice', async () => {
    const body = transfer({ lines: [{ product_id: f.products.rice, quantity: 1 }] });
    const before = await levelOf(t.db, f.products.rice, f.depot);
    const [a, b] = await Promise.all([admin.post(BASE, body), admin.post(BASE, body)]);
    expect(a.headers.location).toBe(b.headers.location);
    expect(await levelOf(t.db, f.products.rice, f.depot)).toBe(before - 1);
    const id = Number(a.headers.location.split('/').pop());
    const rec = reception([{ product_id: f.products.rice, quantity_received: 1 }]);
    expect((await admin.post(`${BASE}/${id}/receive`, rec)).status).toBe(303);
    const replay = await admin.post(`${BASE}/${id}/receive`, rec);
    expect(replay.headers.location).toBe(`${BASE}/${id}`);
    expect((await admin.follow(replay)).body.props.errors).toEqual({});
  });

  it('prints the bon de transfert (A5) with the company header', async () => {
    const { rice } = await goods();
    const id = await send(admin, { lines: [{ product_id: rice, quantity: 2 }] });
    const res = await printOut(admin, `${BASE}/${id}/print?print=1`);
    expect(res.body.component).toBe('stock/transfers/Print');
    expect(res.body.props).toMatchObject({
      copy: { duplicata: false, reprint: 0 },
      auto_print: true,
      company: { name: 'Ma Société' },
      transfer: { number: await numberOf(id) },
    });
    const again = await admin.visit(`${BASE}/${id}/print`);
    expect(again.body.props).toMatchObject({ auto_print: false, copy: { duplicata: true, reprint: 1 } });
    expect(res.body.props.transfer).not.toHaveProperty('total_value');
  });

  it('finds an old transfer by its number whatever the default period, but keeps a period the user chose', async () => {
    const daysAgo = (n: number) => {
      const [y, m, d] = today().split('-').map(Number);
      return new Date(Date.UTC(y, m - 1, d - n)).toISOString().slice(0, 10);
    };
    const id = await send(admin, { transfer_date: daysAgo(90), lines: [{ product_id: f.products.rice, quantity: 1 }] });
    const number = await numberOf(id);
    const found = async (url: string) =>
      (await admin.visit(url)).body.props.transfers.data.map((r: { number: string }) => r.number) as string[];
    for (const list of ['/operations/transfert/annulation', BASE]) {
      // the default period (30 days) hides it from a plain visit…
      expect(await found(list)).not.toContain(number);
      // …but not from a search by number, with no dates or with the default dates sent back by the form
      const page = await admin.visit(`${list}?q=${encodeURIComponent(number)}`);
      expect(page.body.props.transfers.data.map((r: { number: string }) => r.number)).toEqual([number]);
      expect(page.body.props.filters).toMatchObject({ q: number, from: '', to: '' });
      expect(await found(`${list}?q=${encodeURIComponent(number)}&from=${daysAgo(30)}&to=${today()}`)).toEqual([
        number,
      ]);
      // a period the user chose still applies
      expect(await found(`${list}?q=${encodeURIComponent(number)}&from=${daysAgo(10)}&to=${today()}`)).toEqual([]);
      expect(await found(`${list}?q=${encodeURIComponent(number)}&from=${daysAgo(100)}&to=${daysAgo(80)}`)).toEqual([
        number,
      ]);
    }
    await expectStockConsistent(t.db);
  });

  it('Annulation des transferts: search, cancel with a reason, reprint as DUPLICATA counted and audited', async () => {
    const { rice } = await goods();
    const sent = await send(admin, { lines: [{ product_id: rice, quantity: 3 }] });
    const number = await numberOf(sent);
    const clerk = await userWithPermissions(t, 'clerk@test.local', ['menu.annulation.transfert', 'documents.reprint']);
    const c = new Client(t);
    await c.login(clerk.email, clerk.password);
    // a number is found by its sequence alone
    const page = await c.visit(
      `/operations/transfert/annulation?q=${number.slice(-6)}&from=${today()}&to=${today()}&from_location_id=${f.depot}`,
    );
    expect(page.body.component).toBe('stock/transfers/Cancellation');
    expect(page.body.props.can).toEqual({ cancel: false, reprint: true });
    expect(page.body.props.transfers.data.map((r: { number: string }) => r.number)).toEqual([number]);
    const id = page.body.props.transfers.data[0].id;
    expect(id).toBe(sent);
    expect((await c.post(`${BASE}/${id}/cancel`, { reason: 'Pas le droit', version: 1 })).status).toBe(403);

    // « Réimprimer » opens the bon de transfert: the original was printed by the sender, so this one
    // and the next are DUPLICATA, counted and audited; no toast lands on the paper.
    await printOut(admin, `${BASE}/${id}/print`);
    const print = await printOut(c, `${BASE}/${id}/print?print=1&retour=annulation`);
    expect(print.body.props).toMatchObject({
      copy: { duplicata: true, reprint: 1 },
      auto_print: true,
      back_url: '/operations/transfert/annulation',
    });
    expect(print.body.flash?.success ?? null).toBeNull();
    await printOut(c, `${BASE}/${id}/print?print=1&retour=annulation`);
    expect(
      (await c.visit(`/operations/transfert/annulation?q=${number}`)).body.props.transfers.data[0].reprint_count,
    ).toBe(2);
    expect(
      await t.db('audit_log').where({ action: 'document.reprinted', subject_type: 'transfer', subject_id: String(id) }),
    ).toHaveLength(2);
    expect((await c.visit(`${BASE}/999999/print`)).status).toBe(404);
    const row = (await t.db('transfers').where({ id }).first())!;

    // The admin cancels from the same screen and lands back on it.
    const res = await admin.send(
      'post',
      `${BASE}/${id}/cancel`,
      { reason: 'Doublon de saisie', version: Number(row.version) },
      { Referer: 'http://127.0.0.1/operations/transfert/annulation' },
    );
    expect(res.status).toBe(303);
    expect((await t.db('transfers').where({ id }).first())!.status).toBe('cancelled');
    expect(await levelOf(t.db, rice, f.depot)).toBe(100);
  });
});
