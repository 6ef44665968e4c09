import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { Knex } from 'knex';
import { nowIso } from '../../db/dialect.js';
import { Refusal } from '../../domain/errors.js';
import { type Actor, auditUser } from '../actor.js';
import { recordAudit } from '../audit/record-audit.js';

/**
 * The company logo (Paramètres › Société; printed in the header of every printout). Only PNG, JPEG
 * and WebP, recognised by their content (magic bytes, file-type), never by the name or the type the
 * browser claims; at most LOGO_MAX_BYTES. Kept under storage/logos/ — outside the web root — under a
 * generated name, and served only through the authenticated route company.logo.
 */
export const LOGO_MAX_BYTES = 512 * 1024;
const ALLOWED = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;
const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };
/** A stored logo name: generated, so nothing a user typed reaches the file system. */
const STORED_NAME = /^logo-[0-9a-f]{32}\.(png|jpg|webp)$/;

const logoDir = (storageDir: string) => path.join(storageDir, 'logos');

/** Stores a new logo and records it (the previous file is removed once the change is committed). */
export async function saveLogo(db: Knex, storageDir: string, actor: Actor, content: Buffer): Promise<void> {
  if (content.length === 0) throw new Refusal({ logo: 'Veuillez choisir une image PNG, JPEG ou WebP.' });
  if (content.length > LOGO_MAX_BYTES) throw new Refusal({ logo: `Le logo ne doit pas dépasser ${LOGO_MAX_BYTES / 1024} Ko.` });
  const type = await fileTypeFromBuffer(content);
  const ext = type && (ALLOWED as Record<string, string>)[type.mime];
  if (!ext) throw new Refusal({ logo: "Ce fichier n’est pas une image PNG, JPEG ou WebP." });
  const name = `logo-${randomBytes(16).toString('hex')}.${ext}`;
  await fs.mkdir(logoDir(storageDir), { recursive: true });
  const file = path.join(logoDir(storageDir), name);
  await fs.writeFile(file, content, { mode: 0o640 });
  let previous: string | null = null;
  try {
    await db.transaction(async (trx) => {
      const row = await trx('company_settings').where({ id: 1 }).first('logo_path');
      previous = row?.logo_path ?? null;
      await trx('company_settings').where({ id: 1 }).update({ logo_path: name, updated_at: nowIso() });
      await recordAudit(trx, {
        action: 'company.logo',
        user: auditUser(actor),
        subject: { type: 'company', id: 1, label: 'Logo' },
        details: { before: { logo_path: previous }, after: { logo_path: name }, file: { type: type!.mime, bytes: content.length } },
        ip: actor.ip,
      });
    });
  } catch (err) {
    await fs.rm(file, { force: true });
    throw err;
  }
  await removeStored(storageDir, previous);
}

/** Removes the logo (printouts then show the company name alone). */
export async function removeLogo(db: Knex, storageDir: string, actor: Actor): Promise<void> {
  let previous: string | null = null;
  await db.transaction(async (trx) => {
    const row = await trx('company_settings').where({ id: 1 }).first('logo_path');
    previous = row?.logo_path ?? null;
    if (!previous) return;
    await trx('company_settings').where({ id: 1 }).update({ logo_path: null, updated_at: nowIso() });
    await recordAudit(trx, {
      action: 'company.logo',
      user: auditUser(actor),
      subject: { type: 'company', id: 1, label: 'Logo' },
      details: { before: { logo_path: previous }, after: { logo_path: null } },
      ip: actor.ip,
    });
  });
  await removeStored(storageDir, previous);
}

async function removeStored(storageDir: string, name: string | null) {
  if (name && STORED_NAME.test(name)) await fs.rm(path.join(logoDir(storageDir), name), { force: true });
}

/** The stored logo to send: its path and content type, or null when there is none (or it is gone). */
export async function logoFile(db: Knex, storageDir: string): Promise<{ path: string; contentType: string } | null> {
  const row = await db('company_settings').where({ id: 1 }).first('logo_path');
  const name: string | null = row?.logo_path ?? null;
  if (!name || !STORED_NAME.test(name)) return null;
  const file = path.join(logoDir(storageDir), name);
  try {
    await fs.access(file);
  } catch {
    return null;
  }
  return { path: file, contentType: CONTENT_TYPES[name.split('.').pop()!] };
}
