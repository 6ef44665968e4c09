/**
 * Clients as their pages and the server presenters see them: kinds, price levels, list rows and
 * detail. Amounts are integers in the currency's minor unit.
 */
import type { StatusFilter } from './lists.js';

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
