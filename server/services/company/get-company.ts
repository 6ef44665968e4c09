import type { Knex } from 'knex';
import { prepared, toBool } from '../../db/dialect.js';
import { businessDate } from '../../domain/dates.js';
import { type TaxGroup, productTaxGroup } from '../../../shared/tax-groups.js';
import type { VatSetting } from '../../../shared/vat.js';

/** The company settings row (company_settings, id = 1) with booleans as booleans. */
export interface Company {
  id: number;
  name: string;
  address: string;
  city: string;
  phones: string;
  email: string;
  rccm: string;
  tax_number: string;
  /** ISO 4217 code; amounts everywhere are in its minor unit (see shared/money.ts). */
  currency: string;
  time_zone: string;
  vat_enabled: boolean;
  /** Basis points: 1800 = 18 %. */
  vat_rate_bp: number;
  /** Sale prices are typed VAT included (TTC, the default) or excluded (HT): shared/vat.ts. */
  prices_include_vat: boolean;
  /** The tax group of a product without one (shared/tax-groups.ts). */
  default_tax_group: TaxGroup;
  allow_negative_stock: boolean;
  /** Whether guests may create an account (« Créer un compte »); on by default. */
  allow_registration: boolean;
  logo_path: string | null;
  updated_at: string;
}

/**
 * Reads the company settings (printouts, currency, the negative-stock rule). The row is created by
 * the reference seed at first start; a missing row is a broken install, so it throws.
 * Pass the transaction when the caller decides inside one (e.g. the negative-stock rule).
 */
export async function getCompany(db: Knex | Knex.Transaction): Promise<Company> {
  const row = await db('company_settings').where({ id: 1 }).first();
  if (!row)
    throw new Error('Paramètres de la société absents (company_settings id = 1) : relancez les migrations et le seed.');
  return {
    id: Number(row.id),
    name: row.name,
    address: row.address,
    city: row.city,
    phones: row.phones,
    email: row.email,
    rccm: row.rccm,
    tax_number: row.tax_number,
    currency: row.currency,
    time_zone: row.time_zone,
    vat_enabled: toBool(row.vat_enabled),
    vat_rate_bp: Number(row.vat_rate_bp),
    prices_include_vat: row.prices_include_vat === undefined ? true : toBool(row.prices_include_vat),
    default_tax_group: productTaxGroup(null, row.default_tax_group),
    allow_negative_stock: toBool(row.allow_negative_stock),
    allow_registration: toBool(row.allow_registration),
    logo_path: row.logo_path ?? null,
    updated_at: row.updated_at,
  };
}

/** The company's VAT as documentTotals and splitVat take it (shared/vat.ts): off, or its rate and how prices are typed. */
export function companyVat(company: Pick<Company, 'vat_enabled' | 'vat_rate_bp' | 'prices_include_vat'>): VatSetting {
  return {
    enabled: company.vat_enabled,
    rate: company.vat_enabled ? company.vat_rate_bp : 0,
    pricesIncludeVat: company.prices_include_vat,
  };
}

/**
 * The company's default tax group as a column of a product query (`default_tax_group`), so a
 * presenter resolves a product's group with productTaxGroup(row.tax_group, row.default_tax_group)
 * from the one read.
 */
export const defaultTaxGroupColumn = (db: Knex | Knex.Transaction) =>
  db.raw('(SELECT cs.default_tax_group FROM company_settings cs WHERE cs.id = 1) AS default_tax_group');

/** The currency code alone (one indexed single-row read), for presenters that format money. */
export async function getCurrency(db: Knex | Knex.Transaction): Promise<string> {
  const row = await prepared(db, db('company_settings').where({ id: 1 }).first('currency'));
  return row?.currency ?? 'XOF';
}

/**
 * What a document's validation reads of the settings — currency, time zone, negative stock allowed —
 * in one read instead of three (a round trip less on each, issue 20).
 */
export async function documentSettings(
  db: Knex | Knex.Transaction,
): Promise<{ currency: string; timeZone: string; allowNegativeStock: boolean }> {
  const row = await prepared(
    db,
    db('company_settings').where({ id: 1 }).first('currency', 'time_zone', 'allow_negative_stock'),
  );
  return {
    currency: row?.currency ?? 'XOF',
    timeZone: row?.time_zone ?? 'Africa/Abidjan',
    allowNegativeStock: toBool(row?.allow_negative_stock),
  };
}

/** Whether guests may create an account (company_settings.allow_registration). */
export async function registrationOpen(db: Knex | Knex.Transaction): Promise<boolean> {
  const row = await db('company_settings').where({ id: 1 }).first('allow_registration');
  return row ? toBool(row.allow_registration) : true;
}

/** The company's time zone (IANA name): business dates are calendar dates there (DESIGN.md §3). */
export async function companyTimeZone(db: Knex | Knex.Transaction): Promise<string> {
  const row = await db('company_settings').where({ id: 1 }).first('time_zone');
  return row?.time_zone ?? 'Africa/Abidjan';
}

/** Today's business date (YYYY-MM-DD) in the company's time zone — never the server's clock zone. */
export async function companyToday(db: Knex | Knex.Transaction): Promise<string> {
  return businessDate(await companyTimeZone(db));
}
