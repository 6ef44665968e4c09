import type { Knex } from 'knex';
import type { AppConfig } from '../../config.js';
import type { FiscalSeller } from '../../domain/fiscal/document.js';
import {
  FISCAL_PROVIDERS,
  FISCAL_REGIMES,
  FORFAITAIRE_REGIMES,
  type FiscalProvider,
  type FiscalRegime,
} from '../../../shared/fiscal.js';
import { DEFAULT_TAX_GROUP, type TaxGroup, isTaxGroup } from '../../../shared/tax-groups.js';
import type { ProviderAccess } from './provider.js';
import { decryptSecret } from './secret.js';

/** The settings an environment variable may fix (FISCAL_*), each locked on the screen when it does. */
export const FISCAL_ENVIRONMENT_FIELDS = {
  provider: 'FISCAL_PROVIDER',
  apiUrl: 'FISCAL_API_URL',
  apiKey: 'FISCAL_API_KEY',
  taxId: 'FISCAL_TAX_ID',
  pointOfSale: 'FISCAL_POINT_OF_SALE',
} as const;

export type FiscalEnvironmentField = keyof typeof FISCAL_ENVIRONMENT_FIELDS;

/**
 * How the company certifies its documents, as every fiscal piece reads it: Paramètres › Société ›
 * Facturation électronique (company_settings.fiscal_*), each FISCAL_* variable that is set winning
 * over the screen.
 */
export interface FiscalSettings {
  provider: FiscalProvider;
  /** Without a trailing slash ('' when none is set). */
  apiUrl: string;
  /** The company's key in clear ('' when none is set or it no longer decrypts). */
  apiKey: string;
  /** The stored key does not decrypt under this app key (APP_KEY changed): it must be typed again. */
  apiKeyUnreadable: boolean;
  seller: FiscalSeller;
  /** The tax group of a product without one. */
  defaultTaxGroup: TaxGroup;
  /** B2C sales under this amount are not certified; 0 unless the regime is one of FORFAITAIRE_REGIMES. */
  b2cThreshold: number;
  /** The point of sale of a desk and a location that have none (FISCAL_POINT_OF_SALE; '' when unset). */
  fallbackPointOfSale: string;
  /** Per request to the DGI (FISCAL_TIMEOUT_MS). */
  timeoutMs: number;
  /** Which fields the environment sets (the screen shows them locked). */
  fromEnvironment: Record<FiscalEnvironmentField, boolean>;
}

const isProvider = (v: unknown): v is FiscalProvider =>
  typeof v === 'string' && Object.prototype.hasOwnProperty.call(FISCAL_PROVIDERS, v);

export const isFiscalRegime = (v: unknown): v is FiscalRegime =>
  v === '' || (typeof v === 'string' && Object.prototype.hasOwnProperty.call(FISCAL_REGIMES, v));

/** Reads the settings (inside the caller's transaction when given one). */
export async function fiscalSettings(
  db: Knex | Knex.Transaction,
  config: Pick<AppConfig, 'appKey' | 'fiscal'>,
): Promise<FiscalSettings> {
  const row = await db('company_settings')
    .where({ id: 1 })
    .first(
      'name',
      'rccm',
      'tax_number',
      'fiscal_provider',
      'fiscal_api_url',
      'fiscal_api_key',
      'fiscal_regime',
      'fiscal_establishment',
      'default_tax_group',
      'fiscal_b2c_threshold',
    );
  if (!row)
    throw new Error('Paramètres de la société absents (company_settings id = 1) : relancez les migrations et le seed.');
  const env = config.fiscal;
  const storedKey = row.fiscal_api_key ? decryptSecret(config.appKey, row.fiscal_api_key) : '';
  const regime: FiscalRegime = isFiscalRegime(row.fiscal_regime) ? row.fiscal_regime : '';
  return {
    provider: env.provider ?? (isProvider(row.fiscal_provider) ? row.fiscal_provider : 'none'),
    apiUrl: env.apiUrl ?? row.fiscal_api_url.replace(/\/+$/, ''),
    apiKey: env.apiKey ?? storedKey ?? '',
    apiKeyUnreadable: env.apiKey === undefined && storedKey === null,
    seller: {
      taxId: env.taxId ?? row.tax_number,
      name: row.name,
      rccm: row.rccm,
      regime,
      establishment: row.fiscal_establishment,
    },
    defaultTaxGroup: isTaxGroup(row.default_tax_group) ? row.default_tax_group : DEFAULT_TAX_GROUP,
    b2cThreshold: FORFAITAIRE_REGIMES.includes(regime) ? Number(row.fiscal_b2c_threshold) : 0,
    fallbackPointOfSale: env.pointOfSale ?? '',
    timeoutMs: env.timeoutMs,
    fromEnvironment: {
      provider: env.provider !== undefined,
      apiUrl: env.apiUrl !== undefined,
      apiKey: env.apiKey !== undefined,
      taxId: env.taxId !== undefined,
      pointOfSale: env.pointOfSale !== undefined,
    },
  };
}

/**
 * The DGI point of sale a document is certified under: its cash desk's, else its location's, else
 * FISCAL_POINT_OF_SALE ('' when none is set: the provider's refusal says so on the document).
 */
export async function pointOfSaleFor(
  db: Knex | Knex.Transaction,
  settings: Pick<FiscalSettings, 'fallbackPointOfSale'>,
  place: { locationId: number | null; cashDeskId: number | null },
): Promise<string> {
  if (place.cashDeskId !== null) {
    const desk = await db('cash_desks').where({ id: place.cashDeskId }).first('fiscal_point_of_sale');
    if (desk?.fiscal_point_of_sale) return desk.fiscal_point_of_sale;
  }
  if (place.locationId !== null) {
    const location = await db('locations').where({ id: place.locationId }).first('fiscal_point_of_sale');
    if (location?.fiscal_point_of_sale) return location.fiscal_point_of_sale;
  }
  return settings.fallbackPointOfSale;
}

/**
 * What a provider client is built with for a document of this desk: e-MECeF's machine token of the
 * desk when it has one (a JWT per machine), else the company's key. A credential that no longer
 * decrypts is not sent: the French message says what to do.
 */
export async function providerAccessFor(
  db: Knex | Knex.Transaction,
  config: Pick<AppConfig, 'appKey'>,
  settings: Pick<FiscalSettings, 'provider' | 'apiUrl' | 'apiKey' | 'apiKeyUnreadable' | 'timeoutMs'>,
  place: { cashDeskId: number | null },
): Promise<{ ok: true; access: ProviderAccess } | { ok: false; message: string }> {
  const access = (apiKey: string) => ({
    ok: true as const,
    access: { apiUrl: settings.apiUrl, apiKey, timeoutMs: settings.timeoutMs },
  });
  if (settings.provider === 'emecef' && place.cashDeskId !== null) {
    const desk = await db('cash_desks').where({ id: place.cashDeskId }).first('name', 'fiscal_machine_token');
    if (desk?.fiscal_machine_token) {
      const token = decryptSecret(config.appKey, desk.fiscal_machine_token);
      if (token === null)
        return {
          ok: false,
          message: `Le jeton e-MECeF de la caisse « ${desk.name} » est illisible : saisissez-le à nouveau (Paramètres › Société › Caisses).`,
        };
      return access(token);
    }
  }
  if (settings.apiKeyUnreadable)
    return {
      ok: false,
      message:
        'La clé d’API enregistrée est illisible : saisissez-la à nouveau (Paramètres › Société › Facturation électronique).',
    };
  return access(settings.apiKey);
}
