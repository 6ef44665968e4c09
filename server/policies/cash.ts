/** Caisse: what the cash screens offer (the routes check each action again). */
import {
  CASH_OPERATION_KINDS,
  CASH_OPERATION_KINDS_DEF,
  type CashOperationKind,
} from '../../shared/cash-operations.js';
import type { CrudAbilities } from '../../shared/records.js';
import { type Viewer, may } from './index.js';
import { type PlaceScope, allowsAccount } from './places.js';

/** Recording an operation needs its kind's permission. */
export function mayRecordCash(user: Viewer, kind: CashOperationKind): boolean {
  return may(user, CASH_OPERATION_KINDS_DEF[kind].permission);
}

/** The Caisse home's buttons: one per kind of operation, and the expense categories screen. */
export function cashAbilities(user: Viewer): Record<CashOperationKind, boolean> & { expense_categories: boolean } {
  const kinds = Object.fromEntries(CASH_OPERATION_KINDS.map((k) => [k, mayRecordCash(user, k)]));
  return { ...(kinds as Record<CashOperationKind, boolean>), expense_categories: may(user, 'cash.expense_categories') };
}

type CashSide = { id: number; kind: string; location_id: number | null };

/**
 * An operation's page: a transfer in transit is received on its receiving account, an operation
 * is cancelled on the account that paid it — each an account of the user's places.
 */
export function cashOperationAbilities(
  user: Viewer & { places: PlaceScope },
  op: { status: string; receiving: CashSide | null; paying: CashSide | null },
): { receive: boolean; cancel: boolean } {
  return {
    receive:
      op.status === 'in_transit' &&
      mayRecordCash(user, 'transfer') &&
      op.receiving !== null &&
      allowsAccount(user.places, op.receiving),
    cancel:
      op.status !== 'cancelled' &&
      may(user, 'cash.cancel') &&
      op.paying !== null &&
      allowsAccount(user.places, op.paying),
  };
}

/** Catégories de dépenses: one permission manages them all; the list is exported by anyone on the screen. */
export function expenseCategoryAbilities(user: Viewer): CrudAbilities {
  const manage = may(user, 'cash.expense_categories');
  return { create: manage, update: manage, delete: manage, export: true, import: false };
}

/** Clôtures de caisse: closing a day (the list), and on a closing's page reopening the last one of its desk. */
export function cashClosingListAbilities(user: Viewer): { close: boolean } {
  return { close: may(user, 'cash.closing') };
}

export function cashClosingAbilities(user: Viewer, closing: { is_last: boolean }): { reopen: boolean; close: boolean } {
  return { reopen: may(user, 'cash.reopen') && closing.is_last, close: may(user, 'cash.closing') };
}
