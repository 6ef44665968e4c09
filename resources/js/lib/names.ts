/** Wording helpers for names; only the signed-in shell's header uses them (kept out of the `common` chunk). */

/**
 * « de » before a name, elided before a vowel or an h (« Menu d'Administrateur », « Menu de
 * Moussa »), with the apostrophe style of the whole interface (straight, see tests/unit/client/wording.test.ts).
 */
export function ofName(name: string): string {
  return /^[aeiouhàâäéèêëîïôöûüœæ]/i.test(name.normalize('NFC')) ? `d’${name}` : `de ${name}`;
}
