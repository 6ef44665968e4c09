import request from 'supertest';
import { loadUserContext } from '../../server/auth/user-context.js';
import { createApiToken } from '../../server/services/api-tokens/tokens.js';
import type { TestApp } from './app.js';

/** A token of this user with these abilities, made by the service (the screen has its own tests). */
export async function tokenFor(t: TestApp, userId: number, abilities: string[], options: { days?: number; now?: Date } = {}): Promise<{ id: number; token: string }> {
  const user = await loadUserContext(t.db, userId);
  if (!user) throw new Error(`no active user ${userId}`);
  return createApiToken(t.db, user, { name: 'Jeton de test', abilities, expires_in_days: options.days ?? 30 }, { id: userId, name: user.row.name, ip: null }, options.now);
}

/** A REST API client: every request carries the Bearer token, nothing else (no cookie, no XSRF). */
export function apiClient(t: TestApp, token: string) {
  const auth = (r: request.Test) => r.set('Authorization', `Bearer ${token}`);
  return {
    get: (url: string) => auth(request(t.app).get(url)),
    post: (url: string, body: object, headers: Record<string, string> = {}) => auth(request(t.app).post(url)).set(headers).send(body),
    patch: (url: string, body: object) => auth(request(t.app).patch(url)).send(body),
  };
}
