import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  ImportFileError,
  MAX_IMPORT_ROWS,
  readCsv,
  readTable,
  readXlsx,
} from '../../../server/services/tabular/read.js';
import { cell, repeatedDeflate, sharedStringsBomb, xlsxWorkbook, zipArchive } from '../../support/zip.js';

/** The error a read refuses the file with (the test fails if it is accepted). */
async function refusal(read: () => unknown): Promise<string> {
  try {
    await read();
  } catch (err) {
    expect(err).toBeInstanceOf(ImportFileError);
    return (err as Error).message;
  }
  throw new Error('the file was accepted');
}

describe('reading an XLSX import', () => {
  it('reads text, numbers, dates, booleans, rich text and formula results of the first sheet', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Produits');
    ws.addRow(['Code', 'Nom', 'Prix', 'Date', 'Actif', 'Total']);
    ws.addRow([
      'P1',
      { richText: [{ text: 'Riz ' }, { text: 'parfumé', font: { bold: true } }] },
      12.5,
      new Date(Date.UTC(2026, 10, 23)),
      true,
      { formula: 'C2*2', result: 25 },
    ]);
    ws.addRow([]);
    ws.addRow(['P2', '  Huile\u00a0 ', 1250000, null, false, null]);
    wb.addWorksheet('Autre').addRow(['ignorée']);
    const table = await readXlsx(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(table.headers).toEqual(['Code', 'Nom', 'Prix', 'Date', 'Actif', 'Total']);
    expect(table.rows).toEqual([
      { line: 2, cells: ['P1', 'Riz parfumé', '12,5', '2026-11-23', 'oui', '25'] },
      { line: 4, cells: ['P2', 'Huile', '1250000', '', 'non', ''] },
    ]);
  });

  it('refuses the shared-strings bomb from its central directory, quickly and without unpacking it', async () => {
    const file = sharedStringsBomb(1500, 'honest');
    expect(file.length).toBeLessThan(2 * 1024 * 1024);
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const message = await refusal(() => readTable('bombe.xlsx', file));
    expect(message).toMatch(/décompressé dépasserait 100 Mo/);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * 1024 * 1024);
  });

  it('stops inflating a part that unpacks to more than its headers declare', async () => {
    const started = Date.now();
    const message = await refusal(() => readTable('bombe.xlsx', sharedStringsBomb(1500, 'lying')));
    expect(message).toMatch(/au-delà de la taille annoncée/);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses shared strings honestly declared above their own cap', async () => {
    const part = repeatedDeflate('<sst>', `<si><t>${'B'.repeat(500)}</t></si>`, 40_000, '</sst>');
    const message = await refusal(() =>
      readXlsx(xlsxWorkbook({ sheetData: `<row r="1">${cell('A1', 'Nom')}</row>`, sharedStrings: { deflated: part } })),
    );
    expect(message).toMatch(/Les textes du classeur dépassent 16 Mo/);
  });

  it('caps rows while streaming the sheet, and columns and cell length on the cells that hold data', async () => {
    const rows = repeatedDeflate(
      '<worksheet><sheetData>',
      `<row>${cell('A1', 'x')}</row>`,
      MAX_IMPORT_ROWS + 50,
      '</sheetData></worksheet>',
    );
    expect(await refusal(() => readXlsx(xlsxWorkbook({ sheetData: rows })))).toMatch(
      /trop de lignes : 20\u202f000 au plus/,
    );

    const wide = `<row r="1">${cell('A1', 'Nom')}${cell('CW1', 'trop loin')}</row>`;
    expect(await refusal(() => readXlsx(xlsxWorkbook({ sheetData: wide })))).toBe(
      'La feuille contient des données en colonne CW : 100 colonnes au plus par import.',
    );
    // A formatted but empty cell far to the right is no data.
    const styled = await readXlsx(
      xlsxWorkbook({
        sheetData: `<row r="1">${cell('A1', 'Nom')}<c r="XFD1" s="0"/></row><row r="2">${cell('A2', 'Awa')}</row>`,
      }),
    );
    expect(styled.rows).toEqual([{ line: 2, cells: ['Awa'] }]);

    const long = `<row r="1">${cell('A1', 'Nom')}</row><row r="2">${cell('A2', 'x'.repeat(1001))}</row>`;
    expect(await refusal(() => readXlsx(xlsxWorkbook({ sheetData: long })))).toMatch(
      /^La cellule A2 contient plus de 1\u202f000 caractères/,
    );
  });

  it('refuses an archive that is not a workbook, a DOCTYPE, and a password-protected or truncated file', async () => {
    expect(await refusal(() => readXlsx(zipArchive([{ name: 'a.txt', data: 'x' }])))).toMatch(/n’a pas pu être lu/);
    const doctype = zipArchive([
      { name: 'xl/workbook.xml', data: '<!DOCTYPE x [<!ENTITY a "aaaa">]><workbook>&a;</workbook>' },
    ]);
    expect(await refusal(() => readXlsx(doctype))).toMatch(/n’a pas pu être lu/);
    const whole = xlsxWorkbook({ sheetData: `<row r="1">${cell('A1', 'Nom')}</row>` });
    expect(await refusal(() => readXlsx(whole.subarray(0, whole.length - 30)))).toMatch(/n’a pas pu être lu/);
  });
});

describe('reading a CSV import', () => {
  const expected = { headers: ['Code', 'Nom'], rows: [{ line: 2, cells: ['C1', 'Hervé Kouassi'] }] };
  const text = 'Code;Nom\r\nC1;Hervé Kouassi\r\n';

  it('decodes UTF-16 LE and BE (with or without BOM), UTF-8 with BOM and Windows-1252', () => {
    const le = Buffer.from(text, 'utf16le');
    const be = Buffer.from(le).swap16();
    expect(readCsv(Buffer.concat([Buffer.from([0xff, 0xfe]), le]))).toEqual(expected);
    expect(readCsv(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toEqual(expected);
    expect(readCsv(le)).toEqual(expected);
    expect(readCsv(be)).toEqual(expected);
    expect(readCsv(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]))).toEqual(expected);
    expect(readCsv(Buffer.from(text, 'latin1'))).toEqual(expected);
  });

  it('refuses a file with NUL bytes that is not UTF-16 with a French explanation', async () => {
    expect(await refusal(() => readCsv(Buffer.from('Code;Nom\nC1;A\u0000B\n', 'utf8')))).toMatch(
      /caractères nuls.*CSV UTF-8/,
    );
  });

  it('caps columns before parsing: 200 000 columns are refused at once', async () => {
    const header = Array.from({ length: 200_000 }, (_, i) => `c${i}`).join(';');
    const started = Date.now();
    expect(await refusal(() => readCsv(Buffer.from(`${header}\nx\n`)))).toBe(
      'La ligne 1 contient plus de 100 colonnes : 100 au plus par import.',
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('caps the cell length and the rows, quotes followed as the parser does', async () => {
    expect(await refusal(() => readCsv(Buffer.from(`Code;Nom\nC1;"${'a;'.repeat(600)}"\n`)))).toMatch(
      /^La ligne 2 contient une cellule de plus de 1\u202f000 caractères/,
    );
    // Delimiters and line breaks inside quotes are not columns nor rows; a quote inside a cell is text.
    const quoted = readCsv(Buffer.from('Code;Nom\nC1;"Rue 12; porte 3\nAbidjan"\nC2;Écran 24"\n'));
    expect(quoted.rows.map((r) => r.cells)).toEqual([
      ['C1', 'Rue 12; porte 3\nAbidjan'],
      ['C2', 'Écran 24"'],
    ]);
    const many = `Nom\n${'x\n'.repeat(MAX_IMPORT_ROWS + 1)}`;
    expect(await refusal(() => readCsv(Buffer.from(many)))).toMatch(/plus de 20\u202f000 lignes/);
    expect(readCsv(Buffer.from(`Nom\n${'x\n'.repeat(MAX_IMPORT_ROWS)}`)).rows).toHaveLength(MAX_IMPORT_ROWS);
  });
});
