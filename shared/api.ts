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

/** A permission a token may receive, grouped by area as the role editor shows them. */
export interface AbilityGroup {
  area: string;
  label: string;
  permissions: Array<{ name: string; label: string }>;
}

/** Paramètres › API. */
export interface ApiTokensPageProps {
  tokens: ApiTokenRow[];
  /** The user's own permissions: what a new token may receive. */
  abilities: AbilityGroup[];
  expiries: Array<{ value: string; label: string }>;
  /** The secret of the token just created: shown once, then never again. */
  new_token: { id: number; name: string; token: string } | null;
  can: { create: boolean; see_all: boolean };
  base_url: string;
}

/** The parts of the OpenAPI document the reference page renders. */
export interface OpenApiSchema {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  format?: string;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  properties?: Record<string, OpenApiSchema>;
  items?: OpenApiSchema;
  required?: string[];
  anyOf?: OpenApiSchema[];
  $ref?: string;
}

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  'x-permissions': string[];
  parameters?: Array<{
    name: string;
    in: 'path' | 'query' | 'header';
    required: boolean;
    description?: string;
    schema: OpenApiSchema;
  }>;
  requestBody?: { content: { 'application/json': { schema: OpenApiSchema } } };
  responses: Record<string, { description: string; content?: { 'application/json': { schema: OpenApiSchema } } }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, Partial<Record<'get' | 'post' | 'patch' | 'put' | 'delete', OpenApiOperation>>>;
}

export interface ApiReferencePageProps {
  document: OpenApiDocument;
  base_url: string;
}
