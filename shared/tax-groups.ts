/**
 * The tax groups a product is sold under, one declaration each: its label, its VAT rate and the
 * code each fiscal certification service expects for it — FNE (Côte d'Ivoire, the DGI's `taxes`
 * codes) and e-MECeF (Bénin, the `taxGroup` letters A–F). A group a service does not know is
 * `null` there: a product in it cannot be certified by that service, which the settings and the
 * product form say before a sale is refused.
 *
 * `rate` is in basis points (1800 = 18 %); `null` means the company's VAT rate (Paramètres ›
 * Société), so the normal group follows a rate the company changes. With the company's VAT off,
 * every line's VAT is 0 whatever its group: the group still tells the DGI why.
 */
export interface TaxGroupDecl {
  readonly label: string;
  readonly rate: number | null;
  readonly fne: FneTaxCode | null;
  readonly emecef: EmecefTaxGroup | null;
}

/** FNE's tax codes: TVA normale 18 %, TVAB réduite 9 %, TVAC exonération conventionnelle, TVAD exonération légale (TEE, RME). */
export type FneTaxCode = 'TVA' | 'TVAB' | 'TVAC' | 'TVAD';

/** e-MECeF's groups: A exonéré, B taxable 18 %, C exportation, D régime d’exception 18 %, E régime TPS, F réservé. */
export type EmecefTaxGroup = 'A' | 'B' | 'C' | 'D' | 'E' | 'F';

export const TAX_GROUPS = {
  normal: { label: 'TVA normale', rate: null, fne: 'TVA', emecef: 'B' },
  reduced: { label: 'TVA réduite 9 %', rate: 900, fne: 'TVAB', emecef: null },
  exempt: { label: 'Exonéré (exonération conventionnelle)', rate: 0, fne: 'TVAC', emecef: 'A' },
  exempt_legal: { label: 'Exonéré (exonération légale, TEE, RME)', rate: 0, fne: 'TVAD', emecef: 'A' },
  export: { label: 'Exportation', rate: 0, fne: 'TVAC', emecef: 'C' },
  exception: { label: 'TVA régime d’exception 18 %', rate: 1800, fne: null, emecef: 'D' },
  tps: { label: 'Régime TPS (non assujetti à la TVA)', rate: 0, fne: 'TVAD', emecef: 'E' },
} as const satisfies Record<string, TaxGroupDecl>;

export type TaxGroup = keyof typeof TAX_GROUPS;

export const TAX_GROUP_CODES = Object.keys(TAX_GROUPS) as TaxGroup[];

/** The group of a product without one: the company's default (Paramètres › Société), else the normal VAT. */
export const DEFAULT_TAX_GROUP: TaxGroup = 'normal';

export const isTaxGroup = (value: unknown): value is TaxGroup =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(TAX_GROUPS, value);

/** A product's group as a sale takes it: its own, else the company's default (company_settings.default_tax_group). */
export const productTaxGroup = (group: string | null | undefined, companyDefault: string): TaxGroup =>
  isTaxGroup(group) ? group : isTaxGroup(companyDefault) ? companyDefault : DEFAULT_TAX_GROUP;

/** A product's own group as a list, a page or an export names it; '' for none (the company's default). */
export const taxGroupLabel = (group: string | null | undefined): string =>
  isTaxGroup(group) ? TAX_GROUPS[group].label : '';

/** What a product without a group of its own shows: « Par défaut de la société (TVA normale) ». */
export const companyDefaultLabel = (companyDefault: TaxGroup): string =>
  `Par défaut de la société (${TAX_GROUPS[companyDefault].label})`;

/** A product's group as its page names it: its own group's label, else the company's default. */
export const productTaxGroupLabel = (group: string | null | undefined, companyDefault: TaxGroup): string =>
  taxGroupLabel(group) || companyDefaultLabel(companyDefault);

/** The product form's choices: the company's default (value '', stored null), then every group. */
export const taxGroupOptions = (companyDefault: TaxGroup): Array<{ value: string; label: string }> => [
  { value: '', label: companyDefaultLabel(companyDefault) },
  ...TAX_GROUP_CODES.map((g) => ({ value: g, label: TAX_GROUPS[g].label })),
];

/** A group's VAT rate in basis points, the company's rate standing in for `null`. */
export const taxGroupRate = (group: TaxGroup, companyRate: number): number => TAX_GROUPS[group].rate ?? companyRate;
