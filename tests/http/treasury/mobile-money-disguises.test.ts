import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../../server/domain/dates.js';
import { ROUTES, route } from '../../../shared/routes.js';
import { Client, type TestApp, createTestApp } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { walkInClient } from '../../support/sales.js';
import { creditClient, expectReceivablesConsistent } from '../../support/settlements.js';
import {
  type StockFixtures,
  expectStockConsistent,
  giveStock,
  idempotencyKey,
  makeProduct,
  stockFixtures,
} from '../../support/stock.js';
import { deskAccount, expectCashConsistent, makeTreasuryAccount } from '../../support/treasury.js';
import { uniqueTag } from '../../support/unique.js';

const today = () => businessDate('Africa/Abidjan');

/** The disguises of the attack (issue 34): each is the same transaction id to a person reading it. */
const DISGUISES: Array<[string, (id: string) => string]> = [
  ['an inner space', (id) => `${id.slice(0, 4)} ${id.slice(4)}`],
  ['a zero-width space', (id) => `${id.slice(0, 4)}\u200b${id.slice(4)}`],
  ['a zero-width joiner', (id) => `${id.slice(0, 4)}\u200d${id.slice(4)}`],
  ['full-width letters', (id) => [...id].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('')],
  ['a soft hyphen', (id) => `${id.slice(0, 4)}\u00ad${id.slice(4)}`],
  ['lower case and outer no-break spaces', (id) => `\u00a0${id.toLowerCase()}\u3000`],
];

type Writer = 'settlement' | 'invoice' | 'counter' | 'cash_operation';

/**
 * A mobile-money transaction id is one id whatever its disguise, for every document that stores
 * an operator's reference: a settlement, a sale's payment (the invoice form and the counter) and a
 * Caisse transfer mobile money ↔ caisse, over their real routes on both databases. Each disguise of
 * an id already taken is refused on the reference field with nothing written; the id is stored in
 * its normalised form; an id made only of invisible characters is no id; a cancellation frees it.
 */
describe.each(testDatabases())('mobile-money transaction ids in disguise (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let admin: Client;
  let walkIn: number;
  let wallet: number;
  let desk: number;
  const clients: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    walkIn = await walkInClient(t.db);
    wallet = await makeTreasuryAccount(t.db, 'mobile_money', {
      operator: 'orange_money',
      name: 'Orange Money Boutique',
    });
    desk = await deskAccount(t.db, 'CAI02');
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await expectStockConsistent(t.db);
    await expectCashConsistent(t.db);
    await expectReceivablesConsistent(t.db, clients.splice(0));
  });

  const newId = () => `MP${today().replaceAll('-', '').slice(2)}.${uniqueTag()}.A${Math.floor(Math.random() * 1e6)}`;
  const count = async (table: string) => Number((await t.db(table).count({ n: '*' }).first())!.n);
  const TABLES = [
    'sales',
    'sale_payments',
    'settlements',
    'cash_operations',
    'money_movements',
    'mobile_money_references',
  ];
  const counts = () => Promise.all(TABLES.map(count));

  const stocked = async (location: number) => {
    const p = await makeProduct(t.db, { code: `MM${uniqueTag()}`, category_id: f.category, retail_price: 1_000 });
    await giveStock(t.db, p, location, 5, 400);
    return p;
  };
  /** What each writer posts for a 1 000 FCFA mobile-money payment with this transaction id; where it goes back on a refusal; its reference field. */
  const writers: Record<
    Writer,
    { post: (reference: string) => Promise<{ url: string; body: object }>; back: string; field: string; table: string }
  > = {
    settlement: {
      post: async (reference) => {
        const client = await creditClient(t.db);
        clients.push(client);
        return {
          url: route('settlements.index'),
          body: {
            idempotency_key: idempotencyKey(),
            client_id: client,
            settlement_date: today(),
            source: 'payment',
            amount: 1_000,
            method: 'mobile_money',
            account_id: wallet,
            operator: 'orange_money',
            phone: '0707080910',
            reference,
            cheque_date: '',
            allocation_mode: 'oldest',
            allocations: [],
            note: '',
          },
        };
      },
      back: route('settlements.create'),
      field: 'reference',
      table: 'settlements',
    },
    invoice: {
      post: async (reference) => ({
        url: route('sales.invoices'),
        body: {
          idempotency_key: idempotencyKey(),
          client_id: walkIn,
          location_id: f.depot,
          sale_date: today(),
          payment_mode: 'cash',
          due_date: '',
          discount: 0,
          note: '',
          form_loaded_at: new Date(Date.now() - 60_000).toISOString(),
          lines: [{ product_id: await stocked(f.depot), unit: 'unit', quantity: 1, unit_price: '', discount: 0 }],
          payments: [
            {
              method: 'mobile_money',
              amount: 1_000,
              account_id: '',
              operator: 'orange_money',
              phone: '0707070707',
              reference,
            },
          ],
        },
      }),
      back: route('sales.invoices.create'),
      field: 'payments.0.reference',
      table: 'sale_payments',
    },
    counter: {
      post: async (reference) => ({
        url: route('counter.store'),
        body: {
          idempotency_key: idempotencyKey(),
          form_loaded_at: new Date(Date.now() - 60_000).toISOString(),
          location_id: f.shop,
          client_id: walkIn,
          lines: [{ product_id: await stocked(f.shop), quantity: 1 }],
          payments: [
            { method: 'especes', amount: 0 },
            { method: 'mobile_money', amount: 1_000, operator: 'orange_money', phone: '0707070707', reference },
          ],
        },
      }),
      back: route('counter.index'),
      field: 'payments.1.reference',
      table: 'sale_payments',
    },
    cash_operation: {
      post: async (reference) => {
        // The desk brings the cash the transfer puts into the wallet.
        const funded = await admin.post(
          ROUTES['cashOperations.index'],
          {
            idempotency_key: idempotencyKey(),
            kind: 'cash_in',
            amount: 1_000,
            to_account_id: desk,
            beneficiary: 'Le gérant',
          },
          { Referer: 'http://localhost/operations/caisse' },
        );
        expect(funded.headers.location).toMatch(/operations\/\d+$/);
        return {
          url: ROUTES['cashOperations.index'],
          body: {
            idempotency_key: idempotencyKey(),
            kind: 'mobile_money',
            amount: 1_000,
            from_account_id: desk,
            to_account_id: wallet,
            reference,
          },
        };
      },
      back: '/operations/caisse',
      field: 'reference',
      table: 'cash_operations',
    },
  };
  const WRITERS = Object.keys(writers) as Writer[];

  /** Posts through a writer; returns the 303's location. */
  const send = async (writer: Writer, reference: string) => {
    const { url, body } = await writers[writer].post(reference);
    const res = await admin.post(url, body, { Referer: `http://localhost${writers[writer].back}` });
    expect(res.status).toBe(303);
    return res.headers.location as string;
  };
  const accepted = async (writer: Writer, reference: string) => {
    const before = await count('mobile_money_references');
    const location = await send(writer, reference);
    expect(
      await count('mobile_money_references'),
      `${writer} ${JSON.stringify(reference)} → ${location} ${JSON.stringify((await admin.visit(writers[writer].back)).body.props.errors)}`,
    ).toBe(before + 1);
  };
  /** Posts what must be refused: nothing written, the errors the form shows. */
  const refused = async (writer: Writer, reference: string) => {
    const { url, body } = await writers[writer].post(reference);
    const before = await counts();
    const res = await admin.post(url, body, { Referer: `http://localhost${writers[writer].back}` });
    expect(res.status).toBe(303);
    const errors = (await admin.visit(writers[writer].back)).body.props.errors as Record<string, string>;
    expect(await counts()).toEqual(before);
    return errors[writers[writer].field];
  };

  for (const writer of WRITERS) {
    it(`${writer}: every disguise of an id it already took is refused on its field, and the id is stored in its plain form`, async () => {
      const id = newId();
      // Typed the first time with a zero-width space and in lower case: stored plain.
      await accepted(writer, `${id.slice(0, 3).toLowerCase()}\u200b${id.slice(3)}`);
      const holder = await t
        .db('mobile_money_references')
        .where({ operator: 'orange_money', reference: id })
        .first('document_type', 'document_id');
      expect(holder?.document_type).toBe(writer === 'invoice' || writer === 'counter' ? 'sale' : writer);
      const stored =
        writers[writer].table === 'sale_payments'
          ? await t
              .db('sale_payments')
              .where({ sale_id: holder!.document_id, method: 'mobile_money' })
              .first('reference')
          : await t.db(writers[writer].table).where({ id: holder!.document_id }).first('reference');
      expect(stored.reference).toBe(id);
      expect((await t.db('money_movements').where({ account_id: wallet, reference: id }).first('id'))?.id).toBeTruthy();
      for (const [name, disguise] of DISGUISES) {
        expect(await refused(writer, disguise(id)), name).toMatch(
          new RegExp(`^La transaction Orange Money « ${id.replaceAll('.', '\\.')} » est déjà enregistrée par `),
        );
      }
    });
  }

  it('an id taken by one kind of document is refused in disguise on every other kind, naming its holder', async () => {
    for (const holder of WRITERS) {
      const id = newId();
      await accepted(holder, id);
      const number = (await t
        .db('mobile_money_references')
        .where({ operator: 'orange_money', reference: id })
        .first('document_number'))!.document_number;
      for (const writer of WRITERS.filter((w) => w !== holder)) {
        expect(await refused(writer, DISGUISES[1][1](id)), `${holder} → ${writer}`).toMatch(
          new RegExp(
            `est déjà enregistrée par (la vente|le règlement|l’opération de caisse) ${number} : un identifiant de transaction ne sert qu’une fois`,
          ),
        );
      }
    }
  });

  it('an id made only of invisible characters is no id: refused as missing on each form', async () => {
    for (const writer of WRITERS)
      expect(await refused(writer, '\u200b\u00ad\u2060 '), writer).toMatch(
        /^Indiquez (l’identifiant de la transaction mobile money|le numéro de transaction)/,
      );
  });

  it('cancelling the Caisse transfer frees its id: the same id, in disguise, is then accepted', async () => {
    const id = newId();
    await accepted('cash_operation', id);
    const op = Number(
      (await t.db('mobile_money_references').where({ operator: 'orange_money', reference: id }).first('document_id'))!
        .document_id,
    );
    const cancelled = await admin.post(
      route('cashOperations.cancel', { id: op }),
      { reason: 'Saisie en double' },
      { Referer: `http://localhost${route('cashOperations.show', { id: op })}` },
    );
    expect(cancelled.status).toBe(303);
    expect((await t.db('cash_operations').where({ id: op }).first('status'))!.status).toBe('cancelled');
    expect(
      await t.db('mobile_money_references').where({ operator: 'orange_money', reference: id }).first(),
    ).toBeUndefined();
    await accepted('counter', DISGUISES[3][1](id));
  });
});
