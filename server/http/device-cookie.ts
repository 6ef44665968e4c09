import type { Request, Response } from 'express';
import { parse } from 'cookie';
import { DEVICE_COOKIE_MAX_AGE_MS } from '../services/accounts/login-devices.js';

/** The login device cookie (server/services/accounts/login-devices.ts): signed entries only, unreadable by scripts, kept 180 days. */
export const DEVICE_COOKIE = 'sdstock_device';

export function deviceCookieOf(req: Request): string | undefined {
  return parse(req.headers.cookie ?? '')[DEVICE_COOKIE];
}

export function setDeviceCookie(res: Response, value: string, secureCookies: boolean): void {
  res.cookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies,
    path: '/',
    maxAge: DEVICE_COOKIE_MAX_AGE_MS,
  });
}
