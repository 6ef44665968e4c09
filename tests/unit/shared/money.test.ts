import { describe, expect, it } from 'vitest';
import {
  currencyDecimals,
  formatAmount,
  formatMoney,
  minorToInput,
  parseMoneyInput,
  toMajor,
} from '../../../shared/money.js';

const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('formatMoney', () => {
  it('groups FCFA thousands with a narrow no-break space and no decimals', () => {
    expect(formatMoney(1_250_000)).toBe(`1${NNBSP}250${NNBSP}000${NBSP}FCFA`);
    expect(formatMoney(1_250_000, 'XAF')).toBe(`1${NNBSP}250${NNBSP}000${NBSP}FCFA`);
    expect(formatMoney(0)).toBe(`0${NBSP}FCFA`);
    expect(formatMoney(999)).toBe(`999${NBSP}FCFA`);
    // the true minus sign (U+2212), as quantities and differences
    expect(formatMoney(-15_000)).toBe(`\u221215${NNBSP}000${NBSP}FCFA`);
    expect(formatAmount(-125_050, 'EUR')).toBe(`\u22121${NNBSP}250,50`);
    expect(formatAmount(-0.4)).toBe('0');
    // what is shown can be typed back
    expect(parseMoneyInput(formatMoney(-15_000), 'XOF', { allowNegative: true })).toBe(-15_000);
  });

  it('shows two decimals with a comma for EUR', () => {
    expect(formatMoney(125_050, 'EUR')).toBe(`1${NNBSP}250,50${NBSP}€`);
    expect(formatMoney(5, 'EUR')).toBe(`0,05${NBSP}€`);
    expect(formatAmount(100, 'EUR')).toBe('1,00');
  });

  it('knows the decimals of each currency and defaults unknown codes to 2', () => {
    expect(currencyDecimals('XOF')).toBe(0);
    expect(currencyDecimals('eur')).toBe(2);
    expect(currencyDecimals('ZZZ')).toBe(2);
    expect(formatMoney(100, 'ZZZ')).toBe(`1,00${NBSP}ZZZ`);
    expect(toMajor(1250, 'EUR')).toBe(12.5);
    expect(toMajor(1250, 'XOF')).toBe(1250);
  });
});

describe('parseMoneyInput', () => {
  it('reads FCFA amounts with any grouping', () => {
    expect(parseMoneyInput('1 250 000')).toBe(1_250_000);
    expect(parseMoneyInput(`1${NNBSP}250${NNBSP}000${NBSP}FCFA`)).toBe(1_250_000);
    expect(parseMoneyInput('1.250.000')).toBe(1_250_000);
    expect(parseMoneyInput('1,250')).toBe(1250);
    expect(parseMoneyInput('1250000')).toBe(1_250_000);
    expect(parseMoneyInput('0')).toBe(0);
    expect(parseMoneyInput('1250,00')).toBe(1250);
    expect(parseMoneyInput(' 500 F ')).toBe(500);
  });

  it('refuses what is not a whole amount in a 0-decimal currency', () => {
    expect(parseMoneyInput('1250,5')).toBeNull();
    expect(parseMoneyInput('abc')).toBeNull();
    expect(parseMoneyInput('12a')).toBeNull();
    expect(parseMoneyInput('')).toBeNull();
    expect(parseMoneyInput('   ')).toBeNull();
    expect(parseMoneyInput(null)).toBeNull();
    expect(parseMoneyInput('1.2.3')).toBeNull();
  });

  it('reads euros into cents', () => {
    expect(parseMoneyInput('12,50', 'EUR')).toBe(1250);
    expect(parseMoneyInput('12.5', 'EUR')).toBe(1250);
    expect(parseMoneyInput('1 250,50 €', 'EUR')).toBe(125_050);
    expect(parseMoneyInput('1.250,50', 'EUR')).toBe(125_050);
    expect(parseMoneyInput('1,250.50', 'EUR')).toBe(125_050);
    expect(parseMoneyInput('12', 'EUR')).toBe(1200);
    expect(parseMoneyInput('0,001', 'EUR')).toBeNull();
  });

  it('refuses negative amounts unless allowed', () => {
    expect(parseMoneyInput('-500')).toBeNull();
    expect(parseMoneyInput('-500', 'XOF', { allowNegative: true })).toBe(-500);
    expect(parseMoneyInput('-0')).toBe(0);
  });

  it('accepts numbers as major units', () => {
    expect(parseMoneyInput(1500)).toBe(1500);
    expect(parseMoneyInput(12.5, 'EUR')).toBe(1250);
    expect(parseMoneyInput(12.5)).toBeNull();
    expect(parseMoneyInput(Number.NaN)).toBeNull();
  });

  it('round-trips with minorToInput', () => {
    for (const [minor, currency] of [
      [1_250_000, 'XOF'],
      [125_050, 'EUR'],
      [5, 'EUR'],
      [0, 'XAF'],
    ] as const) {
      expect(parseMoneyInput(minorToInput(minor, currency), currency)).toBe(minor);
    }
    expect(minorToInput(125_050, 'EUR')).toBe('1250,50');
    expect(minorToInput(null)).toBe('');
  });
});
