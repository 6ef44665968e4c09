import { z } from 'zod';
import type { OpenApiDocument } from '../../../shared/api.js';
import { ROUTES } from '../../../shared/routes.js';
import { API_LIMITS_TEXT } from './limits.js';
import type { AnyEndpoint } from './endpoint.js';
import { API_ENDPOINTS } from './endpoints/index.js';
import { API_MESSAGES } from './errors.js';
import { apiErrorOut } from './schemas.js';

/**
 * The OpenAPI 3.1 document of /api/v1, generated — never written by hand — from the operations'
 * declarations (endpoints/): paths from the route table, query parameters and request bodies from
 * the zod schemas the router validates with (z.toJSONSchema, input side: what a program sends),
 * answers from the response schemas (output side). Required body fields are those the schema
 * refuses when absent (an empty body parsed once), so the list cannot drift from the rules either.
 */
type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return rest;
}

/** The fields a body schema refuses when they are absent. */
function requiredFields(schema: z.ZodType): string[] {
  const result = schema.safeParse({});
  if (result.success) return [];
  return [
    ...new Set(
      result.error.issues.filter((i) => i.path.length === 1 && i.code === 'custom').map((i) => String(i.path[0])),
    ),
  ];
}

/** Express `:id` → OpenAPI `{id}`. */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z_]+)/g, '{$1}');
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Corps JSON mal formé.',
  401: 'Jeton absent, inconnu, expiré ou révoqué, ou compte désactivé.',
  403: 'Le jeton n’a pas cette permission, ou son utilisateur ne l’a plus.',
  404: 'Ressource introuvable.',
  405: 'Méthode non disponible sur cette adresse.',
  409: 'Conflit : clé d’idempotence déjà utilisée pour une autre requête, ou état qui interdit l’action.',
  413: 'Corps trop volumineux.',
  415: 'Corps qui n’est pas du JSON.',
  422: 'Données invalides : `errors` donne le message de chaque champ.',
  429: 'Trop de requêtes pour ce jeton : attendre le nombre de secondes de l’en-tête Retry-After.',
};

function operation(e: AnyEndpoint, currency: string): JsonSchema {
  const parameters: JsonSchema[] = [];
  if (ROUTES[e.route].includes(':id'))
    parameters.push({
      name: 'id',
      in: 'path',
      required: true,
      description: 'Identifiant de la ressource.',
      schema: { type: 'integer', minimum: 1 },
    });
  if (e.query) {
    const schema = jsonSchema(e.query, 'input') as { properties?: Record<string, JsonSchema> };
    const required = requiredFields(e.query);
    for (const [name, prop] of Object.entries(schema.properties ?? {})) {
      const { description, ...rest } = prop;
      parameters.push({
        name,
        in: 'query',
        required: required.includes(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  if (e.creates) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Clé d’idempotence (16 à 64 caractères : lettres, chiffres, - et _). Une requête rejouée avec la même clé rend la ressource créée la première fois (en-tête Idempotent-Replayed: true) sans rien créer de plus ; la même clé avec une autre requête : 409.',
      schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,64}$' },
    });
  }
  const op: JsonSchema = {
    operationId: e.operationId,
    tags: [e.tag],
    summary: e.summary,
    ...(e.description ? { description: e.description } : {}),
    'x-permissions': [...e.permissions],
    security: [{ bearerAuth: [] }],
    ...(parameters.length ? { parameters } : {}),
  };
  if (e.body) {
    const bodySchema = e.body(currency);
    const schema = jsonSchema(bodySchema, 'input');
    const required = e.partial ? [] : requiredFields(bodySchema);
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: { ...schema, ...(required.length ? { required } : {}) } } },
    };
  }
  const success = e.creates ? '201' : '200';
  const responses: JsonSchema = {
    [success]: {
      description: e.creates ? 'Créé (ou rejoué avec la même clé d’idempotence).' : 'Succès.',
      ...(e.creates
        ? { headers: { Location: { description: 'Adresse de la ressource créée.', schema: { type: 'string' } } } }
        : {}),
      content: { 'application/json': { schema: jsonSchema(e.response, 'output') } },
    },
  };
  const statuses = new Set([401, 403, 429, ...(e.body ? [400, 415] : []), ...e.errors]);
  for (const status of [...statuses].sort()) {
    responses[String(status)] = {
      description: ERROR_DESCRIPTIONS[status] ?? API_MESSAGES[status],
      content: {
        'application/json': {
          schema: { $ref: status === 422 ? '#/components/schemas/ValidationError' : '#/components/schemas/Error' },
        },
      },
    };
  }
  op.responses = responses;
  return op;
}

export function openApiDocument(
  currency: string,
  appUrl: string,
  endpoints: readonly AnyEndpoint[] = API_ENDPOINTS,
): OpenApiDocument {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const e of endpoints) {
    const path = openApiPath(ROUTES[e.route]);
    paths[path] ??= {};
    paths[path][e.method] = operation(e, currency);
  }
  const error = jsonSchema(apiErrorOut, 'output');
  // Typed as the reference page reads it (shared/api.ts); the tests check the whole shape.
  const document: JsonSchema = {
    openapi: '3.1.0',
    info: {
      title: 'API SDSTOCK WEB',
      version: '1.0.0',
      description: [
        'API REST de SDSTOCK WEB. Chaque requête s’authentifie par un jeton d’accès personnel (Paramètres › API) dans l’en-tête `Authorization: Bearer <jeton>` ; le cookie de session n’est jamais accepté.',
        'Un jeton agit au nom de son utilisateur, avec les seules permissions choisies à sa création que l’utilisateur détient encore ; un compte désactivé, un jeton expiré ou révoqué : 401.',
        `Les montants envoyés s’écrivent en unités de la devise (${currency}), comme dans les formulaires ; les montants rendus sont des entiers en unités mineures.`,
        'Les listes se parcourent par curseur : passer `next_cursor` en `?cursor=` jusqu’à ce qu’il vaille null.',
        API_LIMITS_TEXT,
        'Les erreurs sont en JSON : `{ "message": "…", "errors": { "champ": "…" } }`.',
      ].join('\n\n'),
    },
    servers: [{ url: appUrl.replace(/\/+$/, '') || '/' }],
    tags: [...new Set(endpoints.map((e) => e.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Jeton d’accès personnel (sdk_…).' },
      },
      schemas: {
        Error: {
          ...error,
          properties: { message: (error.properties as Record<string, unknown>).message },
          required: ['message'],
        },
        ValidationError: { ...error, required: ['message', 'errors'] },
      },
    },
  };
  return document as unknown as OpenApiDocument;
}
