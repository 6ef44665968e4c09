import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS, formatLimit, limitMessage } from '../../../shared/limits.js';
import {
  LimitExceeded,
  addWithin,
  baseQuantity,
  documentTotal,
  lineAmount,
  within,
} from '../../../server/domain/limits.js';
import { cmupAfterReceipt, cmupAfterReceiptReversal, valueOf } from '../../../server/domain/stock/cmup.js';
import { countLineResult } from '../../../server/domain/stock/count.js';
import { toBaseQuantity } from '../../../server/domain/stock/lines.js';
import {
  positiveQuantity,
  nonNegativeQuantity,
  scanSchema,
  stockEntrySchema,
} from '../../../server/http/schemas/stock.js';
import { productSchema } from '../../../server/services/products/schema.js';

/**
 * Security issue 13, finding 3: no input the schemas accept can drive a stock level, a CMUP, a
 * value or a balance outside the safe integer range. Property-based: fast-check throws arbitrary
 * numbers (huge, negative, fractional, as digits) at the schemas and the domain, and replays
 * random histories of a product (receipts, reversals, moves, counts) and of a supplier's balance.
 */

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const isSafe = (v: number) => Number.isSafeInteger(v);

/** Numbers a user could send: anything from 0 to far beyond 2^53, negatives, fractions, digit strings. */
const anyNumber = fc.oneof(
  fc.integer({ min: -10, max: 1_000 }),
  fc.integer({ min: 0, max: 200_000_000 }),
  fc.constantFrom(
    LIMITS.quantity,
    LIMITS.quantity + 1,
    LIMITS.unitPrice,
    LIMITS.unitPrice + 1,
    1e9,
    1e12,
    1e14,
    2 ** 53,
    2 ** 53 + 2,
    1e300,
  ),
  fc.maxSafeInteger(),
  fc.double({ noNaN: false }),
  fc.bigInt({ min: 0n, max: 10n ** 20n }).map((b) => b.toString()),
);

describe('the ceilings themselves', () => {
  it('keep every product the code computes well inside the safe range', () => {
    const P = BigInt(LIMITS.unitPrice);
    const L = BigInt(LIMITS.stockLevel);
    const Q = BigInt(LIMITS.quantity);
    expect(L * P).toBeLessThan(SAFE / 4n); // a stock value
    expect((L + Q) * P).toBeLessThan(SAFE / 4n); // a count's gap, valued
    expect(500n * BigInt(LIMITS.lineAmount)).toBeLessThan(SAFE / 4n); // a document summed before its cap
    expect(BigInt(LIMITS.balance) + BigInt(LIMITS.documentTotal)).toBeLessThan(SAFE / 4n);
  });
  it('are written in French with the currency', () => {
    expect(limitMessage('La quantité', 'quantity')).toBe('La quantité ne peut dépasser 10\u202f000\u202f000.');
    expect(formatLimit('unitPrice', 'XOF')).toBe('100\u202f000\u202f000\u00a0FCFA');
    expect(formatLimit('unitPrice', 'EUR')).toBe('1\u202f000\u202f000,00\u00a0€');
  });
});

describe('schemas accept only numbers within the ceilings', () => {
  it('quantities (lines, counts, scans)', () => {
    fc.assert(
      fc.property(anyNumber, (v) => {
        for (const schema of [positiveQuantity(), nonNegativeQuantity()]) {
          const r = schema.safeParse(v);
          if (r.success) expect(r.data >= 0 && r.data <= LIMITS.quantity && isSafe(r.data)).toBe(true);
        }
        const scan = scanSchema.safeParse({ code: 'X', quantity: v });
        if (scan.success) expect(Math.abs(scan.data.quantity) <= LIMITS.quantity).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('a stock entry: each line within the quantity and unit-cost ceilings, refused on the field otherwise', () => {
    const schema = stockEntrySchema('XOF');
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            quantity: anyNumber,
            unit_cost: anyNumber,
            pack_cost: fc.option(anyNumber, { nil: undefined }),
            unit: fc.constantFrom('unit', 'pack'),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        (lines) => {
          const r = schema.safeParse({
            idempotency_key: '0123456789abcdef0123456789abcdef',
            supplier_id: 1,
            location_id: 1,
            entry_date: '2026-01-01',
            lines: lines.map((l) => ({ product_id: 1, ...l })),
          });
          if (r.success) {
            for (const l of r.data.lines) {
              expect(l.quantity >= 1 && l.quantity <= LIMITS.quantity).toBe(true);
              expect(l.unit_cost === undefined || (l.unit_cost >= 0 && l.unit_cost <= LIMITS.unitPrice)).toBe(true);
              // The cost of a colis: within a line amount (the service divides it by the pack size and checks the unit ceiling).
              expect(
                l.pack_cost === undefined ||
                  (l.unit === 'pack' && l.pack_cost >= 0 && l.pack_cost <= LIMITS.lineAmount),
              ).toBe(true);
            }
          } else {
            // A refusal is a French message on a field, never an exception.
            for (const issue of r.error.issues) expect(typeof issue.message).toBe('string');
          }
        },
      ),
      { numRuns: 1000 },
    );
    const refused = schema.safeParse({
      idempotency_key: '0123456789abcdef0123456789abcdef',
      supplier_id: 1,
      location_id: 1,
      entry_date: '2026-01-01',
      lines: [{ product_id: 1, quantity: 1_000_000_000, unit_cost: 1_000_000_000_000 }],
    });
    expect(refused.success).toBe(false);
    const messages = Object.fromEntries(refused.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages['lines.0.quantity']).toBe('La quantité ne peut dépasser 10\u202f000\u202f000.');
    expect(messages['lines.0.unit_cost']).toBe('Le coût unitaire ne peut dépasser 100\u202f000\u202f000\u00a0FCFA.');
  });

  it('a product: prices within the unit-price ceiling, pack size and alert threshold bounded', () => {
    const schema = productSchema('XOF');
    fc.assert(
      fc.property(anyNumber, anyNumber, anyNumber, (price, pack, threshold) => {
        const r = schema.safeParse({
          code: 'P1',
          name: 'Produit',
          category_id: 1,
          unit: 'pièce',
          pack_size: pack,
          purchase_price: price,
          retail_price: price,
          wholesale_price: price,
          min_price: 0,
          alert_threshold: threshold,
        });
        if (r.success) {
          for (const v of [r.data.purchase_price, r.data.retail_price, r.data.wholesale_price])
            expect(v <= LIMITS.unitPrice).toBe(true);
          expect(r.data.pack_size <= LIMITS.quantity && r.data.alert_threshold <= LIMITS.stockLevel).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('the domain checks each ceiling before any arithmetic', () => {
  it('pack conversion: the base quantity is within the quantity ceiling, or refused', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: LIMITS.quantity }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom('unit' as const, 'pack' as const),
        (entered, pack, unit) => {
          try {
            const q = toBaseQuantity(entered, unit, pack);
            expect(q).toBe(unit === 'pack' ? entered * pack : entered);
            expect(q <= LIMITS.quantity).toBe(true);
          } catch (err) {
            expect(err).toBeInstanceOf(LimitExceeded);
            expect(BigInt(entered) * BigInt(unit === 'pack' ? pack : 1) > BigInt(LIMITS.quantity)).toBe(true);
          }
        },
      ),
    );
    // The reviewer's case: 10^9 packs of 100 000 is refused, not 10^14 units.
    expect(() => baseQuantity(1_000_000_000, 100_000)).toThrow(LimitExceeded);
  });

  it('line amount, document total, balance: exact and within their ceilings, or refused', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.maxSafeInteger(), fc.maxSafeInteger()), { minLength: 1, maxLength: 500 }),
        fc.integer({ min: -LIMITS.balance, max: LIMITS.balance }),
        (lines, balance) => {
          let amounts: number[];
          try {
            amounts = lines.map(([q, p]) => lineAmount(q, p));
          } catch (err) {
            expect(err).toBeInstanceOf(LimitExceeded);
            return;
          }
          amounts.forEach((a, i) => expect(BigInt(a)).toBe(BigInt(lines[i][0]) * BigInt(lines[i][1])));
          amounts.forEach((a) => expect(a <= LIMITS.lineAmount).toBe(true));
          let total: number;
          try {
            total = documentTotal(amounts);
          } catch (err) {
            expect(err).toBeInstanceOf(LimitExceeded);
            expect(amounts.reduce((s, a) => s + BigInt(a), 0n) > BigInt(LIMITS.documentTotal)).toBe(true);
            return;
          }
          expect(BigInt(total)).toBe(amounts.reduce((s, a) => s + BigInt(a), 0n));
          for (const delta of [total, -total]) {
            try {
              const after = addWithin('balance', balance, delta);
              expect(isSafe(after) && Math.abs(after) <= LIMITS.balance).toBe(true);
            } catch (err) {
              expect(err).toBeInstanceOf(LimitExceeded);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the reviewer’s 1.8 × 10^16 never reaches a balance', () => {
    expect(() => lineAmount(1_000_000_000, 1_000_000_000_000)).toThrow(LimitExceeded);
    expect(() => documentTotal([LIMITS.documentTotal, 1])).toThrow(LimitExceeded);
    expect(() => addWithin('balance', LIMITS.balance, 1)).toThrow(LimitExceeded);
    expect(within('stockLevel', 2 ** 53)).toBe(false);
  });
});

type Op =
  | { kind: 'receipt'; quantity: number; unitCost: number }
  | { kind: 'reverse'; index: number }
  | { kind: 'move'; quantity: number }
  | { kind: 'count'; counted: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('receipt' as const),
    quantity: fc.oneof(fc.integer({ min: 1, max: LIMITS.quantity }), fc.integer({ min: 1, max: 100 })),
    unitCost: fc.oneof(fc.integer({ min: 0, max: LIMITS.unitPrice }), fc.constantFrom(0, 1, LIMITS.unitPrice)),
  }),
  fc.record({ kind: fc.constant('reverse' as const), index: fc.nat() }),
  fc.record({
    kind: fc.constant('move' as const),
    quantity: fc.integer({ min: -LIMITS.quantity, max: LIMITS.quantity }).filter((q) => q !== 0),
  }),
  fc.record({ kind: fc.constant('count' as const), counted: fc.integer({ min: 0, max: LIMITS.quantity }) }),
);

describe('a product’s life: every level, CMUP and value stays a safe integer', () => {
  it('whatever the accepted receipts, reversals, moves (negative stock allowed) and counts', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 60 }), (ops) => {
        // The model of the ledger: a level is changed only when addWithin accepts it (the ledger's check).
        let level = 0;
        let cmup = 0;
        const receipts: Array<{ quantity: number; unitCost: number }> = [];
        for (const o of ops) {
          let delta: number;
          if (o.kind === 'receipt') delta = o.quantity;
          else if (o.kind === 'reverse') {
            if (!receipts.length) continue;
            delta = -receipts[o.index % receipts.length].quantity;
          } else if (o.kind === 'move') delta = o.quantity;
          else {
            const r = countLineResult(
              { theoretical: level, counted: o.counted, current: level, unitCost: cmup },
              { movedPolicy: null, uncountedAsZero: false },
            );
            expect(isSafe(r.value)).toBe(true);
            delta = r.adjustment;
            if (delta === 0) continue;
          }
          let next: number;
          try {
            next = addWithin('stockLevel', level, delta);
          } catch (err) {
            expect(err).toBeInstanceOf(LimitExceeded);
            continue;
          }
          if (o.kind === 'receipt') {
            cmup = cmupAfterReceipt({ quantityOnHand: level, cmup, quantity: o.quantity, unitCost: o.unitCost });
            receipts.push(o);
          } else if (o.kind === 'reverse') {
            const r = receipts.splice(o.index % receipts.length, 1)[0];
            cmup = cmupAfterReceiptReversal({
              quantityOnHand: level,
              cmup,
              quantity: r.quantity,
              unitCost: r.unitCost,
            });
          }
          level = next;
          expect(isSafe(level) && Math.abs(level) <= LIMITS.stockLevel).toBe(true);
          expect(isSafe(cmup) && cmup >= 0 && cmup <= LIMITS.unitPrice).toBe(true);
          // The stock page's value, and a count's valued gap from any accepted counted quantity.
          expect(isSafe(valueOf(level, cmup))).toBe(true);
          expect(isSafe(valueOf(LIMITS.quantity - level, cmup))).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('a reversal whose average would pass the unit-price ceiling keeps the CMUP', () => {
    // 10 units at 0 and 10 at the ceiling (CMUP = ceiling / 2); 9 leave; taking the free 10 back
    // would leave 1 unit "worth" 5.5 × the ceiling.
    const half = LIMITS.unitPrice / 2;
    expect(cmupAfterReceiptReversal({ quantityOnHand: 11, cmup: half, quantity: 10, unitCost: 0 })).toBe(half);
  });
});
