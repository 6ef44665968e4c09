import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import { currencyDecimals, toMajor } from '../../../shared/money.js';
import { escapeCell } from '../../domain/export/cells.js';

/**
 * CSV and XLSX exports of a list, as filtered on screen. Text cells are escaped against formula
 * injection (DESIGN.md §8); amounts are written in major units (FCFA, euros) as numbers in XLSX
 * and with a decimal comma in CSV, so that French spreadsheets read them and the importers read
 * them back. CSV: UTF-8 with BOM, `;` separator, CRLF — what Excel in French expects.
 */
export type ExportFormat = 'csv' | 'xlsx';

export interface ExportColumn<R> {
  header: string;
  kind?: 'text' | 'money' | 'integer';
  width?: number;
  value: (row: R) => string | number | boolean | null | undefined;
}

export interface ExportSpec<R> {
  fileName: string;
  sheetName: string;
  columns: ExportColumn<R>[];
  currency: string;
}

function cellText<R>(col: ExportColumn<R>, row: R, currency: string): string {
  const v = col.value(row);
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'oui' : 'non';
  if (col.kind === 'money' && typeof v === 'number') {
    const decimals = currencyDecimals(currency);
    return decimals === 0 ? String(v) : toMajor(v, currency).toFixed(decimals).replace('.', ',');
  }
  if (typeof v === 'number') return String(v);
  return escapeCell(v);
}

export function toCsv<R>(spec: ExportSpec<R>, rows: R[]): Buffer {
  const records = [
    spec.columns.map((c) => escapeCell(c.header)),
    ...rows.map((row) => spec.columns.map((c) => cellText(c, row, spec.currency))),
  ];
  const body = stringify(records, { delimiter: ';', record_delimiter: '\r\n', quoted_match: /[;"\r\n]/ });
  return Buffer.concat([Buffer.from('\ufeff', 'utf8'), Buffer.from(body, 'utf8')]);
}

export async function toXlsx<R>(spec: ExportSpec<R>, rows: R[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'SDSTOCK WEB 2.0';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(spec.sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  const decimals = currencyDecimals(spec.currency);
  sheet.columns = spec.columns.map((c) => ({
    header: escapeCell(c.header),
    width: c.width ?? (c.kind === 'money' || c.kind === 'integer' ? 14 : 22),
    style:
      c.kind === 'money'
        ? { numFmt: decimals === 0 ? '#,##0' : '#,##0.00' }
        : c.kind === 'integer'
          ? { numFmt: '#,##0' }
          : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      spec.columns.map((c) => {
        const v = c.value(row);
        if (v === null || v === undefined) return null;
        if (typeof v === 'boolean') return v ? 'oui' : 'non';
        if (typeof v === 'number') return c.kind === 'money' ? toMajor(v, spec.currency) : v;
        return escapeCell(v);
      }),
    );
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: spec.columns.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A file ready to download: its name (with the date: clients-2026-03-14.xlsx), MIME type and bytes. */
export interface ExportFile {
  name: string;
  contentType: string;
  body: Buffer;
}

/** Builds the CSV or XLSX file of the rows, as the spec describes its columns. */
export async function buildExport<R>(format: ExportFormat, spec: ExportSpec<R>, rows: R[]): Promise<ExportFile> {
  const date = new Date().toISOString().slice(0, 10);
  return {
    name: `${spec.fileName}-${date}.${format}`,
    contentType:
      format === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: format === 'csv' ? toCsv(spec, rows) : await toXlsx(spec, rows),
  };
}
