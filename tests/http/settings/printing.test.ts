import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINT_DOCUMENTS, PRINT_DOCUMENT_TYPES, defaultPrintSettings } from '../../../shared/print.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { submitExpectingErrors } from '../../support/master-data.js';
import { uniqueTag } from '../../support/unique.js';

const PRINTING = '/parametres/impression';

describe.each(testDatabases())('paramètres › impression (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  const row = (type: string) => t.db('print_settings').where({ document_type: type }).first();
  const audits = (type: string) =>
    t
      .db('audit_log')
      .where({ action: 'printing.updated', subject_type: 'print_settings', subject_id: type })
      .orderBy('id');

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());

  it('shows every document type of the catalogue, with its defaults until saved, and the company header for the preview', async () => {
    const page = await admin.visit(PRINTING);
    expect(page.status).toBe(200);
    expect(page.body.component).toBe('settings/printing/Index');
    expect(Object.keys(page.body.props.settings).sort()).toEqual([...PRINT_DOCUMENT_TYPES].sort());
    for (const type of ['invoice', 'cash_invoice', 'ticket', 'receipt', 'transfer', 'avoir', 'states'])
      expect(PRINT_DOCUMENT_TYPES).toContain(type);
    // No test of this file saves the cash invoice: it keeps its defaults.
    expect(page.body.props.settings.cash_invoice).toEqual(defaultPrintSettings('cash_invoice'));
    expect(defaultPrintSettings('ticket')).toMatchObject({ format: '80mm', copies: 1 });
    expect(page.body.props.can_manage).toBe(true);
    expect(page.body.props.company).toMatchObject({ name: expect.any(String), logo_url: null });
  });

  it('saves a document type (audited with what changed) and leaves the others alone', async () => {
    const tag = uniqueTag();
    const res = await admin.send('put', `${PRINTING}/ticket`, {
      format: '58mm',
      copies: '2',
      header_text: `Merci ${tag}\nÀ bientôt`,
      footer_text: 'Ni repris ni échangé',
      show_logo: false,
      amount_in_words: true,
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${PRINTING}?type=ticket`);
    const page = await admin.visit(PRINTING);
    expect(page.body.props.settings.ticket).toEqual({
      format: '58mm',
      copies: 2,
      header_text: `Merci ${tag}\nÀ bientôt`,
      footer_text: 'Ni repris ni échangé',
      show_logo: false,
      amount_in_words: true,
    });
    expect(page.body.props.settings.receipt).toEqual(defaultPrintSettings('receipt'));
    const [entry] = (await audits('ticket')).slice(-1);
    expect(JSON.parse(entry.details!)).toMatchObject({
      before: { format: '80mm', copies: 1, show_logo: true },
      after: { format: '58mm', copies: 2, show_logo: false },
    });
    const count = (await audits('ticket')).length;
    await admin.send('put', `${PRINTING}/ticket`, {
      format: '58mm',
      copies: 2,
      header_text: `Merci ${tag}\nÀ bientôt`,
      footer_text: 'Ni repris ni échangé',
      show_logo: false,
      amount_in_words: true,
    });
    expect((await audits('ticket')).length).toBe(count);
  });

  it('never spells out the amount of a document that has none', async () => {
    await admin.send('put', `${PRINTING}/transfer`, {
      format: 'A4',
      copies: 1,
      amount_in_words: true,
      show_logo: true,
    });
    expect(PRINT_DOCUMENTS.transfer.amountInWords).toBe(false);
    expect(Boolean((await row('transfer'))!.amount_in_words)).toBe(false);
  });

  it('refuses a format the document does not allow, a bad number of copies, over-long text — on the field, nothing written', async () => {
    await admin.send('put', `${PRINTING}/invoice`, { format: 'A5', copies: 1, show_logo: true, amount_in_words: true });
    const before = await row('invoice');
    const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
      ['invoice', { format: '80mm' }, 'format', /n’est pas proposé pour ce document/],
      ['ticket', { format: 'A4' }, 'format', /n’est pas proposé pour ce document/],
      ['invoice', { format: 'A3' }, 'format', /format/],
      ['invoice', { copies: 0 }, 'copies', /supérieur ou égal à 1/],
      ['invoice', { copies: 6 }, 'copies', /ne doit pas dépasser 5/],
      ['invoice', { copies: 'deux' }, 'copies', /nombre entier/],
      ['invoice', { header_text: 'x'.repeat(301) }, 'header_text', /300 caractères/],
      ['invoice', { footer_text: { a: 1 } }, 'footer_text', /texte/],
      ['invoice', { show_logo: 'peut-être' }, 'show_logo', /oui ou non/],
    ];
    for (const [type, patch, field, message] of cases) {
      const errors = await submitExpectingErrors(
        admin,
        'put',
        `${PRINTING}/${type}`,
        { format: type === 'ticket' ? '80mm' : 'A5', copies: 1, show_logo: true, amount_in_words: true, ...patch },
        PRINTING,
      );
      expect(errors[field], JSON.stringify(patch)).toMatch(message);
    }
    expect(await row('invoice')).toEqual(before);
    expect((await admin.send('put', `${PRINTING}/facture-pro`, { format: 'A4', copies: 1 })).status).toBe(404);
  });

  it('shows the settings read-only without printing.manage and refuses the change', async () => {
    const user = await userWithPermissions(t, `${uniqueTag().toLowerCase()}@test.local`, [
      'menu.parametres',
      'menu.parametres.impression',
    ]);
    const c = new Client(t);
    await c.login(user.email, user.password);
    const page = await c.visit(PRINTING);
    expect(page.status).toBe(200);
    expect(page.body.props.can_manage).toBe(false);
    const before = await row('avoir');
    expect((await c.send('put', `${PRINTING}/avoir`, { format: 'A4', copies: 2 })).status).toBe(403);
    expect(await row('avoir')).toEqual(before);
  });
});
