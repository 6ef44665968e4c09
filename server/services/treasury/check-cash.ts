import type { Knex } from 'knex';
import { recordAudit } from '../audit/record-audit.js';

/**
 * Rebuilds every treasury account's balance from the money ledger and compares it with
 * treasury_accounts.balance (DESIGN.md §3: balances can be rebuilt from the ledger; a check
 * command verifies they agree). The hash chains are walked by verifyMoneyChains (ledger.ts).
 */
export interface CashDifference {
  accountId: number;
  accountCode: string;
  accountName: string;
  /** treasury_accounts.balance */
  balance: number;
  /** Sum of the account's movements. */
  ledger: number;
}

export interface CashCheckReport {
  accounts: number;
  movements: number;
  differences: CashDifference[];
}

export async function checkCash(db: Knex | Knex.Transaction): Promise<CashCheckReport> {
  const sums = (await db('money_movements')
    .groupBy('account_id')
    .select('account_id')
    .sum({ s: 'amount' })
    .count({ n: '*' })) as unknown as Array<{ account_id: number; s: number | string | null; n: number | string }>;
  const ledger = new Map<number, number>();
  let movements = 0;
  for (const r of sums) {
    ledger.set(Number(r.account_id), Number(r.s ?? 0));
    movements += Number(r.n);
  }
  const accounts = await db('treasury_accounts').orderBy('id').select('id', 'code', 'name', 'balance');
  const differences: CashDifference[] = [];
  for (const a of accounts) {
    const sum = ledger.get(Number(a.id)) ?? 0;
    if (Number(a.balance) !== sum)
      differences.push({
        accountId: Number(a.id),
        accountCode: a.code,
        accountName: a.name,
        balance: Number(a.balance),
        ledger: sum,
      });
  }
  return { accounts: accounts.length, movements, differences };
}

/** Rewrites the differing balances from the ledger (the ledger is the truth), audited. */
export async function repairCashBalances(db: Knex): Promise<CashDifference[]> {
  return db.transaction(async (trx) => {
    const report = await checkCash(trx);
    for (const d of report.differences)
      await trx('treasury_accounts').where({ id: d.accountId }).update({ balance: d.ledger });
    if (report.differences.length) {
      await recordAudit(trx, {
        action: 'treasury.balances_repaired',
        subject: {
          type: 'treasury_accounts',
          id: 'all',
          label: 'Soldes de trésorerie reconstruits depuis le grand livre',
        },
        details: {
          before: report.differences.map((d) => ({ account_id: d.accountId, balance: d.balance })),
          after: report.differences.map((d) => ({ account_id: d.accountId, balance: d.ledger })),
        },
      });
    }
    return report.differences;
  });
}
