/**
 * The one registry of Inertia pages: component name → props. The server's render() and the
 * client's page components both use it; a test checks that every name has a component file
 * at resources/js/pages/<name>.tsx.
 */
import type { ApiReferencePageProps, ApiTokensPageProps } from './api.js';
import type { BackupPageProps } from './backups.js';
import type { DashboardProps } from './dashboard.js';
import type { CompanyProps } from './company.js';
import { MASTER_DATA_PAGE_NAMES, type MasterDataPages } from './pages/master-data.js';
import { SALES_PAGE_NAMES, type ClientSalesSection, type SalesPages } from './pages/sales.js';
import { SETTINGS_PAGE_NAMES, type SettingsPages } from './pages/settings.js';
import { STOCK_PAGE_NAMES, type StockPages } from './pages/stock.js';
import { SUPPORT_PAGE_NAMES, type SupportPages } from './support.js';
import { TREASURY_PAGE_NAMES, type TreasuryPages } from './treasury-accounts.js';
import { USER_PAGE_NAMES, type UserPages } from './users.js';
import { COUNTER_PAGE_NAMES, type CounterPages } from './pages/sales/counter.js';
import { CASH_CLOSING_PAGE_NAMES, type CashClosingPages } from './pages/cash-closings.js';
import { CANCELLATION_PAGE_NAMES, type CancellationPages } from './pages/cancellations.js';
import {
  CLIENT_STATEMENT_PAGE_NAMES,
  type ClientStatementPages,
  type ClientStatementSection,
} from './client-statement.js';
import { SETTLEMENT_PAGE_NAMES, type SettlementPages } from './pages/settlements.js';
import { CASH_PAGE_NAMES, type CashPages } from './pages/cash.js';
import { REPORT_PAGE_NAMES, type ReportPages } from './reports.js';
import { FISCAL_QUEUE_PAGE_NAMES, type FiscalQueuePages } from './pages/fiscal-queue.js';
import { RECEIPT_PAGE_NAMES, type ReceiptPages } from './shares.js';
import type { MenuPermission, Permission } from './permissions.js';

export interface AuthUser {
  id: number;
  name: string;
  /** As the person gave it (registration, profile); null when unknown — never guessed from name. */
  first_name: string | null;
  email: string;
  email_verified: boolean;
  gravatar: string;
  /** The menu entries the user may open (a subset of all_permissions). */
  menu_permissions: MenuPermission[];
  all_permissions: Permission[];
  roles: Array<{ name: string }>;
}

/** Props every page receives (server share()). */
export interface SharedProps {
  auth: { user: AuthUser | null };
  /** The company's settings (currency, business date, VAT), on every signed-in page; null for a guest. */
  company: CompanyProps | null;
  app: { name: string; version: string; copyright: string };
  flash: { success?: string | null; error?: string | null };
  errors: Record<string, string | Record<string, string>>;
}

export interface PageRegistry
  extends
    ClientStatementPages,
    StockPages,
    SalesPages,
    MasterDataPages,
    TreasuryPages,
    UserPages,
    SettingsPages,
    CounterPages,
    SupportPages,
    CancellationPages,
    SettlementPages,
    CashPages,
    ReportPages,
    FiscalQueuePages,
    ReceiptPages,
    CashClosingPages {
  /** A client's page, with its sales (null for a user without the Sortie de stock screen). */
  'clients/Show': MasterDataPages['clients/Show'] & {
    sales: ClientSalesSection | null;
    /** The statement of account (relevé de compte) for the period asked; null with `statement_note` saying why. */
    statement: ClientStatementSection | null;
    statement_note: string | null;
  };
  Welcome: { canRegister: boolean };
  'auth/Login': { status: string | null; canResetPassword: boolean; canRegister: boolean };
  'auth/Register': Record<string, never>;
  'auth/ForgotPassword': { status: string | null };
  'auth/ResetPassword': { token: string; email: string };
  'auth/VerifyEmail': { status: string | null; email: string };
  'auth/ConfirmPassword': Record<string, never>;
  'profile/Edit': { mustVerifyEmail: boolean; status: string | null; isLastAdministrator: boolean };
  Dashboard: DashboardProps;
  /** Paramètres › Société › Comptes: whether guests may create an account. */
  'settings/company/Accounts': { allow_registration: boolean; can_manage: boolean };
  /** Paramètres › API: personal access tokens, and the reference of the REST API. */
  'settings/api/Index': ApiTokensPageProps;
  'settings/api/Reference': ApiReferencePageProps;
  'settings/Backup': BackupPageProps;
  /** request_id: the reference of a server error (500), to quote to the administrator (Support › Journaux). */
  Error: { status: number; title: string; message: string; request_id?: string | null };
}

export type PageName = keyof PageRegistry;
export type PageProps<N extends PageName> = PageRegistry[N] & SharedProps;
export const PAGE_NAMES = [
  'Welcome',
  'auth/Login',
  'auth/Register',
  'auth/ForgotPassword',
  'auth/ResetPassword',
  'auth/VerifyEmail',
  'auth/ConfirmPassword',
  'profile/Edit',
  'Dashboard',
  'settings/company/Accounts',
  'settings/api/Index',
  'settings/api/Reference',
  'settings/Backup',
  'Error',
  ...MASTER_DATA_PAGE_NAMES,
  ...STOCK_PAGE_NAMES,
  ...SUPPORT_PAGE_NAMES,
  ...SALES_PAGE_NAMES,
  ...TREASURY_PAGE_NAMES,
  ...USER_PAGE_NAMES,
  ...SETTINGS_PAGE_NAMES,
  ...COUNTER_PAGE_NAMES,
  ...CASH_CLOSING_PAGE_NAMES,
  ...CANCELLATION_PAGE_NAMES,
  ...CLIENT_STATEMENT_PAGE_NAMES,
  ...SETTLEMENT_PAGE_NAMES,
  ...CASH_PAGE_NAMES,
  ...REPORT_PAGE_NAMES,
  ...FISCAL_QUEUE_PAGE_NAMES,
  ...RECEIPT_PAGE_NAMES,
] as const satisfies readonly PageName[];

// Fails to compile when a registered page is missing from PAGE_NAMES.
type MissingPageNames = Exclude<PageName, (typeof PAGE_NAMES)[number]>;
export const pageNamesAreComplete: MissingPageNames extends never ? true : never = true;
