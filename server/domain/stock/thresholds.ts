import { LIMITS } from '../../../shared/limits.js';

/**
 * The « Seuils par emplacement » cell of the products import and export: the thresholds of the
 * locations that have their own, by location code — « BTQ01=10; DEP01=50 » (`;`, `,` or a line
 * break between them, `=` or `:` inside). The cell is the whole list: a location of the user's
 * places it leaves out follows the product's threshold again; « aucun » (or « - ») clears them all.
 * A blank cell on an update keeps them as they are (the import's rule for every column).
 */
export type ParsedThresholds =
  { ok: true; thresholds: Array<{ code: string; threshold: number }> } | { ok: false; error: string };

const CLEAR = new Set(['aucun', 'aucune', '-', '—']);

export function parseThresholdsCell(text: string): ParsedThresholds {
  const cell = text.trim();
  if (CLEAR.has(cell.toLowerCase())) return { ok: true, thresholds: [] };
  const seen = new Set<string>();
  const thresholds: Array<{ code: string; threshold: number }> = [];
  for (const part of cell.split(/[;,\n\r]+/)) {
    const item = part.trim();
    if (!item) continue;
    const m = /^([^=:\s]+)\s*[=:]\s*([\d\s\u00a0\u202f]+)$/u.exec(item);
    if (!m)
      return {
        ok: false,
        error: `Seuils par emplacement : « ${item} » n’est pas de la forme CODE=quantité (par exemple BTQ01=10).`,
      };
    const code = m[1].toUpperCase();
    const threshold = Number(m[2].replace(/[\s\u00a0\u202f]/gu, ''));
    if (!Number.isSafeInteger(threshold) || threshold > LIMITS.stockLevel)
      return {
        ok: false,
        error: `Seuils par emplacement : le seuil de ${code} ne doit pas dépasser ${LIMITS.stockLevel.toLocaleString('fr-FR')}.`,
      };
    if (seen.has(code)) return { ok: false, error: `Seuils par emplacement : ${code} figure deux fois.` };
    seen.add(code);
    thresholds.push({ code, threshold });
  }
  return { ok: true, thresholds };
}
