import type { AuthUser } from '../../../shared/pages.js';
import { ALL_PERMISSIONS } from '../../../shared/permissions.js';
import { md5 } from '../../auth/tokens.js';
import { type UserContext, menuPermissionsOf } from '../../auth/user-context.js';

export function gravatarUrl(email: string, size = 80): string {
  return `https://www.gravatar.com/avatar/${md5(email.trim().toLowerCase())}?s=${size}&d=404`;
}

/** auth.user shared prop: never the hash or other internals. */
export function presentAuthUser(ctx: UserContext): AuthUser {
  const { row } = ctx;
  return {
    id: row.id,
    name: row.name,
    first_name: row.first_name?.trim() || null,
    email: row.email,
    email_verified: row.email_verified_at !== null,
    gravatar: gravatarUrl(row.email),
    menu_permissions: menuPermissionsOf(ctx),
    all_permissions: ALL_PERMISSIONS.filter((p) => ctx.permissions.has(p)),
    roles: ctx.roles.map((r) => ({ name: r.name })),
  };
}
