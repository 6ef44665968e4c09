import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { ImportPreviewRow } from '../../../shared/imports.js';
import { nowIso } from '../../db/dialect.js';
import { formatCount } from '../../../shared/quantity.js';

/**
 * An uploaded import waits in import_batches between its preview and its application, so any
 * server process can show and apply it. It belongs to the user who uploaded it and expires.
 */
export const IMPORT_TTL_MS = 24 * 60 * 60 * 1000;

/** Records (products, clients) or document lines (opening stock: one « Stock initial » entry per location). */
export type ImportKind = 'products' | 'clients' | 'opening_stock';

export interface RawRow {
  line: number;
  cells: Record<string, string>;
}

export type RowResult = ImportPreviewRow;

export interface StoredBatch {
  id: string;
  kind: ImportKind;
  user_id: number;
  file_name: string;
  rows: RawRow[];
  results: RowResult[];
  new_categories: string[];
  applied_at: string | null;
}

export async function saveBatch(
  db: Knex,
  batch: {
    kind: ImportKind;
    userId: number;
    fileName: string;
    rows: RawRow[];
    results: RowResult[];
    newCategories?: string[];
  },
): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  await db('import_batches').where('expires_at', '<', Date.now()).delete();
  await db('import_batches').insert({
    id,
    kind: batch.kind,
    user_id: batch.userId,
    file_name: batch.fileName.slice(0, 255),
    row_count: batch.rows.length,
    error_count: batch.results.filter((r) => r.action === 'error').length,
    payload: JSON.stringify({ rows: batch.rows, results: batch.results, new_categories: batch.newCategories ?? [] }),
    created_at: nowIso(),
    applied_at: null,
    expires_at: Date.now() + IMPORT_TTL_MS,
  });
  return id;
}

/** The user's own, unexpired batch of that kind, or undefined (→ 404). */
export async function loadBatch(
  db: Knex | Knex.Transaction,
  id: string,
  userId: number,
  kind: ImportKind,
): Promise<StoredBatch | undefined> {
  if (!/^[A-Za-z0-9_-]{10,40}$/.test(id)) return undefined;
  const row = await db('import_batches')
    .where({ id, user_id: userId, kind })
    .where('expires_at', '>=', Date.now())
    .first();
  if (!row) return undefined;
  const payload = JSON.parse(row.payload);
  return {
    id: row.id,
    kind: row.kind as ImportKind, // written by saveBatch from an ImportKind
    user_id: Number(row.user_id),
    file_name: row.file_name,
    rows: payload.rows,
    results: payload.results,
    new_categories: payload.new_categories ?? [],
    applied_at: row.applied_at,
  };
}

export async function markApplied(trx: Knex.Transaction, id: string): Promise<boolean> {
  const n = await trx('import_batches').where({ id }).whereNull('applied_at').update({ applied_at: nowIso() });
  return Number(n) === 1;
}

/** "ligne 12 : …" list for a refusal message (the first few). */
export function summariseErrors(results: RowResult[], max = 3): string {
  const errors = results.filter((r) => r.action === 'error');
  const shown = errors.slice(0, max).map((r) => `ligne ${r.line} : ${r.errors[0]}`);
  return shown.join(' ; ') + (errors.length > max ? ` ; et ${formatCount(errors.length - max, 'autre')}` : '');
}
