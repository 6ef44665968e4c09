import { createInflateRaw } from 'node:zlib';
import { ImportFileError } from './limits.js';

/**
 * The one reader of uploaded ZIP archives (an XLSX is one). Nothing is unpacked before the central
 * directory has been checked: entry count, encryption, compression method, and each entry's declared
 * uncompressed size against the caller's caps. Entries are then inflated as streams that stop as
 * soon as they produce more than they declared (a lying header) or than the cap allows: a ZIP bomb
 * is refused after a few kilobytes of work, whatever it claims.
 */

export interface ZipEntry {
  name: string;
  method: 0 | 8;
  compressedSize: number;
  /** Declared uncompressed size (never trusted: inflation stops beyond it). */
  size: number;
  dataStart: number;
}

export interface ZipLimits {
  maxEntries: number;
  /** Sum of the declared uncompressed sizes. */
  maxTotalBytes: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const NOT_XLSX = 'Le classeur Excel n’a pas pu être lu : vérifiez qu’il s’agit d’un fichier .xlsx valide.';

const LYING_ENTRY =
  'Le classeur est corrompu : une de ses parties se décompresse au-delà de la taille annoncée (fichier abîmé ou fabriqué pour saturer le serveur).';

function broken(): never {
  throw new ImportFileError(NOT_XLSX);
}

/** The archive's entries by name, after checking its central directory against the limits. */
export function zipEntries(data: Buffer, limits: ZipLimits): Map<string, ZipEntry> {
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) broken();
  const count = data.readUInt16LE(eocd + 10);
  const cdSize = data.readUInt32LE(eocd + 12);
  const cdOffset = data.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff)
    throw new ImportFileError(
      'Ce classeur utilise un format d’archive (ZIP64) réservé aux fichiers géants : il ne peut pas être importé.',
    );
  if (count > limits.maxEntries)
    throw new ImportFileError(
      `Le classeur contient ${count} éléments internes : ${limits.maxEntries} au plus. Enregistrez-le à nouveau depuis Excel avec une seule feuille.`,
    );
  if (cdOffset + cdSize > eocd) broken();

  const entries = new Map<string, ZipEntry>();
  let total = 0;
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > eocd || data.readUInt32LE(p) !== CENTRAL) broken();
    const flags = data.readUInt16LE(p + 8);
    const method = data.readUInt16LE(p + 10);
    const compressedSize = data.readUInt32LE(p + 20);
    const size = data.readUInt32LE(p + 24);
    const nameLength = data.readUInt16LE(p + 28);
    const extraLength = data.readUInt16LE(p + 30);
    const commentLength = data.readUInt16LE(p + 32);
    const localOffset = data.readUInt32LE(p + 42);
    const name = data.toString('utf8', p + 46, p + 46 + nameLength);
    p += 46 + nameLength + extraLength + commentLength;
    if (flags & 0x1)
      throw new ImportFileError(
        'Le classeur est protégé par un mot de passe : enregistrez-le sans protection avant de l’importer.',
      );
    if (method !== 0 && method !== 8) broken();
    if (size === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff)
      throw new ImportFileError(
        'Ce classeur utilise un format d’archive (ZIP64) réservé aux fichiers géants : il ne peut pas être importé.',
      );
    total += size;
    if (total > limits.maxTotalBytes) {
      throw new ImportFileError(
        `Le classeur décompressé dépasserait ${Math.round(limits.maxTotalBytes / 1024 / 1024)} Mo : il est trop volumineux pour être importé (ou il a été fabriqué pour saturer le serveur).`,
      );
    }
    if (localOffset + 30 > data.length || data.readUInt32LE(localOffset) !== LOCAL) broken();
    const dataStart = localOffset + 30 + data.readUInt16LE(localOffset + 26) + data.readUInt16LE(localOffset + 28);
    if (dataStart + compressedSize > data.length) broken();
    if (entries.has(name)) broken();
    entries.set(name, { name, method: method as 0 | 8, compressedSize, size, dataStart });
  }
  return entries;
}

/**
 * Streams an entry's uncompressed bytes to `onChunk`, refusing more than `maxBytes` or than the
 * entry declared, and a read that goes past the deadline. Each chunk yields to the event loop, so
 * other requests keep being answered while a large part is read.
 */
export async function inflateEntry(
  data: Buffer,
  entry: ZipEntry,
  options: { maxBytes: number; tooLarge: string; deadline: number },
  onChunk: (chunk: Buffer) => void,
): Promise<void> {
  if (entry.size > options.maxBytes) throw new ImportFileError(options.tooLarge);
  const limit = Math.min(entry.size, options.maxBytes);
  const raw = data.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  let produced = 0;
  const take = (chunk: Buffer) => {
    produced += chunk.length;
    if (produced > limit) throw new ImportFileError(produced > options.maxBytes ? options.tooLarge : LYING_ENTRY);
    if (Date.now() > options.deadline) throw new ImportFileError(IMPORT_TOO_SLOW);
    onChunk(chunk);
  };
  if (entry.method === 0) {
    for (let i = 0; i < raw.length; i += 64 * 1024) {
      take(raw.subarray(i, i + 64 * 1024));
      await new Promise((resolve) => setImmediate(resolve));
    }
    return;
  }
  const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
  inflate.on('error', () => undefined); // reported by the iteration below
  inflate.end(raw);
  try {
    for await (const chunk of inflate) take(chunk as Buffer);
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    broken();
  } finally {
    inflate.destroy();
  }
}

export const IMPORT_TOO_SLOW =
  'La lecture du fichier prend trop de temps : découpez-le en plusieurs fichiers plus petits.';
