import type { Knex } from 'knex';
import { keysetPage } from '../../db/paginate.js';

/**
 * Reading the money ledger for the REST API, across accounts (one account's page, newest first with
 * its period figures, is account-ledger.ts): the treasury accounts and their movements in id order
 * (cursor pages), optionally one account and a period of business dates. `locationIds` restricts to
 * the accounts of those places (a cash desk's account belongs to its location; bank and
 * mobile-money accounts belong to none and stay visible); null: every account.
 */
export interface MovementFilters {
  accountId: number | null;
  from: string | null;
  to: string | null;
  locationIds: number[] | null;
}

function inPlaces(qb: Knex.QueryBuilder, column: string, locationIds: number[] | null): Knex.QueryBuilder {
  if (locationIds) qb.where((w) => w.whereNull(column).orWhereIn(column, locationIds));
  return qb;
}

export function visibleTreasuryAccounts(db: Knex, locationIds: number[] | null): Promise<any[]> {
  return inPlaces(db('treasury_accounts').orderBy('kind').orderBy('code').select('*'), 'location_id', locationIds);
}

export async function findVisibleTreasuryAccount(db: Knex, id: number, locationIds: number[] | null): Promise<any | undefined> {
  return inPlaces(db('treasury_accounts').where('id', id), 'location_id', locationIds).first();
}

export function movementsAfter(db: Knex, filters: MovementFilters, afterId: number | null, limit: number): Promise<{ data: any[]; next_after: number | null }> {
  const qb = db('money_movements as m')
    .join('treasury_accounts as a', 'a.id', 'm.account_id')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select('m.*', 'a.code as account_code', 'a.name as account_name', 'a.kind as account_kind', 'u.name as user_name');
  if (filters.accountId) qb.where('m.account_id', filters.accountId);
  if (filters.from) qb.where('m.business_date', '>=', filters.from);
  if (filters.to) qb.where('m.business_date', '<=', filters.to);
  inPlaces(qb, 'a.location_id', filters.locationIds);
  return keysetPage(qb, 'm.id', afterId, limit);
}
