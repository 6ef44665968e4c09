/**
 * Props of the Paramètres pages (Rôles et permissions, Société, Impression), registered in
 * shared/pages.ts.
 */
import type { FiscalDeskPoint, FiscalProvider, FiscalRegime, StoredSecret } from '../fiscal.js';
import type { Permission } from '../permissions.js';
import type { TaxGroup } from '../tax-groups.js';
import type { AuditItem } from '../records.js';
import type { PrintCompany, PrintDocumentType, PrintSettings } from '../print.js';

export interface RoleSummaryProps {
  id: number;
  name: string;
  description: string;
  is_admin: boolean;
  user_count: number;
  permission_count: number;
}

export interface CompanyForm {
  name: string;
  address: string;
  city: string;
  phones: string;
  email: string;
  rccm: string;
  tax_number: string;
  currency: string;
  time_zone: string;
  vat_enabled: boolean;
  /** Percent as typed: "18" or "18,5". */
  vat_rate: string;
  /** Sale prices typed VAT included (« ttc ») or excluded (« ht »). */
  prices_include_vat: 'ttc' | 'ht';
  allow_negative_stock: boolean;
}

/** Paramètres › Société › Facturation électronique: what the form edits (the key is never sent back). */
export interface FiscalSettingsForm {
  provider: FiscalProvider;
  api_url: string;
  /** Always '' on the page: typed to replace the stored key, left empty to keep it. */
  api_key: string;
  clear_api_key: boolean;
  regime: FiscalRegime;
  establishment: string;
  default_tax_group: TaxGroup;
  /** In major units, as typed ("5 000"). */
  b2c_threshold: string;
}

/** A field an environment variable fixes: its value shown read-only, the variable named. */
export interface FiscalLockedField {
  variable: string;
  /** What the screen may show of it (the key: its mask only). */
  shown: string;
}

export interface SettingsPages {
  'settings/roles/Index': { roles: RoleSummaryProps[]; can_manage: boolean };
  'settings/roles/Edit': {
    role: RoleSummaryProps & { permissions: Permission[] };
    can_manage: boolean;
    history: AuditItem[];
  };
  'settings/company/Edit': {
    company: CompanyForm;
    logo_url: string | null;
    can_manage: boolean;
    currencies: Array<{ value: string; label: string }>;
    time_zones: string[];
    /** Whether the currency may still change (no product, price or document recorded yet). */
    currency_locked: boolean;
    logo_max_kb: number;
    /** The largest picture accepted (pixels on a side) and the square the stored logo fits in. */
    logo_max_side: number;
    logo_stored_side: number;
    /** The audit entries of the company settings (identity, rules, logo, account creation). */
    history: AuditItem[];
  };
  'settings/company/Fiscal': {
    fiscal: FiscalSettingsForm;
    /** The stored key as the screen may show it (never in clear). */
    api_key: StoredSecret;
    /** The fields FISCAL_* variables set, locked on the screen. */
    locked: Partial<Record<'provider' | 'api_url' | 'api_key' | 'tax_id' | 'point_of_sale', FiscalLockedField>>;
    /** The seller's NCC / IFU (the Société tab's tax number, or FISCAL_TAX_ID). */
    tax_id: string;
    /** Per request to the DGI, in seconds (FISCAL_TIMEOUT_MS). */
    timeout_seconds: number;
    providers: Array<{ value: FiscalProvider; label: string }>;
    regimes: Array<{ value: string; label: string }>;
    /** The regimes where B2C sales under the threshold are not certified. */
    forfaitaire_regimes: string[];
    /** Each group with the providers that know it (a default group must be known by the chosen one). */
    tax_groups: Array<{ value: TaxGroup; label: string; fne: string | null; emecef: string | null }>;
    desks: FiscalDeskPoint[];
    can_manage: boolean;
    history: AuditItem[];
  };
  'settings/printing/Index': {
    settings: Record<PrintDocumentType, PrintSettings>;
    can_manage: boolean;
    company: PrintCompany;
  };
}

export const SETTINGS_PAGE_NAMES = [
  'settings/roles/Index',
  'settings/roles/Edit',
  'settings/company/Edit',
  'settings/company/Fiscal',
  'settings/printing/Index',
] as const;
