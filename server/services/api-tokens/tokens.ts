import type { Knex } from 'knex';
import { API_TOKEN_PREFIX } from '../../../shared/api.js';
import { isKnownPermission } from '../../../shared/permissions.js';
import { randomToken, sha256 } from '../../auth/tokens.js';
import { type UserContext, loadUserContext } from '../../auth/user-context.js';
import { insertReturningId, nowIso } from '../../db/dialect.js';
import { inTransaction } from '../../db/transaction.js';
import { Refusal } from '../../domain/errors.js';
import { type Actor, auditUser } from '../actor.js';
import { recordAudit } from '../audit/record-audit.js';
import type { ApiTokenInput } from './schema.js';

/**
 * Personal access tokens of the REST API. The secret (`sdk_…`) is returned once by createApiToken
 * and never stored: only its SHA-256 is, so a stolen database gives no usable token. A token
 * carries abilities — permission names, a subset of its owner's at creation — and every request
 * checks both the ability and that the owner (still active) still holds the permission.
 */
export interface ApiTokenRecord {
  id: number;
  user_id: number;
  name: string;
  prefix: string;
  abilities: string[];
  expires_at: string;
  last_used_at: string | null;
  last_used_ip: string | null;
  created_at: string;
  revoked_at: string | null;
  owner_name: string;
}

const DAY_MS = 86_400_000;
/** last_used_at is written at most this often per token (one UPDATE a minute, not one per request). */
const LAST_USE_RESOLUTION_MS = 60_000;

function parseAbilities(raw: unknown): string[] {
  try {
    const list = JSON.parse(String(raw));
    return Array.isArray(list) ? list.filter((a): a is string => typeof a === 'string') : [];
  } catch {
    return [];
  }
}

function toRecord(row: any): ApiTokenRecord {
  return {
    id: Number(row.id),
    user_id: Number(row.user_id),
    name: row.name,
    prefix: row.prefix,
    abilities: parseAbilities(row.abilities),
    expires_at: row.expires_at,
    last_used_at: row.last_used_at ?? null,
    last_used_ip: row.last_used_ip ?? null,
    created_at: row.created_at,
    revoked_at: row.revoked_at ?? null,
    owner_name: row.owner_name ?? '',
  };
}

/** Creates a token for `owner` and returns its secret (the only time it exists in clear). */
export async function createApiToken(
  db: Knex,
  owner: Pick<UserContext, 'permissions'> & { row: { id: number } },
  input: ApiTokenInput,
  actor: Actor,
  now = new Date(),
): Promise<{ id: number; token: string }> {
  const beyond = input.abilities.filter((a) => !isKnownPermission(a) || !owner.permissions.has(a));
  if (beyond.length)
    throw new Refusal({
      abilities: `Un jeton ne peut recevoir que des permissions que vous avez vous-même (refusé : ${beyond.join(', ')}).`,
    });
  const secret = `${API_TOKEN_PREFIX}${randomToken(30)}`;
  const prefix = secret.slice(0, 12);
  const expiresAt = new Date(now.getTime() + input.expires_in_days * DAY_MS).toISOString();
  return inTransaction(db, async (trx) => {
    const id = await insertReturningId(trx, 'api_tokens', {
      user_id: owner.row.id,
      name: input.name,
      prefix,
      token_hash: sha256(secret),
      abilities: JSON.stringify(input.abilities),
      expires_at: expiresAt,
      created_at: now.toISOString(),
    });
    await recordAudit(trx, {
      action: 'api_token.created',
      user: auditUser(actor),
      subject: { type: 'api_token', id, label: `${input.name} (${prefix}…)` },
      details: { after: { name: input.name, abilities: input.abilities, expires_at: expiresAt } },
      ip: actor.ip,
    });
    return { id, token: secret };
  });
}

/** The tokens of one user, or of everyone (`userId` null: the holders of api_tokens.manage), newest first. */
export async function listApiTokens(db: Knex, userId: number | null): Promise<ApiTokenRecord[]> {
  const qb = db('api_tokens')
    .join('users', 'users.id', 'api_tokens.user_id')
    .select('api_tokens.*', 'users.name as owner_name')
    .orderBy('api_tokens.id', 'desc')
    .limit(500);
  if (userId !== null) qb.where('api_tokens.user_id', userId);
  return (await qb).map(toRecord);
}

/** Revokes a token at once (its next request is refused). `anyOwner`: the actor may revoke others' tokens. */
export async function revokeApiToken(
  db: Knex,
  id: number,
  actor: Actor,
  options: { anyOwner: boolean },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await trx('api_tokens').where({ id }).forUpdate().first();
    if (!row || (!options.anyOwner && Number(row.user_id) !== actor.id)) throw Refusal.action('Ce jeton n’existe pas.');
    if (row.revoked_at) throw Refusal.action('Ce jeton est déjà révoqué.');
    const at = nowIso();
    await trx('api_tokens').where({ id }).update({ revoked_at: at, revoked_by: actor.id });
    await recordAudit(trx, {
      action: 'api_token.revoked',
      user: auditUser(actor),
      subject: { type: 'api_token', id, label: `${row.name} (${row.prefix}…)` },
      details: {
        before: { name: row.name, abilities: parseAbilities(row.abilities), expires_at: row.expires_at },
        after: { revoked_at: at },
      },
      ip: actor.ip,
    });
  });
}

export type TokenCheck =
  | { ok: true; token: ApiTokenRecord; user: UserContext }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'inactive_user' };

/**
 * The token a bearer secret names, if it may be used now: known, not revoked, not expired, and its
 * owner active (a deactivated or deleted user's tokens stop working). Records the last use.
 */
export async function authenticateApiToken(
  db: Knex,
  secret: string,
  ip: string | null,
  now = new Date(),
): Promise<TokenCheck> {
  if (!secret.startsWith(API_TOKEN_PREFIX) || secret.length > 200) return { ok: false, reason: 'unknown' };
  const row = await db('api_tokens')
    .where({ token_hash: sha256(secret) })
    .first();
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  if (String(row.expires_at) <= now.toISOString()) return { ok: false, reason: 'expired' };
  const user = await loadUserContext(db, Number(row.user_id));
  if (!user) return { ok: false, reason: 'inactive_user' };
  const last = row.last_used_at ? Date.parse(row.last_used_at) : 0;
  if (now.getTime() - last >= LAST_USE_RESOLUTION_MS || row.last_used_ip !== ip) {
    await db('api_tokens').where({ id: row.id }).update({ last_used_at: now.toISOString(), last_used_ip: ip });
    row.last_used_at = now.toISOString();
    row.last_used_ip = ip;
  }
  return { ok: true, token: toRecord({ ...row, owner_name: user.row.name }), user };
}

/**
 * What a token may do: the permissions both among its abilities and still held by its owner (a
 * permission taken from the owner's roles leaves the token at once).
 */
export function tokenPermissions(
  token: Pick<ApiTokenRecord, 'abilities'>,
  user: Pick<UserContext, 'permissions'>,
): Set<string> {
  return new Set(token.abilities.filter((a) => user.permissions.has(a)));
}
