import { describe, expect, it } from 'vitest';
import {
  cashKindOf,
  cashOperationBody,
  creditInvoiceBody,
  settlementBody,
  type CashSetting,
} from '../../../scripts/drill/forms.js';
import { answeringPid } from '../../../scripts/drill/harness.js';
import { roundBodies, successTally } from '../../../scripts/drill/steps/crash.js';
import { spreadProblems, spreadText } from '../../../scripts/drill/steps/load.js';
import type { World } from '../../../scripts/drill/world.js';
import { cashOperationSchema } from '../../../server/http/schemas/cash.js';
import { saleSchema } from '../../../server/http/schemas/sales.js';
import { settlementSchema } from '../../../server/http/schemas/settlements.js';
import { CASH_OPERATION_KINDS, CASH_OPERATION_KINDS_DEF } from '../../../shared/cash-operations.js';

/** The pure pieces of `npm run drill` (scripts/drill): bodies the real schemas accept, tallies, the spread over processes. */
const world: World = { depot: 1, shop: 2, supplier: 3, category: 4, walkIn: 5, today: '2026-11-24', year: 2026 };
const cash: CashSetting = { desk: 10, otherDesk: 11, bank: 12, wallet: 13, category: 14, supplier: 15 };

describe('drill forms', () => {
  it('the CAI series takes every kind in turn, a décaissement first', () => {
    expect(cashKindOf(0)).toBe('expense');
    expect(new Set(Array.from({ length: CASH_OPERATION_KINDS.length }, (_, i) => cashKindOf(i)))).toEqual(
      new Set(CASH_OPERATION_KINDS),
    );
    expect(cashKindOf(CASH_OPERATION_KINDS.length)).toBe(cashKindOf(0));
  });

  it.each(CASH_OPERATION_KINDS)(
    'a %s body passes the Caisse form schema, with the accounts and reference its kind needs',
    (kind) => {
      const body = cashOperationSchema('XOF').parse(cashOperationBody(cash, kind, 100));
      const def = CASH_OPERATION_KINDS_DEF[kind];
      expect(body.kind).toBe(kind);
      expect(body.amount).toBe(100);
      expect(body.from_account_id !== null).toBe(def.from !== null);
      expect(body.to_account_id !== null).toBe(def.to !== null);
      if (def.referenceRequired) expect(body.reference).not.toBe('');
      if (kind === 'expense') expect([body.expense_category_id, body.beneficiary !== '']).toEqual([14, true]);
      if (kind === 'supplier_payment') expect(body.supplier_id).toBe(15);
    },
  );

  it('each body has its own idempotency key and mobile-money reference', () => {
    const a = cashOperationBody(cash, 'mobile_money', 100);
    const b = cashOperationBody(cash, 'mobile_money', 100);
    expect(a.idempotency_key).not.toBe(b.idempotency_key);
    expect(a.reference).not.toBe(b.reference);
  });

  it('a settlement body passes the settlement schema, allocated or kept as an advance', () => {
    const allocated = settlementSchema('XOF').parse(settlementBody(world, 7, 10, 500, { saleId: 9, amount: 100 }));
    expect([allocated.client_id, allocated.account_id, allocated.amount, allocated.allocations]).toEqual([
      7,
      10,
      500,
      [{ sale_id: 9, amount: 100 }],
    ]);
    expect(settlementSchema('XOF').parse(settlementBody(world, 7, 10, 500, null)).allocations).toEqual([]);
  });

  it('a credit invoice body passes the sale schema with nothing paid and a due date', () => {
    const body = saleSchema('XOF').parse({ kind: 'invoice', ...creditInvoiceBody(world, 7, 8, 1, 3) });
    expect([body.payment_mode, body.due_date, body.payments]).toEqual(['credit', '2026-11-24', []]);
  });
});

describe('drill crash loop and load', () => {
  it('tallies the successes of a round by operation, naming those without any', () => {
    expect(successTally(['ENT', 'REG', 'arrêté'], ['REG', 'ENT', 'REG'])).toBe('ENT 1, REG 2, arrêté 0');
  });

  it('prepares a few bodies where each costs a document (sales to correct, desks to close)', () => {
    expect([roundBodies('AV'), roundBodies('arrêté'), roundBodies('CAI')]).toEqual([40, 5, 400]);
  });

  it('reads the answering pid from a request log line only', () => {
    expect(
      answeringPid('{"level":30,"pid":4242,"req":{"id":"a"},"res":{"statusCode":200},"msg":"request completed"}'),
    ).toBe(4242);
    expect(answeringPid('{"level":30,"pid":4242,"msg":"listening"}')).toBeNull();
    expect(answeringPid('{"pid":4242,"res":')).toBeNull();
    expect(answeringPid('not json "res"')).toBeNull();
  });

  it('fails a run whose answers came from fewer processes than were started', () => {
    expect(spreadProblems(new Map([[1, 500]]), 2)).toEqual(['1 processus ont répondu pour WEB_CONCURRENCY=2']);
    expect(
      spreadProblems(
        new Map([
          [1, 500],
          [2, 480],
        ]),
        2,
      ),
    ).toEqual([]);
    expect(spreadProblems(new Map([[1, 500]]), 1)).toEqual([]);
    expect(
      spreadText(
        new Map([
          [1, 5],
          [2, 9],
        ]),
      ),
    ).toBe('pid 2 : 9, pid 1 : 5');
  });
});
