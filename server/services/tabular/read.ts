import { parse } from 'csv-parse/sync';
import { unescapeCell } from '../../domain/export/cells.js';
import {
  ImportFileError,
  MAX_CELL_LENGTH,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_READ_MS,
  MAX_IMPORT_ROWS,
  MAX_TABLE_CHARS,
  fr,
} from './limits.js';
import { readXlsxRows } from './xlsx.js';

/**
 * Reads an uploaded CSV or XLSX file into a header row and data rows of text cells, within the caps
 * of limits.ts (rows, columns, cell length, total text, time). CSV: UTF-8 (with or without BOM),
 * UTF-16 LE/BE (with a BOM, or recognised by its zero bytes) or Windows-1252 (what Excel in French
 * saves), separator detected among ; , and tab; its shape is checked before it is parsed. XLSX: the
 * first worksheet, read as a stream (xlsx.ts). Cells escaped by our own export (a leading
 * apostrophe) are unescaped.
 */
export { ImportFileError, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from './limits.js';

export interface ReadTable {
  headers: string[];
  /** Data rows with their line number in the file (header = line 1). */
  rows: Array<{ line: number; cells: string[] }>;
}

export function detectFormat(fileName: string, data: Buffer): 'csv' | 'xlsx' {
  const isZip = data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'xlsx') {
    if (!isZip) throw new ImportFileError('Le fichier n’est pas un classeur Excel (.xlsx) valide.');
    return 'xlsx';
  }
  if (ext === 'csv' || ext === 'txt') {
    if (isZip)
      throw new ImportFileError(
        'Le fichier porte l’extension .csv mais c’est un classeur Excel : enregistrez-le en .xlsx.',
      );
    return 'csv';
  }
  throw new ImportFileError('Format non pris en charge : choisissez un fichier .csv ou .xlsx.');
}

/** UTF-16 without a BOM: text of this alphabet has a zero byte in every other position. */
function utf16WithoutBom(data: Buffer): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(data.length, 1000) & ~1;
  if (n < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (data[i] === 0) evenZeros++;
    if (data[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

export function decodeText(data: Buffer): string {
  let text: string;
  if (data[0] === 0xff && data[1] === 0xfe) text = new TextDecoder('utf-16le').decode(data);
  else if (data[0] === 0xfe && data[1] === 0xff) text = new TextDecoder('utf-16be').decode(data);
  else if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) text = new TextDecoder('utf-8').decode(data);
  else {
    const utf16 = utf16WithoutBom(data);
    if (utf16) text = new TextDecoder(utf16).decode(data);
    else {
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(data);
      } catch {
        text = new TextDecoder('windows-1252').decode(data);
      }
    }
  }
  text = text.replace(/^\ufeff/, '');
  if (text.includes('\u0000')) {
    throw new ImportFileError(
      'Le fichier contient des caractères nuls : ce n’est pas un texte CSV lisible. Depuis Excel, enregistrez-le au format « CSV UTF-8 » ou en .xlsx.',
    );
  }
  return text;
}

function detectDelimiter(firstLine: string): string {
  const counts = [';', ',', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0][1] > 0 ? counts[0][0] : ';';
}

function cleanCell(value: string): string {
  return unescapeCell(value.replace(/\u00a0|\u202f/g, ' ').trim());
}

const tooManyRows = (n: number | null) =>
  new ImportFileError(
    `Le fichier contient ${n === null ? 'plus de ' + fr(MAX_IMPORT_ROWS) : fr(n)} lignes : ${fr(MAX_IMPORT_ROWS)} au plus par import.`,
  );

function finish(records: string[][], lineOf: (i: number) => number): ReadTable {
  const nonEmpty = records.map((cells, i) => ({ line: lineOf(i), cells })).filter((r) => r.cells.some((c) => c !== ''));
  if (nonEmpty.length === 0) throw new ImportFileError('Le fichier est vide.');
  const [header, ...rows] = nonEmpty;
  if (rows.length === 0)
    throw new ImportFileError('Le fichier ne contient que la ligne d’en-tête : aucune ligne à importer.');
  if (rows.length > MAX_IMPORT_ROWS) throw tooManyRows(rows.length);
  return { headers: header.cells, rows };
}

/**
 * The CSV's shape before it is parsed, in one pass over the text (quotes followed as the parser
 * does): at most MAX_IMPORT_COLUMNS cells per row, MAX_CELL_LENGTH characters per cell and
 * MAX_IMPORT_ROWS non-empty data rows. A hostile file is refused before the parser builds anything.
 */
export function checkCsvShape(text: string, delimiter: string): void {
  const QUOTE = 34;
  const LF = 10;
  const CR = 13;
  const SEP = delimiter.charCodeAt(0);
  let line = 1;
  let rows = 0;
  let columns = 1;
  let cellStart = 0;
  let inQuotes = false;
  let filled = false;
  const endCell = (i: number) => {
    if (
      i - cellStart > MAX_CELL_LENGTH + 2 &&
      cleanCell(text.slice(cellStart, i).replace(/^"|"$/g, '')).length > MAX_CELL_LENGTH
    ) {
      throw new ImportFileError(
        `La ligne ${fr(line)} contient une cellule de plus de ${fr(MAX_CELL_LENGTH)} caractères : une cellule en contient ${fr(MAX_CELL_LENGTH)} au plus.`,
      );
    }
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inQuotes) {
      if (c === QUOTE) {
        if (text.charCodeAt(i + 1) === QUOTE) i++;
        else inQuotes = false;
      } else if (c === LF) line++;
      continue;
    }
    if (c === QUOTE && i === cellStart) {
      inQuotes = true;
      filled = true;
    } else if (c === SEP) {
      endCell(i);
      cellStart = i + 1;
      if (++columns > MAX_IMPORT_COLUMNS)
        throw new ImportFileError(
          `La ligne ${fr(line)} contient plus de ${MAX_IMPORT_COLUMNS} colonnes : ${MAX_IMPORT_COLUMNS} au plus par import.`,
        );
    } else if (c === LF) {
      endCell(i);
      if (filled && ++rows > MAX_IMPORT_ROWS + 1) throw tooManyRows(null);
      line++;
      columns = 1;
      cellStart = i + 1;
      filled = false;
    } else if (c !== CR && c !== 32 && c !== 9) filled = true;
  }
  endCell(text.length);
  if (filled && rows > MAX_IMPORT_ROWS) throw tooManyRows(null);
  if (text.length > MAX_TABLE_CHARS)
    throw new ImportFileError(
      `Le fichier contient plus de ${fr(MAX_TABLE_CHARS)} caractères : découpez-le en plusieurs fichiers.`,
    );
}

export function readCsv(data: Buffer): ReadTable {
  const text = decodeText(data);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = detectDelimiter(firstLine);
  checkCsvShape(text, delimiter);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
      bom: true,
      relax_quotes: true,
    });
  } catch (err) {
    throw new ImportFileError(`Le fichier CSV est mal formé : ${(err as Error).message}`);
  }
  return finish(
    records.map((r) => r.map(cleanCell)),
    (i) => i + 1,
  );
}

export async function readXlsx(data: Buffer, deadline = Date.now() + MAX_IMPORT_READ_MS): Promise<ReadTable> {
  const { records, lines } = await readXlsxRows(data, cleanCell, deadline);
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
    throw new ImportFileError(
      `Colonne${missing.length > 1 ? 's' : ''} obligatoire${missing.length > 1 ? 's' : ''} absente${missing.length > 1 ? 's' : ''} : ${missing.join(', ')}. La première ligne du fichier doit contenir les en-têtes.`,
    );
  }
  return mapping;
}
