import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { Refusal } from '../../domain/errors.js';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES, ATTACHMENT_TYPES } from '../../../shared/support.js';

/**
 * Ticket attachments: images (PNG, JPEG, GIF, WebP) and PDF only, recognised by their content
 * (the name and the browser's type are not trusted), at most ATTACHMENT_MAX_BYTES each and
 * ATTACHMENT_MAX_FILES per message, stored outside the web root (storage/support/) under
 * generated names. The original name is kept for display only.
 */
export interface UploadedFile {
  originalname: string;
  buffer: Buffer;
  size: number;
}

export interface CheckedAttachment {
  original_name: string;
  stored_name: string;
  mime: string;
  size: number;
  buffer: Buffer;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

export function attachmentDir(storageDir: string): string {
  return path.join(storageDir, 'support');
}

function displayName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f/\\]/g, '').trim();
  return (clean || 'piece-jointe').slice(0, 200);
}

/** Checks every file by its content before anything is written; refuses on the `attachments` field. */
export async function checkAttachments(files: UploadedFile[]): Promise<CheckedAttachment[]> {
  if (files.length > ATTACHMENT_MAX_FILES)
    throw new Refusal({ attachments: `Joignez au plus ${ATTACHMENT_MAX_FILES} fichiers.` });
  const out: CheckedAttachment[] = [];
  for (const file of files) {
    const name = displayName(file.originalname);
    if (file.size === 0) throw new Refusal({ attachments: `Le fichier « ${name} » est vide.` });
    if (file.size > ATTACHMENT_MAX_BYTES)
      throw new Refusal({ attachments: `Le fichier « ${name} » dépasse ${ATTACHMENT_MAX_BYTES / 1024 / 1024} Mo.` });
    const type = await fileTypeFromBuffer(file.buffer);
    if (!type || !(ATTACHMENT_TYPES as readonly string[]).includes(type.mime)) {
      throw new Refusal({
        attachments: `Le fichier « ${name} » n’est ni une image (PNG, JPEG, GIF, WebP) ni un PDF : seuls ces formats sont acceptés.`,
      });
    }
    out.push({
      original_name: name,
      stored_name: `${randomBytes(16).toString('hex')}.${EXTENSIONS[type.mime]}`,
      mime: type.mime,
      size: file.size,
      buffer: file.buffer,
    });
  }
  return out;
}

/** Writes the checked files; returns a function that removes them (when the transaction fails). */
export async function storeAttachments(storageDir: string, files: CheckedAttachment[]): Promise<() => Promise<void>> {
  const dir = attachmentDir(storageDir);
  if (files.length) await fs.mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const f of files) {
    const target = path.join(dir, f.stored_name);
    await fs.writeFile(target, f.buffer, { flag: 'wx' });
    written.push(target);
  }
  return async () => {
    await Promise.all(written.map((p) => fs.rm(p, { force: true })));
  };
}

/** The path of a stored attachment (its generated name only: no traversal possible). */
export function attachmentPath(storageDir: string, storedName: string): string {
  if (!/^[a-f0-9]{32}\.(png|jpg|gif|webp|pdf)$/.test(storedName)) throw new Error('nom de pièce jointe invalide');
  return path.join(attachmentDir(storageDir), storedName);
}
