/** Items 5 and 6 of the drill: fuzzing of every mutating route, route × role matrix — routes read from Express. */
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { createApp } from '../../../server/app.js';
import { loadConfig } from '../../../server/config.js';
import { createApiToken } from '../../../server/services/api-tokens/tokens.js';
import { type RegisteredRoute, registeredRoutes } from '../../../server/http/route-walker.js';
import { ALL_PERMISSIONS, SEEDED_ROLES, isKnownPermission } from '../../../shared/permissions.js';
import { ROUTES, route } from '../../../shared/routes.js';
import { permissionsWithinPlaces, placeScope } from '../../../server/policies/places.js';
import {
  type PlacedForm,
  fuzzRoutes,
  isMutating,
  placeMatrix,
  routeMatrix,
  type Subject,
  type Target,
} from '../attack.js';
import type { DrillContext } from '../context.js';
import { DOCUMENT_FORMS, OTHER_FORMS, type FormContext, key, submit } from '../forms.js';
import { DRILL_ADMIN } from '../harness.js';
import { makeAccount, makeLocation, makeUser } from '../world.js';

const STEP_FUZZ = '5 Fuzzing';
const STEP_MATRIX = '6 Matrice';

/**
 * The routes of the application as Express registers them: the same createApp as the server,
 * built here (never listening) only to walk its routers.
 */
export function applicationRoutes(ctx: DrillContext): RegisteredRoute[] {
  const config = loadConfig({ NODE_ENV: 'test', APP_KEY: 'drill-walker-0123456789abcdef' } as NodeJS.ProcessEnv, {
    storageDir: ctx.database.storageDir,
    database: ctx.database.config,
  });
  const app = createApp({
    db: ctx.db,
    config,
    logger: pino({ level: 'silent' }),
    assets: { version: 'walker', tags: () => '' },
  });
  return registeredRoutes(app);
}

const target = (ctx: DrillContext): Target => ({ base: ctx.app.url, counts: () => ctx.database.counts() });

export async function matrix(ctx: DrillContext): Promise<void> {
  const routes = applicationRoutes(ctx);
  // Every permission a guard names is in the catalogue (a typo would make a route nobody may open).
  const unknown = [
    ...new Set(routes.flatMap((r) => r.guards.flatMap((g) => ('permissions' in g ? g.permissions : [])))),
  ].filter((p) => !isKnownPermission(p));
  ctx.report.check(
    STEP_MATRIX,
    'gardes ↔ catalogue des permissions',
    `${routes.length} routes lues dans le routeur`,
    'chaque permission nommée par une garde est au catalogue',
    unknown.map((p) => `permission inconnue ${p}`),
  );

  const subjects: Subject[] = [{ label: 'visiteur', login: null, permissions: new Set() }];
  for (const role of SEEDED_ROLES)
    subjects.push({
      label: `rôle ${role.name}`,
      login: await makeUser(ctx.db, role.name, { role: role.name }),
      permissions: new Set(role.permissions),
    });
  // Short mode: one single-permission user in four (a different quarter with each seed); full: all.
  const random = ctx.random(6);
  const singles = ctx.full ? ALL_PERMISSIONS : ALL_PERMISSIONS.filter(() => random() < 0.25);
  for (const p of singles)
    subjects.push({
      label: `seule ${p}`,
      login: await makeUser(ctx.db, p, { permissions: [p] }),
      permissions: new Set([p]),
    });

  // A user of another place holding every permission: what the guards promise them is what they
  // hold within their places (never the backups: the whole database).
  const elsewhere = await makeLocation(ctx.db, 'Emplacement exercice autre');
  const outsider = await makeUser(
    ctx.db,
    'autre emplacement',
    { permissions: [...ALL_PERMISSIONS] },
    { locations: [elsewhere] },
  );
  const within = permissionsWithinPlaces(
    new Set(ALL_PERMISSIONS),
    placeScope({ isAdmin: false, restricted: true, locationIds: [elsewhere], treasuryAccountIds: [] }),
  );
  subjects.push({ label: 'toutes permissions, autre emplacement', login: outsider, permissions: within });

  const result = await routeMatrix(target(ctx), routes, subjects);
  for (const u of result.undeclared)
    ctx.report.fail(
      STEP_MATRIX,
      u,
      'garde déclarée',
      'aucune garde déclarée (can/canAny/requireAuth/requireGuest/publicRoute) : la route n’est protégée par rien de connu',
    );
  ctx.report.check(
    STEP_MATRIX,
    `${result.routes} routes × ${subjects.length} sujets`,
    `${subjects.length - 1 - singles.length} rôles, ${singles.length}/${ALL_PERMISSIONS.length} permissions seules, un visiteur`,
    `${result.requests} réponses conformes aux gardes (403 sans la permission, rien d’écrit) ; ${result.leftToFuzz} actions permises laissées au fuzzing`,
    result.failures,
  );

  // Places: every place-scoped route × the user of another place, on records of each kind; then
  // each document form, with a body valid at the world's places, sent by that user.
  const fc = await ctx.forms();
  const records = await placedRecords(fc);
  const forms = await placedForms(fc);
  const places = await placeMatrix(target(ctx), routes, { outsider, owner: DRILL_ADMIN }, records, forms);
  ctx.report.check(
    STEP_MATRIX,
    `${places.routes} routes d’un document ou d’une fiche à un emplacement, ${places.forms} formulaires × un utilisateur d’un autre emplacement`,
    `toutes permissions, restreint à un emplacement où rien n’est ; ${Object.values(records).flat().length} documents et fiches de ${Object.keys(records).length} sortes`,
    `${places.requests} réponses : 404 comme un document inconnu, formulaires refusés, rien d’écrit ; l’administrateur ouvre les mêmes pages`,
    places.failures,
  );
  for (const u of places.uncovered)
    ctx.report.notCovered(STEP_MATRIX, u, 'aucun document de cette sorte fait par l’exercice');
}

/**
 * Records of each kind a places guard names (server/http/middleware/places.ts `requirePlace`,
 * `requireAccountDocument`, `requireAccount`, `requireDesk`), made through the forms as the
 * administrator at the world's places (the depot, the shop, their desks) — several where a route
 * serves only some of them (a ticket a counter sale, an adjustment sheet a validated count).
 */
async function placedRecords(fc: FormContext): Promise<Record<string, number[]>> {
  const made = async (form: keyof typeof DOCUMENT_FORMS | 'closing') => {
    const f = form === 'closing' ? OTHER_FORMS.closing : DOCUMENT_FORMS[form];
    return submit(fc, f, (await f.prepare(fc, 1))(0));
  };
  const first = async (query: Promise<{ id: unknown } | undefined>) => Number((await query)!.id);
  const closing = await made('closing');
  const records: Record<string, number[]> = {
    entry: [await made('ENT')],
    transfer: [await made('TRF')],
    sale: [await made('FAC'), await made('VB')],
    creditNote: [await made('AV')],
    settlement: [await made('REG')],
    cashOperation: [await made('CAI')],
    closing: [closing],
    location: [fc.world.shop, fc.world.depot],
    cashDesk: [await first(fc.db('cash_desks').where({ location_id: fc.world.shop }).orderBy('id').first('id'))],
    treasuryAccount: [
      await makeAccount(fc.db, fc.world, 'banque', 'Banque matrice'),
      Number((await fc.db('cash_closings').where({ id: closing }).first('account_id'))!.account_id),
    ],
  };
  await made('INV');
  records.adjustment = [await first(fc.db('stock_adjustments').orderBy('id', 'desc').first('id'))];
  // Counts at a location of their own (one count at a time per place): one validated, one open.
  const counted = await makeLocation(fc.db, 'Emplacement inventorié');
  const count = async () => {
    const res = await fc.admin.post(ROUTES['inventory.index'], {
      idempotency_key: key(),
      location_id: counted,
      count_date: fc.world.today,
      blind: false,
      category_ids: [],
      note: '',
    });
    const id = /\/operations\/gestionstock\/(\d+)$/.exec(res.location)?.[1];
    if (!id)
      throw new Error(
        `inventaire refusé pendant la préparation (HTTP ${res.status}) : ${JSON.stringify((await fc.admin.outcome(res)).errors)}`,
      );
    return Number(id);
  };
  const validated = await count();
  const { version } = (await fc.db('inventory_counts').where({ id: validated }).first('version'))!;
  const res = await fc.admin.post(route('inventory.validate', { id: validated }), {
    version: Number(version),
    moved_policy: '',
    uncounted_as_zero: true,
  });
  if (!res.location.endsWith('tab=ecarts'))
    throw new Error(
      `validation d’inventaire refusée pendant la préparation (HTTP ${res.status}) : ${JSON.stringify((await fc.admin.outcome(res)).errors)}`,
    );
  records.count = [await count(), validated];
  return records;
}

/** Each document form with a body valid at the world's places (the administrator's): what a user of another place sends. */
async function placedForms(fc: FormContext): Promise<PlacedForm[]> {
  const forms: PlacedForm[] = [];
  for (const f of [...Object.values(DOCUMENT_FORMS), OTHER_FORMS.closing])
    forms.push({ label: f.label, url: f.url, body: (await f.prepare(fc, 1))(0), done: f.done });
  return forms;
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
  const admin = (await ctx.db('users').where({ email: DRILL_ADMIN.email }).first('id', 'name'))!;
  const { token } = await createApiToken(
    ctx.db,
    { permissions: new Set(ALL_PERMISSIONS), row: { id: Number(admin.id) } },
    { name: 'Exercice de fuzzing', abilities: [...ALL_PERMISSIONS], expires_in_days: 90 },
    { id: Number(admin.id), name: admin.name, ip: null },
  );
  const viaApi = await fuzzRoutes(target(ctx), api, {
    runs,
    seed: ctx.settings.seed + 1,
    login: DRILL_ADMIN,
    headers: () => ({ Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() }),
  });
  ctx.report.check(
    STEP_FUZZ,
    `${api.filter(isMutating).length} routes d’écriture de l’API REST`,
    `${runs} charges fast-check par route (jeton Bearer)`,
    `${viaApi.requests} requêtes : ${viaApi.refused} refusées sans rien écrire, ${viaApi.accepted} acceptées, aucune 5xx`,
    viaApi.failures,
  );
}
