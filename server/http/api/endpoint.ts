import type { Knex } from 'knex';
import type { z } from 'zod';
import type { Permission } from '../../../shared/permissions.js';
import type { ROUTES } from '../../../shared/routes.js';
import type { UserContext } from '../../auth/user-context.js';
import type { Viewer } from '../../policies/index.js';
import type { Actor } from '../../services/actor.js';
import type { ApiTokenRecord } from '../../services/api-tokens/tokens.js';
import type { IdempotencyScope } from '../../services/idempotency.js';
import type { PlaceScope } from './scope.js';

/**
 * One operation of the REST API, declared once: the router (server/http/api/index.ts) serves it
 * from this declaration and the OpenAPI document (openapi.ts) is generated from the same one — its
 * path from the route table, its parameters and body from the zod schemas the router validates
 * with, its answer from the zod schema of the response. A new operation is one object in an
 * endpoints file, listed in API_ENDPOINTS (endpoints/index.ts).
 */
export type ApiRouteName = Extract<keyof typeof ROUTES, `api.${string}`>;

/** Who calls: the token, its owner, and what the pair may do. */
export interface ApiPrincipal {
  token: ApiTokenRecord;
  user: UserContext;
  /** The token's abilities its owner still holds: every policy of the API asks this, never the owner's full permissions. */
  viewer: Viewer;
  actor: Actor;
  /** The places the token's user may work on (scope.ts: the one point where the places policy plugs in). */
  places: PlaceScope;
}

export interface ApiCall<Q, B> {
  db: Knex;
  principal: ApiPrincipal;
  /** The :id of the path, when it has one (already checked: a positive integer, else 404). */
  id: number;
  query: Q;
  /** The body as the schema parsed it (operations with `body`), or the raw JSON object (`partial` ones parse it themselves). */
  body: B;
  raw: Record<string, unknown>;
  currency: string;
  /** The Idempotency-Key of a create (null when none was sent) and the request's fingerprint. */
  idempotency: IdempotencyScope | null;
  fingerprint: string;
}

/** What an operation answers: its body, and for a create the id of the new resource (Location header). */
export interface ApiAnswer {
  body: unknown;
  location?: string;
  replayed?: boolean;
}

export interface ApiEndpoint<Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  method: 'get' | 'post' | 'patch';
  route: ApiRouteName;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  /** Every one of these is needed, as a token ability AND as a permission its owner still holds. */
  permissions: readonly Permission[];
  query?: Q;
  /** The body's schema (most depend on the company currency, like the screens' forms). */
  body?: (currency: string) => B;
  /** A partial update: every body field optional, merged onto the current record by the operation. */
  partial?: boolean;
  /** A create: 201, `Idempotency-Key` honoured. */
  creates?: boolean;
  response: z.ZodType;
  /** Statuses this operation answers besides 200/201, 400, 401, 403, 429 (404, 409, 422…). */
  errors: readonly number[];
  handle(call: ApiCall<z.output<Q>, z.output<B>>): Promise<ApiAnswer>;
}

/** Declares an operation (keeps the query and body types flowing into `handle`). */
export function endpoint<Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType>(
  e: ApiEndpoint<Q, B>,
): ApiEndpoint<Q, B> {
  return e;
}

/** An operation of any shape, as the router and the document generator see them. */
// biome-ignore lint: the list holds operations of different query and body types.
export type AnyEndpoint = ApiEndpoint<any, any>;
