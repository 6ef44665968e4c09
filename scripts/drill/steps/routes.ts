/** Items 5 and 6 of the drill: fuzzing of every mutating route, route × role matrix — routes read from Express. */
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { createApp } from '../../../server/app.js';
import { loadConfig } from '../../../server/config.js';
import { createApiToken } from '../../../server/services/api-tokens/tokens.js';
import { type RegisteredRoute, registeredRoutes } from '../../../server/http/route-walker.js';
import { ALL_PERMISSIONS, SEEDED_ROLES, isKnownPermission } from '../../../shared/permissions.js';
import { fuzzRoutes, isMutating, routeMatrix, type Subject, type Target } from '../attack.js';
import type { DrillContext } from '../context.js';
import { DOCUMENT_FORMS, OTHER_FORMS } from '../forms.js';
import { DRILL_ADMIN } from '../harness.js';
import { makeUser } from '../world.js';

const STEP_FUZZ = '5 Fuzzing';
const STEP_MATRIX = '6 Matrice';

/**
 * The routes of the application as Express registers them: the same createApp as the server,
 * built here (never listening) only to walk its routers.
 */
export function applicationRoutes(ctx: DrillContext): RegisteredRoute[] {
  const config = loadConfig({ NODE_ENV: 'test', APP_KEY: 'drill-walker-0123456789abcdef' } as NodeJS.ProcessEnv, { storageDir: ctx.database.storageDir, database: ctx.database.config });
  const app = createApp({ db: ctx.db, config, logger: pino({ level: 'silent' }), assets: { version: 'walker', tags: () => '' } });
  return registeredRoutes(app);
}

const target = (ctx: DrillContext): Target => ({ base: ctx.app.url, counts: () => ctx.database.counts() });

export async function matrix(ctx: DrillContext): Promise<void> {
  const routes = applicationRoutes(ctx);
  // Every permission a guard names is in the catalogue (a typo would make a route nobody may open).
  const unknown = [...new Set(routes.flatMap((r) => r.guards.flatMap((g) => ('permissions' in g ? g.permissions : []))))].filter((p) => !isKnownPermission(p));
  ctx.report.check(STEP_MATRIX, 'gardes ↔ catalogue des permissions', `${routes.length} routes lues dans le routeur`, 'chaque permission nommée par une garde est au catalogue', unknown.map((p) => `permission inconnue ${p}`));

  const subjects: Subject[] = [{ label: 'visiteur', login: null, permissions: new Set() }];
  for (const role of SEEDED_ROLES) subjects.push({ label: `rôle ${role.name}`, login: await makeUser(ctx.db, role.name, { role: role.name }), permissions: new Set(role.permissions) });
  // Short mode: one single-permission user in four (a different quarter with each seed); full: all.
  const random = ctx.random(6);
  const singles = ctx.full ? ALL_PERMISSIONS : ALL_PERMISSIONS.filter(() => random() < 0.25);
  for (const p of singles) subjects.push({ label: `seule ${p}`, login: await makeUser(ctx.db, p, { permissions: [p] }), permissions: new Set([p]) });

  const result = await routeMatrix(target(ctx), routes, subjects);
  for (const u of result.undeclared) ctx.report.fail(STEP_MATRIX, u, 'garde déclarée', "aucune garde déclarée (can/canAny/requireAuth/requireGuest/publicRoute) : la route n’est protégée par rien de connu");
  ctx.report.check(
    STEP_MATRIX,
    `${result.routes} routes × ${subjects.length} sujets`,
    `${subjects.length - 1 - singles.length} rôles, ${singles.length}/${ALL_PERMISSIONS.length} permissions seules, un visiteur`,
    `${result.requests} réponses conformes aux gardes (403 sans la permission, rien d’écrit) ; ${result.leftToFuzz} actions permises laissées au fuzzing`,
    result.failures,
  );
}

export async function fuzz(ctx: DrillContext): Promise<void> {
  const routes = applicationRoutes(ctx).filter((r) => r.method !== '_ALL');
  const screens = routes.filter((r) => !r.path.startsWith('/api/'));
  // The forms the drill knows give valid bodies to mutate one field at a time.
  const fc = await ctx.forms();
  const valid = new Map<string, () => Record<string, unknown>>();
  for (const form of [...Object.values(DOCUMENT_FORMS), ...Object.values(OTHER_FORMS)]) {
    if (form.series === 'AV') continue; // needs a sale per body
    const build = await form.prepare(fc, 3);
    valid.set(`POST ${form.url}`, () => build(0));
  }
  const runs = ctx.full ? 40 : 6;
  const result = await fuzzRoutes(target(ctx), screens, { runs, seed: ctx.settings.seed, login: DRILL_ADMIN, valid });
  const mutating = screens.filter(isMutating).length;
  ctx.report.check(
    STEP_FUZZ,
    `${mutating} routes d’écriture (lues dans le routeur)`,
    `${runs} charges fast-check par route (${valid.size} formulaires mutés champ par champ)`,
    `${result.requests} requêtes : ${result.refused} refusées sans rien écrire, ${result.accepted} acceptées, aucune 5xx`,
    result.failures,
  );
  // The REST API, with a token of the administrator holding every ability.
  const api = routes.filter((r) => r.path.startsWith('/api/'));
  const admin = await ctx.db('users').where({ email: DRILL_ADMIN.email }).first('id', 'name');
  const { token } = await createApiToken(
    ctx.db,
    { permissions: new Set(ALL_PERMISSIONS), row: { id: Number(admin.id) } },
    { name: 'Exercice de fuzzing', abilities: [...ALL_PERMISSIONS], expires_in_days: 90 },
    { id: Number(admin.id), name: admin.name, ip: null },
  );
  const viaApi = await fuzzRoutes(target(ctx), api, { runs, seed: ctx.settings.seed + 1, login: DRILL_ADMIN, headers: () => ({ Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() }) });
  ctx.report.check(
    STEP_FUZZ,
    `${api.filter(isMutating).length} routes d’écriture de l’API REST`,
    `${runs} charges fast-check par route (jeton Bearer)`,
    `${viaApi.requests} requêtes : ${viaApi.refused} refusées sans rien écrire, ${viaApi.accepted} acceptées, aucune 5xx`,
    viaApi.failures,
  );
}
