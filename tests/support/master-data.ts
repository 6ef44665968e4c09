import ExcelJS from 'exceljs';
import type request from 'supertest';
import { type Client, TEST_VERSION } from './app.js';

/** Inertia headers + XSRF token, for requests built by hand (uploads). */
export async function inertiaHeaders(c: Client): Promise<Record<string, string>> {
  await c.ensureToken();
  return {
    'X-Inertia': 'true',
    'X-Requested-With': 'XMLHttpRequest',
    'X-Inertia-Version': TEST_VERSION,
    'X-XSRF-TOKEN': c.xsrf,
  };
}

/** Uploads a file as the import form does (multipart, field "file"). */
export async function upload(
  c: Client,
  url: string,
  content: Buffer | string,
  fileName: string,
): Promise<request.Response> {
  const headers = await inertiaHeaders(c);
  return c.agent
    .post(url)
    .set(headers)
    .attach('file', Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), fileName);
}

/** A plain (non-Inertia) GET that keeps the body as a Buffer: file downloads. */
export async function download(c: Client, url: string): Promise<request.Response> {
  return c.agent
    .get(url)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
}

/** The cells of the first sheet of an XLSX buffer, as values. */
export async function xlsxRows(data: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** Builds an XLSX file from rows (first row = headers). */
export async function xlsxFile(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Feuille1');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** CSV text (UTF-8, `;`) from rows. */
export function csvFile(rows: Array<Array<string | number>>): string {
  return rows
    .map((r) => r.map((v) => (/[;"\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v))).join(';'))
    .join('\r\n');
}

/** Sends a form and follows the redirect, returning the errors of the page it lands on. */
export async function submitExpectingErrors(
  c: Client,
  method: 'post' | 'put' | 'patch' | 'delete',
  url: string,
  body: object,
  formUrl: string,
): Promise<Record<string, string>> {
  const res = await c.send(method, url, body);
  if (res.status !== 303) throw new Error(`expected 303, got ${res.status}`);
  const page = await c.visit(formUrl);
  return page.body.props.errors;
}
