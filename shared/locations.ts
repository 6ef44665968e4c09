/**
 * The company places: locations (dépôts, boutiques) and cash desks, as their pages see them.
 */

export const LOCATION_KINDS = ['depot', 'boutique'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];
export const LOCATION_KIND_LABELS: Record<LocationKind, string> = { depot: 'Dépôt', boutique: 'Boutique' };

export interface LocationRow {
  id: number;
  code: string;
  name: string;
  kind: LocationKind;
  address: string;
  /** Its point of sale at the DGI ('' : none). */
  fiscal_point_of_sale: string;
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
  /** Its own point of sale at the DGI ('' : its location's). */
  fiscal_point_of_sale: string;
  /** Whether an e-MECeF machine token is stored (never the token). */
  has_machine_token: boolean;
  active: boolean;
}
