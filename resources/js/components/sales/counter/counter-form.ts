import type { CounterPageProps } from '@shared/pages/sales/counter';
import type { DiscountEntry } from '@shared/document-totals';
import { minorToInput, parseMoneyInput } from '@shared/money';
import { parsePercent } from '@shared/percent';
import type { TaxGroup } from '@shared/tax-groups';
import { newIdempotencyKey } from '@/lib/idempotency';

export type DiscountKind = DiscountEntry['kind'];

export interface CounterLine {
  product_id: number;
  code: string;
  name: string;
  unit_name: string;
  retail_price: number;
  wholesale_price: number;
  min_price: number;
  /** The product's tax group as the sale will take it (the picker's). */
  tax_group: TaxGroup;
  stock: number | null;
  quantity: number | null;
  /** A price typed by the seller (major units); '' = the client's level price. */
  price: string;
  /** The line's discount as typed: an amount (major units) or a percentage. */
  discount: string;
  discount_kind: DiscountKind;
}

export type CounterForm = {
  idempotency_key: string;
  form_loaded_at: string;
  location_id: string;
  client_id: number;
  /** The basket on hold this one was resumed from (replaced when parked again, removed when sold). */
  parked_id: number | null;
  lines: CounterLine[];
  /** The sale's discount, as typed. */
  discount: string;
  discount_kind: DiscountKind;
  /** Cash handed over, as typed (empty: the exact amount left to pay). */
  cash: string;
  mm_amount: string;
  mm_operator: string;
  mm_phone: string;
  mm_reference: string;
};

/** What a line comes to: its unit price, gross, discount and net, or why it cannot be read. */
export interface LineFigures {
  unitPrice: number;
  edited: boolean;
  gross: number;
  discount: number;
  net: number;
  priceError: string | null;
  discountError: string | null;
  belowMin: boolean;
}

export const SCAN_ID = 'counter-scan';
export const CASH_ID = 'counter-cash';
export const MM_ID = 'counter-mm-amount';
export const CLIENT_ID = 'counter-client';
export const DISCOUNT_ID = 'counter-discount';
const LOCATION_KEY = 'sdstock:counter:location';

/** A discount as typed → its entry (null: unreadable); empty is no discount. */
export function entryOf(text: string, kind: DiscountKind, currency: string): DiscountEntry | null {
  if (text.trim() === '') return { kind: 'amount', value: 0 };
  const value = kind === 'percent' ? parsePercent(text) : parseMoneyInput(text, currency);
  return value === null ? null : { kind, value };
}

/** An entry → the text its field shows ('' for none). */
export function entryText(entry: DiscountEntry, currency: string): string {
  if (entry.value === 0) return '';
  return entry.kind === 'percent'
    ? new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2, useGrouping: false }).format(entry.value / 100)
    : minorToInput(entry.value, currency);
}

/** The shop this browser sold from last (the first one otherwise). */
export function rememberedLocation(locations: CounterPageProps['locations']): string {
  if (typeof window === 'undefined') return String(locations[0]?.id ?? '');
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(LOCATION_KEY);
  } catch {
    stored = null;
  }
  const found = locations.find((l) => String(l.id) === stored) ?? locations[0];
  return found ? String(found.id) : '';
}

export function rememberLocation(value: string) {
  try {
    window.localStorage.setItem(LOCATION_KEY, value);
  } catch {
    // Private browsing: the choice lasts for this page only.
  }
}

/** An empty sale at this shop, for the walk-in client. */
export const freshCounterForm = (p: CounterPageProps, location: string): CounterForm => ({
  idempotency_key: newIdempotencyKey(),
  form_loaded_at: p.form_loaded_at,
  location_id: location,
  client_id: p.walk_in.id,
  parked_id: null,
  lines: [],
  discount: '',
  discount_kind: 'amount',
  cash: '',
  mm_amount: '',
  mm_operator: p.operators[0]?.value ?? '',
  mm_phone: '',
  mm_reference: '',
});

export const focusById = (id: string) => {
  const el = document.getElementById(id) as HTMLInputElement | null;
  el?.focus();
  el?.select?.();
};
export const focusScan = () => focusById(SCAN_ID);

/** The shortcuts shown on screen (and handled by useCounterKeys). */
export const SHORTCUTS: Array<[string, string]> = [
  ['F9 / Ctrl+Entrée', 'Valider et imprimer le ticket'],
  ['Code-barres + Entrée', 'Ajouter le produit (ou +1)'],
  ['+ / −', 'Quantité de la ligne en cours ±1'],
  ['* 5 Entrée', 'Quantité de la ligne en cours = 5'],
  ['Suppr', 'Retirer la ligne en cours'],
  ['F2', 'Espèces reçues'],
  ['F3', 'Prix et remise de la ligne en cours'],
  ['F4', 'Mobile money'],
  ['F6', 'Changer de client'],
  ['F7', 'Mettre la vente en attente'],
  ['F8', 'Vider la vente'],
  ['Échap', 'Retour au champ de scan'],
];
