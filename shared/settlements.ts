/**
 * Settlements (règlements, issue 15): vocabulary and the pure allocation rules shared by the
 * server and the live form, so the preview the user validates is computed exactly as the server
 * checks it. Amounts are integers in minor units.
 *
 * - A settlement of source `payment` is money the client hands over (amount > 0): what goes to
 *   invoices is `allocated`, the rest (`advance`) becomes the client's explicit advance (acompte).
 * - A settlement of source `advance` spends the client's advance on invoices: no money moves, and
 *   the whole amount must go to invoices.
 * - Oldest first: the invoices whose due date (or sale date, without one) is the oldest are paid
 *   first, then by sale date and id. Chosen: the invoices the user ticked, each with the amount
 *   typed (or, without one, what is left of the amount, in the oldest-first order).
 */
import type { PaymentMethod } from './treasury.js';

export const SETTLEMENT_SOURCES = ['payment', 'advance'] as const;
export type SettlementSource = (typeof SETTLEMENT_SOURCES)[number];
export const SETTLEMENT_SOURCE_LABELS: Record<SettlementSource, string> = {
  payment: 'Paiement',
  advance: 'Acompte du client',
};

export const ALLOCATION_MODES = ['oldest', 'chosen'] as const;
export type AllocationMode = (typeof ALLOCATION_MODES)[number];
export const ALLOCATION_MODE_LABELS: Record<AllocationMode, string> = {
  oldest: 'Factures les plus anciennes',
  chosen: 'Factures choisies',
};

export const SETTLEMENT_STATUSES = ['validated', 'cancelled'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];
export const SETTLEMENT_STATUS_LABELS: Record<SettlementStatus, string> = { validated: 'Validé', cancelled: 'Annulé' };
export const SETTLEMENT_STATUS_TONES: Record<SettlementStatus, string> = {
  validated: 'success',
  cancelled: 'secondary',
};

/** The methods a settlement is paid by, the « acompte » (spending the advance) aside. */
export type SettlementMethod = PaymentMethod;
/** What the list and the receipt show for the way a settlement was paid: a method, or « Acompte ». */
export const ADVANCE_METHOD_LABEL = 'Acompte';

/** An invoice the client still owes something on, as the form and the allocation rules read it. */
export interface OpenInvoice {
  id: number;
  /** YYYY-MM-DD */
  saleDate: string;
  /** YYYY-MM-DD, or null when the invoice has none (a counter sale). */
  dueDate: string | null;
  /** total_ttc − amount_paid − amount_credited, > 0. */
  remaining: number;
}

export interface Allocation {
  saleId: number;
  amount: number;
}

export interface AllocationResult {
  allocations: Allocation[];
  /** Σ allocations. */
  allocated: number;
  /** amount − allocated: what becomes the client's advance (always 0 when spending the advance). */
  advance: number;
}

/** The date an invoice falls due: its due date, or its sale date without one. */
export function dueDateOf(invoice: Pick<OpenInvoice, 'saleDate' | 'dueDate'>): string {
  return invoice.dueDate ?? invoice.saleDate;
}

/** Oldest due first, then oldest sale, then lowest id: the order invoices are settled in. */
export function compareOldestDue(
  a: Pick<OpenInvoice, 'id' | 'saleDate' | 'dueDate'>,
  b: Pick<OpenInvoice, 'id' | 'saleDate' | 'dueDate'>,
): number {
  const da = dueDateOf(a);
  const db = dueDateOf(b);
  if (da !== db) return da < db ? -1 : 1;
  if (a.saleDate !== b.saleDate) return a.saleDate < b.saleDate ? -1 : 1;
  return a.id - b.id;
}

function assertAmount(amount: number, label: string) {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`${label} invalide`);
}

/**
 * Allocates `amount` to the open invoices, oldest due first, each up to its remaining; what is
 * left over is the advance.
 */
export function allocateOldestFirst(amount: number, invoices: readonly OpenInvoice[]): AllocationResult {
  assertAmount(amount, 'montant');
  const sorted = [...invoices].sort(compareOldestDue);
  let left = amount;
  const allocations: Allocation[] = [];
  for (const inv of sorted) {
    if (left === 0) break;
    assertAmount(inv.remaining, 'reste à payer');
    if (inv.remaining === 0) continue;
    const part = Math.min(left, inv.remaining);
    allocations.push({ saleId: inv.id, amount: part });
    left -= part;
  }
  return { allocations, allocated: amount - left, advance: left };
}

/**
 * Allocates `amount` to the invoices the user ticked: a typed amount is taken as it is (checked
 * by `allocationIssues`), an invoice ticked without an amount gets what is left of the amount,
 * up to its remaining, in the oldest-first order.
 */
export function allocateChosen(
  amount: number,
  invoices: readonly OpenInvoice[],
  chosen: ReadonlyArray<{ saleId: number; amount: number | null }>,
): AllocationResult {
  assertAmount(amount, 'montant');
  const byId = new Map(invoices.map((i) => [i.id, i]));
  const typed = chosen.filter((c) => c.amount !== null).reduce((s, c) => s + (c.amount as number), 0);
  let left = Math.max(0, amount - typed);
  const open = chosen
    .filter((c) => c.amount === null && byId.has(c.saleId))
    .map((c) => byId.get(c.saleId)!)
    .sort(compareOldestDue);
  const filled = new Map<number, number>();
  for (const inv of open) {
    const part = Math.min(left, inv.remaining);
    filled.set(inv.id, part);
    left -= part;
  }
  const allocations = chosen
    .map((c) => ({ saleId: c.saleId, amount: c.amount ?? filled.get(c.saleId) ?? 0 }))
    .filter((a) => a.amount > 0);
  const allocated = allocations.reduce((s, a) => s + a.amount, 0);
  return { allocations, allocated, advance: amount - allocated };
}

export type AllocationIssue =
  | { index: number; reason: 'not_positive' }
  | { index: number; reason: 'unknown' }
  | { index: number; reason: 'twice'; firstIndex: number }
  | { index: number; reason: 'above_remaining'; remaining: number }
  | { index: null; reason: 'above_amount'; allocated: number }
  | { index: null; reason: 'advance_not_spent'; allocated: number };

/**
 * What is wrong with a set of allocations of `amount` (empty when nothing): an amount zero or
 * negative, an invoice that is not among the open ones (another client's, paid, cancelled), the
 * same invoice twice, an amount above the invoice's remaining, more allocated than received —
 * and, spending the advance, less allocated than taken from it.
 */
export function allocationIssues(
  amount: number,
  source: SettlementSource,
  allocations: readonly Allocation[],
  invoices: readonly OpenInvoice[],
): AllocationIssue[] {
  const byId = new Map(invoices.map((i) => [i.id, i]));
  const seen = new Map<number, number>();
  const issues: AllocationIssue[] = [];
  let allocated = 0;
  allocations.forEach((a, index) => {
    if (!Number.isSafeInteger(a.amount) || a.amount <= 0) return void issues.push({ index, reason: 'not_positive' });
    const inv = byId.get(a.saleId);
    if (!inv) return void issues.push({ index, reason: 'unknown' });
    const first = seen.get(a.saleId);
    if (first !== undefined) return void issues.push({ index, reason: 'twice', firstIndex: first });
    seen.set(a.saleId, index);
    if (a.amount > inv.remaining) issues.push({ index, reason: 'above_remaining', remaining: inv.remaining });
    allocated += a.amount;
  });
  if (allocated > amount) issues.push({ index: null, reason: 'above_amount', allocated });
  else if (source === 'advance' && allocated < amount && issues.length === 0)
    issues.push({ index: null, reason: 'advance_not_spent', allocated });
  return issues;
}

/** Whole days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier: an invoice's age. */
export function daysBetween(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}
