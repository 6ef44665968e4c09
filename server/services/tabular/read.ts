import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { unescapeCell } from '../../domain/export/cells.js';

/**
 * Reads an uploaded CSV or XLSX file into a header row and data rows of text cells. CSV: UTF-8
 * (with or without BOM) or Windows-1252 (what Excel in French saves), separator detected among
 * ; , and tab. XLSX: the first worksheet; numbers, dates, formulas' results and rich text become
 * text. Cells escaped by our own export (a leading apostrophe) are unescaped.
 */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 20_000;

export interface ReadTable {
  headers: string[];
  /** Data rows with their line number in the file (header = line 1). */
  rows: Array<{ line: number; cells: string[] }>;
}

export class ImportFileError extends Error {}

export function detectFormat(fileName: string, data: Buffer): 'csv' | 'xlsx' {
  const isZip = data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'xlsx') {
    if (!isZip) throw new ImportFileError("Le fichier n'est pas un classeur Excel (.xlsx) valide.");
    return 'xlsx';
  }
  if (ext === 'csv' || ext === 'txt') {
    if (isZip) throw new ImportFileError("Le fichier porte l'extension .csv mais c'est un classeur Excel : enregistrez-le en .xlsx.");
    return 'csv';
  }
  throw new ImportFileError('Format non pris en charge : choisissez un fichier .csv ou .xlsx.');
}

function decodeText(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\ufeff/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

function detectDelimiter(firstLine: string): string {
  const counts = [';', ',', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0][1] > 0 ? counts[0][0] : ';';
}

function cleanCell(value: string): string {
  return unescapeCell(value.replace(/\u00a0|\u202f/g, ' ').trim());
}

function finish(records: string[][], lineOf: (i: number) => number): ReadTable {
  const nonEmpty = records.map((cells, i) => ({ line: lineOf(i), cells })).filter((r) => r.cells.some((c) => c !== ''));
  if (nonEmpty.length === 0) throw new ImportFileError('Le fichier est vide.');
  const [header, ...rows] = nonEmpty;
  if (rows.length === 0) throw new ImportFileError("Le fichier ne contient que la ligne d'en-tête : aucune ligne à importer.");
  if (rows.length > MAX_IMPORT_ROWS) throw new ImportFileError(`Le fichier contient ${rows.length} lignes : ${MAX_IMPORT_ROWS.toLocaleString('fr-FR')} au plus par import.`);
  return { headers: header.cells, rows };
}

export function readCsv(data: Buffer): ReadTable {
  const text = decodeText(data);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  let records: string[][];
  try {
    records = parse(text, { delimiter: detectDelimiter(firstLine), relax_column_count: true, skip_empty_lines: false, bom: true, relax_quotes: true });
  } catch (err) {
    throw new ImportFileError(`Le fichier CSV est mal formé : ${(err as Error).message}`);
  }
  return finish(
    records.map((r) => r.map(cleanCell)),
    (i) => i + 1,
  );
}

function xlsxCellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(value).replace('.', ',');
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((t) => t.text).join('');
    if ('result' in value) return xlsxCellText((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ('text' in value) return String((value as { text: unknown }).text);
    if ('error' in value) return '';
  }
  return String(value);
}

export async function readXlsx(data: Buffer): Promise<ReadTable> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new ImportFileError("Le classeur Excel n'a pas pu être lu : vérifiez qu'il s'agit d'un fichier .xlsx valide.");
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ImportFileError('Le classeur ne contient aucune feuille.');
  if (sheet.rowCount > MAX_IMPORT_ROWS + 1) throw new ImportFileError(`La feuille contient trop de lignes : ${MAX_IMPORT_ROWS.toLocaleString('fr-FR')} au plus par import.`);
  const records: string[][] = [];
  const lines: number[] = [];
  const width = sheet.columnCount;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(cleanCell(xlsxCellText(row.getCell(c).value)));
    records.push(cells);
    lines.push(rowNumber);
  });
  return finish(records, (i) => lines[i]);
}

export async function readTable(fileName: string, data: Buffer): Promise<ReadTable> {
  const format = detectFormat(fileName, data);
  return format === 'csv' ? readCsv(data) : readXlsx(data);
}

/** "Prix d'achat (FCFA)" → "prix d achat fcfa": accents, case and punctuation ignored. */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export interface ColumnSpec<K extends string> {
  key: K;
  header: string;
  aliases?: string[];
  required?: boolean;
  description: string;
}

/**
 * Maps the file's headers to our fields. Unknown headers are ignored (an export's read-only columns
 * such as "Solde" or "CMUP"); a missing required column is an error for the whole file.
 */
export function mapColumns<K extends string>(headers: string[], specs: ColumnSpec<K>[]): Map<K, number> {
  const index = new Map<string, number>();
  headers.forEach((h, i) => {
    const key = normalizeHeader(h);
    if (key && !index.has(key)) index.set(key, i);
  });
  const mapping = new Map<K, number>();
  const missing: string[] = [];
  for (const spec of specs) {
    const names = [spec.header, ...(spec.aliases ?? [])].map(normalizeHeader);
    const found = names.map((n) => index.get(n)).find((i) => i !== undefined);
    if (found !== undefined) mapping.set(spec.key, found);
    else if (spec.required) missing.push(`« ${spec.header} »`);
  }
  if (missing.length) {
    throw new ImportFileError(`Colonne${missing.length > 1 ? 's' : ''} obligatoire${missing.length > 1 ? 's' : ''} absente${missing.length > 1 ? 's' : ''} : ${missing.join(', ')}. La première ligne du fichier doit contenir les en-têtes.`);
  }
  return mapping;
}
