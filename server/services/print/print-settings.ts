import type { Knex } from 'knex';
import {
  PRINT_DOCUMENTS,
  PRINT_DOCUMENT_TYPES,
  type PaperFormat,
  type PrintDocumentDef,
  type PrintDocumentType,
  type PrintSettings,
  defaultPrintSettings,
} from '../../../shared/print.js';
import { lockForUpdate, nowIso, toBool } from '../../db/dialect.js';
import { Refusal } from '../../domain/errors.js';
import { type Actor, auditUser } from '../actor.js';
import { diffFields } from '../audit/diff.js';
import { recordAudit } from '../audit/record-audit.js';

/**
 * Paramètres › Impression: the layout of each document type (format, copies, header and footer
 * text, logo, amount in words). `printSettingsFor` is the one read every printout goes through
 * (printFrame calls it); a type never saved prints with defaultPrintSettings (shared/print.ts).
 */

function fromRow(type: PrintDocumentType, row: Record<string, unknown> | undefined): PrintSettings {
  const defaults = defaultPrintSettings(type);
  if (!row) return defaults;
  const def: PrintDocumentDef = PRINT_DOCUMENTS[type];
  const format = def.formats.includes(row.format as PaperFormat) ? (row.format as PaperFormat) : defaults.format;
  return {
    format,
    copies: Number(row.copies) || 1,
    header_text: String(row.header_text ?? ''),
    footer_text: String(row.footer_text ?? ''),
    show_logo: toBool(row.show_logo),
    amount_in_words: def.amountInWords && toBool(row.amount_in_words),
  };
}

/** The settings a printout of this document type prints with. */
export async function printSettingsFor(db: Knex | Knex.Transaction, type: PrintDocumentType): Promise<PrintSettings> {
  return fromRow(type, await db('print_settings').where({ document_type: type }).first());
}

/** Every document type's settings (the Impression screen). */
export async function allPrintSettings(db: Knex): Promise<Record<PrintDocumentType, PrintSettings>> {
  const rows: Array<Record<string, unknown>> = await db('print_settings').select('*');
  const byType = new Map(rows.map((r) => [String(r.document_type), r]));
  return Object.fromEntries(PRINT_DOCUMENT_TYPES.map((type) => [type, fromRow(type, byType.get(type))])) as Record<
    PrintDocumentType,
    PrintSettings
  >;
}

/** Saves one document type's settings (a format the document does not allow is refused), audited. */
export async function savePrintSettings(
  db: Knex,
  actor: Actor,
  type: PrintDocumentType,
  input: PrintSettings,
): Promise<void> {
  const def: PrintDocumentDef = PRINT_DOCUMENTS[type];
  if (!def.formats.includes(input.format)) {
    throw new Refusal({
      format: `Le format ${input.format} n’est pas proposé pour ce document (${def.formats.join(', ')}).`,
    });
  }
  const next: PrintSettings = { ...input, amount_in_words: def.amountInWords && input.amount_in_words };
  await db.transaction(async (trx) => {
    const row = await lockForUpdate(trx, trx('print_settings').where({ document_type: type })).first();
    const before = fromRow(type, row);
    const changes = diffFields({ ...before }, { ...next }, [
      'format',
      'copies',
      'header_text',
      'footer_text',
      'show_logo',
      'amount_in_words',
    ]);
    if (!changes) return;
    const values = { ...next, updated_at: nowIso() };
    await trx('print_settings')
      .insert({ document_type: type, ...values })
      .onConflict('document_type')
      .merge();
    await recordAudit(trx, {
      action: 'printing.updated',
      user: auditUser(actor),
      subject: { type: 'print_settings', id: type, label: def.label },
      details: changes,
      ip: actor.ip,
    });
  });
}
