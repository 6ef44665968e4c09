import { PRINTOUTS, type Printout } from '../../../shared/print.js';
import { safeEqual, sign } from '../../auth/tokens.js';
import { Refusal } from '../../domain/errors.js';
import type { PrintedDocument } from './record-print.js';

/** How long a preview stays printable: a working day (then « Imprimer » asks to reload it). */
export const PRINT_TOKEN_TTL_MS = 12 * 3_600_000;

const EXPIRED = 'Cet aperçu n’est plus valable : rechargez la page, puis imprimez de nouveau.';

/**
 * The print token of a preview: which document (printout, id, number) this user saw through its
 * print route — whose guards (permissions, places) it passed — and when, signed with the
 * application key. The preview sends it back with « Imprimer » (POST route('prints.record')) so the
 * one print route counts the print of exactly that document, for that user, without a guard of its
 * own for each printout. Nothing is written when the token is made.
 */
export function printToken(appKey: string, doc: PrintedDocument, userId: number, now = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify({ p: doc.printout, i: doc.id, n: doc.number, u: userId, t: now }),
  ).toString('base64url');
  return `${payload}.${sign(appKey, `print:${payload}`)}`;
}

/** The document of a print token sent back by `userId`; a token forged, of another user or too old is refused. */
export function readPrintToken(appKey: string, token: string, userId: number, now = Date.now()): PrintedDocument {
  const [payload = '', signature = ''] = token.split('.');
  if (!payload || !safeEqual(signature, sign(appKey, `print:${payload}`))) throw Refusal.action(EXPIRED);
  let data: { p?: unknown; i?: unknown; n?: unknown; u?: unknown; t?: unknown };
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw Refusal.action(EXPIRED);
  }
  const { p, i, n, u, t } = data;
  if (
    typeof p !== 'string' ||
    !Object.hasOwn(PRINTOUTS, p) ||
    !Number.isSafeInteger(i) ||
    typeof n !== 'string' ||
    u !== userId ||
    typeof t !== 'number'
  )
    throw Refusal.action(EXPIRED);
  if (t > now + 60_000 || now - t > PRINT_TOKEN_TTL_MS) throw Refusal.action(EXPIRED);
  return { printout: p as Printout, id: i as number, number: n };
}
