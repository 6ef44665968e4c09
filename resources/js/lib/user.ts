/** Small helpers about the signed-in user (DESIGN.md §6 checks, avatar initials). */
import type { AuthUser } from '@shared/pages';
import type { MenuPermission, Permission } from '@shared/permissions';

export function hasPermission(user: AuthUser | null | undefined, permission: Permission): boolean {
  return !!user && (user.all_permissions.includes(permission) || user.menu_permissions.some((p) => p === permission));
}

export function hasMenuPermission(user: AuthUser | null | undefined, permission: MenuPermission): boolean {
  return !!user && user.menu_permissions.includes(permission);
}

export function hasAnyPermission(user: AuthUser | null | undefined, permissions: readonly Permission[]): boolean {
  return permissions.some((p) => hasPermission(user, p));
}

export function hasRole(user: AuthUser | null | undefined, role: string): boolean {
  return !!user && user.roles.some((r) => r.name === role);
}

export function hasAnyRole(user: AuthUser | null | undefined, roles: string[]): boolean {
  return roles.some((r) => hasRole(user, r));
}

/** "Awa Koné" → "AK"; "admin" → "AD"; empty → "?". */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '')
    .trim()
    .split(/[\s.\-_@]+/u)
    .filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0].slice(0, 2).toLocaleUpperCase('fr-FR');
  return (words[0][0] + words[words.length - 1][0]).toLocaleUpperCase('fr-FR');
}

/** Name to greet with: the first name the person gave, else the full name (never a guess: NOM Prénom is common). */
export function firstName(user: Pick<AuthUser, 'first_name' | 'name'>): string {
  return user.first_name?.trim() || user.name.trim();
}
