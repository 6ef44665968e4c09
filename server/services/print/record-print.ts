import type { Knex } from 'knex';
import { PRINTOUTS, type PrintCopy, type Printout } from '../../../shared/print.js';
import { lockForUpdate, nowIso } from '../../db/dialect.js';
import { Refusal } from '../../domain/errors.js';
import type { Actor } from '../actor.js';
import { auditUser } from '../actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { withIdempotency } from '../idempotency.js';
import type { DocumentPrintsRow } from '../../db/tables.generated.js';

/** The document a printout shows: its kind of printout, its id and its number. */
export interface PrintedDocument {
  printout: Printout;
  id: number;
  number: string;
}

/** The French refusal of a DUPLICATA to a user who may not reprint (policies mayReprint). */
function reprintRefusal(doc: PrintedDocument): Refusal {
  return Refusal.action(
    `${PRINTOUTS[doc.printout]} ${doc.number} a déjà été imprimé : une nouvelle impression est un DUPLICATA, réservé aux utilisateurs autorisés à réimprimer des documents.`,
  );
}

/** The print row of a document, or undefined before its first print (a placeholder row, reprint_count −1, is not a print). */
async function printRow(
  db: Knex | Knex.Transaction,
  doc: Pick<PrintedDocument, 'printout' | 'id'>,
): Promise<DocumentPrintsRow | undefined> {
  const row = await db('document_prints').where({ printout: doc.printout, document_id: doc.id }).first();
  return row && Number(row.reprint_count) >= 0 ? row : undefined;
}

async function userName(db: Knex | Knex.Transaction, id: number | null): Promise<string | null> {
  if (id === null) return null;
  return ((await db('users').where({ id }).first('name')) as { name: string } | undefined)?.name ?? null;
}

/**
 * What the next print of a document will be, for its preview — read only, nothing is counted: the
 * original when it was never printed, else DUPLICATA n° (reprints + 1). The preview of a DUPLICATA
 * is refused to a user who may not reprint (they could not print it).
 */
export async function nextCopy(db: Knex, doc: PrintedDocument, options: { mayReprint: boolean }): Promise<PrintCopy> {
  const row = await printRow(db, doc);
  if (!row) return { duplicata: false, reprint: 0, original_printed_at: null, original_printed_by: null };
  if (!options.mayReprint) throw reprintRefusal(doc);
  return {
    duplicata: true,
    reprint: Number(row.reprint_count) + 1,
    original_printed_at: row.printed_at,
    original_printed_by: await userName(db, row.printed_by === null ? null : Number(row.printed_by)),
  };
}

/**
 * The DUPLICATA rule, for every printout that is a document, applied when the document is printed
 * (POST route('prints.record'), sent by the preview's « Imprimer » before it opens the print dialog
 * — never when a preview is opened): the first print of a (printout, document) is the original;
 * every later one, from any preview, button or user, is a DUPLICATA, counted and written to the
 * audit log. A user who may not reprint (policies mayReprint) gets the original only: a later print
 * is refused. One transaction: the row is created if missing, then locked, so two simultaneous
 * first prints make one original and one duplicata. `key` is the print's idempotency key: the same
 * print sent twice (a retried request) is counted once and answers the same copy.
 */
export async function recordPrint(
  db: Knex,
  doc: PrintedDocument,
  actor: Actor,
  options: { mayReprint: boolean; key: string },
): Promise<PrintCopy & { printed_at: string }> {
  return db.transaction(async (trx) => {
    const { result } = await withIdempotency(
      trx,
      { userId: actor.id, scope: `print:${doc.printout}:${doc.id}`, key: options.key },
      () => countPrint(trx, doc, actor, options.mayReprint),
    );
    return result;
  });
}

async function countPrint(
  trx: Knex.Transaction,
  doc: PrintedDocument,
  actor: Actor,
  mayReprint: boolean,
): Promise<PrintCopy & { printed_at: string }> {
  const now = nowIso();
  // A new row is a placeholder (reprint_count -1) filled in below, in this same transaction.
  await trx('document_prints')
    .insert({
      printout: doc.printout,
      document_id: doc.id,
      document_number: doc.number,
      printed_at: '',
      printed_by: null,
      reprint_count: -1,
    })
    .onConflict(['printout', 'document_id'])
    .ignore();
  // The row exists: inserted above if it was missing, in this transaction.
  const row: DocumentPrintsRow = await lockForUpdate(
    trx,
    trx('document_prints').where({ printout: doc.printout, document_id: doc.id }).first(),
  );
  const label = PRINTOUTS[doc.printout];
  if (Number(row.reprint_count) < 0) {
    await trx('document_prints')
      .where({ printout: doc.printout, document_id: doc.id })
      .update({ printed_at: now, printed_by: actor.id, reprint_count: 0 });
    await recordAudit(trx, {
      action: 'document.printed',
      user: auditUser(actor),
      subject: { type: doc.printout, id: doc.id, label: doc.number },
      details: { after: { printout: label, copy: 'original' } },
      ip: actor.ip,
    });
    return { duplicata: false, reprint: 0, original_printed_at: now, original_printed_by: actor.name, printed_at: now };
  }
  if (!mayReprint) throw reprintRefusal(doc);
  const reprint = Number(row.reprint_count) + 1;
  await trx('document_prints')
    .where({ printout: doc.printout, document_id: doc.id })
    .update({ reprint_count: reprint, last_reprinted_at: now, last_reprinted_by: actor.id });
  await recordAudit(trx, {
    action: 'document.reprinted',
    user: auditUser(actor),
    subject: { type: doc.printout, id: doc.id, label: doc.number },
    details: { after: { printout: label, copy: 'DUPLICATA', reprint } },
    ip: actor.ip,
  });
  return {
    duplicata: true,
    reprint,
    original_printed_at: row.printed_at,
    original_printed_by: await userName(trx, row.printed_by === null ? null : Number(row.printed_by)),
    printed_at: now,
  };
}

/**
 * How often a document was printed, for its page's print button (the same rows recordPrint keeps):
 * `printed` once its original is out — the next print will then be a DUPLICATA — and the reprints
 * since. A placeholder row of a print in progress (reprint_count −1) is not a print.
 */
export async function printCount(
  db: Knex,
  doc: Pick<PrintedDocument, 'printout' | 'id'>,
): Promise<{ printed: boolean; reprints: number }> {
  const row = await printRow(db, doc);
  return { printed: Boolean(row), reprints: row ? Number(row.reprint_count) : 0 };
}
