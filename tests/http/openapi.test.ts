import request from 'supertest';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../shared/routes.js';
import { API_ENDPOINTS } from '../../server/http/api/endpoints/index.js';
import { openApiPath } from '../../server/http/api/openapi.js';
import { clientSchema } from '../../server/services/clients/schema.js';
import { productSchema } from '../../server/services/products/schema.js';
import { type TestApp, createTestApp } from '../support/app.js';
import { registeredRoutes } from '../support/routes.js';

/**
 * The OpenAPI document of /api/v1: a valid OpenAPI 3.1 document (no validator library is installed,
 * so the essentials of the specification are checked here with zod), listing exactly the operations
 * the router serves (the test walks Express's router), generated from the zod schemas the routes
 * validate with.
 */
const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

const schemaObject: z.ZodType = z.lazy(() =>
  z
    .object({
      type: z.union([z.enum(JSON_TYPES), z.array(z.enum(JSON_TYPES)).min(1)]).optional(),
      properties: z.record(z.string(), schemaObject).optional(),
      items: schemaObject.optional(),
      required: z.array(z.string()).optional(),
      enum: z.array(z.unknown()).min(1).optional(),
      $ref: z.string().startsWith('#/components/schemas/').optional(),
      anyOf: z.array(schemaObject).optional(),
      description: z.string().optional(),
      additionalProperties: z.union([z.boolean(), schemaObject]).optional(),
      propertyNames: schemaObject.optional(),
    })
    .loose()
    .refine(
      (s) => !s.required || !s.properties || s.required.every((r: string) => r in s.properties!),
      'required names an unknown property',
    ),
);

const mediaType = z.object({ schema: schemaObject }).strict();
const parameter = z.object({
  name: z.string().min(1),
  in: z.enum(['path', 'query', 'header', 'cookie']),
  required: z.boolean(),
  description: z.string().optional(),
  schema: schemaObject,
});
const response = z.object({
  description: z.string().min(1),
  headers: z.record(z.string(), z.object({ schema: schemaObject }).loose()).optional(),
  content: z.record(z.string(), mediaType).optional(),
});
const operation = z
  .object({
    operationId: z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/),
    tags: z.array(z.string()).min(1),
    summary: z.string().min(1),
    description: z.string().optional(),
    security: z.array(z.record(z.string(), z.array(z.string()))),
    parameters: z.array(parameter).optional(),
    requestBody: z.object({ required: z.boolean(), content: z.record(z.string(), mediaType) }).optional(),
    responses: z
      .record(z.string().regex(/^[1-5]\d\d$/), response)
      .refine((r) => Object.keys(r).some((s) => s.startsWith('2')), 'no success response'),
  })
  .loose();
const openApi31 = z.object({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: z.object({ title: z.string().min(1), version: z.string().min(1), description: z.string().optional() }),
  servers: z.array(z.object({ url: z.string().min(1) })).optional(),
  tags: z.array(z.object({ name: z.string() })).optional(),
  paths: z.record(
    z.string().regex(/^\//),
    z.partialRecord(z.enum(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']), operation),
  ),
  components: z.object({
    securitySchemes: z.record(
      z.string(),
      z
        .object({
          type: z.enum(['http', 'apiKey', 'oauth2', 'openIdConnect', 'mutualTLS']),
          scheme: z.string().optional(),
        })
        .loose(),
    ),
    schemas: z.record(z.string(), schemaObject),
  }),
});

describe('the OpenAPI document of /api/v1', () => {
  let t: TestApp;
  let doc: any;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const res = await request(t.app).get(ROUTES['api.openapi']);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/json');
    doc = res.body;
  });
  afterAll(() => t.close());

  it('is served without a token and is a valid OpenAPI 3.1 document', () => {
    const result = openApi31.safeParse(doc);
    expect(result.success ? [] : result.error.issues.slice(0, 5)).toEqual([]);
    // Every $ref resolves, every security requirement names a declared scheme, operation ids are unique.
    const refs = JSON.stringify(doc).match(/"\$ref":"([^"]+)"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs)
      expect(doc.components.schemas).toHaveProperty(ref.replace(/.*#\/components\/schemas\/([^"]+)"$/, '$1'));
    const ops = Object.values(doc.paths).flatMap((item: any) => Object.values(item)) as any[];
    for (const op of ops)
      for (const req of op.security)
        for (const name of Object.keys(req)) expect(doc.components.securitySchemes).toHaveProperty(name);
    const ids = ops.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    // Each {param} of a path is declared as a required path parameter of each of its operations.
    for (const [path, item] of Object.entries(doc.paths) as Array<[string, any]>) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const op of Object.values(item) as any[]) {
        for (const name of names)
          expect(op.parameters.find((p: any) => p.in === 'path' && p.name === name)?.required).toBe(true);
      }
    }
  });

  it('lists every operation the /api/v1 router serves, and only those', () => {
    const served = registeredRoutes(t.app)
      .filter(
        (r) =>
          r.path.startsWith('/api/v1/') &&
          r.path !== ROUTES['api.openapi'] &&
          !['_ALL', 'HEAD', 'OPTIONS'].includes(r.method),
      )
      .map((r) => `${r.method} ${openApiPath(r.path)}`)
      .sort();
    // The walker must see the API routes at all, or this test would prove nothing.
    expect(served.length).toBeGreaterThanOrEqual(API_ENDPOINTS.length);
    const documented = Object.entries(doc.paths)
      .flatMap(([path, item]) => Object.keys(item as object).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual(served);
  });

  it('describes the bodies with the schemas the screens validate with (not written by hand)', () => {
    const create = doc.paths[openApiPath(ROUTES['api.products.index'])].post;
    const body = create.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties).sort()).toEqual(Object.keys(productSchema('XOF').shape).sort());
    // Required: what the screen's schema refuses when absent.
    expect(body.required.sort()).toEqual(['category_id', 'code', 'name', 'unit']);
    expect(body.properties.code).toMatchObject({ type: 'string', maxLength: 30 });
    const client =
      doc.paths[openApiPath(ROUTES['api.clients.index'])].post.requestBody.content['application/json'].schema;
    expect(Object.keys(client.properties).sort()).toEqual(Object.keys(clientSchema('XOF').shape).sort());
    expect(client.properties.price_level.enum).toEqual(['detail', 'gros']);
    // A partial update requires nothing; a create honours Idempotency-Key; a list documents its cursor.
    expect(
      doc.paths[openApiPath(ROUTES['api.products.show'])].patch.requestBody.content['application/json'].schema.required,
    ).toBeUndefined();
    expect(create.parameters.map((p: any) => p.name)).toContain('Idempotency-Key');
    expect(doc.paths[openApiPath(ROUTES['api.products.index'])].get.parameters.map((p: any) => p.name)).toEqual(
      expect.arrayContaining(['q', 'cursor', 'limit']),
    );
    expect(create.responses['422'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/ValidationError',
    );
    expect(create['x-permissions']).toEqual(['menu.produits', 'products.create']);
  });
});
