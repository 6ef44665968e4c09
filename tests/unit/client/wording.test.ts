import { describe, expect, it } from 'vitest';
import { nounGrammar } from '@/components/data/RecordLifecycle';
import { formatQuantity, formatQty, pluralUnit } from '@/components/data/format';
import { ofName } from '@/lib/names';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('a quantity with its unit', () => {
  it('takes the plural from 2 on, never for 0 or 1', () => {
    expect(formatQuantity(5, 'sac')).toBe(`5${NBSP}sacs`);
    expect(formatQuantity(24, 'bouteille')).toBe(`24${NBSP}bouteilles`);
    expect(formatQuantity(1, 'sac')).toBe(`1${NBSP}sac`);
    expect(formatQuantity(0, 'carton')).toBe(`0${NBSP}carton`);
    expect(formatQuantity(1250, 'pièce')).toBe(`1${NNBSP}250${NBSP}pièces`);
    expect(formatQuantity(-3, 'carton')).toBe(`\u22123${NBSP}cartons`);
    expect(formatQuantity(3, 'carton', { signed: true })).toBe(`+3${NBSP}cartons`);
    expect(formatQuantity(null, 'sac')).toBe('—');
    expect(formatQuantity(7, '')).toBe('7');
  });

  it('follows the French plural of the noun', () => {
    expect(pluralUnit('seau', 3)).toBe('seaux');
    expect(pluralUnit('tuyau', 3)).toBe('tuyaux');
    expect(pluralUnit('pneu', 4)).toBe('pneus');
    expect(pluralUnit('bocal', 6)).toBe('bocaux');
    expect(pluralUnit('bidon', 2)).toBe('bidons');
    expect(pluralUnit('sachet', 2)).toBe('sachets');
    expect(pluralUnit('rouleau', 10)).toBe('rouleaux');
    expect(pluralUnit('caillou', 2)).toBe('cailloux');
    expect(pluralUnit('clou', 200)).toBe('clous');
    expect(pluralUnit('Sac', 2)).toBe('Sacs');
    expect(pluralUnit('CARTON', 2)).toBe('CARTONS');
  });

  it('keeps invariable units: ending in s, x or z, symbols and abbreviations', () => {
    for (const unit of ['colis', 'prix', 'gaz', 'kg', 'g', 'L', 'l', 'ml', 'm²', 'PCE', 'btl.', 'u']) expect([unit, pluralUnit(unit, 5)]).toEqual([unit, unit]);
    expect(formatQuantity(5, 'kg')).toBe(`5${NBSP}kg`);
    expect(formatQuantity(2, 'L')).toBe(`2${NBSP}L`);
  });

  it('puts the first word of a unit of several words in the plural', () => {
    expect(pluralUnit('sac de 50 kg', 3)).toBe('sacs de 50 kg');
    expect(pluralUnit('bouteille 1,5 L', 12)).toBe('bouteilles 1,5 L');
    expect(pluralUnit('kg net', 3)).toBe('kg net');
  });

  it('writes negative quantities with the true minus sign, like money', () => {
    expect(formatQty(-1200)).toBe(`\u22121${NNBSP}200`);
  });
});

describe('sentences agree with what they speak of', () => {
  it('a record noun gives its subject, agreement and pronouns', () => {
    expect(nounGrammar('ce produit')).toEqual({ subject: 'Ce produit', e: '', pronoun: 'il', object: 'le' });
    expect(nounGrammar('cette catégorie')).toEqual({ subject: 'Cette catégorie', e: 'e', pronoun: 'elle', object: 'la' });
    expect(nounGrammar('cet emplacement')).toMatchObject({ subject: 'Cet emplacement', e: '' });
  });

  it("« de » is elided before a vowel or a mute h: « Menu d'Administrateur »", () => {
    expect(ofName('Administrateur')).toBe("d'Administrateur");
    expect(ofName('Éric Koné')).toBe("d'Éric Koné");
    expect(ofName('Hélène')).toBe("d'Hélène");
    expect(ofName('Awa')).toBe("d'Awa");
    expect(ofName('Moussa Diallo')).toBe('de Moussa Diallo');
    expect(ofName('Yacouba')).toBe('de Yacouba');
  });
});

describe('one apostrophe style across the interface', () => {
  // DESIGN.md writes « Chiffre d'affaires »: the straight apostrophe. Every French string of the
  // client, the server and the shared modules uses it; a typographic one (’ or ‘) fails here.
  it('finds no typographic apostrophe in resources/js, server or shared', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const root = path.resolve(import.meta.dirname, '../../..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(ts|tsx)$/.test(entry.name)) {
          fs.readFileSync(full, 'utf8')
            .split('\n')
            .forEach((line, i) => {
              if (/[\u2018\u2019]/.test(line)) offenders.push(`${path.relative(root, full)}:${i + 1}: ${line.trim().slice(0, 120)}`);
            });
        }
      }
    };
    for (const dir of ['resources/js', 'server', 'shared']) walk(path.join(root, dir));
    expect(offenders).toEqual([]);
  });
});
