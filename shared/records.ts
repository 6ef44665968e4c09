/**
 * The records ("Fichiers" — clients, suppliers, categories, products, price centre — and the
 * company places: locations, cash desks): the props of their pages and the JSON of the
 * pickers, shared by the server presenters and the React pages. Amounts are integers in the
 * company currency's minor unit, formatted by the client with the `company` shared prop (useMoney).
 */
import type { ListParams, Option, Paginated, StatusFilter } from './lists.js';
import type { AccountLedger } from './treasury-accounts.js';

export interface CrudAbilities {
  create: boolean;
  update: boolean;
  delete: boolean;
  export: boolean;
  import: boolean;
}

/** Whether a record may be deleted, or only archived, and why. */
export interface UsageInfo {
  deletable: boolean;
  archivable: boolean;
  /** French reasons: why it cannot be deleted ("il a un solde de 15 000 FCFA"). */
  reasons: string[];
  /** Why it cannot be archived, when it cannot. */
  archive_block: string | null;
}

export interface AuditChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

export interface AuditItem {
  id: number;
  occurred_at: string;
  user_name: string | null;
  action: string;
  action_label: string;
  changes: AuditChange[];
  note: string | null;
}

// ——— Clients ———

export const CLIENT_KINDS = ['particulier', 'entreprise'] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];
export const CLIENT_KIND_LABELS: Record<ClientKind, string> = { particulier: 'Particulier', entreprise: 'Entreprise' };

export const PRICE_LEVELS = ['detail', 'gros'] as const;
export type PriceLevel = (typeof PRICE_LEVELS)[number];
export const PRICE_LEVEL_LABELS: Record<PriceLevel, string> = { detail: 'Détail', gros: 'Gros' };

export interface ClientRow {
  id: number;
  code: string;
  name: string;
  kind: ClientKind;
  phone: string;
  email: string;
  city: string;
  price_level: PriceLevel;
  credit_limit: number;
  balance: number;
  is_walk_in: boolean;
  active: boolean;
}

export interface ClientDetail extends ClientRow {
  /** Advance (acompte) the client may still spend on invoices; clients.balance already subtracts it. */
  advance: number;
  address: string;
  tax_number: string;
  created_at: string;
  updated_at: string;
}

export interface ClientFilters {
  kind: ClientKind | '';
  price_level: PriceLevel | '';
  status: StatusFilter;
}

// ——— Suppliers ———

export interface SupplierRow {
  id: number;
  code: string;
  name: string;
  phone: string;
  email: string;
  address: string;
  tax_number: string;
  balance: number;
  active: boolean;
}

export interface SupplierDetail extends SupplierRow {
  created_at: string;
  updated_at: string;
}

export interface SupplierFilters {
  status: StatusFilter;
  balance: 'owed' | '';
}

// ——— Categories ———

export interface CategoryRow {
  id: number;
  code: string;
  name: string;
  description: string;
  active: boolean;
  product_count: number;
}

export interface CategoryFilters {
  status: StatusFilter;
}

// ——— Products ———

/** Common units, proposed in the product form (a product may use another one). */
export const PRODUCT_UNITS = [
  'pièce',
  'carton',
  'sac',
  'paquet',
  'boîte',
  'bouteille',
  'bidon',
  'sachet',
  'kg',
  'litre',
  'mètre',
  'rouleau',
  'douzaine',
  'palette',
  'lot',
] as const;

export interface ProductRow {
  id: number;
  code: string;
  barcode: string | null;
  name: string;
  category_id: number;
  category_name: string;
  unit: string;
  pack_size: number;
  /** null when the user may not see costs. */
  purchase_price?: number | null;
  cmup?: number | null;
  retail_price: number;
  wholesale_price: number;
  min_price: number;
  alert_threshold: number;
  /** Sum over all locations; null while the user counts a location blind. */
  stock_total: number | null;
  /** At the location the list is filtered on (ProductFilters.location_id); null without one, and null when that location is counted blind by the user. */
  stock_location: number | null;
  /** Under its alert threshold at one location at least (at the filtered location when the list is filtered: ALERT_THRESHOLD_RULE). */
  below_threshold: boolean;
  /** How many locations (of the user's places, or the filtered one) it is under its threshold at; 0 while a location is counted blind. */
  alert_locations: number;
  /** Filtered on a location: the threshold in force there (its own, else the product's); else null. */
  threshold_location: number | null;
  active: boolean;
}

export interface ProductDetail extends ProductRow {
  created_at: string;
  updated_at: string;
}

export interface ProductFilters {
  category_id: string;
  status: StatusFilter;
  /** The products list only: the stock column (and its sort) at this location instead of the total. */
  location_id?: string;
  /** The products list only: 'low' keeps the products under their alert threshold. */
  stock?: ProductStockFilter;
}

export const PRODUCT_STOCK_FILTERS = ['low'] as const;
export type ProductStockFilter = '' | (typeof PRODUCT_STOCK_FILTERS)[number];

/**
 * The one meaning of an alert threshold, said the same way on the product form, the products list,
 * the product record and the stock page: each location's stock against the threshold in force
 * there — the location's own when it has one, else the product's (its default) —; 0 means no alert.
 */
export const ALERT_THRESHOLD_RULE = 'par emplacement : le seuil propre de l’emplacement, sinon celui du produit';
/** The threshold in force at a location: its own (null: none), else the product's. */
export function effectiveThreshold(own: number | null, product: number): number {
  return own ?? product;
}
/** Whether a location's stock is at or under the threshold in force there (ALERT_THRESHOLD_RULE). */
export function belowAlertThreshold(quantity: number, threshold: number): boolean {
  return threshold > 0 && quantity <= threshold;
}

export interface StockAtLocation {
  location_id: number;
  location_code: string;
  location_name: string;
  kind: LocationKind;
  active: boolean;
  /** null: a location this user is counting blind. */
  quantity: number | null;
  /** The location's own alert threshold; null: the product's. */
  own_threshold: number | null;
  /** The threshold in force there (own, else the product's). */
  threshold: number;
  /** The stock there is at or under it (never for a location counted blind). */
  below_threshold: boolean;
}

/** A price's margin over the CMUP: its amount VAT excluded (ht), the margin, its rate in basis points (null for a zero price). */
export interface PriceMarginView {
  ht: number;
  margin: number;
  rate: number | null;
}

export interface ProductMargins {
  retail: PriceMarginView;
  wholesale: PriceMarginView;
  /** The prices are typed VAT included (their HT is then shown); false: HT, or no VAT. */
  prices_include_vat: boolean;
}

/** A location's line of the product form's « Seuils d'alerte par emplacement ». */
export interface LocationThresholdField {
  location_id: number;
  code: string;
  name: string;
  kind: LocationKind;
  /** Its own threshold; null: the product's. */
  threshold: number | null;
}

export const PRICE_SOURCES = ['manual', 'rule', 'import', 'entry'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];
export const PRICE_SOURCE_LABELS: Record<PriceSource, string> = {
  manual: 'Saisie',
  rule: 'Règle de prix',
  import: 'Import',
  entry: 'Entrée de stock',
};

export interface PriceHistoryItem {
  id: number;
  field: string;
  field_label: string;
  old_value: number;
  new_value: number;
  user_name: string | null;
  source: string;
  source_label: string;
  changed_at: string;
}

// ——— Price centre ———

export interface PriceGridRow {
  id: number;
  code: string;
  barcode: string | null;
  name: string;
  category_name: string;
  unit: string;
  purchase_price: number;
  cmup: number;
  retail_price: number;
  wholesale_price: number;
  min_price: number;
  updated_at: string;
}

export interface PriceRuleInput {
  field: 'purchase_price' | 'retail_price' | 'wholesale_price' | 'min_price';
  operation: 'set' | 'percent' | 'amount';
  direction: 'increase' | 'decrease';
  /** As the user typed it: an amount in major units, or a percentage ("12,5"). */
  value: string;
  base: 'current' | 'purchase_price' | 'cmup' | 'retail_price';
  step: number;
  rounding: 'nearest' | 'up' | 'down';
}

export interface RulePreviewRow {
  id: number;
  code: string;
  name: string;
  category_name: string;
  old_value: number;
  new_value: number | null;
  status: 'change' | 'skip';
  reason: string | null;
}

export interface RulePreviewSummary {
  scope_count: number;
  changed: number;
  unchanged: number;
  skipped: number;
  skipped_by_reason: Array<{ reason: string; label: string; count: number }>;
}

// ——— Locations and cash desks ———

export const LOCATION_KINDS = ['depot', 'boutique'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];
export const LOCATION_KIND_LABELS: Record<LocationKind, string> = { depot: 'Dépôt', boutique: 'Boutique' };

export interface LocationRow {
  id: number;
  code: string;
  name: string;
  kind: LocationKind;
  address: string;
  active: boolean;
  cash_desk_count: number;
}

export interface CashDeskRow {
  id: number;
  code: string;
  name: string;
  location_id: number;
  location_name: string;
  is_main: boolean;
  balance: number;
  active: boolean;
}

// ——— Import ———

export interface ImportColumn {
  header: string;
  required: boolean;
  description: string;
}

export interface ImportPreviewRow {
  line: number;
  action: 'create' | 'update' | 'error';
  code: string;
  name: string;
  errors: string[];
}

export interface ImportPreview {
  id: string;
  file_name: string;
  row_count: number;
  error_count: number;
  create_count: number;
  update_count: number;
  applied: boolean;
  /** Rows shown: every row in error (up to a cap), then the first valid rows. */
  rows: ImportPreviewRow[];
  hidden_rows: number;
  /** Products only: categories the import will create. */
  new_categories: string[];
}

// ——— Pickers (JSON, not pages) ———

export interface ProductPickerItem {
  id: number;
  code: string;
  barcode: string | null;
  name: string;
  unit: string;
  pack_size: number;
  /** null when the user may not see costs. */
  purchase_price?: number | null;
  cmup?: number | null;
  retail_price: number;
  wholesale_price: number;
  min_price: number;
  category: string;
  /** At the asked location_id; null when no location was given. */
  stock: number | null;
}

export interface ProductPickerResponse {
  items: ProductPickerItem[];
  /** The product whose barcode or code equals the query exactly (a scanner read), else null. */
  exact: ProductPickerItem | null;
}

export interface ClientPickerItem {
  id: number;
  code: string;
  name: string;
  phone: string;
  price_level: PriceLevel;
  credit_limit: number;
  balance: number;
  is_walk_in: boolean;
}

export interface ClientPickerResponse {
  items: ClientPickerItem[];
}

// ——— Pages ———

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
    /** The user's places, each with the product's own threshold there (null: the product's). */
    location_thresholds: LocationThresholdField[];
  };
  'products/Show': {
    product: ProductDetail;
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
  };
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
