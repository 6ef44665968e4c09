import type { AbilityGroup, ApiTokenRow } from '../../../shared/api.js';
import { PERMISSION_CATALOGUE } from '../../../shared/permissions.js';
import type { ApiTokenRecord } from '../../services/api-tokens/tokens.js';

/** A token as Paramètres › API lists it: never its secret or hash, its status at `now`. */
export function presentApiToken(token: ApiTokenRecord, viewerId: number, now = new Date()): ApiTokenRow {
  return {
    id: token.id,
    name: token.name,
    prefix: token.prefix,
    abilities: token.abilities,
    owner_name: token.owner_name,
    mine: token.user_id === viewerId,
    created_at: token.created_at,
    expires_at: token.expires_at,
    last_used_at: token.last_used_at,
    last_used_ip: token.last_used_ip,
    revoked_at: token.revoked_at,
    status: token.revoked_at ? 'revoked' : token.expires_at <= now.toISOString() ? 'expired' : 'active',
  };
}

/** The permissions of the catalogue this user holds, grouped by area: what a new token may receive. */
export function presentAbilities(permissions: ReadonlySet<string>): AbilityGroup[] {
  return PERMISSION_CATALOGUE.map((area) => ({
    area: area.area,
    label: area.label,
    permissions: [...area.menu, ...area.actions]
      .filter((p) => permissions.has(p.name))
      .map((p) => ({ name: p.name, label: p.label })),
  })).filter((g) => g.permissions.length > 0);
}
