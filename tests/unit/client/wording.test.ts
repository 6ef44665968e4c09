import { describe, expect, it } from 'vitest';
import { nounGrammar } from '@/components/data/RecordLifecycle';
import { agree, formatCount, formatQuantity, formatQty, pluralUnit } from '@/components/data/format';
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
    for (const unit of ['colis', 'prix', 'gaz', 'kg', 'g', 'L', 'l', 'ml', 'm²', 'PCE', 'btl.', 'u'])
      expect([unit, pluralUnit(unit, 5)]).toEqual([unit, unit]);
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
    expect(nounGrammar('cette catégorie')).toEqual({
      subject: 'Cette catégorie',
      e: 'e',
      pronoun: 'elle',
      object: 'la',
    });
    expect(nounGrammar('cet emplacement')).toMatchObject({ subject: 'Cet emplacement', e: '' });
  });

  it('« de » is elided before a vowel or a mute h: « Menu d’Administrateur »', () => {
    expect(ofName('Administrateur')).toBe('d’Administrateur');
    expect(ofName('Éric Koné')).toBe('d’Éric Koné');
    expect(ofName('Hélène')).toBe('d’Hélène');
    expect(ofName('Awa')).toBe('d’Awa');
    expect(ofName('Moussa Diallo')).toBe('de Moussa Diallo');
    expect(ofName('Yacouba')).toBe('de Yacouba');
  });
});

/** The source lines of the interface (client, server messages and zod messages, shared labels, printouts), comments left out. */
async function interfaceLines(): Promise<Array<{ at: string; code: string }>> {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const root = path.resolve(import.meta.dirname, '../../..');
  const out: Array<{ at: string; code: string }> = [];
  const letter = (c: string | undefined) => c !== undefined && /\p{L}/u.test(c);
  // Where a // or /* comment starts outside strings (an apostrophe between letters delimits nothing).
  const codeEnd = (line: string) => {
    let quote: string | null = null;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      const apostrophe = c === "'" && letter(line[i - 1]) && letter(line[i + 1]);
      if (quote) {
        if (c === '\\') i++;
        else if (c === quote && !apostrophe) quote = null;
      } else if (c === '"' || c === '`' || (c === "'" && !apostrophe)) quote = c;
      else if (c === '/' && (line[i + 1] === '*' || (line[i + 1] === '/' && (i === 0 || /\s/.test(line[i - 1])))))
        return i;
    }
    return line.length;
  };
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx)$/.test(entry.name)) {
        fs.readFileSync(full, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (/^\s*(\/\/|\*|\/\*|\{\/\*)/.test(line)) return;
            out.push({ at: `${path.relative(root, full)}:${i + 1}`, code: line.slice(0, codeEnd(line)) });
          });
      }
    }
  };
  for (const dir of ['resources/js', 'server', 'shared']) walk(path.join(root, dir));
  return out;
}

describe('one apostrophe across the interface: the typographic ’', () => {
  // « Chiffre d’affaires », « l’écart » — never the straight ' between two letters in a string, a
  // JSX text or a message (code and SQL hold no apostrophe between letters; comments are skipped).
  it('finds no straight apostrophe between letters in resources/js, server or shared', async () => {
    const lines = await interfaceLines();
    expect(lines.length).toBeGreaterThan(10_000);
    expect(
      lines.filter((l) => /\p{L}\\?'\p{L}/u.test(l.code)).map((l) => `${l.at}: ${l.code.trim().slice(0, 120)}`),
    ).toEqual([]);
    // the scan reads the strings: the typographic apostrophe is found where it is written
    expect(lines.some((l) => l.code.includes('Chiffre d’affaires'))).toBe(true);
  });

  it('elides « de » with the typographic apostrophe too', () => {
    expect(ofName('Administrateur')).toBe('d’Administrateur');
  });
});

describe('counts agree with their nouns: never « (s) »', () => {
  it('agree: singular for 0 and 1, plural from 2 on, each word of a phrase', () => {
    expect([agree(0, 'mouvement'), agree(1, 'mouvement'), agree(4, 'mouvement')]).toEqual([
      'mouvement',
      'mouvement',
      'mouvements',
    ]);
    expect(agree(5, 'autre')).toBe('autres');
    expect(agree(2, 'catégorie créée')).toBe('catégories créées');
    expect(agree(3, 'clé étrangère orpheline')).toBe('clés étrangères orphelines');
    expect(agree(2, 'niveau')).toBe('niveaux');
    expect(agree(2, 'changement de prix', 'changements de prix')).toBe('changements de prix');
    expect(agree(1, 'changement de prix', 'changements de prix')).toBe('changement de prix');
    expect(formatCount(4, 'mouvement')).toBe(`4${NBSP}mouvements`);
    expect(formatCount(1, 'fiche sera créée', 'fiches seront créées')).toBe(`1${NBSP}fiche sera créée`);
    expect(formatCount(1200, 'ligne')).toBe(`1${NNBSP}200${NBSP}lignes`);
  });

  it('finds no « (s) », « (e) » or « (x) » after a word in the interface', async () => {
    const lines = await interfaceLines();
    // a word followed by (s)/(e)/(es)/(x) inside a string or a JSX text, not a call like remainingOf(s)
    const written = /\p{L}\((s|e|es|x)\)(?=\s+\p{L}|[.,;:!?)]?\s*["'`]|[.,;:!?)]\s*<)/u;
    expect(lines.filter((l) => written.test(l.code)).map((l) => `${l.at}: ${l.code.trim().slice(0, 120)}`)).toEqual([]);
  });
});
