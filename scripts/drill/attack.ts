/**
 * The drill's route-wide attacks, usable on any running application (the drill's child process,
 * or a test app on a port — tests/http/drill.test.ts proves they catch a planted failure):
 * - `fuzzRoutes`: every mutating route receives property-based payloads (fast-check) → never a
 *   5xx, and a refused request writes no row (row counts of every table compared);
 * - `routeMatrix`: every route × subjects (roles, single permissions, a guest) → the answer the
 *   declared guards promise (403 without the permission, nothing written), a route without a
 *   declared guard is a failure;
 * - `placeMatrix`: every record route declaring a places guard, and the document forms, × a user
 *   of another place → 404 like an unknown record (the owner opens it), forms refused, nothing written.
 */
import fc from 'fast-check';
import type { DeclaredGuard } from '../../server/http/middleware/auth.js';
import { type RegisteredRoute, declaresAccess } from '../../server/http/route-walker.js';
import { type Answer, Browser } from './browser.js';
import { changedTables } from './harness.js';

export interface Target {
  base: string;
  /** Row count of every table. */
  counts(): Promise<Record<string, number>>;
}

export const isMutating = (r: { method: string }) => !['GET', 'HEAD', 'OPTIONS', '_ALL'].includes(r.method);
const label = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/**
 * Tables a refused request may write by design: a failed login or password check is counted in
 * throttle_hits BEFORE the check (services/accounts/throttle.ts), so that parallel guesses cannot
 * slip through.
 */
export const WRITES_ON_REFUSAL = new Set(['throttle_hits']);

// ——— Route × role matrix ———

export interface Subject {
  label: string;
  /** null: a visitor who is not signed in. */
  login: { email: string; password: string } | null;
  permissions: ReadonlySet<string>;
}

export type Access = 'allowed' | 'forbidden' | 'login' | 'guest-only' | 'token';

/** What the declared guards promise this subject (verified users; password confirmation is a step, not a refusal). */
export function expectedAccess(
  guards: readonly DeclaredGuard[],
  subject: Pick<Subject, 'login' | 'permissions'>,
): Access {
  const signedIn = subject.login !== null;
  for (const g of guards) {
    switch (g.kind) {
      case 'token':
        return 'token';
      case 'guest':
        if (signedIn) return 'guest-only';
        break;
      case 'auth':
        if (!signedIn) return 'login';
        break;
      case 'all':
        if (!signedIn) return 'login';
        if (!g.permissions.every((p) => subject.permissions.has(p))) return 'forbidden';
        break;
      case 'any':
        if (!signedIn) return 'login';
        if (!g.permissions.some((p) => subject.permissions.has(p))) return 'forbidden';
        break;
      case 'policy':
        if (!signedIn) return 'login';
        if (!g.allows(subject.permissions)) return 'forbidden';
        break;
      default:
        break;
    }
  }
  return 'allowed';
}

function answered(a: Answer): Access | 'error' {
  if (a.status >= 500) return 'error';
  if (a.status === 403) return 'forbidden';
  // A visitor at a JSON guard, or the API without its token.
  if (a.status === 401) return 'login';
  if (a.status === 302 || a.status === 303 || a.status === 409) {
    const to = a.location.replace(/^https?:\/\/[^/]+/, '');
    if (to === '/login' || to.startsWith('/login?')) return 'login';
    if (to === '/dashboard') return 'guest-only';
  }
  return 'allowed';
}

function matches(expected: Access, got: Access | 'error'): boolean {
  if (got === 'error') return false;
  if (expected === 'allowed') return got !== 'forbidden' && got !== 'login' && got !== 'token';
  // The JSON guards answer 401 to a visitor; the API's token guard too.
  if (expected === 'token') return got === 'login';
  if (expected === 'guest-only') return got === 'guest-only';
  return got === expected;
}

export interface MatrixResult {
  routes: number;
  requests: number;
  /** Mutating routes the subject may use: not sent here (they would do the work), the fuzz sends them. */
  leftToFuzz: number;
  undeclared: string[];
  failures: string[];
}

/** A concrete URL for a pattern: `:id` → 1, other parameters → x. */
export const concrete = (path: string) => path.replace(/:id\b/g, '1').replace(/:[A-Za-z_]+/g, 'x');

/** Runs `work` over `items`, `n` at a time. */
async function pool<T>(items: T[], n: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/**
 * Each subject in turn: first the mutating routes it must be refused (a few at a time, the row
 * counts of every table compared around the whole batch — a refused request writes nothing, and
 * when something was written the batch is replayed one request at a time to name the route), then
 * every page and JSON endpoint. Mutating routes the subject may use are left to the fuzz.
 */
export async function routeMatrix(
  target: Target,
  routes: RegisteredRoute[],
  subjects: Subject[],
  concurrency = 4,
): Promise<MatrixResult> {
  const result: MatrixResult = { routes: routes.length, requests: 0, leftToFuzz: 0, undeclared: [], failures: [] };
  for (const r of routes) if (!declaresAccess(r)) result.undeclared.push(label(r));
  const checked = routes.filter((r) => r.method !== '_ALL');
  for (const subject of subjects) {
    const b = new Browser(target.base);
    if (subject.login) await b.login(subject.login.email, subject.login.password);
    else await b.open();
    const ask = async (r: RegisteredRoute) => {
      const expected = expectedAccess(r.guards, subject);
      const a = isMutating(r)
        ? await b.send(r.method, concrete(r.path), { reason: 'Exercice', version: 1 })
        : await b.visit(concrete(r.path));
      result.requests++;
      const got = answered(a);
      if (!matches(expected, got))
        result.failures.push(
          `${subject.label} : ${label(r)} → HTTP ${a.status}${a.location ? ` ${a.location}` : ''} (attendu ${expected})`,
        );
    };
    // Signing out would end the subject's session: the fuzz and the auth tests cover it.
    const mine = checked.filter((r) => !(r.path === '/logout' && subject.login));
    const refusedWrites: RegisteredRoute[] = [];
    const reads: RegisteredRoute[] = [];
    for (const r of mine) {
      if (!isMutating(r)) reads.push(r);
      else if (expectedAccess(r.guards, subject) === 'allowed') result.leftToFuzz++;
      else refusedWrites.push(r);
    }
    const before = await target.counts();
    await pool(refusedWrites, concurrency, ask);
    const batchWrote = changedTables(before, await target.counts()).filter((t) => !WRITES_ON_REFUSAL.has(t));
    if (batchWrote.length) {
      const known = result.failures.length;
      for (const r of refusedWrites) {
        const one = await target.counts();
        await b.send(r.method, concrete(r.path), { reason: 'Exercice', version: 1 });
        const wrote = changedTables(one, await target.counts()).filter((t) => !WRITES_ON_REFUSAL.has(t));
        if (wrote.length)
          result.failures.push(`${subject.label} : ${label(r)} refusé mais a écrit dans ${wrote.join(', ')}`);
      }
      if (result.failures.length === known)
        result.failures.push(
          `${subject.label} : ses requêtes refusées ont écrit dans ${batchWrote.join(', ')} (non reproduit une à une)`,
        );
    }
    await pool(reads, concurrency, ask);
  }
  return result;
}

// ——— Fuzzing ———

const FIELD_NAMES = [
  'id',
  'idempotency_key',
  'version',
  'lines',
  'quantity',
  'product_id',
  'location_id',
  'client_id',
  'supplier_id',
  'amount',
  'payments',
  'method',
  'name',
  'code',
  'email',
  'password',
  'reason',
  'note',
  'status',
  'permissions',
  'date',
  'sale_id',
  'unit_price',
  'discount',
  'kind',
  'q',
];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    '\u0007\u001b[31m',
    'a\u202eb',
    '\ud800',
    'é'.repeat(5000),
    'x'.repeat(300_000),
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '1e309',
    'NaN',
    '-0',
    '0x10',
    ' 12 ',
    '١٢٣',
  ),
);
const extremeNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    0,
    -1,
    1.5,
    2 ** 31,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    1e21,
    -1e21,
  ),
);
const leaf = fc.oneof(fc.constant(null), fc.boolean(), extremeNumber, hostileString);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELD_NAMES, ...PROTO_KEYS), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A request body: a JSON object of known field names, or raw text that is not one. */
export type FuzzBody = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string };

const objectBody = fc
  .dictionary(fc.constantFrom(...FIELD_NAMES), hostileValue, { maxKeys: 8 })
  .map((value): FuzzBody => ({ kind: 'json', value }));
const rawBody = fc
  .oneof(
    fc.constantFrom(
      '{"__proto__":{"isAdmin":true,"permissions":["*"]},"constructor":{"prototype":{"polluted":1}}}',
      '{"a":',
      'null',
      '[]',
      '"texte"',
      '12',
      '{"lines":[{"__proto__":{"quantity":1}}]}',
      `{"q":"${'['.repeat(5000)}"}`,
    ),
    fc.json({ maxDepth: 3 }),
  )
  .map((text): FuzzBody => ({ kind: 'raw', text }));

/** Mutations of a valid body (when the drill knows the route's form): a field wrong, or missing. */
function mutated(valid: Record<string, unknown>): fc.Arbitrary<FuzzBody> {
  const keys = Object.keys(valid);
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(...keys), hostileValue)
      .map(([k, v]): FuzzBody => ({ kind: 'json', value: { ...valid, [k]: v } })),
    fc.constantFrom(...keys).map((k): FuzzBody => {
      const { [k]: _gone, ...rest } = valid;
      return { kind: 'json', value: rest };
    }),
    fc.tuple(fc.constantFrom(...keys), hostileValue).map(([k, v]): FuzzBody => {
      const lines = Array.isArray(valid.lines) ? (valid.lines as Array<Record<string, unknown>>) : null;
      return {
        kind: 'json',
        value: lines?.length ? { ...valid, lines: [{ ...lines[0], [k]: v }, ...lines.slice(1)] } : { ...valid, [k]: v },
      };
    }),
  );
}

const paramValue = fc.constantFrom(
  '1',
  '2',
  '0',
  '-1',
  '999999999',
  '1.5',
  'abc',
  '9'.repeat(30),
  '%00',
  '%2e%2e',
  '1e3',
  '%F0%9F%92%A5',
);

export interface FuzzCase {
  path: string;
  body: FuzzBody;
}

/** `runs` property-based cases for a route: hostile path parameters and bodies, deterministic by seed. */
export function fuzzCases(
  route: RegisteredRoute,
  runs: number,
  seed: number,
  valid?: () => Record<string, unknown>,
): FuzzCase[] {
  const params = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
  const bodies = valid
    ? fc.oneof(objectBody, rawBody, mutated(valid()), mutated(valid()))
    : fc.oneof(objectBody, objectBody, rawBody);
  const arb = fc.record({ params: fc.tuple(...params.map(() => paramValue)), body: bodies });
  return fc.sample(arb, { numRuns: runs, seed }).map(({ params: values, body }) => {
    let path = route.path;
    params.forEach((p, i) => {
      path = path.replace(`:${p}`, values[i]);
    });
    return { path, body };
  });
}

function describeBody(body: FuzzBody): string {
  const text = body.kind === 'raw' ? body.text : (JSON.stringify(body.value) ?? 'undefined');
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

export interface FuzzResult {
  routes: number;
  requests: number;
  refused: number;
  accepted: number;
  failures: string[];
}

export interface FuzzOptions {
  runs: number;
  seed: number;
  /** The signed-in user who sends the payloads (every permission, password confirmed). */
  login: { email: string; password: string };
  /** Valid bodies of the forms the drill knows ("POST /path" → body), to mutate one field at a time. */
  valid?: Map<string, () => Record<string, unknown>>;
  /** Headers of each request (the REST API's Bearer token and a fresh Idempotency-Key). */
  headers?: () => Record<string, string>;
  onRoute?: (route: RegisteredRoute, failures: number) => void;
}

export async function fuzzRoutes(target: Target, routes: RegisteredRoute[], options: FuzzOptions): Promise<FuzzResult> {
  const result: FuzzResult = { routes: 0, requests: 0, refused: 0, accepted: 0, failures: [] };
  let b = new Browser(target.base);
  const signIn = async () => {
    b = new Browser(target.base);
    await b.login(options.login.email, options.login.password);
    await b.confirmPassword(options.login.password);
  };
  await signIn();
  let seed = options.seed;
  for (const route of routes.filter(isMutating)) {
    result.routes++;
    const before = result.failures.length;
    for (const c of fuzzCases(route, options.runs, seed++, options.valid?.get(label(route)))) {
      const counts = await target.counts();
      let a: Answer;
      try {
        a = await b.request(route.method, c.path, c.body.kind === 'raw' ? c.body.text : c.body.value, {
          'Content-Type': 'application/json',
          ...options.headers?.(),
        });
      } catch (err) {
        result.failures.push(
          `${label(route)} ${c.path} : pas de réponse (${(err as Error).message}) pour ${describeBody(c.body)}`,
        );
        continue;
      }
      result.requests++;
      const after = await target.counts();
      if (a.status >= 500) {
        result.failures.push(`${label(route)} ${c.path} → HTTP ${a.status} pour ${describeBody(c.body)}`);
        continue;
      }
      const lostSession = /\/login$|^\/$|\/confirm-password$/.test(a.location.replace(/^https?:\/\/[^/]+/, ''));
      const outcome = lostSession ? { refused: false } : await b.outcome(a);
      if (outcome.refused) {
        result.refused++;
        const wrote = changedTables(counts, after).filter((t) => !WRITES_ON_REFUSAL.has(t));
        if (wrote.length)
          result.failures.push(
            `${label(route)} ${c.path} refusé (HTTP ${a.status} ${a.location} ${JSON.stringify('errors' in outcome ? outcome.errors : {})}) mais a écrit dans ${wrote.join(', ')} (${describeBody(c.body)})`,
          );
      } else result.accepted++;
      if (lostSession) await signIn();
    }
    options.onRoute?.(route, result.failures.length - before);
  }
  return result;
}

// ——— Places matrix ———

/** The places guard a route declares (server/http/middleware/places.ts), or null. */
export const placeGuardOf = (r: RegisteredRoute) =>
  r.guards.find((g): g is Extract<DeclaredGuard, { kind: 'place' }> => g.kind === 'place') ?? null;

/** A form that makes a document at a place (its body names the place: a location, a desk, an account, a sale). */
export interface PlacedForm {
  label: string;
  url: string;
  body: Record<string, unknown>;
  /** The id of the document a success lands on, null for a refusal (forms.ts `done`). */
  done: (location: string) => number | null;
}

export interface PlaceMatrixResult {
  routes: number;
  forms: number;
  requests: number;
  /** Place-scoped routes whose kind of record the drill made none of: « non couvert ». */
  uncovered: string[];
  failures: string[];
}

/**
 * Every route that declares a places guard on a record (`/:id`) × a user of another place, on
 * each record of its kind (`records`, standing where the outsider does not work): a page answers
 * 404 as an unknown record would, and the owner (who works everywhere) opens it on at least one of
 * them, so the 404 is the places rule, not a missing record; an action answers 404 and writes
 * nothing. Then each form that makes a document at one of those places (`forms`), sent by the
 * outsider with a body valid for the owner: refused, nothing written.
 */
export async function placeMatrix(
  target: Target,
  routes: RegisteredRoute[],
  who: { outsider: { email: string; password: string }; owner: { email: string; password: string } },
  records: Readonly<Record<string, readonly number[]>>,
  forms: readonly PlacedForm[],
  concurrency = 4,
): Promise<PlaceMatrixResult> {
  const placed = routes.filter((r) => r.method !== '_ALL' && /:id\b/.test(r.path) && placeGuardOf(r));
  const result: PlaceMatrixResult = {
    routes: placed.length,
    forms: forms.length,
    requests: 0,
    uncovered: [],
    failures: [],
  };
  const outsider = new Browser(target.base);
  await outsider.login(who.outsider.email, who.outsider.password);
  await outsider.confirmPassword(who.outsider.password);
  const owner = new Browser(target.base);
  await owner.login(who.owner.email, who.owner.password);
  const idsOf = (r: RegisteredRoute) => records[placeGuardOf(r)!.document] ?? [];
  const covered = placed.filter((r) => {
    if (idsOf(r).length === 0) result.uncovered.push(`${label(r)} (${placeGuardOf(r)!.document})`);
    return idsOf(r).length > 0;
  });
  const url = (path: string, id: number) => path.replace(/:id\b/g, String(id)).replace(/:[A-Za-z_]+/g, 'x');
  const seen = (a: Answer) => `HTTP ${a.status}${a.location ? ` ${a.location}` : ''}`;
  const wroteSince = async (before: Record<string, number>) =>
    changedTables(before, await target.counts()).filter((t) => !WRITES_ON_REFUSAL.has(t));

  const writes = covered.filter(isMutating).flatMap((r) => idsOf(r).map((id) => ({ r, at: url(r.path, id) })));
  let before = await target.counts();
  await pool(writes, concurrency, async ({ r, at }) => {
    const a = await outsider.send(r.method, at, { reason: 'Exercice', version: 1, password: who.outsider.password });
    result.requests++;
    if (a.status !== 404) result.failures.push(`autre emplacement : ${label(r)} ${at} → ${seen(a)} (attendu 404)`);
  });
  const wrote = await wroteSince(before);
  if (wrote.length) result.failures.push(`autre emplacement : les actions refusées ont écrit dans ${wrote.join(', ')}`);

  await pool(
    covered.filter((r) => !isMutating(r)),
    concurrency,
    async (r) => {
      let opened = false;
      for (const id of idsOf(r)) {
        const at = url(r.path, id);
        const [theirs, mine] = [await outsider.visit(at), await owner.visit(at)];
        result.requests += 2;
        if (theirs.status !== 404)
          result.failures.push(`autre emplacement : ${label(r)} ${at} → ${seen(theirs)} (attendu 404)`);
        if (mine.status >= 500) result.failures.push(`tous emplacements : ${label(r)} ${at} → ${seen(mine)}`);
        else if (mine.status !== 404) opened = true;
      }
      if (!opened)
        result.failures.push(
          `tous emplacements : ${label(r)} ne s’ouvre pour l’administrateur sur aucun de ${idsOf(r)
            .map((id) => url(r.path, id))
            .join(', ')} (sinon le 404 ne prouve rien)`,
        );
    },
  );

  before = await target.counts();
  for (const f of forms) {
    const a = await outsider.post(f.url, f.body);
    result.requests++;
    if (a.status >= 500 || f.done(a.location) !== null || !(await outsider.outcome(a)).refused)
      result.failures.push(`autre emplacement : ${f.label} (POST ${f.url}) → ${seen(a)} (attendu : refusé)`);
  }
  const formsWrote = await wroteSince(before);
  if (formsWrote.length)
    result.failures.push(`autre emplacement : les formulaires refusés ont écrit dans ${formsWrote.join(', ')}`);
  return result;
}
