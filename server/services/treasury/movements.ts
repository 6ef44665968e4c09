import type { Knex } from 'knex';
import { keysetPage } from '../../db/paginate.js';
import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedAccount } from '../places/scope.js';
import type { MoneyMovementsRow, TreasuryAccountsRow, UsersRow } from '../../db/tables.generated.js';

/**
 * Reading the money ledger for the REST API, across accounts (one account's page, newest first with
 * its period figures, is account-ledger.ts): the treasury accounts and their movements in id order
 * (cursor pages), optionally one account and a period of business dates. `places` restricts to
 * the accounts the user works on (`whereAllowedAccount`: a cash desk's account through its
 * location, a bank or a wallet through the user's accounts).
 */
export interface MovementFilters {
  accountId: number | null;
  from: string | null;
  to: string | null;
  places: PlaceScope;
}

/** A movement as the API lists it: the row with its account and its user. */
export type MovementWithAccount = MoneyMovementsRow & {
  account_code: TreasuryAccountsRow['code'];
  account_name: TreasuryAccountsRow['name'];
  account_kind: TreasuryAccountsRow['kind'];
  user_name: UsersRow['name'] | null;
};

export function visibleTreasuryAccounts(db: Knex, places: PlaceScope): Promise<TreasuryAccountsRow[]> {
  return whereAllowedAccount(db('treasury_accounts').orderBy('kind').orderBy('code').select('*'), places);
}

export async function findVisibleTreasuryAccount(
  db: Knex,
  id: number,
  places: PlaceScope,
): Promise<TreasuryAccountsRow | undefined> {
  return whereAllowedAccount(db('treasury_accounts').where('id', id), places).first();
}

export function movementsAfter(
  db: Knex,
  filters: MovementFilters,
  afterId: number | null,
  limit: number,
): Promise<{ data: MovementWithAccount[]; next_after: number | null }> {
  const qb = db('money_movements as m')
    .join('treasury_accounts as a', 'a.id', 'm.account_id')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select('m.*', 'a.code as account_code', 'a.name as account_name', 'a.kind as account_kind', 'u.name as user_name');
  if (filters.accountId) qb.where('m.account_id', filters.accountId);
  if (filters.from) qb.where('m.business_date', '>=', filters.from);
  if (filters.to) qb.where('m.business_date', '<=', filters.to);
  whereAllowedAccount(qb, filters.places, 'a.');
  return keysetPage(qb, 'm.id', afterId, limit);
}
