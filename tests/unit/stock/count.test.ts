import { describe, expect, it } from 'vitest';
import { countLineResult, summarizeCount } from '../../../server/domain/stock/count.js';

const noPolicy = { movedPolicy: null, uncountedAsZero: false } as const;

describe('countLineResult', () => {
  it('computes the difference in quantity and value at CMUP', () => {
    expect(countLineResult({ theoretical: 10, counted: 7, current: 10, unitCost: 1500 }, noPolicy)).toEqual({
      counted: 7,
      moved: 0,
      difference: -3,
      adjustment: -3,
      finalQuantity: 7,
      value: -4500,
      needsPolicy: false,
    });
    expect(countLineResult({ theoretical: 10, counted: 12, current: 10, unitCost: 1500 }, noPolicy)).toMatchObject({
      adjustment: 2,
      value: 3000,
      finalQuantity: 12,
    });
    expect(countLineResult({ theoretical: 10, counted: 10, current: 10, unitCost: 1500 }, noPolicy)).toMatchObject({
      adjustment: 0,
      value: 0,
      difference: 0,
    });
  });
  it('leaves a line that was not counted alone', () => {
    expect(countLineResult({ theoretical: 10, counted: null, current: 8, unitCost: 100 }, noPolicy)).toEqual({
      counted: null,
      moved: -2,
      difference: null,
      adjustment: 0,
      finalQuantity: 8,
      value: 0,
      needsPolicy: false,
    });
  });
  it('takes uncounted lines as 0 when asked', () => {
    expect(
      countLineResult(
        { theoretical: 10, counted: null, current: 10, unitCost: 100 },
        { movedPolicy: null, uncountedAsZero: true },
      ),
    ).toMatchObject({ counted: 0, adjustment: -10, value: -1000, finalQuantity: 0 });
  });
  it('asks for a policy when the stock moved after the snapshot', () => {
    expect(countLineResult({ theoretical: 10, counted: 9, current: 7, unitCost: 100 }, noPolicy).needsPolicy).toBe(
      true,
    );
    // Not counted: nothing to decide.
    expect(countLineResult({ theoretical: 10, counted: null, current: 7, unitCost: 100 }, noPolicy).needsPolicy).toBe(
      false,
    );
  });
  it('"snapshot" adds the count error to the current stock', () => {
    // 10 at snapshot, 3 sold since (current 7), 9 counted at the snapshot → one unit missing → 6
    expect(
      countLineResult(
        { theoretical: 10, counted: 9, current: 7, unitCost: 100 },
        { movedPolicy: 'snapshot', uncountedAsZero: false },
      ),
    ).toMatchObject({ moved: -3, difference: -1, adjustment: -1, finalQuantity: 6, value: -100, needsPolicy: false });
  });
  it('"current" replaces the current stock by the count', () => {
    expect(
      countLineResult(
        { theoretical: 10, counted: 9, current: 7, unitCost: 100 },
        { movedPolicy: 'current', uncountedAsZero: false },
      ),
    ).toMatchObject({ moved: -3, difference: -1, adjustment: 2, finalQuantity: 9, value: 200 });
  });
  it('gives the same result under both policies when nothing moved', () => {
    for (const counted of [0, 3, 10, 15])
      for (const theoretical of [-2, 0, 10]) {
        const a = countLineResult(
          { theoretical, counted, current: theoretical, unitCost: 7 },
          { movedPolicy: 'snapshot', uncountedAsZero: false },
        );
        const b = countLineResult(
          { theoretical, counted, current: theoretical, unitCost: 7 },
          { movedPolicy: 'current', uncountedAsZero: false },
        );
        expect(a).toEqual(b);
        expect(a.finalQuantity).toBe(counted);
      }
  });
  it('brings a negative theoretical stock back to the count', () => {
    expect(countLineResult({ theoretical: -4, counted: 2, current: -4, unitCost: 50 }, noPolicy)).toMatchObject({
      adjustment: 6,
      finalQuantity: 2,
      value: 300,
    });
  });
  it('refuses a negative or fractional count', () => {
    expect(() => countLineResult({ theoretical: 1, counted: -1, current: 1, unitCost: 1 }, noPolicy)).toThrow(
      RangeError,
    );
    expect(() => countLineResult({ theoretical: 1, counted: 1.5, current: 1, unitCost: 1 }, noPolicy)).toThrow(
      RangeError,
    );
  });
});

describe('summarizeCount', () => {
  const lines = [
    { theoretical: 10, counted: 7, current: 10, unitCost: 100 }, // −3 → −300
    { theoretical: 5, counted: 6, current: 5, unitCost: 1000 }, // +1 → +1000
    { theoretical: 2, counted: 2, current: 2, unitCost: 10 }, // 0
    { theoretical: 4, counted: null, current: 4, unitCost: 10 }, // not counted
    { theoretical: 8, counted: 8, current: 6, unitCost: 10 }, // moved −2
  ];
  it('totals gains and losses separately', () => {
    const s = summarizeCount(lines, { movedPolicy: 'snapshot', uncountedAsZero: false });
    expect(s).toEqual({
      lines: 5,
      counted: 4,
      uncounted: 1,
      moved: 1,
      adjusted: 2,
      gainLines: 1,
      lossLines: 1,
      gainValue: 1000,
      lossValue: 300,
      netValue: 700,
      needsPolicy: false,
    });
  });
  it('reflects the policy and the uncounted option', () => {
    const s = summarizeCount(lines, { movedPolicy: 'current', uncountedAsZero: true });
    expect(s).toMatchObject({
      adjusted: 4,
      gainLines: 2,
      lossLines: 2,
      gainValue: 1020,
      lossValue: 340,
      netValue: 680,
    });
  });
  it('flags a needed policy', () => {
    expect(summarizeCount(lines, noPolicy).needsPolicy).toBe(true);
    expect(summarizeCount(lines.slice(0, 4), noPolicy).needsPolicy).toBe(false);
  });
  it('is empty for an empty session', () => {
    expect(summarizeCount([], noPolicy)).toMatchObject({ lines: 0, adjusted: 0, netValue: 0 });
  });
});
