import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.js';
import { encryptSecret } from '../../../server/services/fiscal/secret.js';
import { fiscalSettings, pointOfSaleFor, providerAccessFor } from '../../../server/services/fiscal/settings.js';
import { type TestApp, createTestApp } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';

const APP_KEY = 'test-app-key-0123456789abcdef';
const noEnvironment = { appKey: APP_KEY, fiscal: { timeoutMs: 15_000 } };

describe('config: the FISCAL_* variables', () => {
  it('reads each one, an empty one as unset, and refuses a bad value', () => {
    const base = { NODE_ENV: 'test', APP_KEY } as NodeJS.ProcessEnv;
    expect(loadConfig(base).fiscal).toEqual({ timeoutMs: 15_000 });
    expect(
      loadConfig({
        ...base,
        FISCAL_PROVIDER: 'fne',
        FISCAL_API_URL: 'http://127.0.0.1:4545/fne/',
        FISCAL_API_KEY: ' clé-secrète ',
        FISCAL_TAX_ID: '1234567A',
        FISCAL_POINT_OF_SALE: 'PDV-01',
        FISCAL_TIMEOUT_MS: '5000',
      }).fiscal,
    ).toEqual({
      provider: 'fne',
      apiUrl: 'http://127.0.0.1:4545/fne',
      apiKey: 'clé-secrète',
      taxId: '1234567A',
      pointOfSale: 'PDV-01',
      timeoutMs: 5000,
    });
    expect(loadConfig({ ...base, FISCAL_PROVIDER: '', FISCAL_API_KEY: '  ' }).fiscal).toEqual({ timeoutMs: 15_000 });
    expect(() => loadConfig({ ...base, FISCAL_PROVIDER: 'secef' })).toThrow();
    expect(() => loadConfig({ ...base, FISCAL_API_URL: 'pas une adresse' })).toThrow();
    expect(() => loadConfig({ ...base, FISCAL_TIMEOUT_MS: '10' })).toThrow();
  });
});

describe.each(testDatabases())('fiscal settings (%s)', (kind) => {
  let t: TestApp;
  const store = (values: Record<string, unknown>) => t.db('company_settings').where({ id: 1 }).update(values);

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('reads the screen’s settings: none by default, the key decrypted, the seller from the company', async () => {
    await store({
      fiscal_provider: 'none',
      fiscal_api_url: '',
      fiscal_api_key: null,
      tax_number: '',
      fiscal_regime: '',
      default_tax_group: 'normal',
      fiscal_b2c_threshold: 0,
    });
    const none = await fiscalSettings(t.db, noEnvironment);
    expect(none).toMatchObject({
      provider: 'none',
      apiUrl: '',
      apiKey: '',
      apiKeyUnreadable: false,
      defaultTaxGroup: 'normal',
      b2cThreshold: 0,
      fallbackPointOfSale: '',
      timeoutMs: 15_000,
      fromEnvironment: { provider: false, apiUrl: false, apiKey: false, taxId: false, pointOfSale: false },
    });

    await store({
      name: 'Quincaillerie du Plateau',
      rccm: 'CI-ABJ-2026-B-1',
      tax_number: '2026123A',
      fiscal_provider: 'fne',
      fiscal_api_url: 'http://127.0.0.1:4545/fne/',
      fiscal_api_key: encryptSecret(APP_KEY, 'clé-fne-0123456789'),
      fiscal_regime: 'TEE',
      fiscal_establishment: 'Plateau',
      default_tax_group: 'exempt_legal',
      fiscal_b2c_threshold: 5000,
    });
    expect(await fiscalSettings(t.db, noEnvironment)).toMatchObject({
      provider: 'fne',
      apiUrl: 'http://127.0.0.1:4545/fne',
      apiKey: 'clé-fne-0123456789',
      seller: {
        taxId: '2026123A',
        name: 'Quincaillerie du Plateau',
        rccm: 'CI-ABJ-2026-B-1',
        regime: 'TEE',
        establishment: 'Plateau',
      },
      defaultTaxGroup: 'exempt_legal',
      b2cThreshold: 5000,
    });
    // The threshold only holds for a forfaitaire regime.
    await store({ fiscal_regime: 'RNI' });
    expect((await fiscalSettings(t.db, noEnvironment)).b2cThreshold).toBe(0);
  });

  it('lets each variable set win over the screen, and says which ones', async () => {
    await store({
      fiscal_provider: 'emecef',
      fiscal_api_url: 'http://ecran.example/api',
      fiscal_api_key: encryptSecret(APP_KEY, 'clé-de-l-écran-0000'),
      tax_number: '2026123A',
    });
    const env = {
      appKey: APP_KEY,
      fiscal: {
        provider: 'fne' as const,
        apiUrl: 'http://127.0.0.1:4545/fne',
        apiKey: 'clé-de-l-environnement',
        taxId: '9999999Z',
        pointOfSale: 'PDV-ENV',
        timeoutMs: 3000,
      },
    };
    expect(await fiscalSettings(t.db, env)).toMatchObject({
      provider: 'fne',
      apiUrl: 'http://127.0.0.1:4545/fne',
      apiKey: 'clé-de-l-environnement',
      seller: { taxId: '9999999Z' },
      fallbackPointOfSale: 'PDV-ENV',
      timeoutMs: 3000,
      fromEnvironment: { provider: true, apiUrl: true, apiKey: true, taxId: true, pointOfSale: true },
    });
    // Only the URL set: the rest comes from the screen.
    expect(
      await fiscalSettings(t.db, { appKey: APP_KEY, fiscal: { apiUrl: 'http://autre/api', timeoutMs: 15_000 } }),
    ).toMatchObject({
      provider: 'emecef',
      apiUrl: 'http://autre/api',
      apiKey: 'clé-de-l-écran-0000',
      fromEnvironment: { provider: false, apiUrl: true, apiKey: false },
    });
  });

  it('reads a key encrypted under another app key as unreadable, never as a throw', async () => {
    await store({ fiscal_provider: 'fne', fiscal_api_key: encryptSecret('an-older-app-key-0123456789', 'clé') });
    const settings = await fiscalSettings(t.db, noEnvironment);
    expect(settings).toMatchObject({ apiKey: '', apiKeyUnreadable: true });
    const access = await providerAccessFor(t.db, noEnvironment, settings, { cashDeskId: null });
    expect(access).toEqual({ ok: false, message: expect.stringMatching(/clé d’API enregistrée est illisible/) });
    // The environment's key stands in for it.
    const withEnv = { appKey: APP_KEY, fiscal: { apiKey: 'clé-env', timeoutMs: 15_000 } };
    expect(await fiscalSettings(t.db, withEnv)).toMatchObject({ apiKey: 'clé-env', apiKeyUnreadable: false });
  });

  it('finds a document’s point of sale: its desk’s, else its location’s, else FISCAL_POINT_OF_SALE', async () => {
    const shop = (await t.db('locations').where({ code: 'BTQ01' }).first('id'))!.id;
    const desk = (await t.db('cash_desks').first('id'))!.id;
    await t.db('locations').where({ id: shop }).update({ fiscal_point_of_sale: 'PDV-BOUTIQUE' });
    await t.db('cash_desks').where({ id: desk }).update({ fiscal_point_of_sale: 'PDV-CAISSE' });
    const settings = { fallbackPointOfSale: 'PDV-DEFAUT' };
    expect(await pointOfSaleFor(t.db, settings, { locationId: shop, cashDeskId: desk })).toBe('PDV-CAISSE');
    await t.db('cash_desks').where({ id: desk }).update({ fiscal_point_of_sale: '' });
    expect(await pointOfSaleFor(t.db, settings, { locationId: shop, cashDeskId: desk })).toBe('PDV-BOUTIQUE');
    expect(await pointOfSaleFor(t.db, settings, { locationId: shop, cashDeskId: null })).toBe('PDV-BOUTIQUE');
    await t.db('locations').where({ id: shop }).update({ fiscal_point_of_sale: '' });
    expect(await pointOfSaleFor(t.db, settings, { locationId: shop, cashDeskId: desk })).toBe('PDV-DEFAUT');
    expect(await pointOfSaleFor(t.db, { fallbackPointOfSale: '' }, { locationId: null, cashDeskId: null })).toBe('');
  });

  it('gives e-MECeF the desk’s machine token when it has one, else the company’s key', async () => {
    const desk = (await t.db('cash_desks').first('id', 'name'))!;
    await store({ fiscal_provider: 'emecef', fiscal_api_key: encryptSecret(APP_KEY, 'jeton-société') });
    const settings = await fiscalSettings(t.db, noEnvironment);
    await t.db('cash_desks').where({ id: desk.id }).update({ fiscal_machine_token: null });
    expect(await providerAccessFor(t.db, noEnvironment, settings, { cashDeskId: desk.id })).toMatchObject({
      ok: true,
      access: { apiKey: 'jeton-société', timeoutMs: 15_000 },
    });
    await t
      .db('cash_desks')
      .where({ id: desk.id })
      .update({ fiscal_machine_token: encryptSecret(APP_KEY, 'jeton-machine') });
    expect(await providerAccessFor(t.db, noEnvironment, settings, { cashDeskId: desk.id })).toMatchObject({
      ok: true,
      access: { apiKey: 'jeton-machine' },
    });
    // FNE has one key for the company: a desk's token is e-MECeF's only.
    expect(
      await providerAccessFor(t.db, noEnvironment, { ...settings, provider: 'fne' }, { cashDeskId: desk.id }),
    ).toMatchObject({ ok: true, access: { apiKey: 'jeton-société' } });
    await t
      .db('cash_desks')
      .where({ id: desk.id })
      .update({ fiscal_machine_token: encryptSecret('an-older-app-key-0123456789', 'jeton') });
    expect(await providerAccessFor(t.db, noEnvironment, settings, { cashDeskId: desk.id })).toEqual({
      ok: false,
      message: expect.stringContaining(`caisse « ${desk.name} » est illisible`),
    });
    await t.db('cash_desks').where({ id: desk.id }).update({ fiscal_machine_token: null });
  });
});
