/**
 * Props of the master-data pages (Fichiers: clients, suppliers, categories, products, price centre;
 * Paramètres: locations, cash desks), registered in shared/pages.ts. Amounts are integers in the
 * currency's minor unit; `currency` travels with the page so the client formats them.
 */
import type { CategoryFilters, CategoryRow } from '../categories.js';
import type { ClientDetail, ClientFilters, ClientRow } from '../clients.js';
import type { ImportColumn, ImportPreview } from '../imports.js';
import type { ListParams, Option, Paginated, StatusFilter } from '../lists.js';
import type { CashDeskRow, LocationKind, LocationRow } from '../locations.js';
import type { FiscalProvider, StoredSecret } from '../fiscal.js';
import type { PriceGridRow, PriceRuleInput, RulePreviewRow, RulePreviewSummary } from '../price-centre.js';
import type {
  LocationThresholdField,
  PriceHistoryItem,
  ProductDetail,
  ProductFilters,
  ProductMargins,
  ProductRow,
  StockAtLocation,
} from '../products.js';
import type { AuditItem, CrudAbilities, UsageInfo } from '../records.js';
import type { TaxGroup } from '../tax-groups.js';
import type { SupplierDetail, SupplierFilters, SupplierRow } from '../suppliers.js';
import type { AccountLedger } from '../treasury-accounts.js';

export interface MasterDataPages {
  'clients/Index': {
    clients: Paginated<ClientRow>;
    params: ListParams<ClientFilters>;
    can: CrudAbilities;
  };
  'clients/Form': { client: ClientDetail | null; suggested_code: string };
  'clients/Show': {
    client: ClientDetail;
    usage: UsageInfo;
    history: AuditItem[];
    can: CrudAbilities;
  };
  'clients/Import': { preview: ImportPreview | null; columns: ImportColumn[]; can_update: boolean };
  'suppliers/Index': {
    suppliers: Paginated<SupplierRow>;
    params: ListParams<SupplierFilters>;
    can: CrudAbilities;
  };
  'suppliers/Form': { supplier: SupplierDetail | null; suggested_code: string };
  'suppliers/Show': {
    supplier: SupplierDetail;
    usage: UsageInfo;
    history: AuditItem[];
    can: CrudAbilities;
  };
  'categories/Index': { categories: Paginated<CategoryRow>; params: ListParams<CategoryFilters>; can: CrudAbilities };
  'categories/Form': {
    category: CategoryRow | null;
    suggested_code: string;
    usage: UsageInfo | null;
    can: CrudAbilities;
    history: AuditItem[];
  };
  'products/Index': {
    products: Paginated<ProductRow>;
    params: ListParams<ProductFilters>;
    categories: Option[];
    locations: Option[];
    can: CrudAbilities;
    show_costs: boolean;
  };
  'products/Form': {
    product: ProductDetail | null;
    suggested_code: string;
    categories: Option[];
    units: string[];
    show_costs: boolean;
    can_change_prices: boolean;
    /** The group of a product without one (Paramètres › Société), named by the form's « Par défaut de la société ». */
    default_tax_group: TaxGroup;
    /** The user's places, each with the product's own threshold there (null: the product's). */
    location_thresholds: LocationThresholdField[];
  };
  'products/Show': {
    product: ProductDetail;
    /** The group of a product without one (Paramètres › Société). */
    default_tax_group: TaxGroup;
    /** Users who see costs: the retail and wholesale prices' margin over the CMUP, VAT excluded (shared/vat.ts priceMargin). */
    margins?: ProductMargins;
    stock: StockAtLocation[];
    price_history: Paginated<PriceHistoryItem>;
    usage: UsageInfo;
    history: AuditItem[];
    can: CrudAbilities & { prices: boolean };
    show_costs: boolean;
  };
  'products/Import': { preview: ImportPreview | null; columns: ImportColumn[]; can_update: boolean };
  'price-centre/Index': {
    products: Paginated<PriceGridRow>;
    params: ListParams<ProductFilters>;
    categories: Option[];
    can_update: boolean;
    can_export: boolean;
  };
  'price-centre/Preview': {
    rule: PriceRuleInput;
    description: string;
    scope: { category: string | null; q: string; status: StatusFilter };
    summary: RulePreviewSummary;
    rows: Paginated<RulePreviewRow>;
    fingerprint: string;
    can_update: boolean;
  };
  'settings/locations/Index': {
    locations: Paginated<LocationRow>;
    params: ListParams<{ status: StatusFilter; kind: LocationKind | '' }>;
    can_manage: boolean;
  };
  /** suggested_codes: the next free code for each kind (DEP02, BTQ03), the form follows the chosen kind. */
  'settings/locations/Form': {
    location: LocationRow | null;
    suggested_codes: Record<LocationKind, string> | null;
    usage: UsageInfo | null;
    can_manage: boolean;
  };
  'settings/cash-desks/Index': {
    cash_desks: Paginated<CashDeskRow>;
    params: ListParams<{ status: StatusFilter; location_id: string }>;
    locations: Option[];
    can_manage: boolean;
  };
  /** ledger: the desk's money movements, on its page (null on the create and edit forms). */
  'settings/cash-desks/Form': {
    cash_desk: CashDeskRow | null;
    suggested_code: string;
    locations: Option[];
    usage: UsageInfo | null;
    can_manage: boolean;
    ledger: AccountLedger | null;
    /** Its certification: the company's provider (the machine token is e-MECeF's), the stored token's state, its location's point of sale. */
    fiscal: DeskFiscalProps;
  };
}

export interface DeskFiscalProps {
  provider: FiscalProvider;
  machine_token: StoredSecret;
  /** What the desk's documents go under without a point of sale of its own ('' : none). */
  inherited_point_of_sale: string;
}

export const MASTER_DATA_PAGE_NAMES = [
  'clients/Index',
  'clients/Form',
  'clients/Show',
  'clients/Import',
  'suppliers/Index',
  'suppliers/Form',
  'suppliers/Show',
  'categories/Index',
  'categories/Form',
  'products/Index',
  'products/Form',
  'products/Show',
  'products/Import',
  'price-centre/Index',
  'price-centre/Preview',
  'settings/locations/Index',
  'settings/locations/Form',
  'settings/cash-desks/Index',
  'settings/cash-desks/Form',
] as const satisfies ReadonlyArray<keyof MasterDataPages>;

type MissingMasterDataPages = Exclude<keyof MasterDataPages, (typeof MASTER_DATA_PAGE_NAMES)[number]>;
export const masterDataPageNamesAreComplete: MissingMasterDataPages extends never ? true : never = true;
