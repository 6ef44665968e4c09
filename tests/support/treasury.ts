import type { Knex } from 'knex';
import { expect } from 'vitest';
import { nowIso } from '../../server/db/dialect.js';
import { checkCash } from '../../server/services/treasury/check-cash.js';
import { verifyMoneyChains } from '../../server/services/treasury/ledger.js';
import type { MobileMoneyOperator, TreasuryKind } from '../../shared/treasury.js';

let serial = 0;

/** A treasury account built for a test (a bank or a mobile-money wallet; desks come with their cash desk). */
export async function makeTreasuryAccount(db: Knex, kind: Exclude<TreasuryKind, 'caisse'>, over: { operator?: MobileMoneyOperator; name?: string } = {}): Promise<number> {
  serial += 1;
  const tag = `${process.pid % 1000}${serial}${Math.floor(Math.random() * 1000)}`;
  const now = nowIso();
  const [row] = await db('treasury_accounts')
    .insert({
      kind,
      code: `T${tag}`.slice(0, 20),
      name: over.name ?? `${kind === 'banque' ? 'Banque' : 'Wallet'} ${tag}`,
      operator: kind === 'mobile_money' ? (over.operator ?? 'orange_money') : null,
      bank_name: kind === 'banque' ? 'SGBCI' : '',
      account_number: kind === 'banque' ? `CI00${tag}` : `07${tag}`,
      balance: 0,
      active: true,
      created_at: now,
      updated_at: now,
    })
    .returning('id');
  return typeof row === 'object' ? Number(row.id) : Number(row);
}

/** The treasury account of a cash desk, by desk code (CAI01 main desk, CAI02 Boutique 1 at first start). */
export async function deskAccount(db: Knex, deskCode: string): Promise<number> {
  const row = await db('treasury_accounts').join('cash_desks', 'cash_desks.id', 'treasury_accounts.cash_desk_id').where('cash_desks.code', deskCode).first('treasury_accounts.id');
  return Number(row.id);
}

export async function balanceOf(db: Knex, accountId: number): Promise<number> {
  return Number((await db('treasury_accounts').where({ id: accountId }).first('balance')).balance);
}

/** Every balance agrees with its ledger and every chain is intact. */
export async function expectCashConsistent(db: Knex): Promise<void> {
  expect((await checkCash(db)).differences).toEqual([]);
  expect(await verifyMoneyChains(db)).toEqual([]);
}
