import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { Knex } from 'knex';
import sharp, { type Metadata } from 'sharp';
import { formatQty } from '../../../shared/quantity.js';
import { nowIso } from '../../db/dialect.js';
import { Refusal } from '../../domain/errors.js';
import { type Actor, auditUser } from '../actor.js';
import { recordAudit } from '../audit/record-audit.js';

/**
 * The company logo (Paramètres › Société; printed in the header of every printout). Only PNG, JPEG
 * and WebP, recognised by their content (magic bytes, file-type), never by the name or the type the
 * browser claims; at most LOGO_MAX_BYTES. An image bomb (a small file declaring a huge picture) is
 * refused on the size its header declares, read before any decoding; an accepted image is decoded
 * under sharp's pixel limit and re-encoded to fit inside LOGO_STORED_SIDE² pixels, so the file every
 * signed-in user and every printout receives is always small. Kept under storage/logos/ — outside
 * the web root — under a generated name, and served only through the authenticated route
 * company.logo.
 */
export const LOGO_MAX_BYTES = 512 * 1024;
/** The largest picture accepted, on each side, as its header declares it. */
export const LOGO_MAX_SIDE = 4000;
/** What is stored and served: the picture fits inside this square (never enlarged). */
export const LOGO_STORED_SIDE = 600;
const ALLOWED = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;
const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };
/** A stored logo name: generated, so nothing a user typed reaches the file system. */
const STORED_NAME = /^logo-[0-9a-f]{32}\.(png|jpg|webp)$/;

const logoDir = (storageDir: string) => path.join(storageDir, 'logos');

/** Stores a new logo and records it (the previous file is removed once the change is committed). */
export async function saveLogo(db: Knex, storageDir: string, actor: Actor, content: Buffer): Promise<void> {
  if (content.length === 0) throw new Refusal({ logo: 'Veuillez choisir une image PNG, JPEG ou WebP.' });
  if (content.length > LOGO_MAX_BYTES)
    throw new Refusal({ logo: `Le logo ne doit pas dépasser ${LOGO_MAX_BYTES / 1024} Ko.` });
  const type = await fileTypeFromBuffer(content);
  const ext = type && (ALLOWED as Record<string, string>)[type.mime];
  if (!ext) throw new Refusal({ logo: 'Ce fichier n’est pas une image PNG, JPEG ou WebP.' });
  const logo = await boundedLogo(content);
  const name = `logo-${randomBytes(16).toString('hex')}.${logo.ext}`;
  await fs.mkdir(logoDir(storageDir), { recursive: true });
  const file = path.join(logoDir(storageDir), name);
  await fs.writeFile(file, logo.data, { mode: 0o640 });
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
        details: {
          before: { logo_path: previous },
          after: { logo_path: name },
          file: { type: type!.mime, bytes: content.length, width: logo.source.width, height: logo.source.height },
          stored: { type: CONTENT_TYPES[logo.ext], bytes: logo.data.length, width: logo.width, height: logo.height },
        },
        ip: actor.ip,
      });
    });
  } catch (err) {
    await fs.rm(file, { force: true });
    throw err;
  }
  await removeStored(storageDir, previous);
}

const UNREADABLE = 'Cette image est illisible ou incomplète : enregistrez-la de nouveau en PNG, JPEG ou WebP.';

/**
 * The logo as stored: refused when its header declares more than LOGO_MAX_SIDE pixels on a side
 * (sharp's metadata() reads the header only — nothing is decoded), else decoded under a pixel limit
 * of the same size, turned upright (EXIF orientation), stripped of its metadata and shrunk to fit
 * inside LOGO_STORED_SIDE². A picture with transparency stays PNG (WebP when that PNG would still
 * exceed LOGO_MAX_BYTES), a WebP stays WebP, any other becomes JPEG.
 */
async function boundedLogo(content: Buffer): Promise<{
  data: Buffer;
  ext: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
  source: { width: number; height: number };
}> {
  let meta: Metadata;
  try {
    meta = await sharp(content, { limitInputPixels: false }).metadata();
  } catch {
    throw new Refusal({ logo: UNREADABLE });
  }
  const { width, height } = meta;
  if (!width || !height) throw new Refusal({ logo: UNREADABLE });
  if (width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE) {
    throw new Refusal({
      logo: `Cette image est trop grande : ${formatQty(width)} × ${formatQty(height)} pixels. Un logo fait au plus ${formatQty(LOGO_MAX_SIDE)} × ${formatQty(LOGO_MAX_SIDE)} pixels : réduisez-la avant de l’envoyer.`,
    });
  }
  const transparent = meta.hasAlpha;
  const ext = meta.format === 'webp' ? 'webp' : transparent ? 'png' : 'jpg';
  const encode = (as: 'png' | 'jpg' | 'webp') => {
    const image = sharp(content, { limitInputPixels: LOGO_MAX_SIDE * LOGO_MAX_SIDE, failOn: 'error' })
      .autoOrient()
      .resize(LOGO_STORED_SIDE, LOGO_STORED_SIDE, { fit: 'inside', withoutEnlargement: true });
    const encoded =
      as === 'png'
        ? image.png({ compressionLevel: 9 })
        : as === 'webp'
          ? image.webp({ quality: 90, alphaQuality: 100 })
          : image.flatten({ background: '#ffffff' }).jpeg({ quality: 88, mozjpeg: true });
    return encoded.toBuffer({ resolveWithObject: true });
  };
  try {
    let out = await encode(ext);
    let stored: 'png' | 'jpg' | 'webp' = ext;
    if (out.data.length > LOGO_MAX_BYTES && ext === 'png') {
      out = await encode('webp');
      stored = 'webp';
    }
    return { data: out.data, ext: stored, width: out.info.width, height: out.info.height, source: { width, height } };
  } catch {
    throw new Refusal({ logo: UNREADABLE });
  }
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
