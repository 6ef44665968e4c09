import { describe, expect, it } from 'vitest';
import {
  UNREADABLE_SECRET,
  decryptSecret,
  encryptSecret,
  maskSecret,
  storedSecret,
} from '../../../server/services/fiscal/secret.js';

const APP_KEY = 'app-key-of-the-shop-0123456789';

describe('fiscal secrets', () => {
  it('reads back what it encrypted, under the same app key, and never stores it in clear', () => {
    const plain = 'fne-api-key-Ω-0123456789abcdef';
    const stored = encryptSecret(APP_KEY, plain);
    expect(stored).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(stored).not.toContain(plain);
    expect(stored).not.toContain(Buffer.from(plain).toString('base64'));
    expect(decryptSecret(APP_KEY, stored)).toBe(plain);
    expect(decryptSecret(APP_KEY, encryptSecret(APP_KEY, ''))).toBe('');
  });

  it('draws a fresh IV each time: the same key encrypts to two different values', () => {
    expect(encryptSecret(APP_KEY, 'same')).not.toBe(encryptSecret(APP_KEY, 'same'));
  });

  it('gives null, never a throw, for another app key, an altered value or something that is no secret', () => {
    const stored = encryptSecret(APP_KEY, 'jeton-de-la-machine');
    expect(decryptSecret('another-app-key-0123456789', stored)).toBeNull();
    const [v, iv, tag, data] = stored.split(':');
    const flipped = Buffer.from(data, 'base64');
    flipped[0] ^= 1;
    expect(decryptSecret(APP_KEY, [v, iv, tag, flipped.toString('base64')].join(':'))).toBeNull();
    expect(decryptSecret(APP_KEY, [v, iv, Buffer.alloc(16).toString('base64'), data].join(':'))).toBeNull();
    for (const junk of ['', 'clé-en-clair', 'v1:', 'v1:a:b', 'v2:a:b:c', `${stored}:x`, 'v1:%%:%%:%%'])
      expect(decryptSecret(APP_KEY, junk), junk).toBeNull();
  });

  it('masks a secret: bullets, the last four characters of a long one only', () => {
    expect(maskSecret('')).toBe('');
    expect(maskSecret('court')).toBe('••••••••');
    expect(maskSecret('0123456789abcdefWXYZ')).toBe('••••••••WXYZ');
    expect(maskSecret('0123456789abcdefWXYZ')).not.toContain('0123');
  });

  it('says what a screen shows of a stored value: none, its mask, or « clé illisible »', () => {
    expect(storedSecret(APP_KEY, null)).toEqual({ state: 'none' });
    expect(storedSecret(APP_KEY, '')).toEqual({ state: 'none' });
    expect(storedSecret(APP_KEY, encryptSecret(APP_KEY, 'eyJhbGciOiJIUzI1NiJ9.payload.sig-1234'))).toEqual({
      state: 'set',
      masked: '••••••••1234',
    });
    expect(storedSecret('changed-app-key-0123456789', encryptSecret(APP_KEY, 'x'.repeat(20)))).toEqual({
      state: 'unreadable',
      message: UNREADABLE_SECRET,
    });
    expect(UNREADABLE_SECRET).toBe('Clé illisible, saisissez-la à nouveau.');
  });
});
