import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRINTOUTS,
  PRINTOUT_SETTINGS,
  PRINT_DOCUMENTS,
  type PrintDocumentDef,
  type Printout,
} from '../../shared/print.js';
import { ROUTES, type RouteName, route } from '../../shared/routes.js';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { businessDate } from '../../server/domain/dates.js';
import { ADMIN, Client, type TestApp, createTestApp, userWithPermissions } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { uniqueTag } from '../support/unique.js';
import { cashPayment, line, saleInput, sell, walkInClient } from '../support/sales.js';
import { type StockFixtures, giveStock, idempotencyKey, makeProduct, stockFixtures } from '../support/stock.js';
import { makeClient } from '../support/sales.js';
import { makeDeskAccount } from '../support/cash-closings.js';
import { closeDesk } from '../support/treasury.js';
import { PRINT_TOKEN_TTL_MS, printToken } from '../../server/services/print/print-token.js';

const today = () => businessDate('Africa/Abidjan');

/** A printout of a document made for the test: its URL, and what the print rule records. */
interface PrintedCase {
  url: string;
  back: string;
  printout: Printout;
  id: number;
  number: string;
}

/**
 * The DUPLICATA rule, for every printout route: a document has one original print; every later
 * print of it (any button, a reload, a typed URL, another user) is a DUPLICATA, counted and
 * audited, and refused to a user who may not reprint. State reports have no copy.
 */
describe.each(testDatabases())('printouts: one original, then DUPLICATA (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let admin: Client;

  const idFrom = (res: { headers: Record<string, string> }) =>
    Number(res.headers.location.split('?')[0].split('/').pop());
  const goods = async () => {
    const tag = uniqueTag();
    const rice = await makeProduct(t.db, {
      code: `${tag}RIZ`,
      name: 'Riz parfumé 25 kg',
      category_id: f.category,
      unit: 'sac',
      purchase_price: 12000,
    });
    await giveStock(t.db, rice, f.depot, 100, 12000);
    return rice;
  };
  const numberOf = async (table: string, id: number) =>
    (await t.db(table).where({ id }).first('number')).number as string;
  const openCount = async () => {
    const tag = uniqueTag();
    const category = await insertReturningId(
      t.db,
      'categories',
      withSearchName({ code: `${tag}CAT`, name: `Catégorie ${tag}`, created_at: nowIso(), updated_at: nowIso() }),
    );
    const product = await makeProduct(t.db, {
      code: `${tag}P`,
      name: 'Sucre 1 kg',
      category_id: category,
      unit: 'paquet',
      purchase_price: 650,
    });
    await giveStock(t.db, product, f.depot, 10, 650);
    const res = await admin.post(route('inventory.index'), {
      idempotency_key: idempotencyKey(),
      location_id: f.depot,
      count_date: today(),
      blind: false,
      category_ids: [category],
      note: '',
    });
    expect(res.status).toBe(303);
    return { id: idFrom(res), product };
  };

  /** One maker per printout route that shows a document. */
  const makers: Record<string, () => Promise<PrintedCase>> = {
    'entries.print': async () => {
      const rice = await goods();
      const res = await admin.post(route('entries.index'), {
        idempotency_key: idempotencyKey(),
        supplier_id: f.supplier,
        location_id: f.depot,
        entry_date: today(),
        supplier_ref: 'BL-1',
        note: '',
        lines: [{ product_id: rice, unit: 'unit', quantity: 3, unit_cost: 12000 }],
      });
      const id = idFrom(res);
      return {
        url: route('entries.print', { id }),
        back: route('entries.show', { id }),
        printout: 'stock_entry',
        id,
        number: await numberOf('stock_entries', id),
      };
    },
    'transfers.print': async () => {
      const rice = await goods();
      const res = await admin.post(route('transfers.index'), {
        idempotency_key: idempotencyKey(),
        from_location_id: f.depot,
        to_location_id: f.shop,
        transfer_date: today(),
        note: '',
        lines: [{ product_id: rice, quantity: 2 }],
      });
      const id = idFrom(res);
      return {
        url: route('transfers.print', { id }),
        back: route('transfers.show', { id }),
        printout: 'transfer',
        id,
        number: await numberOf('transfers', id),
      };
    },
    'inventory.readjustmentPrint': async () => {
      const rice = await goods();
      const res = await admin.post(route('inventory.readjust'), {
        idempotency_key: idempotencyKey(),
        location_id: f.depot,
        adjustment_date: today(),
        reason: 'casse',
        note: '',
        lines: [{ product_id: rice, direction: 'out', quantity: 1 }],
      });
      expect(res.status).toBe(303);
      const row = (await t.db('stock_adjustments').orderBy('id', 'desc').first('id', 'number'))!;
      const id = Number(row.id);
      return {
        url: route('inventory.readjustmentPrint', { id }),
        back: route('inventory.index', { tab: 'readjustments' }),
        printout: 'stock_adjustment',
        id,
        number: row.number,
      };
    },
    'inventory.sheet': async () => {
      const { id } = await openCount();
      return {
        url: route('inventory.sheet', { id }),
        back: route('inventory.show', { id }),
        printout: 'count_sheet',
        id,
        number: await numberOf('inventory_counts', id),
      };
    },
    'inventory.sheet?vierge': async () => {
      const { id } = await openCount();
      return {
        url: route('inventory.sheet', { id }, { vierge: 1 }),
        back: route('inventory.show', { id }),
        printout: 'count_blank_sheet',
        id,
        number: await numberOf('inventory_counts', id),
      };
    },
    'inventory.adjustment': async () => {
      const { id, product } = await openCount();
      await admin.post(route('inventory.counts', { id }), {
        lines: [{ product_id: product, counted: 8, expected: null }],
      });
      const version = Number((await t.db('inventory_counts').where({ id }).first('version'))!.version);
      expect(
        (
          await admin.post(route('inventory.validate', { id }), {
            version,
            moved_policy: 'snapshot',
            uncounted_as_zero: false,
          })
        ).status,
      ).toBe(303);
      expect((await t.db('inventory_counts').where({ id }).first('status'))!.status).toBe('validated');
      return {
        url: route('inventory.adjustment', { id }),
        back: route('inventory.show', { id }, { tab: 'ecarts' }),
        printout: 'count_adjustment',
        id,
        number: await numberOf('inventory_counts', id),
      };
    },
    'creditNotes.print': async () => {
      const rice = await goods();
      await giveStock(t.db, rice, f.shop, 5, 12000);
      const sale = await sell(
        t.db,
        saleInput({
          clientId: await walkInClient(t.db),
          locationId: f.shop,
          saleDate: today(),
          lines: [line(rice, 2, { unitPrice: 15_000 })],
          payments: [cashPayment(30_000)],
        }),
      );
      const saleLine = Number((await t.db('sale_lines').where({ sale_id: sale.id }).first('id'))!.id);
      const res = await admin.post(route('creditNotes.index'), {
        idempotency_key: idempotencyKey(),
        sale_id: sale.id,
        version: 1,
        reason: 'Sac percé',
        lines: [{ sale_line_id: saleLine, quantity: 1 }],
      });
      const id = idFrom(res);
      return {
        url: route('creditNotes.print', { id }),
        back: route('creditNotes.show', { id }),
        printout: 'credit_note',
        id,
        number: await numberOf('credit_notes', id),
      };
    },
    'sales.ticket': async () => {
      const rice = await goods();
      await giveStock(t.db, rice, f.shop, 5, 12000);
      const walkIn = Number((await t.db('clients').where({ is_walk_in: true }).first('id'))!.id);
      const res = await admin.post(route('counter.store'), {
        idempotency_key: idempotencyKey(),
        form_loaded_at: new Date(Date.now() - 60_000).toISOString(),
        location_id: f.shop,
        client_id: walkIn,
        lines: [{ product_id: rice, quantity: 1, unit_price: 15000 }],
        payments: [{ method: 'especes', amount: 20000 }],
      });
      const id = Number(new URL(res.headers.location, 'http://x').searchParams.get('vente'));
      return {
        url: route('sales.ticket', { id }),
        back: route('counter.index'),
        printout: 'sale_ticket',
        id,
        number: await numberOf('sales', id),
      };
    },
  };
  // Sales (issue 14): a credit sale prints the facture A5, a cash sale the facture comptant A5.
  const invoice = async (mode: 'credit' | 'cash') => {
    const rice = await goods();
    const client = await makeClient(t.db, { credit_limit: 1_000_000 });
    const res = await admin.post(route('sales.invoices'), {
      idempotency_key: idempotencyKey(),
      client_id: client,
      location_id: f.depot,
      sale_date: today(),
      payment_mode: mode,
      due_date: mode === 'credit' ? today() : '',
      discount: 0,
      note: '',
      form_loaded_at: new Date(Date.now() - 60_000).toISOString(),
      lines: [{ product_id: rice, unit: 'unit', quantity: 2, unit_price: 15_000, discount: 0 }],
      payments:
        mode === 'cash'
          ? [{ method: 'especes', amount: 50_000, account_id: '', operator: '', phone: '', reference: '' }]
          : [],
    });
    expect(res.headers.location).toMatch(/ventes\/\d+$/);
    const id = idFrom(res);
    return {
      url: route('sales.print', { id }),
      back: route('sales.show', { id }),
      printout: mode === 'cash' ? ('cash_invoice' as const) : ('invoice' as const),
      id,
      number: await numberOf('sales', id),
    };
  };
  // Settlements (issue 15): the receipt A5 (80 mm is the same printout with ?format=80mm).
  makers['settlements.print'] = async () => {
    const client = await makeClient(t.db, { credit_limit: 1_000_000 });
    const res = await admin.post(route('settlements.index'), {
      idempotency_key: idempotencyKey(),
      client_id: client,
      settlement_date: today(),
      source: 'payment',
      method: 'especes',
      account_id: '',
      amount: 25_000,
      allocation_mode: 'oldest',
      allocations: [],
      note: '',
    });
    expect(res.headers.location).toMatch(/reglement\/\d+$/);
    const id = idFrom(res);
    return {
      url: route('settlements.print', { id }),
      back: route('settlements.show', { id }),
      printout: 'settlement_receipt' as const,
      id,
      number: await numberOf('settlements', id),
    };
  };
  // Caisse (issue 16): the bon de caisse of a CAI- operation (an apport into the main desk).
  makers['cashOperations.print'] = async () => {
    const desk = Number((await t.db('treasury_accounts').where({ kind: 'caisse' }).orderBy('id').first('id'))!.id);
    const res = await admin.post(route('cashOperations.index'), {
      idempotency_key: idempotencyKey(),
      kind: 'cash_in',
      amount: 10_000,
      to_account_id: desk,
      beneficiary: 'Gérant',
    });
    expect(res.headers.location).toMatch(/operations\/\d+$/);
    const id = idFrom(res);
    return {
      url: route('cashOperations.print', { id }),
      back: route('cashOperations.show', { id }),
      printout: 'cash_voucher',
      id,
      number: await numberOf('cash_operations', id),
    };
  };
  makers['sales.print'] = () => invoice('credit');
  makers['sales.print?comptant'] = () => invoice('cash');
  /** Printout routes that are state reports (a period, filters): no original, no copy. */
  const reports: Record<string, () => Promise<string>> = {
    'entries.statement': async () => route('entries.statement'),
    'cash.situation.print': async () => route('cash.situation.print'),
    // The closing report: a state of a closed day, printed as often as needed (A4, 80 mm), never a DUPLICATA.
    'cash.closings.print': async () =>
      route('cash.closings.print', { id: (await closeDesk(t.db, await makeDeskAccount(t.db), '2026-01-15')).id }),
    'clients.statementPrint': async () => route('clients.statementPrint', { id: await makeClient(t.db) }),
    'reports.sales.print': async () => route('reports.sales.print'),
    'reports.turnover.print': async () => route('reports.turnover.print'),
    'reports.stock.print': async () => route('reports.stock.print'),
    'reports.settlements.print': async () => route('reports.settlements.print'),
    'reports.receivables.print': async () => route('reports.receivables.print'),
  };

  const printRow = (c: PrintedCase) =>
    t.db('document_prints').where({ printout: c.printout, document_id: c.id }).first();
  const auditRows = (c: PrintedCase, action: string) =>
    t.db('audit_log').where({ action, subject_type: c.printout, subject_id: String(c.id) });

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());

  it('covers every printout route: a new printout gets a case here', () => {
    const printRoutes = (Object.keys(ROUTES) as RouteName[]).filter((name) =>
      /(print|Print|sheet|statement|adjustment|ticket)$/.test(name),
    );
    const covered = new Set([...Object.keys(makers).map((k) => k.split('?')[0]), ...Object.keys(reports)]);
    expect(printRoutes.filter((name) => !covered.has(name))).toEqual([]);
    // …and every kind of printout is exercised.
    expect(Object.keys(makers)).toHaveLength(Object.keys(PRINTOUTS).length);
  });

  it('print routes go through printFrame (the rule), never straight to presentPrintMeta', () => {
    const dir = join(process.cwd(), 'server/http/routes');
    const files = readdirSync(dir, { recursive: true })
      .map(String)
      .filter((p) => p.endsWith('.ts'));
    const offenders = files.filter((p) => readFileSync(join(dir, p), 'utf8').includes('presentPrintMeta('));
    expect(offenders).toEqual([]);
  });

  /** Prints a preview as its « Imprimer » does: the page's print token and a fresh key (or the same key, for a retried request). */
  const print = (client: Client, page: { body: { props: { print_token: string } } }, key = idempotencyKey()) =>
    client.post(route('prints.record'), { token: page.body.props.print_token, key }, { Accept: 'application/json' });
  const printCounts = async (c: PrintedCase) => ({
    row: (await printRow(c)) ?? null,
    printed: (await auditRows(c, 'document.printed')).length,
    reprinted: (await auditRows(c, 'document.reprinted')).length,
  });

  it.each(Object.keys(makers))(
    '%s: a preview counts nothing; the first print is the original, every later one a DUPLICATA, counted and audited',
    async (name) => {
      const c = await makers[name]();
      const clerkUser = await userWithPermissions(t, `clerk-${uniqueTag().toLowerCase()}@test.local`, [
        'menu.entreestock',
        'menu.sortiestock',
        'menu.inventaire',
        'menu.reglement',
        'menu.caisse',
      ]);
      const clerk = new Client(t);
      await clerk.login(clerkUser.email, clerkUser.password);

      // Nothing is recorded before the first print.
      expect(await printRow(c)).toBeUndefined();

      // Opening the preview (twice, and with ?print=1) shows what the paper will say — the original — and counts nothing.
      const preview = await clerk.visit(`${c.url}${c.url.includes('?') ? '&' : '?'}print=1`);
      expect(preview.status).toBe(200);
      expect(preview.body.props.copy).toEqual({
        duplicata: false,
        reprint: 0,
        original_printed_at: null,
        original_printed_by: null,
      });
      expect(preview.body.props.auto_print).toBe(true);
      expect(typeof preview.body.props.print_token).toBe('string');
      expect((await clerk.visit(c.url)).body.props.copy).toMatchObject({ duplicata: false });
      expect(await printCounts(c)).toEqual({ row: null, printed: 0, reprinted: 0 });

      // The print: the original, counted once even when the same print is sent twice (a retried request).
      const key = idempotencyKey();
      const original = await print(clerk, preview, key);
      expect(original.status).toBe(200);
      // A user who may not reprint: no next print from this preview.
      expect(original.body).toMatchObject({
        copy: { duplicata: false, reprint: 0, original_printed_by: 'Awa Traoré' },
        next: null,
      });
      expect(original.body.copy.original_printed_at).toBe(original.body.printed_at);
      expect((await print(clerk, preview, key)).body).toEqual(original.body);
      expect((await auditRows(c, 'document.printed'))[0].subject_label).toBe(c.number);
      const once = await printCounts(c);
      expect([Number(once.row!.reprint_count), once.printed, once.reprinted]).toEqual([0, 1, 0]);

      // The same user again: a DUPLICATA, which they may neither preview nor print.
      const refused = await clerk.visit(c.url);
      expect(refused.status).toBe(303);
      expect(refused.headers.location).toBe(c.back);
      const landing = await clerk.visit(refused.headers.location);
      const message = `${PRINTOUTS[c.printout]} ${c.number} a déjà été imprimé : une nouvelle impression est un DUPLICATA, réservé aux utilisateurs autorisés à réimprimer des documents.`;
      expect(landing.body.flash.error).toBe(message);
      const again = await print(clerk, preview);
      expect([again.status, again.body]).toEqual([409, { message }]);
      expect(await printCounts(c)).toEqual(once);

      // Someone allowed to reprint: the preview says DUPLICATA n° 1 (counting nothing), the print counts it, then n° 2.
      const dupPreview = await admin.visit(c.url);
      expect(dupPreview.body.props.copy).toMatchObject({
        duplicata: true,
        reprint: 1,
        original_printed_by: 'Awa Traoré',
        original_printed_at: original.body.printed_at,
      });
      const html = await admin.html(c.url);
      expect(html.status).toBe(200);
      expect(html.text).toContain('"duplicata":true');
      expect(await printCounts(c)).toEqual(once);
      const first = await print(admin, dupPreview);
      expect(first.body).toMatchObject({
        copy: { duplicata: true, reprint: 1, original_printed_by: 'Awa Traoré' },
        next: { duplicata: true, reprint: 2 },
      });
      const second = await print(admin, dupPreview);
      expect(second.body.copy).toMatchObject({ duplicata: true, reprint: 2 });
      expect((await admin.visit(c.url)).body.props.copy).toMatchObject({ duplicata: true, reprint: 3 });
      const row = (await printRow(c))!;
      expect(row).toMatchObject({ document_number: c.number });
      expect(Number(row.reprint_count)).toBe(2);
      const audits = await auditRows(c, 'document.reprinted');
      expect(audits).toHaveLength(2);
      expect(audits.map((a) => JSON.parse(a.details!).after.reprint).sort()).toEqual([1, 2]);
      // Still one original.
      expect(await auditRows(c, 'document.printed')).toHaveLength(1);
    },
  );

  it.each(Object.keys(makers))(
    '%s reads its settings of Paramètres › Impression (format, copies, texts, logo) and the company logo',
    async (name) => {
      const c = await makers[name]();
      const type = PRINTOUT_SETTINGS[c.printout];
      const def: PrintDocumentDef = PRINT_DOCUMENTS[type];
      const format = def.formats.find((f) => f !== def.defaultFormat)!;
      const tag = uniqueTag();
      const res = await admin.send('put', route('printing.show', { type }), {
        format,
        copies: 3,
        header_text: `En-tête ${tag}`,
        footer_text: `Pied ${tag}`,
        show_logo: false,
        amount_in_words: true,
      });
      expect(res.status).toBe(303);
      try {
        const page = await admin.visit(c.url);
        expect(page.body.props.settings).toEqual({
          format,
          copies: 3,
          header_text: `En-tête ${tag}`,
          footer_text: `Pied ${tag}`,
          show_logo: false,
          amount_in_words: def.amountInWords,
        });
        expect(page.body.props.company).toHaveProperty('logo_url');
      } finally {
        // The other tests of this file print with the defaults, in any order.
        await t.db('print_settings').where({ document_type: type }).delete();
      }
    },
  );

  it('a state report reads the « états » settings', async () => {
    const tag = uniqueTag();
    await admin.send('put', route('printing.show', { type: 'states' }), {
      format: 'A5',
      copies: 1,
      header_text: `États ${tag}`,
      footer_text: '',
      show_logo: true,
    });
    try {
      for (const url of Object.values(reports)) {
        const page = await admin.visit(await url());
        expect(page.body.props.settings).toMatchObject({ format: 'A5', header_text: `États ${tag}`, show_logo: true });
      }
    } finally {
      await t.db('print_settings').where({ document_type: 'states' }).delete();
    }
  });

  it('state reports have no original and no copy, and record nothing', async () => {
    for (const report of Object.values(reports)) {
      const url = await report();
      const before = Number((await t.db('document_prints').count({ n: '*' }).first())!.n);
      for (let i = 0; i < 2; i++)
        expect((await admin.visit(url)).body.props).toMatchObject({ copy: null, print_token: null });
      expect(Number((await t.db('document_prints').count({ n: '*' }).first())!.n)).toBe(before);
    }
  });

  it('two people preview the original and both print at the same moment: one original and one DUPLICATA, each paper with its counted mark', async () => {
    const c = await makers['transfers.print']();
    const other = new Client(t);
    await other.login();
    const previews = await Promise.all([admin.visit(c.url), other.visit(c.url)]);
    expect(previews.map((p) => p.body.props.copy.duplicata)).toEqual([false, false]);
    const prints = await Promise.all([print(admin, previews[0]), print(other, previews[1])]);
    expect(prints.map((p) => p.status)).toEqual([200, 200]);
    expect(prints.map((p) => `${p.body.copy.duplicata}:${p.body.copy.reprint}`).sort()).toEqual(['false:0', 'true:1']);
    expect(await auditRows(c, 'document.printed')).toHaveLength(1);
    expect(await auditRows(c, 'document.reprinted')).toHaveLength(1);
    expect(Number((await printRow(c))!.reprint_count)).toBe(1);
  });

  it('a user who may not reprint previews the original, someone prints it first: their print is refused, not a second original', async () => {
    const c = await makers['transfers.print']();
    const clerkUser = await userWithPermissions(t, `clerk-${uniqueTag().toLowerCase()}@test.local`, [
      'menu.sortiestock',
    ]);
    const clerk = new Client(t);
    await clerk.login(clerkUser.email, clerkUser.password);
    const late = await clerk.visit(c.url);
    expect(late.body.props.copy.duplicata).toBe(false);
    expect((await print(admin, await admin.visit(c.url))).body.copy.duplicata).toBe(false);
    const refused = await print(clerk, late);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/a déjà été imprimé : une nouvelle impression est un DUPLICATA/);
    expect(await printCounts(c)).toMatchObject({ printed: 1, reprinted: 0 });
  });

  it('a print token is the preview of one document for one user: another user, a forged or an old token print nothing', async () => {
    const c = await makers['transfers.print']();
    const preview = await admin.visit(c.url);
    const other = new Client(t);
    await other.login(
      await userWithPermissions(t, `other-${uniqueTag().toLowerCase()}@test.local`, [
        'menu.sortiestock',
        'documents.reprint',
      ]).then((u) => u.email),
      'User-Secret-123',
    );
    const expired = 'Cet aperçu n’est plus valable : rechargez la page, puis imprimez de nouveau.';
    // Another user's token.
    expect((await print(other, preview)).body).toEqual({ message: expired });
    // A token naming another document, signed with another key.
    const [payload] = String(preview.body.props.print_token).split('.');
    const tampered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), i: c.id + 1 }),
    ).toString('base64url');
    const forged = {
      body: { props: { print_token: `${tampered}.${String(preview.body.props.print_token).split('.')[1]}` } },
    };
    expect((await print(admin, forged)).body).toEqual({ message: expired });
    const doc = { printout: c.printout, id: c.id, number: c.number };
    const adminId = Number((await t.db('users').where({ email: ADMIN.email }).first('id'))!.id);
    expect(
      (await print(admin, { body: { props: { print_token: printToken('another-key-0123456789', doc, adminId) } } }))
        .body,
    ).toEqual({ message: expired });
    // Older than a working day.
    expect(
      (
        await print(admin, {
          body: {
            props: { print_token: printToken(t.config.appKey, doc, adminId, Date.now() - PRINT_TOKEN_TTL_MS - 1000) },
          },
        })
      ).body,
    ).toEqual({ message: expired });
    // Not a key.
    const bad = await admin.post(route('prints.record'), { token: preview.body.props.print_token, key: 'x' });
    expect(bad.status).toBe(422);
    expect(await printCounts(c)).toEqual({ row: null, printed: 0, reprinted: 0 });
    // The admin's own, fresh token prints.
    expect(
      (await print(admin, { body: { props: { print_token: printToken(t.config.appKey, doc, adminId) } } })).status,
    ).toBe(200);
  });

  it('printing needs a session: a visitor gets 401 in JSON and nothing is counted', async () => {
    const c = await makers['transfers.print']();
    const preview = await admin.visit(c.url);
    const visitor = new Client(t);
    const res = await print(visitor, preview);
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/Session expirée/);
    expect(await printRow(c)).toBeUndefined();
  });

  it('an invoice prints A5 with the amount in words; a cash invoice shows the payment and the change; a reprint may be A6', async () => {
    const credit = await makers['sales.print']();
    const first = await admin.visit(credit.url);
    expect(first.body.component).toBe('sales/Print');
    expect(first.body.props.settings.format).toBe('A5');
    expect(first.body.props.sale).toMatchObject({
      total_ttc: 30_000,
      in_words: 'trente mille francs CFA',
      payment_mode: 'credit',
    });
    // Never a cost on a printout, even for the admin who sees costs.
    expect(first.body.props.sale.cost_total).toBeUndefined();
    expect(first.body.props.sale.lines[0].unit_cost).toBeUndefined();
    // The original is always A5; a DUPLICATA may be asked at A6.
    expect([(await admin.visit(`${credit.url}?format=a6`)).body.props.settings.format]).toEqual(['A5']);
    await print(admin, first);
    const small = await admin.visit(`${credit.url}?format=a6`);
    expect([small.body.props.copy.duplicata, small.body.props.settings.format]).toEqual([true, 'A6']);
    const cash = await makers['sales.print?comptant']();
    const originalAtA6 = await admin.visit(`${cash.url}?format=a6`);
    expect([originalAtA6.body.props.copy.duplicata, originalAtA6.body.props.settings.format]).toEqual([false, 'A5']);
    expect(originalAtA6.body.props.sale).toMatchObject({
      payment_mode: 'cash',
      cash_tendered: 50_000,
      change_given: 20_000,
      paid: 30_000,
    });
    expect(originalAtA6.body.props.sale.payments).toEqual([
      expect.objectContaining({ method: 'especes', paid: 30_000 }),
    ]);
  });

  it('a HEAD request prints nothing', async () => {
    const c = await makers['transfers.print']();
    const res = await admin.agent.head(c.url);
    expect(res.status).toBe(200);
    expect(await printRow(c)).toBeUndefined();
  });
});
