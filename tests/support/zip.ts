import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Hand-built ZIP archives and XLSX workbooks for the tests of hostile uploads: a part may declare
 * any uncompressed size, and a highly compressible part of gigabytes is built in milliseconds from
 * one compressed piece repeated (each piece ends with a full flush, so its bytes are the same each
 * time and the pieces chain into one valid deflate stream).
 */

export interface ZipPart {
  name: string;
  /** Uncompressed content (deflated here), or already deflated bytes with their real size. */
  data?: Buffer | string;
  deflated?: { bytes: Buffer; size: number };
  /** The uncompressed size written in the headers (default: the real one). */
  declaredSize?: number;
}

/** A deflate stream of head + piece × times + tail, without ever holding the uncompressed text. */
export function repeatedDeflate(
  head: string,
  piece: string,
  times: number,
  tail: string,
): { bytes: Buffer; size: number } {
  const flushed = (s: string) => deflateRawSync(Buffer.from(s, 'utf8'), { finishFlush: constants.Z_FULL_FLUSH });
  const p = flushed(piece);
  const bytes = Buffer.concat([
    flushed(head),
    ...Array.from({ length: times }, () => p),
    flushed(tail),
    Buffer.from([0x03, 0x00]),
  ]);
  return { bytes, size: Buffer.byteLength(head) + Buffer.byteLength(piece) * times + Buffer.byteLength(tail) };
}

export function zipArchive(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const raw =
      part.data === undefined ? null : Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data, 'utf8');
    const bytes = raw ? deflateRawSync(raw) : part.deflated!.bytes;
    const size = part.declaredSize ?? (raw ? raw.length : part.deflated!.size);
    const crc = raw ? crc32(raw) : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(bytes.length, 18);
    local.writeUInt32LE(Math.min(size, 0xfffffffe), 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(bytes.length, 20);
    central.writeUInt32LE(Math.min(size, 0xfffffffe), 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, bytes);
    centrals.push(central, name);
    offset += local.length + name.length + bytes.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** An inline-string cell. */
export const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/**
 * A minimal workbook of one sheet: `sheetData` is the sheet's rows (XML, or a deflated part), with
 * an optional shared strings part (XML, or a deflated part, with its declared size).
 */
export function xlsxWorkbook(options: {
  sheetData: string | ZipPart['deflated'];
  sharedStrings?: Omit<ZipPart, 'name'>;
}): Buffer {
  const sheet: ZipPart =
    typeof options.sheetData === 'string'
      ? {
          name: 'xl/worksheets/sheet1.xml',
          data: `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>${options.sheetData}</sheetData></worksheet>`,
        }
      : { name: 'xl/worksheets/sheet1.xml', deflated: options.sheetData };
  return zipArchive([
    {
      name: '[Content_Types].xml',
      data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Feuil1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
    sheet,
    ...(options.sharedStrings ? [{ name: 'xl/sharedStrings.xml', ...options.sharedStrings }] : []),
  ]);
}

/**
 * The reviewer's bomb (security issue 13, finding 1): about 1.5 MB on disk whose shared strings
 * unpack to `count` strings of 1 MiB. `declare: 'honest'` writes the real size in the headers,
 * 'lying' a small one (the inflation itself must stop).
 */
export function sharedStringsBomb(count = 1500, declare: 'honest' | 'lying' = 'honest'): Buffer {
  const part = repeatedDeflate(
    `<?xml version="1.0"?><sst xmlns="${NS}" count="${count}" uniqueCount="${count}">`,
    `<si><t>${'A'.repeat(1024 * 1024)}</t></si>`,
    count,
    '</sst>',
  );
  return xlsxWorkbook({
    sheetData: `<row r="1">${cell('A1', 'Nom')}</row><row r="2"><c r="A2" t="s"><v>0</v></c></row>`,
    sharedStrings: { deflated: part, declaredSize: declare === 'lying' ? 10_000 : part.size },
  });
}
