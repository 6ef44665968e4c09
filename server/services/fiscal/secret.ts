import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { StoredSecret } from '../../../shared/fiscal.js';

/**
 * The DGI's credentials (FNE API key, e-MECeF machine tokens) are stored encrypted with the app key
 * (APP_KEY, or storage/app.key): a copy of the database — a backup, a support dump — does not give
 * them away. AES-256-GCM under the SHA-256 of the app key, stored `v1:<iv>:<tag>:<data>` in base64;
 * the tag makes a value encrypted under another key (or altered) fail instead of reading as garbage.
 */
const VERSION = 'v1';

/** What the screens say of a stored secret that no longer decrypts (the app key changed). */
export const UNREADABLE_SECRET = 'Clé illisible, saisissez-la à nouveau.';

const keyOf = (appKey: string) => createHash('sha256').update(appKey, 'utf8').digest();

export function encryptSecret(appKey: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appKey), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
}

/** The plain secret, or null when the stored value does not decrypt under this app key (never a throw). */
export function decryptSecret(appKey: string, stored: string): string | null {
  const [version, iv, tag, data, ...rest] = stored.split(':');
  if (version !== VERSION || rest.length || iv === undefined || tag === undefined || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(appKey), Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * A secret as a screen may show it: bullets and, for a long one, its last four characters (enough
 * to tell two keys apart, far too little to use one). Never the secret itself.
 */
export function maskSecret(plain: string): string {
  if (plain === '') return '';
  return plain.length >= 16 ? `••••••••${plain.slice(-4)}` : '••••••••';
}

/** What a screen shows of a stored secret: nothing stored, its mask, or that it must be typed again. */
export function storedSecret(appKey: string, stored: string | null | undefined): StoredSecret {
  if (!stored) return { state: 'none' };
  const plain = decryptSecret(appKey, stored);
  return plain === null
    ? { state: 'unreadable', message: UNREADABLE_SECRET }
    : { state: 'set', masked: maskSecret(plain) };
}
