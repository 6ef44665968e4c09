import type { Knex } from 'knex';
import type { ImportColumn } from '../../../shared/master-data.js';
import { minorToInput } from '../../../shared/money.js';
import { optimizeSqlite } from '../../db/connection.js';
import { withSearchName } from '../../db/search.js';
import { nowIso, toBool } from '../../db/dialect.js';
import { insertInChunks } from '../../db/bulk.js';
import { inTransaction } from '../../db/transaction.js';
import { clientSchema } from '../../http/schemas/clients.js';
import { issuesToErrors } from '../../http/validation.js';
import { type Actor, auditUser } from '../actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { getCurrency } from '../company/get-company.js';
import { suggestCode } from '../master-data/codes.js';
import { nextCode } from '../../domain/master-data/codes.js';
import { CODE_FORMATS } from '../master-data/codes.js';
import { type RawRow, type RowResult, loadBatch, markApplied, saveBatch, summariseErrors } from '../tabular/import-batches.js';
import { type ColumnSpec, type ReadTable, mapColumns, normalizeHeader } from '../tabular/read.js';
import { CLIENT_FIELDS, type ClientInput, WALK_IN_NO_CREDIT } from './clients.js';
import { Refusal } from '../../domain/errors.js';

type Key = (typeof CLIENT_FIELDS)[number];

export const CLIENT_IMPORT_COLUMNS: ColumnSpec<Key>[] = [
  { key: 'code', header: 'Code', description: 'Code du client. Un code existant met le client à jour ; vide : un nouveau code est attribué.' },
  { key: 'name', header: 'Nom', aliases: ['Raison sociale', 'Nom du client', 'Client'], required: true, description: 'Nom ou raison sociale (obligatoire).' },
  { key: 'kind', header: 'Type', description: 'particulier ou entreprise (particulier par défaut).' },
  { key: 'phone', header: 'Téléphone', aliases: ['Tel', 'Tél', 'Telephone', 'Contact'], description: 'Numéro de téléphone.' },
  { key: 'email', header: 'E-mail', aliases: ['Email', 'Courriel', 'Adresse e-mail'], description: 'Adresse e-mail.' },
  { key: 'address', header: 'Adresse', description: 'Adresse.' },
  { key: 'city', header: 'Ville', description: 'Ville.' },
  { key: 'tax_number', header: 'N° contribuable', aliases: ['Numéro contribuable', 'NCC', 'NIF', 'IFU', 'NINEA'], description: 'Numéro de contribuable (NCC, NIF, IFU…).' },
  { key: 'price_level', header: 'Niveau de prix', aliases: ['Tarif'], description: 'détail ou gros (détail par défaut).' },
  { key: 'credit_limit', header: 'Plafond de crédit', aliases: ['Plafond', 'Crédit autorisé'], description: 'Montant entier, 0 par défaut.' },
  { key: 'active', header: 'Actif', description: 'oui ou non (oui par défaut).' },
];

export function clientImportColumns(): ImportColumn[] {
  return CLIENT_IMPORT_COLUMNS.map((c) => ({ header: c.header, required: !!c.required, description: c.description }));
}

const KIND_VALUES: Record<string, string> = { particulier: 'particulier', p: 'particulier', entreprise: 'entreprise', e: 'entreprise', societe: 'entreprise' };
const LEVEL_VALUES: Record<string, string> = { detail: 'detail', d: 'detail', gros: 'gros', g: 'gros', grossiste: 'gros' };

export function rawRows(table: ReadTable): RawRow[] {
  const mapping = mapColumns(table.headers, CLIENT_IMPORT_COLUMNS);
  return table.rows.map((r) => {
    const cells: Record<string, string> = {};
    for (const [key, index] of mapping) cells[key] = r.cells[index] ?? '';
    return { line: r.line, cells };
  });
}

interface Existing {
  id: number;
  row: Record<string, unknown>;
}

interface Checked {
  results: RowResult[];
  inputs: Array<{ line: number; input: ClientInput; existing: Existing | null }>;
}

/** Validates every row against the schema and the database as it is now. */
async function checkRows(db: Knex | Knex.Transaction, rows: RawRow[], canUpdate: boolean): Promise<Checked> {
  const currency = await getCurrency(db);
  const schema = clientSchema(currency);
  const codes = [...new Set(rows.map((r) => (r.cells.code ?? '').trim().toUpperCase()).filter(Boolean))];
  const existingByCode = new Map<string, Existing>();
  for (let i = 0; i < codes.length; i += 500) {
    const found = await db('clients').whereIn('code', codes.slice(i, i + 500)).select('*');
    for (const row of found) existingByCode.set(row.code, { id: Number(row.id), row });
  }
  const seen = new Map<string, number>();
  const results: RowResult[] = [];
  const inputs: Checked['inputs'] = [];
  for (const raw of rows) {
    const errors: string[] = [];
    const codeText = (raw.cells.code ?? '').trim().toUpperCase();
    const existing = codeText ? (existingByCode.get(codeText) ?? null) : null;
    const values: Record<string, unknown> = {};
    if (existing) {
      for (const f of CLIENT_FIELDS) values[f] = existing.row[f];
      values.active = toBool(existing.row.active);
      values.credit_limit = minorToInput(Number(existing.row.credit_limit), currency);
    }
    for (const [key, value] of Object.entries(raw.cells)) {
      if (value === '' && existing) continue; // blank cell on an update: keep the current value
      if (key === 'kind' && value) values[key] = KIND_VALUES[normalizeHeader(value)] ?? value;
      else if (key === 'price_level' && value) values[key] = LEVEL_VALUES[normalizeHeader(value)] ?? value;
      else values[key] = value;
    }
    if (!codeText) values.code = 'AUTO';
    const parsed = schema.safeParse(values);
    if (!parsed.success) errors.push(...Object.entries(issuesToErrors(parsed.error)).map(([, m]) => m));
    if (codeText) {
      const first = seen.get(codeText);
      if (first !== undefined) errors.push(`Le code ${codeText} apparaît déjà à la ligne ${first} du fichier.`);
      else seen.set(codeText, raw.line);
    }
    if (existing && !canUpdate) errors.push(`Le client ${codeText} existe déjà et vous n'avez pas la permission de modifier les clients.`);
    if (existing && toBool(existing.row.is_walk_in) && parsed.success) {
      if (parsed.data.credit_limit !== 0) errors.push(WALK_IN_NO_CREDIT);
      if (!parsed.data.active) errors.push('Le CLIENT COMPTANT ne peut pas être archivé.');
    }
    const name = String(values.name ?? raw.cells.name ?? '');
    if (errors.length || !parsed.success) {
      results.push({ line: raw.line, action: 'error', code: codeText, name, errors });
    } else {
      results.push({ line: raw.line, action: existing ? 'update' : 'create', code: codeText, name: parsed.data.name, errors: [] });
      inputs.push({ line: raw.line, input: { ...parsed.data, code: codeText } as ClientInput, existing });
    }
  }
  return { results, inputs };
}

export async function previewClientImport(db: Knex, table: ReadTable, fileName: string, actor: Actor, canUpdate: boolean): Promise<string> {
  const rows = rawRows(table);
  const { results } = await checkRows(db, rows, canUpdate);
  return saveBatch(db, { kind: 'clients', userId: actor.id, fileName, rows, results });
}

/**
 * All or nothing: the rows are checked again against the database of now, inside the transaction;
 * one error and nothing is written.
 */
export async function applyClientImport(db: Knex, batchId: string, actor: Actor, canUpdate: boolean): Promise<{ created: number; updated: number }> {
  const result = await inTransaction(db, async (trx) => {
    const batch = await loadBatch(trx, batchId, actor.id, 'clients');
    if (!batch) throw Refusal.action("Cet import n'existe plus : déposez le fichier à nouveau.");
    if (batch.applied_at) throw Refusal.action('Cet import a déjà été appliqué.');
    const { results, inputs } = await checkRows(trx, batch.rows, canUpdate);
    const errorCount = results.filter((r) => r.action === 'error').length;
    if (errorCount) throw Refusal.action(`Import refusé, rien n'a été enregistré : ${errorCount} ligne(s) en erreur (${summariseErrors(results)}).`);
    if (!(await markApplied(trx, batch.id))) throw Refusal.action('Cet import a déjà été appliqué.');

    const now = nowIso();
    const creates = inputs.filter((i) => !i.existing);
    const updates = inputs.filter((i) => i.existing);
    let next = await suggestCode(trx, 'clients');
    const { prefix, width } = CODE_FORMATS.clients;
    const taken = new Set(inputs.map((i) => i.input.code).filter(Boolean));
    const newRows = creates.map(({ input }) => {
      let code = input.code;
      if (!code) {
        while (taken.has(next)) next = nextCode([next], prefix, width);
        code = next;
        taken.add(code);
        next = nextCode([next], prefix, width);
      }
      return withSearchName({ ...input, code, balance: 0, is_walk_in: false, created_at: now, updated_at: now });
    });
    await insertInChunks(trx, 'clients', newRows);
    for (const { input, existing } of updates) {
      await trx('clients').where({ id: existing!.id }).update(withSearchName({ ...input, updated_at: now }));
    }
    await recordAudit(trx, {
      action: 'clients.imported',
      user: auditUser(actor),
      subject: { type: 'import', id: batch.id, label: batch.file_name },
      details: { note: `${newRows.length} créé(s), ${updates.length} mis à jour`, created: newRows.map((r) => r.code), updated: updates.map((u) => u.input.code) },
      ip: actor.ip,
    });
    return { created: newRows.length, updated: updates.length };
  });
  // Many rows at once: refresh SQLite's planner statistics so lists keep using their indexes.
  await optimizeSqlite(db);
  return result;
}
