import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../server/domain/dates.js';
import { ROUTES } from '../../shared/routes.js';
import { ADMIN, Client, type TestApp, createTestApp, userWithPermissions } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { uniqueTag } from '../support/unique.js';

/**
 * The company's settings travel once per page as the `company` shared prop, read in the request's
 * one user-context statement: a screen never receives the currency by hand, and a change in
 * Paramètres › Société shows at the next request.
 */
describe.each(testDatabases())('company shared prop (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const signedIn = async () => {
    const email = `company-${uniqueTag().toLowerCase()}@test.local`;
    await userWithPermissions(t, email, ['menu.dashboard'], 'Company-Pass-123');
    const c = new Client(t);
    await c.login(email, 'Company-Pass-123');
    return c;
  };

  it('sends the currency, the business date in the company time zone and the VAT to a signed-in page', async () => {
    const c = await signedIn();
    const settings = await t.db('company_settings').where({ id: 1 }).first();
    const res = await c.visit('/dashboard');
    expect(res.status).toBe(200);
    expect(res.body.props.company).toEqual({
      currency: settings!.currency,
      time_zone: settings!.time_zone,
      today: businessDate(settings!.time_zone),
      vat: {
        enabled: Boolean(settings!.vat_enabled),
        rate: settings!.vat_enabled ? Number(settings!.vat_rate_bp) : 0,
        pricesIncludeVat: Boolean(settings!.prices_include_vat),
      },
      allow_negative_stock: Boolean(settings!.allow_negative_stock),
    });
    expect(res.body.sharedProps).toContain('company');
  });

  it('shows a change of the settings at the next request, read with the user (no statement of its own)', async () => {
    const c = await signedIn();
    const before = await t.db('company_settings').where({ id: 1 }).first();
    await t
      .db('company_settings')
      .where({ id: 1 })
      .update({ currency: 'EUR', time_zone: 'Pacific/Kiritimati', vat_enabled: true, vat_rate_bp: 1800 });
    try {
      const sent: string[] = [];
      const listen = (q: { sql: string }) => sent.push(q.sql);
      t.db.on('query', listen);
      const res = await c.visit('/dashboard').finally(() => t.db.off('query', listen));
      expect(res.body.props.company.currency).toBe('EUR');
      expect(res.body.props.company.today).toBe(businessDate('Pacific/Kiritimati'));
      expect(res.body.props.company.vat).toMatchObject({ enabled: true, rate: 1800 });
      expect(sent.filter((sql) => /\bsessions\b/i.test(sql) && /company_settings/i.test(sql))).toHaveLength(1);
    } finally {
      await t.db('company_settings').where({ id: 1 }).update({
        currency: before!.currency,
        time_zone: before!.time_zone,
        vat_enabled: before!.vat_enabled,
        vat_rate_bp: before!.vat_rate_bp,
      });
    }
  });

  it.each([
    ['the dashboard', '/dashboard'],
    ['the invoices', ROUTES['sales.invoices']],
    ['the products', ROUTES['products.index']],
    ['the clients', ROUTES['clients.index']],
    ['the cash desk', ROUTES['cash.index']],
    ['the stock entries', ROUTES['entries.index']],
  ])('%s read the company settings only with the user: no statement of their own', async (_name, url) => {
    const c = new Client(t);
    await c.login(ADMIN.email, ADMIN.password);
    const sent: string[] = [];
    const listen = (q: { sql: string }) => sent.push(q.sql);
    t.db.on('query', listen);
    const res = await c.visit(url).finally(() => t.db.off('query', listen));
    expect(res.status).toBe(200);
    expect(res.body.props.company.currency).toBeTruthy();
    expect(res.body.props.currency).toBeUndefined();
    const settingsReads = sent.filter((sql) => /company_settings/i.test(sql));
    expect(settingsReads).toHaveLength(1);
    expect(settingsReads[0]).toMatch(/\bsessions\b/i);
  });

  it('sends no company settings to a guest page', async () => {
    const res = await new Client(t).visit('/login');
    expect(res.status).toBe(200);
    expect(res.body.props.company).toBeNull();
  });
});
