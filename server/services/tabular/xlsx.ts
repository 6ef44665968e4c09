import { SaxesParser } from 'saxes';
import {
  ImportFileError,
  MAX_CELL_LENGTH,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  MAX_TABLE_CHARS,
  MAX_XLSX_ENTRIES,
  MAX_XLSX_SHARED_STRINGS_BYTES,
  MAX_XLSX_SHEET_BYTES,
  MAX_XLSX_SMALL_PART_BYTES,
  MAX_XLSX_UNPACKED_BYTES,
  fr,
} from './limits.js';
import { type ZipEntry, inflateEntry, zipEntries } from './zip.js';

/**
 * Reads the first worksheet of an XLSX as rows of text cells, as a stream: the archive's central
 * directory is checked first (zip.ts), then the shared strings and the sheet are inflated and
 * parsed chunk by chunk (saxes), with hard caps on rows, columns, cell length and total text. A
 * hostile workbook is refused with a French message after reading at most the caps, never loaded
 * whole. Numbers, dates (by their cell style), booleans, formulas' cached results and rich text
 * become text.
 */

const NOT_XLSX = 'Le classeur Excel n’a pas pu être lu : vérifiez qu’il s’agit d’un fichier .xlsx valide.';

type Attributes = Record<string, string>;
interface Handlers {
  open?: (name: string, attributes: Attributes) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Parses one part of the archive as a stream of XML events (names without their prefix). */
async function parsePart(
  data: Buffer,
  entry: ZipEntry,
  limits: { maxBytes: number; tooLarge: string; deadline: number },
  handlers: Handlers,
): Promise<void> {
  const parser = new SaxesParser();
  parser.on('doctype', () => {
    throw new ImportFileError(NOT_XLSX);
  });
  if (handlers.open) {
    const open = handlers.open;
    parser.on('opentag', (tag) => open(localName(tag.name), tag.attributes as Attributes));
  }
  if (handlers.close) {
    const close = handlers.close;
    parser.on('closetag', (tag) => close(localName(tag.name)));
  }
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  const decoder = new TextDecoder('utf-8');
  try {
    await inflateEntry(data, entry, limits, (chunk) => parser.write(decoder.decode(chunk, { stream: true })));
    parser.write(decoder.decode());
    parser.close();
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    throw new ImportFileError(NOT_XLSX);
  }
}

function partPath(base: string, target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : `${base}${target}`).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.' && p !== '') out.push(p);
  }
  return out.join('/');
}

const dirOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);

/** Relationship id → { type, part path } of a part's .rels (empty when it has none). */
async function relationships(data: Buffer, entries: Map<string, ZipEntry>, part: string, deadline: number) {
  const rels = new Map<string, { type: string; path: string }>();
  const entry = entries.get(`${dirOf(part)}_rels/${part.slice(part.lastIndexOf('/') + 1)}.rels`);
  if (!entry) return rels;
  await parsePart(
    data,
    entry,
    { maxBytes: MAX_XLSX_SMALL_PART_BYTES, tooLarge: NOT_XLSX, deadline },
    {
      open(name, a) {
        if (name === 'Relationship' && a.Id && a.Target && a.TargetMode !== 'External')
          rels.set(a.Id, { type: a.Type ?? '', path: partPath(dirOf(part), a.Target) });
      },
    },
  );
  return rels;
}

const byType = (rels: Map<string, { type: string; path: string }>, suffix: string) =>
  [...rels.values()].find((r) => r.type.endsWith(suffix))?.path;

const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);

/** A custom number format shows a date or a time when, quoted text and [colours] aside, it has d, m, y, h or s. */
function isDateFormat(code: string): boolean {
  return /[dmyhs]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, ''));
}

/** Which cell styles (index in cellXfs) show their number as a date. */
async function dateStyles(data: Buffer, entry: ZipEntry | undefined, deadline: number): Promise<Set<number>> {
  const dates = new Set<number>();
  if (!entry) return dates;
  const custom = new Map<number, string>();
  const xfs: number[] = [];
  let inCellXfs = false;
  await parsePart(
    data,
    entry,
    { maxBytes: MAX_XLSX_SMALL_PART_BYTES, tooLarge: NOT_XLSX, deadline },
    {
      open(name, a) {
        if (name === 'numFmt') custom.set(Number(a.numFmtId), a.formatCode ?? '');
        else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'xf' && inCellXfs) xfs.push(Number(a.numFmtId ?? 0));
      },
      close(name) {
        if (name === 'cellXfs') inCellXfs = false;
      },
    },
  );
  xfs.forEach((id, index) => {
    const code = custom.get(id);
    if (code !== undefined ? isDateFormat(code) : BUILTIN_DATE_FORMATS.has(id)) dates.add(index);
  });
  return dates;
}

const tooLongCell = (where: string) =>
  new ImportFileError(
    `${where} contient plus de ${fr(MAX_CELL_LENGTH)} caractères : une cellule en contient ${fr(MAX_CELL_LENGTH)} au plus.`,
  );
const decodeEscapes = (s: string) =>
  s.includes('_x')
    ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : s;

/** The shared strings table: each <si> as text (rich text runs joined, phonetic hints left out). */
async function sharedStrings(data: Buffer, entry: ZipEntry | undefined, deadline: number): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  await parsePart(
    data,
    entry,
    {
      maxBytes: MAX_XLSX_SHARED_STRINGS_BYTES,
      tooLarge: `Les textes du classeur dépassent ${fr(MAX_XLSX_SHARED_STRINGS_BYTES / 1024 / 1024)} Mo une fois décompressés : le fichier est trop volumineux pour être importé.`,
      deadline,
    },
    {
      open(name) {
        if (name === 'si') current = '';
        else if (name === 'rPh') phonetic++;
        else if (name === 't') inText = true;
      },
      close(name) {
        if (name === 'si' && current !== null) {
          strings.push(decodeEscapes(current));
          current = null;
        } else if (name === 'rPh') phonetic--;
        else if (name === 't') inText = false;
      },
      text(text) {
        if (current === null || !inText || phonetic > 0) return;
        current += text;
        if (current.length > MAX_CELL_LENGTH * 2) throw tooLongCell('Un texte du classeur');
      },
    },
  );
  return strings;
}

/** "AB12" → 28. */
function columnOf(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
    if (col > 16_384) break;
  }
  return col;
}

function columnName(col: number): string {
  let name = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function numberText(raw: string): string {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n)) return raw;
  return Number.isInteger(n) ? String(n) : String(n).replace('.', ',');
}

function serialToIso(raw: string, date1904: boolean): string {
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || n > 2_958_465) return numberText(raw);
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  return new Date(epoch + Math.floor(n + 1e-9) * 86_400_000).toISOString().slice(0, 10);
}

export interface SheetRows {
  /** Non-empty rows: cells (cleaned) and their row number in the sheet. */
  records: string[][];
  lines: number[];
}

/**
 * The first worksheet's non-empty rows as cleaned text cells. `clean` is applied to every cell
 * (spaces, our export's escapes).
 */
export async function readXlsxRows(
  data: Buffer,
  clean: (value: string) => string,
  deadline: number,
): Promise<SheetRows> {
  const entries = zipEntries(data, { maxEntries: MAX_XLSX_ENTRIES, maxTotalBytes: MAX_XLSX_UNPACKED_BYTES });
  const rootRels = await relationships(data, entries, '', deadline);
  const workbookPath = byType(rootRels, '/officeDocument') ?? 'xl/workbook.xml';
  const workbook = entries.get(workbookPath);
  if (!workbook) throw new ImportFileError(NOT_XLSX);

  let firstSheetRel: string | null = null;
  let date1904 = false;
  await parsePart(
    data,
    workbook,
    { maxBytes: MAX_XLSX_SMALL_PART_BYTES, tooLarge: NOT_XLSX, deadline },
    {
      open(name, a) {
        if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
        if (name === 'sheet' && firstSheetRel === null)
          firstSheetRel = Object.entries(a).find(([k]) => k === 'id' || k.endsWith(':id'))?.[1] ?? '';
      },
    },
  );
  const rels = await relationships(data, entries, workbookPath, deadline);
  const sheetPath = firstSheetRel ? rels.get(firstSheetRel)?.path : undefined;
  const sheet = sheetPath ? entries.get(sheetPath) : undefined;
  if (!sheet) throw new ImportFileError('Le classeur ne contient aucune feuille.');
  const strings = await sharedStrings(data, entries.get(byType(rels, '/sharedStrings') ?? ''), deadline);
  const dates = await dateStyles(data, entries.get(byType(rels, '/styles') ?? ''), deadline);

  const records: string[][] = [];
  const lines: number[] = [];
  let totalChars = 0;
  let rowNumber = 0;
  let row: Array<[number, string]> = [];
  let nextColumn = 1;
  let cell: { column: number; type: string; style: number; value: string; inline: string } | null = null;
  let inValue = false;
  let inInlineText = false;
  let phonetic = 0;

  const cellText = (c: NonNullable<typeof cell>): string => {
    switch (c.type) {
      case 's': {
        const s = strings[Number(c.value)];
        return s ?? '';
      }
      case 'inlineStr':
        return decodeEscapes(c.inline);
      case 'str':
        return decodeEscapes(c.value);
      case 'b':
        return c.value.trim() === '' ? '' : c.value.trim() === '1' ? 'oui' : 'non';
      case 'e':
        return '';
      case 'd':
        return c.value.slice(0, 10);
      default:
        return dates.has(c.style) && c.value.trim() !== '' ? serialToIso(c.value, date1904) : numberText(c.value);
    }
  };

  await parsePart(
    data,
    sheet,
    {
      maxBytes: MAX_XLSX_SHEET_BYTES,
      tooLarge: `La feuille dépasse ${fr(MAX_XLSX_SHEET_BYTES / 1024 / 1024)} Mo une fois décompressée : découpez le fichier.`,
      deadline,
    },
    {
      open(name, a) {
        if (name === 'row') {
          const r = Number(a.r);
          rowNumber = Number.isSafeInteger(r) && r > 0 ? r : rowNumber + 1;
          row = [];
          nextColumn = 1;
        } else if (name === 'c') {
          const column = a.r ? columnOf(a.r) : nextColumn;
          nextColumn = column + 1;
          cell = { column, type: a.t ?? 'n', style: Number(a.s ?? 0), value: '', inline: '' };
        } else if (name === 'v') inValue = true;
        else if (name === 'rPh') phonetic++;
        else if (name === 't' && cell) inInlineText = true;
      },
      close(name) {
        if (name === 'v') inValue = false;
        else if (name === 'rPh') phonetic--;
        else if (name === 't') inInlineText = false;
        else if (name === 'c' && cell) {
          const value = clean(cellText(cell));
          if (value !== '') {
            if (cell.column > MAX_IMPORT_COLUMNS)
              throw new ImportFileError(
                `La feuille contient des données en colonne ${columnName(cell.column)} : ${MAX_IMPORT_COLUMNS} colonnes au plus par import.`,
              );
            if (value.length > MAX_CELL_LENGTH) throw tooLongCell(`La cellule ${columnName(cell.column)}${rowNumber}`);
            totalChars += value.length;
            row.push([cell.column, value]);
          }
          cell = null;
        } else if (name === 'row' && row.length) {
          if (records.length > MAX_IMPORT_ROWS)
            throw new ImportFileError(
              `La feuille contient trop de lignes : ${fr(MAX_IMPORT_ROWS)} au plus par import.`,
            );
          if (totalChars > MAX_TABLE_CHARS)
            throw new ImportFileError(
              `Le fichier contient plus de ${fr(MAX_TABLE_CHARS)} caractères de données : découpez-le en plusieurs fichiers.`,
            );
          const width = Math.max(...row.map(([c]) => c));
          const cells = new Array<string>(width).fill('');
          for (const [c, v] of row) cells[c - 1] = v;
          records.push(cells);
          lines.push(rowNumber);
          row = [];
        }
      },
      text(text) {
        if (!cell) return;
        if (inValue) cell.value += text;
        else if (inInlineText && phonetic === 0) cell.inline += text;
        if (cell.value.length + cell.inline.length > MAX_CELL_LENGTH * 2)
          throw tooLongCell(`La cellule ${columnName(cell.column)}${rowNumber}`);
      },
    },
  );
  const width = records.reduce((w, r) => Math.max(w, r.length), 0);
  for (const r of records) while (r.length < width) r.push('');
  return { records, lines };
}
