import type { Knex } from 'knex';
import type { AppConfig } from '../../config.js';
import type { PlaceScope } from '../../policies/places.js';
import type { FiscalDeskPoint, StoredSecret } from '../../../shared/fiscal.js';
import { orderByFrench } from '../../db/french-order.js';
import { whereAllowedAccount } from '../places/scope.js';
import { fiscalSettings, type FiscalSettings } from './settings.js';
import { maskSecret, storedSecret } from './secret.js';

/** What Paramètres › Société › Facturation électronique shows: the stored values, the merged settings, the key's state. */
export interface FiscalScreen {
  stored: {
    provider: string;
    api_url: string;
    regime: string;
    establishment: string;
    default_tax_group: string;
    b2c_threshold: number;
  };
  settings: FiscalSettings;
  apiKey: StoredSecret;
  /** FISCAL_API_KEY's mask (the screen shows it locked). */
  environmentKeyMask: string;
}

export async function fiscalScreen(db: Knex, config: Pick<AppConfig, 'appKey' | 'fiscal'>): Promise<FiscalScreen> {
  const row = (await db('company_settings')
    .where({ id: 1 })
    .first(
      'fiscal_provider',
      'fiscal_api_url',
      'fiscal_api_key',
      'fiscal_regime',
      'fiscal_establishment',
      'default_tax_group',
      'fiscal_b2c_threshold',
    ))!; // the row exists from the first start on (fiscalSettings says so when it does not)
  const settings = await fiscalSettings(db, config);
  return {
    stored: {
      provider: row.fiscal_provider,
      api_url: row.fiscal_api_url,
      regime: row.fiscal_regime,
      establishment: row.fiscal_establishment,
      default_tax_group: row.default_tax_group,
      b2c_threshold: Number(row.fiscal_b2c_threshold),
    },
    settings,
    apiKey: storedSecret(config.appKey, row.fiscal_api_key),
    environmentKeyMask: config.fiscal.apiKey ? maskSecret(config.fiscal.apiKey) : '',
  };
}

/** The active desks the user works at, each with its DGI point of sale (pointOfSaleFor's order, for the list). */
export async function deskPointsOfSale(
  db: Knex,
  scope: PlaceScope,
  fallbackPointOfSale: string,
): Promise<FiscalDeskPoint[]> {
  const qb = db('cash_desks')
    .join('locations', 'locations.id', 'cash_desks.location_id')
    .leftJoin('treasury_accounts', 'treasury_accounts.cash_desk_id', 'cash_desks.id')
    .where('cash_desks.active', true)
    .select(
      'cash_desks.id',
      'cash_desks.code',
      'cash_desks.name',
      'cash_desks.fiscal_point_of_sale as desk_point',
      'cash_desks.fiscal_machine_token',
      'locations.name as location_name',
      'locations.fiscal_point_of_sale as location_point',
    );
  const rows = await orderByFrench(whereAllowedAccount(qb, scope, 'treasury_accounts.'), db, {
    name: 'cash_desks.name',
  }).orderBy('cash_desks.id');
  return rows.map((r) => {
    const [point_of_sale, source] = r.desk_point
      ? [r.desk_point, 'desk' as const]
      : r.location_point
        ? [r.location_point, 'location' as const]
        : fallbackPointOfSale
          ? [fallbackPointOfSale, 'environment' as const]
          : ['', 'none' as const];
    return {
      id: Number(r.id),
      code: r.code,
      name: r.name,
      location_name: r.location_name,
      point_of_sale,
      source,
      has_machine_token: Boolean(r.fiscal_machine_token),
    };
  });
}
