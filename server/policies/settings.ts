/**
 * Paramètres: each screen's change buttons follow one managing permission (its change routes
 * check the same one again with can()).
 */
import type { Permission } from '../../shared/permissions.js';
import { type Viewer, may } from './index.js';

export const SETTINGS_MANAGERS = {
  users: 'users.manage',
  roles: 'roles.manage',
  company: 'company.manage',
  places: 'company.manage',
  treasuryAccounts: 'company.manage',
  printing: 'printing.manage',
  backups: 'backup.manage',
  /** Sees and revokes every user's API tokens, not only their own. */
  apiTokens: 'api_tokens.manage',
} as const satisfies Record<string, Permission>;

export type SettingsScreen = keyof typeof SETTINGS_MANAGERS;

export function managesSettings(user: Viewer, screen: SettingsScreen): boolean {
  return may(user, SETTINGS_MANAGERS[screen]);
}
