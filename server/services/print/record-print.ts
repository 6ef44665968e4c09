import type { Knex } from 'knex';
import { PRINTOUTS, type PrintCopy, type Printout } from '../../../shared/print.js';
import { lockForUpdate, nowIso } from '../../db/dialect.js';
import { Refusal } from '../../domain/errors.js';
import type { Actor } from '../actor.js';
import { auditUser } from '../actor.js';
import { recordAudit } from '../audit/record-audit.js';

/** The document a printout shows: its kind of printout, its id and its number. */
export interface PrintedDocument {
  printout: Printout;
  id: number;
  number: string;
}

/**
 * The DUPLICATA rule, for every printout that is a document (one place, called by the http print
 * frame for each print route): the first print of a (printout, document) is the original; every
 * later print — from any button, a reload, a typed URL — is a DUPLICATA, counted and written to the
 * audit log. A user who may not reprint (policies mayReprint) gets the original only: a second print
 * is refused. One transaction: the row is created if missing, then locked, so two simultaneous first
 * prints make one original and one duplicata.
 */
export async function recordPrint(db: Knex, doc: PrintedDocument, actor: Actor, options: { mayReprint: boolean }): Promise<PrintCopy> {
  return db.transaction(async (trx) => {
    const now = nowIso();
    // A new row is a placeholder (reprint_count -1) filled in below, in this same transaction.
    await trx('document_prints')
      .insert({ printout: doc.printout, document_id: doc.id, document_number: doc.number, printed_at: '', printed_by: null, reprint_count: -1 })
      .onConflict(['printout', 'document_id'])
      .ignore();
    const row = (await lockForUpdate(trx, trx('document_prints').where({ printout: doc.printout, document_id: doc.id }).first())) as Record<string, any>;
    const label = PRINTOUTS[doc.printout];
    const original = Number(row.reprint_count) < 0;
    if (original) {
      await trx('document_prints').where({ printout: doc.printout, document_id: doc.id }).update({ printed_at: now, printed_by: actor.id, reprint_count: 0 });
      await recordAudit(trx, {
        action: 'document.printed',
        user: auditUser(actor),
        subject: { type: doc.printout, id: doc.id, label: doc.number },
        details: { after: { printout: label, copy: 'original' } },
        ip: actor.ip,
      });
      return { duplicata: false, reprint: 0, original_printed_at: now, original_printed_by: actor.name };
    }
    if (!options.mayReprint) {
      throw Refusal.action(`${label} ${doc.number} a déjà été imprimé : une nouvelle impression est un DUPLICATA, réservé aux utilisateurs autorisés à réimprimer des documents.`);
    }
    const reprint = Number(row.reprint_count) + 1;
    await trx('document_prints').where({ printout: doc.printout, document_id: doc.id }).update({ reprint_count: reprint, last_reprinted_at: now, last_reprinted_by: actor.id });
    await recordAudit(trx, {
      action: 'document.reprinted',
      user: auditUser(actor),
      subject: { type: doc.printout, id: doc.id, label: doc.number },
      details: { after: { printout: label, copy: 'DUPLICATA', reprint } },
      ip: actor.ip,
    });
    const by = row.printed_by === null ? null : await trx('users').where({ id: row.printed_by }).first('name');
    return { duplicata: true, reprint, original_printed_at: row.printed_at, original_printed_by: by?.name ?? null };
  });
}

/**
 * How often a document was printed, for its page's print button (the same rows recordPrint keeps):
 * `printed` once its original is out — the next print will then be a DUPLICATA — and the reprints
 * since. A placeholder row of a print in progress (reprint_count −1) is not a print.
 */
export async function printCount(db: Knex, doc: Pick<PrintedDocument, 'printout' | 'id'>): Promise<{ printed: boolean; reprints: number }> {
  const row = (await db('document_prints').where({ printout: doc.printout, document_id: doc.id }).first('reprint_count')) as { reprint_count: number } | undefined;
  const reprints = row ? Number(row.reprint_count) : -1;
  return { printed: reprints >= 0, reprints: Math.max(reprints, 0) };
}
