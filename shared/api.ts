/**
 * The REST API's vocabulary shared by the server and the API screen (Paramètres › API): token
 * lifetimes, the token prefix, and the shape of the reference the screen renders from the OpenAPI
 * document.
 */

/** How long a new token lives (a token always expires). */
export const API_TOKEN_EXPIRIES = [
  { days: 30, label: '30 jours' },
  { days: 90, label: '90 jours' },
  { days: 180, label: '6 mois' },
  { days: 365, label: '1 an' },
] as const;

/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'sdk_';

export const API_BASE = '/api/v1';

/** A token as the API screen lists it (never its secret, only its first characters). */
export interface ApiTokenRow {
  id: number;
  name: string;
  prefix: string;
  abilities: string[];
  owner_name: string;
  mine: boolean;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  last_used_ip: string | null;
  revoked_at: string | null;
  status: 'active' | 'expired' | 'revoked';
}
