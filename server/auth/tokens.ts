import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** HMAC signature of a string with the application key (signed links). */
export function sign(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

export function md5(value: string): string {
  return createHash('md5').update(value).digest('hex');
}
