/**
 * Props of the Paramètres pages (Rôles et permissions, Société, Impression), registered in
 * shared/pages.ts.
 */
import type { Permission } from '../permissions.js';
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
  'settings/printing/Index',
] as const;
