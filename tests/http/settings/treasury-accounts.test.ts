import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../server/domain/dates.js';
import { companyToday } from '../../../server/services/company/get-company.js';
import {
  type MoneyMovementInput,
  type MoneyPostingContext,
  postMoneyMovements,
} from '../../../server/services/treasury/ledger.js';
import { paymentAccounts } from '../../../server/services/treasury/accounts.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { download, submitExpectingErrors, xlsxRows } from '../../support/master-data.js';
import { deskAccount, expectCashConsistent } from '../../support/treasury.js';
import { uniqueTag } from '../../support/unique.js';

const BASE = '/parametres/societe/banques-mobile-money';
const DESKS = '/parametres/societe/caisses';

describe.each(testDatabases())('paramètres/société : comptes bancaires et mobile money (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  const count = async (table: string) => Number((await t.db(table).count({ n: '*' }).first())!.n);
  const bank = (tag: string, over: object = {}) => ({
    kind: 'banque',
    code: `BQ${tag}`,
    name: `SGBCI Compte courant ${tag}`,
    bank_name: 'SGBCI',
    account_number: 'CI008 01001 012345678901 25',
    ...over,
  });
  const wallet = (tag: string, over: object = {}) => ({
    kind: 'mobile_money',
    code: `MM${tag}`,
    name: `Orange Money ${tag}`,
    operator: 'orange_money',
    phone: '+225 07 08 09 10 11',
    ...over,
  });
  /** An account through the form; returns its id. */
  const create = async (body: object) => {
    const res = await admin.post(BASE, body);
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(/\/banques-mobile-money\/\d+$/);
    return Number(res.headers.location.split('/').pop());
  };
  const post = async (
    accountId: number,
    amounts: Array<[number, Partial<MoneyMovementInput>?]>,
    ctx: Partial<MoneyPostingContext> = {},
  ) => {
    const today = await companyToday(t.db);
    await t.db.transaction((trx) =>
      postMoneyMovements(
        trx,
        amounts.map(([amount, over]) => ({
          accountId,
          amount,
          movementType: 'settlement',
          paymentMethod: 'virement',
          ...over,
        })),
        { documentType: 'test', documentId: 1, documentNumber: null, userId: null, businessDate: today, ...ctx },
      ),
    );
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());
  afterEach(() => expectCashConsistent(t.db));

  it('creates a bank account and a wallet with suggested codes and audit entries, lists, filters and sorts them', async () => {
    const tag = uniqueTag();
    const form = await admin.visit(`${BASE}/create`);
    expect(form.body.component).toBe('settings/treasury-accounts/Form');
    const suggested = form.body.props.suggested_codes as { banque: string; mobile_money: string };
    expect(suggested).toEqual({
      banque: expect.stringMatching(/^BQ\d{2}$/),
      mobile_money: expect.stringMatching(/^MM\d{2}$/),
    });
    expect(await t.db('treasury_accounts').whereIn('code', [suggested.banque, suggested.mobile_money])).toEqual([]);

    const bankId = await create(
      bank(tag, {
        code: suggested.banque.toLowerCase(),
        bank_name: '  SGBCI  ',
        phone: '0700000000',
        operator: 'wave',
      }),
    );
    const page = await admin.visit(`${BASE}/${bankId}`);
    expect(page.body.component).toBe('settings/treasury-accounts/Show');
    expect(page.body.flash.success).toBe(`Compte SGBCI Compte courant ${tag} créé.`);
    // The fields of the other kind are dropped: a bank has no operator.
    expect(page.body.props.account).toEqual({
      id: bankId,
      kind: 'banque',
      code: suggested.banque,
      name: `SGBCI Compte courant ${tag}`,
      bank_name: 'SGBCI',
      account_number: 'CI008 01001 012345678901 25',
      operator: null,
      balance: 0,
      active: true,
    });
    expect(page.body.props.usage).toEqual({ deletable: true, archivable: true, reasons: [], archive_block: null });
    expect(page.body.props.history.map((h: { action: string }) => h.action)).toEqual(['treasury_account.created']);
    expect((await admin.visit(`${BASE}/create`)).body.props.suggested_codes.banque).toBe(
      suggested.banque.replace(/\d+$/, (d) => String(Number(d) + 1).padStart(2, '0')),
    );

    const walletId = await create(
      wallet(tag, {
        code: suggested.mobile_money,
        operator: 'wave',
        name: `Wave ${tag}`,
        bank_name: 'Ignorée',
        account_number: 'IGNORE',
      }),
    );
    const w = (await t.db('treasury_accounts').where({ id: walletId }).first())!;
    expect([w.kind, w.operator, w.account_number, w.bank_name, w.cash_desk_id, Number(w.balance)]).toEqual([
      'mobile_money',
      'wave',
      '+225 07 08 09 10 11',
      '',
      null,
      0,
    ]);
    expect(
      await t.db('audit_log').where({ action: 'treasury_account.created', subject_id: String(walletId) }),
    ).toHaveLength(1);

    const list = await admin.visit(`${BASE}?q=${tag}`);
    expect(list.body.component).toBe('settings/treasury-accounts/Index');
    expect(list.body.props.accounts.data.map((a: { code: string }) => a.code).sort()).toEqual(
      [suggested.banque, suggested.mobile_money].sort(),
    );
    expect(list.body.props.can_manage).toBe(true);
    // Cash desks are not listed here: they are managed with their desk.
    expect((await admin.visit(`${BASE}?q=CAI01`)).body.props.accounts.data).toEqual([]);
    const wallets = (await admin.visit(`${BASE}?kind=mobile_money&q=${tag}`)).body.props.accounts.data;
    expect(wallets.map((a: { id: number }) => a.id)).toEqual([walletId]);
    expect(
      (await admin.visit(`${BASE}?operator=wave&q=${tag}`)).body.props.accounts.data.map((a: { id: number }) => a.id),
    ).toEqual([walletId]);
    expect((await admin.visit(`${BASE}?operator=orange_money&q=${tag}`)).body.props.accounts.data).toEqual([]);
    expect(
      (await admin.visit(`${BASE}?sort=name&dir=desc&q=${tag}`)).body.props.accounts.data.map(
        (a: { id: number }) => a.id,
      ),
    ).toEqual([walletId, bankId]);
    expect((await admin.visit(`${BASE}?sort=balance;--&kind=coffre`)).body.props.params).toMatchObject({
      sort: 'code',
      filters: { kind: '', operator: '', status: 'active' },
    });
  });

  it('refuses bad input in French and writes nothing: duplicates, a bad operator, missing bank details or phone', async () => {
    const tag = uniqueTag();
    const existing = await create(bank(tag));
    const before = await count('treasury_accounts');
    const desks = await count('cash_desks');
    const audits = await count('audit_log');
    expect(
      await submitExpectingErrors(admin, 'post', BASE, { kind: 'coffre', code: '', name: '' }, `${BASE}/create`),
    ).toEqual({
      kind: 'Veuillez choisir une valeur valide pour le champ type.',
      code: 'Le champ code est obligatoire.',
      name: 'Le champ nom est obligatoire.',
    });
    expect(
      await submitExpectingErrors(
        admin,
        'post',
        BASE,
        bank(tag, { name: `sgbci compte COURANT ${tag}` }),
        `${BASE}/create`,
      ),
    ).toEqual({
      code: `Le code BQ${tag} est déjà utilisé par un autre compte.`,
      name: `Un compte « sgbci compte COURANT ${tag} » existe déjà.`,
    });
    // A cash desk's code and name are taken too: one ledger, one namespace.
    expect(
      await submitExpectingErrors(
        admin,
        'post',
        BASE,
        wallet(tag, { code: 'CAI01', name: 'Caisse principale' }),
        `${BASE}/create`,
      ),
    ).toEqual({
      code: 'Le code CAI01 est déjà celui de la caisse « Caisse principale ».',
      name: 'Une caisse s’appelle déjà « Caisse principale ».',
    });
    // And the other way round: a new cash desk cannot take a bank's code or name.
    const shop = String((await t.db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
    expect(
      await submitExpectingErrors(
        admin,
        'post',
        DESKS,
        { code: `BQ${tag}`, name: `sgbci compte courant ${tag}`, location_id: shop },
        `${DESKS}/create`,
      ),
    ).toEqual({
      code: `Le code BQ${tag} est déjà celui du compte « SGBCI Compte courant ${tag} ».`,
      name: `Un compte bancaire ou mobile money s’appelle déjà « sgbci compte courant ${tag} ».`,
    });
    expect(
      await submitExpectingErrors(
        admin,
        'post',
        BASE,
        wallet(tag, { code: `MX${tag}`, name: `X ${tag}`, operator: 'paypal', phone: 'appelez-moi' }),
        `${BASE}/create`,
      ),
    ).toEqual({
      operator: 'Veuillez choisir une valeur valide pour le champ opérateur.',
      phone:
        'Le numéro de téléphone du compte n’est pas valide (6 à 15 chiffres ; espaces, +, -, . et parenthèses acceptés).',
    });
    expect(
      await submitExpectingErrors(
        admin,
        'post',
        BASE,
        wallet(tag, { code: `MY${tag}`, name: `Y ${tag}`, operator: '', phone: '' }),
        `${BASE}/create`,
      ),
    ).toEqual({
      operator: 'Choisissez l’opérateur du compte mobile money.',
      phone: 'Indiquez le numéro de téléphone du compte.',
    });
    expect(
      await submitExpectingErrors(
        admin,
        'post',
        BASE,
        bank(tag, { code: `BZ${tag}`, name: `Z ${tag}`, bank_name: '', account_number: '12' }),
        `${BASE}/create`,
      ),
    ).toEqual({
      bank_name: 'Indiquez la banque.',
      account_number: 'Le numéro de compte doit contenir au moins 5 caractères.',
    });
    expect(
      await submitExpectingErrors(
        admin,
        'post',
        BASE,
        bank(tag, { code: `BW${tag}`, name: `W ${tag}`, account_number: 'CI93 <script>' }),
        `${BASE}/create`,
      ),
    ).toEqual({
      account_number:
        'Le numéro de compte ne peut contenir que des lettres sans accent, des chiffres, des espaces et les signes . - /.',
    });
    expect(
      await submitExpectingErrors(
        admin,
        'post',
        BASE,
        bank(tag, { code: `BV${tag}`, name: `V ${tag}`, account_number: 'X'.repeat(61) }),
        `${BASE}/create`,
      ),
    ).toEqual({
      account_number: 'Le numéro de compte ne doit pas dépasser 60 caractères.',
    });
    expect(
      await submitExpectingErrors(
        admin,
        'post',
        BASE,
        bank(tag, { code: `BU${tag}`, name: { $ne: 1 } }),
        `${BASE}/create`,
      ),
    ).toHaveProperty('name');
    expect(await count('treasury_accounts')).toBe(before);
    expect(await count('cash_desks')).toBe(desks);
    expect(await count('audit_log')).toBe(audits);
    // An update to a name already taken is refused the same way.
    const other = await create(bank(`${tag}B`));
    expect(
      await submitExpectingErrors(
        admin,
        'put',
        `${BASE}/${other}`,
        bank(`${tag}B`, { name: `SGBCI Compte courant ${tag}` }),
        `${BASE}/${other}/edit`,
      ),
    ).toEqual({ name: `Un compte « SGBCI Compte courant ${tag} » existe déjà.` });
    expect((await t.db('treasury_accounts').where({ id: existing }).first())!.name).toBe(`SGBCI Compte courant ${tag}`);
  });

  it('updates with an audit diff; the kind no longer changes once the account has movements', async () => {
    const tag = uniqueTag();
    const id = await create(wallet(tag));
    const res = await admin.send(
      'put',
      `${BASE}/${id}`,
      wallet(tag, { operator: 'mtn_momo', name: `MTN MoMo ${tag}` }),
    );
    expect(res.status).toBe(303);
    expect((await admin.follow(res)).body.flash.success).toBe(`Compte MTN MoMo ${tag} enregistré.`);
    const audit = (await t
      .db('audit_log')
      .where({ action: 'treasury_account.updated', subject_id: String(id) })
      .first())!;
    expect(JSON.parse(audit.details!)).toEqual({
      before: { name: `Orange Money ${tag}`, operator: 'orange_money' },
      after: { name: `MTN MoMo ${tag}`, operator: 'mtn_momo' },
    });
    const show = await admin.visit(`${BASE}/${id}`);
    expect(show.body.props.history[0].changes).toEqual(
      expect.arrayContaining([{ field: 'operator', label: 'Opérateur', before: 'Orange Money', after: 'MTN MoMo' }]),
    );
    // Without movements a wallet may become a bank account…
    const edit = await admin.visit(`${BASE}/${id}/edit`);
    expect(edit.body.props.has_movements).toBe(false);
    await post(id, [[10_000, { paymentMethod: 'mobile_money', operator: 'mtn_momo' }]]);
    expect((await admin.visit(`${BASE}/${id}/edit`)).body.props.has_movements).toBe(true);
    // …not once money went through it.
    expect(
      await submitExpectingErrors(
        admin,
        'put',
        `${BASE}/${id}`,
        bank(tag, { code: `MM${tag}`, name: `MTN MoMo ${tag}` }),
        `${BASE}/${id}/edit`,
      ),
    ).toEqual({ kind: 'Ce compte a déjà des mouvements : son type ne peut plus changer.' });
    expect((await t.db('treasury_accounts').where({ id }).first())!.kind).toBe('mobile_money');
    // Its balance is never typed: a balance in the form is ignored.
    await admin.send('put', `${BASE}/${id}`, {
      ...wallet(tag, { operator: 'mtn_momo', name: `MTN MoMo ${tag}` }),
      balance: 999_999,
    });
    expect(Number((await t.db('treasury_accounts').where({ id }).first())!.balance)).toBe(10_000);
  });

  it('refuses to archive an account holding money and to delete one with movements; archives, restores and deletes otherwise', async () => {
    const tag = uniqueTag();
    const id = await create(bank(tag));
    await post(id, [[250_000]]);
    let page = await admin.visit(`${BASE}/${id}`);
    expect(page.body.props.usage).toEqual({
      deletable: false,
      archivable: false,
      reasons: ['il a un solde de 250\u202f000\u00a0FCFA', 'il a des mouvements'],
      archive_block: 'Il a un solde de 250\u202f000\u00a0FCFA : virez ou retirez ce solde avant de l’archiver.',
    });
    const refused = await admin.post(`${BASE}/${id}/archive`);
    expect((await admin.follow(refused)).body.flash.error).toBe(
      `Le compte « SGBCI Compte courant ${tag} » ne peut pas être archivé. Il a un solde de 250\u202f000\u00a0FCFA : virez ou retirez ce solde avant de l’archiver.`,
    );
    expect(
      await submitExpectingErrors(admin, 'put', `${BASE}/${id}`, bank(tag, { active: false }), `${BASE}/${id}/edit`),
    ).toEqual({ active: 'Il a un solde de 250\u202f000\u00a0FCFA : virez ou retirez ce solde avant de l’archiver.' });
    const undeletable = await admin.send('delete', `${BASE}/${id}`);
    expect((await admin.follow(undeletable)).body.flash.error).toBe(
      `Le compte « SGBCI Compte courant ${tag} » ne peut pas être supprimé : il a un solde de 250\u202f000\u00a0FCFA ; il a des mouvements. Archivez-le plutôt.`,
    );
    // Emptied, it is archived (no longer offered for payments), then restored; still not deleted.
    await post(id, [[-250_000, { movementType: 'supplier_payment' }]]);
    const archived = await admin.post(`${BASE}/${id}/archive`);
    expect((await admin.follow(archived)).body.flash.success).toBe(`Compte SGBCI Compte courant ${tag} archivé.`);
    expect((await paymentAccounts(t.db)).banque.map((a) => a.id)).not.toContain(id);
    expect((await admin.visit(`${BASE}?q=${tag}`)).body.props.accounts.data).toEqual([]);
    expect(
      (await admin.visit(`${BASE}?q=${tag}&status=archived`)).body.props.accounts.data.map((a: { id: number }) => a.id),
    ).toEqual([id]);
    const restored = await admin.post(`${BASE}/${id}/restore`);
    expect((await admin.follow(restored)).body.flash.success).toBe(`Compte SGBCI Compte courant ${tag} réactivé.`);
    page = await admin.visit(`${BASE}/${id}`);
    expect(page.body.props.usage).toMatchObject({
      deletable: false,
      archivable: true,
      reasons: ['il a des mouvements'],
    });
    expect((await admin.follow(await admin.send('delete', `${BASE}/${id}`))).body.flash.error).toMatch(
      /ne peut pas être supprimé : il a des mouvements\./,
    );
    expect(await t.db('treasury_accounts').where({ id }).first()).toBeDefined();
    // An account without movements is deleted, with its audit entry.
    const unused = await create(wallet(tag));
    const deleted = await admin.send('delete', `${BASE}/${unused}`);
    expect(deleted.headers.location).toBe(BASE);
    expect((await admin.follow(deleted)).body.flash.success).toBe(`Compte Orange Money ${tag} supprimé.`);
    expect(await t.db('treasury_accounts').where({ id: unused }).first()).toBeUndefined();
    expect(
      await t.db('audit_log').where({ action: 'treasury_account.deleted', subject_id: String(unused) }),
    ).toHaveLength(1);
    expect(
      (
        await t
          .db('audit_log')
          .where({ subject_type: 'treasury_account', subject_id: String(id) })
          .orderBy('id')
          .select('action')
      ).map((a) => a.action),
    ).toEqual(['treasury_account.created', 'treasury_account.archived', 'treasury_account.restored']);
  });

  it('shows an account’s ledger: movements of the period newest first, labels, user, balance after, filters and paging', async () => {
    const tag = uniqueTag();
    const id = await create(wallet(tag, { operator: 'wave', name: `Wave ${tag}` }));
    const today = await companyToday(t.db);
    const old = addDays(today, -45);
    const adminId = Number((await t.db('users').orderBy('id').first('id'))!.id);
    await post(id, [[80_000, { movementType: 'opening', paymentMethod: 'mobile_money' }]], { businessDate: old });
    await post(
      id,
      [
        [
          35_000,
          {
            movementType: 'sale',
            paymentMethod: 'mobile_money',
            operator: 'wave',
            phone: '0707070707',
            reference: 'WV-889',
            label: `Vente ${tag}`,
          },
        ],
      ],
      { documentNumber: `VB-${tag}`, userId: adminId },
    );
    await post(
      id,
      [[-12_500, { movementType: 'bank_deposit', paymentMethod: 'mobile_money', reference: 'RETRAIT-1' }]],
      { documentNumber: `VS-${tag}`, userId: adminId },
    );
    const page = await admin.visit(`${BASE}/${id}`);
    const { ledger } = page.body.props;
    expect(page.body.props.account.balance).toBe(102_500);
    expect(ledger.account_id).toBe(id);
    expect(ledger.filters).toEqual({ from: addDays(today, -30), to: today, type: '', q: '' });
    // The last 30 days: the opening movement of 45 days ago is before the period.
    expect(
      ledger.movements.data.map((m: { type_label: string; amount: number; balance_after: number }) => [
        m.type_label,
        m.amount,
        m.balance_after,
      ]),
    ).toEqual([
      ['Versement banque', -12_500, 102_500],
      ['Vente', 35_000, 115_000],
    ]);
    expect(ledger.movements.data[1]).toMatchObject({
      business_date: today,
      method_label: 'Mobile money',
      operator: 'wave',
      phone: '0707070707',
      reference: 'WV-889',
      label: `Vente ${tag}`,
      document_number: `VB-${tag}`,
      user_name: expect.any(String),
    });
    expect(ledger.movements.data[1].user_name).toBe((await t.db('users').where({ id: adminId }).first('name'))!.name);
    expect(ledger.totals).toEqual({ opening: 80_000, in: 35_000, out: 12_500, count: 2 });
    // A wider period, a type, a search.
    const all = (await admin.visit(`${BASE}/${id}?from=${addDays(today, -60)}&to=${today}`)).body.props.ledger;
    expect(all.movements.total).toBe(3);
    expect(all.totals).toEqual({ opening: 0, in: 115_000, out: 12_500, count: 3 });
    expect(
      (
        await admin.visit(`${BASE}/${id}?from=${addDays(today, -60)}&type=opening`)
      ).body.props.ledger.movements.data.map((m: { movement_type: string }) => m.movement_type),
    ).toEqual(['opening']);
    const searched = (await admin.visit(`${BASE}/${id}?q=vs-${tag.toLowerCase()}`)).body.props.ledger;
    expect(searched.movements.data.map((m: { document_number: string }) => m.document_number)).toEqual([`VS-${tag}`]);
    expect((await admin.visit(`${BASE}/${id}?type=vol&from=demain`)).body.props.ledger.filters).toEqual({
      from: addDays(today, -30),
      to: today,
      type: '',
      q: '',
    });
    // 25 a page, newest first.
    await post(
      id,
      Array.from({ length: 26 }, (_, i): [number, Partial<MoneyMovementInput>] => [
        100 + i,
        { movementType: 'sale', paymentMethod: 'mobile_money' },
      ]),
    );
    const first = (await admin.visit(`${BASE}/${id}`)).body.props.ledger.movements;
    expect([first.total, first.last_page, first.data.length, first.data[0].amount]).toEqual([28, 2, 25, 125]);
    const second = (await admin.visit(`${BASE}/${id}?page=2`)).body.props.ledger.movements;
    expect(second.data.map((m: { amount: number }) => m.amount)).toEqual([100, -12_500, 35_000]);
    // A page past the end answers the last one (counted by the period's figures).
    const past = (await admin.visit(`${BASE}/${id}?page=9`)).body.props.ledger;
    expect([past.movements.page, past.movements.total, past.totals.count]).toEqual([2, 28, 28]);
    expect(past.movements.data.map((m: { amount: number }) => m.amount)).toEqual([100, -12_500, 35_000]);
  });

  it('shows a cash desk’s ledger on its page, not on its edit form; a caisse account has no page of its own here', async () => {
    const tag = uniqueTag();
    const desk = (await t.db('cash_desks').where({ code: 'CAI02' }).first('id'))!;
    const account = await deskAccount(t.db, 'CAI02');
    await post(account, [[42_000, { movementType: 'cash_in', paymentMethod: 'especes', label: `Apport ${tag}` }]]);
    const page = await admin.visit(`${DESKS}/${desk.id}?q=${encodeURIComponent(`Apport ${tag}`)}`);
    expect(page.body.props.ledger.account_id).toBe(account);
    expect(
      page.body.props.ledger.movements.data.map((m: { type_label: string; amount: number; label: string }) => [
        m.type_label,
        m.amount,
        m.label,
      ]),
    ).toEqual([['Apport', 42_000, `Apport ${tag}`]]);
    expect((await admin.visit(`${DESKS}/${desk.id}/edit`)).body.props.ledger).toBeNull();
    expect((await admin.visit(`${DESKS}/create`)).body.props.ledger).toBeNull();
    expect((await admin.visit(`${BASE}/${account}`)).status).toBe(404);
    const file = await download(
      admin,
      `${BASE}/${account}/mouvements/export?format=csv&q=${encodeURIComponent(`Apport ${tag}`)}`,
    );
    expect(file.status).toBe(200);
    const lines = (file.body as Buffer)
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`;Apport;Apport ${tag};`);
    expect(lines[1]).toMatch(/;42000;;\d+$/);
  });

  it('exports the list and an account ledger as CSV and XLSX, with the same filters', async () => {
    const tag = uniqueTag();
    const id = await create(bank(tag));
    await post(
      id,
      [
        [500_000, { movementType: 'settlement', reference: `CHQ-${tag}` }],
        [-75_000, { movementType: 'supplier_payment', label: 'Paiement fournisseur' }],
      ],
      { documentNumber: `RG-${tag}` },
    );
    const csv = await download(admin, `${BASE}/export?format=csv&q=${tag}`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/filename="comptes-tresorerie-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = (csv.body as Buffer)
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(rows).toEqual([
      'Code;Nom;Type;Banque ou opérateur;N° de compte ou téléphone;Solde;Actif',
      `BQ${tag};SGBCI Compte courant ${tag};Banque;SGBCI;CI008 01001 012345678901 25;425000;oui`,
    ]);

    const xlsx = await download(admin, `${BASE}/${id}/mouvements/export?format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(
      new RegExp(`filename="mouvements-bq${tag.toLowerCase()}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"`),
    );
    const sheet = await xlsxRows(xlsx.body as Buffer);
    expect(sheet[0]).toEqual([
      'Date',
      'Heure',
      'Opération',
      'Libellé',
      'Document',
      'Moyen',
      'Opérateur',
      'Téléphone',
      'Référence',
      'Utilisateur',
      'Entrée',
      'Sortie',
      'Solde après',
    ]);
    expect(sheet.slice(1).map((r) => [r[2], r[4], r[8] ?? null, r[10] ?? null, r[11] ?? null, r[12]])).toEqual([
      ['Paiement fournisseur', `RG-${tag}`, null, null, 75_000, 425_000],
      ['Règlement client', `RG-${tag}`, `CHQ-${tag}`, 500_000, null, 500_000],
    ]);
    // The same type filter as the page.
    const paid = await download(admin, `${BASE}/${id}/mouvements/export?format=csv&type=supplier_payment`);
    expect((paid.body as Buffer).toString('utf8').trim().split('\r\n')).toHaveLength(2);
    // A download asked by an Inertia visit becomes a plain browser download (409 + location).
    const inertia = await admin.visit(`${BASE}/${id}/mouvements/export?format=csv`);
    expect(inertia.status).toBe(409);
    expect((await download(admin, `${BASE}/999999/mouvements/export`)).status).toBe(404);
  });

  it('lists the accounts a payment can land in, grouped by kind: the desks of the location, the banks, the wallets', async () => {
    const tag = uniqueTag();
    const bankId = await create(bank(tag));
    const walletId = await create(
      wallet(tag, { operator: 'moov_money', name: `Moov ${tag}`, phone: '01 02 03 04 05' }),
    );
    const archived = await create(wallet(`${tag}A`));
    await admin.post(`${BASE}/${archived}/archive`);
    const shop = Number((await t.db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
    const all = await paymentAccounts(t.db);
    expect(all.caisse.map((a) => a.code)).toEqual(expect.arrayContaining(['CAI01', 'CAI02']));
    expect(all.banque.find((a) => a.id === bankId)).toEqual({
      id: bankId,
      kind: 'banque',
      code: `BQ${tag}`,
      name: `SGBCI Compte courant ${tag}`,
      location_id: null,
      bank_name: 'SGBCI',
      operator: null,
      operator_label: null,
      phone: null,
    });
    expect(all.mobile_money.find((a) => a.id === walletId)).toEqual({
      id: walletId,
      kind: 'mobile_money',
      code: `MM${tag}`,
      name: `Moov ${tag}`,
      location_id: null,
      bank_name: null,
      operator: 'moov_money',
      operator_label: 'Moov Money',
      phone: '01 02 03 04 05',
    });
    expect(all.mobile_money.map((a) => a.id)).not.toContain(archived);
    const atShop = await paymentAccounts(t.db, { locationId: shop });
    expect(atShop.caisse.every((a) => a.location_id === shop)).toBe(true);
    expect(atShop.caisse.map((a) => a.code)).toContain('CAI02');
    expect(atShop.caisse.map((a) => a.code)).not.toContain('CAI01');
    expect(atShop.banque.map((a) => a.id)).toContain(bankId);
    for (const group of [all.caisse, all.banque, all.mobile_money])
      expect(group.map((a) => a.code)).toEqual([...group.map((a) => a.code)].sort());
  });

  it('answers 404 for unknown ids and 403 without company.manage or without the screen, even forged', async () => {
    const tag = uniqueTag();
    const id = await create(bank(tag));
    for (const url of [`${BASE}/999999`, `${BASE}/abc`, `${BASE}/0/edit`])
      expect((await admin.visit(url)).status).toBe(404);
    expect((await admin.send('put', `${BASE}/999999`, bank(tag))).status).toBe(404);
    const viewer = await userWithPermissions(t, `lecteur-tresorerie-${tag}@test.local`, [
      'menu.parametres',
      'menu.parametres.societe',
    ]);
    const c = new Client(t);
    await c.login(viewer.email, viewer.password);
    // The screen, the ledger and the exports are open to the viewer; changes are not.
    expect((await c.visit(BASE)).body.props.can_manage).toBe(false);
    expect((await c.visit(`${BASE}/${id}`)).body.props.can_manage).toBe(false);
    expect((await download(c, `${BASE}/${id}/mouvements/export?format=csv`)).status).toBe(200);
    const forbidden: Array<[string, () => Promise<{ status: number }>]> = [
      ['form', () => c.visit(`${BASE}/create`)],
      ['create', () => c.post(BASE, bank(`${tag}H`))],
      ['edit', () => c.visit(`${BASE}/${id}/edit`)],
      ['update', () => c.send('put', `${BASE}/${id}`, bank(tag, { name: 'Piraté' }))],
      ['archive', () => c.post(`${BASE}/${id}/archive`)],
      ['restore', () => c.post(`${BASE}/${id}/restore`)],
      ['delete', () => c.send('delete', `${BASE}/${id}`)],
    ];
    for (const [name, call] of forbidden) expect([name, (await call()).status]).toEqual([name, 403]);
    expect(
      await t
        .db('treasury_accounts')
        .where({ code: `BQ${tag}H` })
        .first(),
    ).toBeUndefined();
    expect((await t.db('treasury_accounts').where({ id }).first())!.name).toBe(`SGBCI Compte courant ${tag}`);
    const nobody = await userWithPermissions(t, `sans-societe-tresorerie-${tag}@test.local`, [
      'menu.parametres',
      'company.manage',
    ]);
    const n = new Client(t);
    await n.login(nobody.email, nobody.password);
    for (const url of [BASE, `${BASE}/${id}`, `${BASE}/export`]) expect((await n.visit(url)).status).toBe(403);
    expect((await download(n, `${BASE}/${id}/mouvements/export?format=csv`)).status).toBe(403);
    expect((await n.post(BASE, bank(`${tag}N`))).status).toBe(403);
    expect(
      await t
        .db('treasury_accounts')
        .where({ code: `BQ${tag}N` })
        .first(),
    ).toBeUndefined();
  });
});
