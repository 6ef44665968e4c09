/**
 * Arrêté de caisse (issue 16), shared by the server and the closing screen: the notes and coins
 * of each currency, the total of a count and the difference with what the ledger expects. Pure
 * and integer-only (minor units): the screen shows exactly what the server will record.
 */
import { formatMoney } from './money.js';

export interface Denomination {
  /** Stable key of the form field (`b10000` a note, `p500` a coin). */
  key: string;
  kind: 'note' | 'coin';
  /** Value in minor units (5 000 FCFA → 5000; 0,50 € → 50). */
  value: number;
}

const note = (value: number): Denomination => ({ key: `b${value}`, kind: 'note', value });
const coin = (value: number): Denomination => ({ key: `p${value}`, kind: 'coin', value });

/** Notes and coins in circulation, largest first (UEMOA/CEMAC francs CFA and the euro, in minor units). */
export const DENOMINATIONS: Record<string, readonly Denomination[]> = {
  XOF: [
    note(10_000),
    note(5_000),
    note(2_000),
    note(1_000),
    note(500),
    coin(500),
    coin(250),
    coin(200),
    coin(100),
    coin(50),
    coin(25),
    coin(10),
    coin(5),
  ],
  XAF: [
    note(10_000),
    note(5_000),
    note(2_000),
    note(1_000),
    note(500),
    coin(500),
    coin(100),
    coin(50),
    coin(25),
    coin(10),
    coin(5),
    coin(2),
    coin(1),
  ],
  EUR: [
    note(50_000),
    note(20_000),
    note(10_000),
    note(5_000),
    note(2_000),
    note(1_000),
    note(500),
    coin(200),
    coin(100),
    coin(50),
    coin(20),
    coin(10),
    coin(5),
    coin(2),
    coin(1),
  ],
};

/** The denominations of a currency; a currency without a known set is counted as one total (a single « unit » line). */
export function denominationsOf(currency: string): readonly Denomination[] {
  return DENOMINATIONS[currency] ?? [{ key: 'u1', kind: 'coin', value: 1 }];
}

/** Whether the currency has a note-and-coin set (otherwise the screen asks for the total counted). */
export function countsByDenomination(currency: string): boolean {
  return currency in DENOMINATIONS;
}

/** How many of one note or coin may be typed (a drawer never holds a million of one note). */
export const MAX_DENOMINATION_COUNT = 1_000_000;

/** The label of a note or coin (« Billet de 10 000 FCFA », « Pièce de 0,50 € »). */
export function denominationLabel(d: Denomination, currency: string): string {
  return `${d.kind === 'note' ? 'Billet' : 'Pièce'} de ${formatMoney(d.value, currency)}`;
}

export interface CountedDenomination {
  key: string;
  count: number;
}

/** Σ value × count of a count (minor units). Unknown keys are ignored: the server refuses them first. */
export function countTotal(counts: readonly CountedDenomination[], currency: string): number {
  const byKey = new Map(denominationsOf(currency).map((d) => [d.key, d.value]));
  let total = 0n;
  for (const c of counts) {
    const value = byKey.get(c.key);
    if (value !== undefined) total += BigInt(value) * BigInt(c.count);
  }
  return Number(total);
}

/** Counted − expected: negative is a shortage (manquant), positive a surplus (excédent). */
export function closingDifference(counted: number, expected: number): number {
  return counted - expected;
}

/** « Manquant », « Excédent » or « Aucun écart ». */
export function differenceLabel(difference: number): string {
  return difference < 0 ? 'Manquant' : difference > 0 ? 'Excédent' : 'Aucun écart';
}

/**
 * Why a closing cannot be validated as typed: a difference needs a reason. The server refuses with
 * this message (on `reason`) and the closing screen checks it before asking for confirmation.
 */
export function closingReasonIssue(difference: number, reason: string, currency: string): string | null {
  if (difference === 0 || reason.trim() !== '') return null;
  return `Expliquez l’écart de ${formatMoney(difference, currency)} (${difference < 0 ? 'manquant' : 'excédent'}) : le motif est obligatoire.`;
}

/** The statuses of a closing. */
export const CLOSING_STATUS_LABELS = { closed: 'Arrêtée', reopened: 'Rouverte' } as const;
export type ClosingStatus = keyof typeof CLOSING_STATUS_LABELS;
