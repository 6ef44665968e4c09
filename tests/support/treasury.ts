import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { expect } from 'vitest';
import { nowIso } from '../../server/db/dialect.js';
import type { Actor } from '../../server/services/actor.js';
import { checkCash } from '../../server/services/treasury/check-cash.js';
import { closeDay, closingDraft } from '../../server/services/cash-closings/cash-closings.js';
import { type CountedDenomination, denominationsOf } from '../../shared/cash-closings.js';
import { verifyMoneyChains } from '../../server/services/treasury/ledger.js';
import type { MobileMoneyOperator, TreasuryKind } from '../../shared/treasury.js';

let serial = 0;

/** A treasury account built for a test (a bank or a mobile-money wallet; desks come with their cash desk). */
export async function makeTreasuryAccount(
  db: Knex,
  kind: Exclude<TreasuryKind, 'caisse'>,
  over: { operator?: MobileMoneyOperator; name?: string } = {},
): Promise<number> {
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
  const row = await db('treasury_accounts')
    .join('cash_desks', 'cash_desks.id', 'treasury_accounts.cash_desk_id')
    .where('cash_desks.code', deskCode)
    .first('treasury_accounts.id');
  return Number(row.id);
}

export async function balanceOf(db: Knex, accountId: number): Promise<number> {
  return Number((await db('treasury_accounts').where({ id: accountId }).first('balance'))!.balance);
}

/** Every balance agrees with its ledger and every chain is intact. */
export async function expectCashConsistent(db: Knex): Promise<void> {
  expect((await checkCash(db)).differences).toEqual([]);
  expect(await verifyMoneyChains(db)).toEqual([]);
}

/** Notes and coins making `amount` (largest first); what no coin can make is left out (the count then differs). */
export function countsFor(amount: number, currency = 'XOF'): CountedDenomination[] {
  let rest = Math.max(0, amount);
  const counts: CountedDenomination[] = [];
  for (const d of denominationsOf(currency)) {
    const n = Math.floor(rest / d.value);
    if (n > 0) counts.push({ key: d.key, count: n });
    rest -= n * d.value;
  }
  return counts;
}

/**
 * Closes a desk's day through the service, as the screen would: the expected amount read first,
 * the drawer counted as `counted` (default: exactly what is expected), a reason for any difference.
 */
export async function closeDesk(
  db: Knex,
  accountId: number,
  day: string,
  options: { counted?: number; reason?: string; actor?: Actor } = {},
) {
  const draft = await closingDraft(db, accountId, day);
  const counted = options.counted ?? draft.expected;
  return closeDay(
    db,
    {
      idempotencyKey: randomBytes(16).toString('hex'),
      accountId,
      day,
      counts: countsFor(counted),
      reason: options.reason ?? (counted === draft.expected ? '' : 'Écart constaté au comptage'),
      expectedSeen: draft.expected,
    },
    options.actor ?? { id: Number((await db('users').orderBy('id').first('id'))!.id), name: 'Test', ip: null },
  );
}
