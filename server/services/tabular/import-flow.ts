import type { PlaceScope } from '../../policies/places.js';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { ImportColumn } from '../../../shared/imports.js';
import { optimizeSqlite } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import { nextCode } from '../../domain/records/codes.js';
import { Refusal } from '../../domain/errors.js';
import type { Actor } from '../actor.js';
import { getCurrency } from '../company/get-company.js';
import { CODE_FORMATS, suggestCode } from '../records/codes.js';
import { issuesToErrors } from '../records/fields.js';
import { type ExportFile, type ExportFormat, buildExport } from './export.js';
import {
  type ImportKind,
  type RawRow,
  type RowResult,
  type StoredBatch,
  loadBatch,
  markApplied,
  saveBatch,
  summariseErrors,
} from './import-batches.js';
import { type ColumnSpec, type ReadTable, mapColumns } from './read.js';
import { formatCount } from '../../../shared/quantity.js';

/**
 * The one import flow of the record lists (clients, products) and of document lines (opening
 * stock): read table → rows checked with the form's schema against the database of now → preview
 * batch → apply, all or nothing. An area is a spec: its columns (French headers, aliases), its
 * schema, how a file row meets an existing record (its code) — or, for lines, that it meets none —
 * and how the checked rows are written.
 */

/** What the importing user may do beyond creating records (server/policies importRights). */
export interface ImportRights {
  canUpdate: boolean;
  canChangePrices: boolean;
  /** The places the user works in (server/policies/places.ts): rows naming another place are refused. */
  places?: PlaceScope;
}

/** An existing record a file row updates (matched on its code). */
export interface Existing {
  id: number;
  row: Record<string, any>;
}

/** A checked row, ready to write: the parsed input (code '' when one is to be assigned), its record, the spec's extra. */
export interface CheckedRow<I, X> {
  line: number;
  input: I;
  existing: Existing | null;
  extra: X;
}

export interface ImportSpec<K extends string, I extends { code: string; name: string }, C, X, R> {
  /** Batch kind and, for records, their table (its codes are assigned with the table's code format). */
  kind: ImportKind;
  /**
   * 'records' (default): each row creates or updates the record of its code. 'lines': each row is a
   * line of the documents the spec writes (its code names another record, e.g. a product): nothing
   * is matched, no code is assigned, and the spec checks its own duplicates.
   */
  rows?: 'records' | 'lines';
  columns: ColumnSpec<K>[];
  /** The empty file to fill in: its name and sheet. */
  template: { fileName: string; sheetName: string };
  /** "le client" / "les clients": the record in the row messages. */
  noun: { one: string; many: string };
  /** The form's schema (French messages); a row's cells are parsed with it. */
  schema: (currency: string) => z.ZodType<I>;
  /** Lookups for the whole file (once per check): categories, barcodes… */
  prepare: (db: Knex | Knex.Transaction, rows: RawRow[], rights: ImportRights) => Promise<C>;
  /** The form values of an existing record: a blank cell on an update keeps its current value. */
  currentValues: (row: Record<string, any>, currency: string) => Record<string, unknown>;
  /** A cell's form value (choices normalised); undefined leaves the cell out of the form. */
  cellValue?: (key: K, value: string) => unknown;
  /** Before parsing: references resolved into the values (a category by name), errors pushed. */
  resolve?: (raw: RawRow, values: Record<string, unknown>, existing: Existing | null, ctx: C, errors: string[]) => X;
  /** After parsing: checks across the file and the database (a barcode used elsewhere). */
  checkRow?: (input: I, raw: RawRow, existing: Existing | null, ctx: C, errors: string[]) => void;
  /** After the update right: the other rights and rules an existing record imposes. */
  checkExisting?: (input: I, existing: Existing, rights: ImportRights, errors: string[]) => void;
  /** Names of the records the import will create besides its own (new categories), for the preview. */
  sideCreations?: (ctx: C) => string[];
  /** Writes the checked rows (creates with their codes assigned), in the apply's transaction. */
  write: (
    trx: Knex.Transaction,
    work: {
      creates: Array<CheckedRow<I, X>>;
      updates: Array<CheckedRow<I, X>>;
      batch: StoredBatch;
      actor: Actor;
      ctx: C;
      rights: ImportRights;
    },
  ) => Promise<R>;
}

/** The columns the import page documents. */
export function importColumns(spec: { columns: ColumnSpec<string>[] }): ImportColumn[] {
  return spec.columns.map((c) => ({ header: c.header, required: !!c.required, description: c.description }));
}

/** The empty file to fill in (the import's headers), as CSV or XLSX. */
export async function importTemplate(
  db: Knex,
  spec: { columns: ColumnSpec<string>[]; template: { fileName: string; sheetName: string } },
  format: ExportFormat,
): Promise<ExportFile> {
  const columns = spec.columns.map((c) => ({ header: c.header, value: () => '' }));
  return buildExport(format, { ...spec.template, currency: await getCurrency(db), columns }, []);
}

function rawRows(table: ReadTable, columns: ColumnSpec<string>[]): RawRow[] {
  const mapping = mapColumns(table.headers, columns);
  return table.rows.map((r) => {
    const cells: Record<string, string> = {};
    for (const [key, index] of mapping) cells[key] = r.cells[index] ?? '';
    return { line: r.line, cells };
  });
}

async function byChunks<T>(values: string[], load: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < values.length; i += 500) out.push(...(await load(values.slice(i, i + 500))));
  return out;
}

/** Validates every row against the schema and the database as it is now. */
async function checkRows<K extends string, I extends { code: string; name: string }, C, X, R>(
  db: Knex | Knex.Transaction,
  spec: ImportSpec<K, I, C, X, R>,
  rows: RawRow[],
  rights: ImportRights,
): Promise<{ results: RowResult[]; checked: Array<CheckedRow<I, X>>; ctx: C }> {
  const currency = await getCurrency(db);
  const schema = spec.schema(currency);
  const records = spec.rows !== 'lines';
  const codes = records ? [...new Set(rows.map((r) => (r.cells.code ?? '').trim().toUpperCase()).filter(Boolean))] : [];
  const existingByCode = new Map<string, Existing>();
  for (const row of await byChunks(codes, (c) => db(spec.kind).whereIn('code', c).select('*')))
    existingByCode.set(row.code, { id: Number(row.id), row });
  const ctx = await spec.prepare(db, rows, rights);

  const seen = new Map<string, number>();
  const results: RowResult[] = [];
  const checked: Array<CheckedRow<I, X>> = [];
  for (const raw of rows) {
    const errors: string[] = [];
    const codeText = (raw.cells.code ?? '').trim().toUpperCase();
    const existing = codeText ? (existingByCode.get(codeText) ?? null) : null;
    const values: Record<string, unknown> = existing ? spec.currentValues(existing.row, currency) : {};
    for (const [key, value] of Object.entries(raw.cells)) {
      if (value === '' && existing) continue; // blank cell on an update: keep the current value
      const v = spec.cellValue ? spec.cellValue(key as K, value) : value;
      if (v !== undefined) values[key] = v;
    }
    if (!codeText && records) values.code = 'AUTO';
    const extra = spec.resolve ? spec.resolve(raw, values, existing, ctx, errors) : (undefined as X);

    const parsed = schema.safeParse(values);
    if (!parsed.success) errors.push(...Object.values(issuesToErrors(parsed.error)));
    if (codeText && records) {
      const first = seen.get(codeText);
      if (first !== undefined) errors.push(`Le code ${codeText} apparaît déjà à la ligne ${first} du fichier.`);
      else seen.set(codeText, raw.line);
    }
    if (parsed.success) spec.checkRow?.(parsed.data, raw, existing, ctx, errors);
    if (existing && !rights.canUpdate)
      errors.push(
        `${capitalize(spec.noun.one)} ${codeText} existe déjà et vous n’avez pas la permission de modifier ${spec.noun.many}.`,
      );
    if (existing && parsed.success) spec.checkExisting?.(parsed.data, existing, rights, errors);

    if (errors.length || !parsed.success) {
      results.push({
        line: raw.line,
        action: 'error',
        code: codeText,
        name: String(values.name ?? raw.cells.name ?? ''),
        errors,
      });
    } else {
      results.push({
        line: raw.line,
        action: existing ? 'update' : 'create',
        code: codeText,
        name: parsed.data.name,
        errors: [],
      });
      checked.push({ line: raw.line, input: { ...parsed.data, code: codeText }, existing, extra });
    }
  }
  return { results, checked, ctx };
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Checks an uploaded table and keeps it as a batch for its preview; returns the batch id. */
export async function previewImport<K extends string, I extends { code: string; name: string }, C, X, R>(
  db: Knex,
  spec: ImportSpec<K, I, C, X, R>,
  table: ReadTable,
  fileName: string,
  actor: Actor,
  rights: ImportRights,
): Promise<string> {
  const rows = rawRows(table, spec.columns);
  const { results, ctx } = await checkRows(db, spec, rows, rights);
  return saveBatch(db, {
    kind: spec.kind,
    userId: actor.id,
    fileName,
    rows,
    results,
    newCategories: spec.sideCreations?.(ctx) ?? [],
  });
}

/**
 * All or nothing: the rows are checked again against the database of now, inside the transaction;
 * one error and nothing is written. New records get the next free codes of their table.
 */
export async function applyImport<K extends string, I extends { code: string; name: string }, C, X, R>(
  db: Knex,
  spec: ImportSpec<K, I, C, X, R>,
  batchId: string,
  actor: Actor,
  rights: ImportRights,
): Promise<R> {
  const result = await inTransaction(db, async (trx) => {
    const batch = await loadBatch(trx, batchId, actor.id, spec.kind);
    if (!batch) throw Refusal.action('Cet import n’existe plus : déposez le fichier à nouveau.');
    if (batch.applied_at) throw Refusal.action('Cet import a déjà été appliqué.');
    const { results, checked, ctx } = await checkRows(trx, spec, batch.rows, rights);
    const errorCount = results.filter((r) => r.action === 'error').length;
    if (errorCount)
      throw Refusal.action(
        `Import refusé, rien n’a été enregistré : ${formatCount(errorCount, 'ligne')} en erreur (${summariseErrors(results)}).`,
      );
    if (!(await markApplied(trx, batch.id))) throw Refusal.action('Cet import a déjà été appliqué.');
    if (spec.rows === 'lines') return spec.write(trx, { creates: checked, updates: [], batch, actor, ctx, rights });

    const kind = spec.kind as keyof typeof CODE_FORMATS;
    const { prefix, width } = CODE_FORMATS[kind];
    let next = await suggestCode(trx, kind);
    const taken = new Set(checked.map((c) => c.input.code).filter(Boolean));
    const creates = checked
      .filter((c) => !c.existing)
      .map((c) => {
        if (c.input.code) return c;
        while (taken.has(next)) next = nextCode([next], prefix, width);
        const code = next;
        taken.add(code);
        next = nextCode([next], prefix, width);
        return { ...c, input: { ...c.input, code } };
      });
    return spec.write(trx, { creates, updates: checked.filter((c) => c.existing), batch, actor, ctx, rights });
  });
  // Many rows at once: refresh SQLite's planner statistics so lists keep using their indexes.
  await optimizeSqlite(db);
  return result;
}
