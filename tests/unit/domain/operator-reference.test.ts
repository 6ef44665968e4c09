import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseOperatorReference } from '../../../server/domain/text.js';

describe('normaliseOperatorReference', () => {
  it('the disguises of the attack are the same id: inner space, zero-width space and joiner, full-width letters, soft hyphen', () => {
    const plain = normaliseOperatorReference('MP260310.1234.A56789');
    expect(plain).toBe('MP260310.1234.A56789');
    for (const disguised of [
      'MP260310.1234 .A56789',
      'MP260310.1234\u200b.A56789',
      'MP260310.1234\u200d.A56789',
      'MP260310.1234\u200c.A56789',
      'ＭＰ２６０３１０．１２３４．Ａ５６７８９',
      'MP260310.1234\u00ad.A56789',
      ' mp260310.1234.a56789 ',
      '\u3000MP260310.1234.A56789\u00a0',
      'MP260310\u2060.1234.A56789',
      '\ufeffMP260310.1234.A56789',
      'MP260310.1234.A56789\u200e',
      'MP260310.\t1234.\nA56789',
      'MP260310.1234.A5678\ufe0f9',
    ]) {
      expect(normaliseOperatorReference(disguised), JSON.stringify(disguised)).toBe(plain);
    }
  });

  it('keeps what shows: dots, hyphens, underscores, digits and letters', () => {
    expect(normaliseOperatorReference('t_ab-12.c')).toBe('T_AB-12.C');
    expect(normaliseOperatorReference('ci230101.0930.b12345')).toBe('CI230101.0930.B12345');
  });

  it('nothing but invisible characters is nothing', () => {
    expect(normaliseOperatorReference('\u200b\u00ad \u2060\ufeff')).toBe('');
  });

  it('property: idempotent, and never holds an invisible character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        const once = normaliseOperatorReference(s);
        expect(normaliseOperatorReference(once)).toBe(once);
        expect(/[\p{White_Space}\p{Z}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u.test(once)).toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });

  it('property: inserting invisible characters anywhere or writing the id full-width changes nothing', () => {
    const ascii = fc.string({
      unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_'.split('')),
      minLength: 1,
      maxLength: 30,
    });
    fc.assert(
      fc.property(
        ascii,
        fc.array(
          fc.tuple(
            fc.nat(),
            fc.constantFrom(' ', '\u200b', '\u200c', '\u200d', '\u00ad', '\u2060', '\ufeff', '\u00a0', '\u3000'),
          ),
          { maxLength: 6 },
        ),
        (id, inserts) => {
          let disguised = id;
          for (const [at, ch] of inserts) {
            const i = at % (disguised.length + 1);
            disguised = disguised.slice(0, i) + ch + disguised.slice(i);
          }
          const fullWidth = [...id].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('');
          expect(normaliseOperatorReference(disguised)).toBe(id);
          expect(normaliseOperatorReference(fullWidth)).toBe(id);
        },
      ),
    );
  });
});
