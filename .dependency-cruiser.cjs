/**
 * The layer rules of DESIGN.md §2, checked by `npm run check:layers` (run first by `npm test`, so by CI).
 *
 *   resources/js (client) ──> shared
 *   server/http (routes → schemas → services → presenters → render) ──> server/services ──> server/db, server/domain
 *   server/domain, server/policies: pure        server/inertia: the protocol, knows no business
 *
 * A rule names what a layer must NOT import. Type-only imports count (tsPreCompilationDeps).
 */

/** npm packages as dependency-cruiser resolves them (the package itself or its @types). */
const npm = (...names) => `^node_modules/(@types/)?(${names.join('|')})(/|$)`;

module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'server/domain holds pure rules: no database, no http, no adapter, no services.',
      severity: 'error',
      from: { path: '^server/domain/' },
      to: {
        path: [
          npm('knex', 'express', 'express-session', 'express-serve-static-core', 'pg', 'better-sqlite3'),
          '^server/(db|http|inertia|services)/',
        ],
      },
    },
    {
      name: 'policies-are-pure',
      comment:
        'server/policies decides who may see or do what from the actor and the facts it is given: no queries, no http.',
      severity: 'error',
      from: { path: '^server/policies/' },
      to: {
        path: [
          npm('knex', 'express', 'express-session', 'express-serve-static-core', 'pg', 'better-sqlite3'),
          '^server/(db|http|services)/',
        ],
      },
    },
    {
      name: 'inertia-adapter-knows-no-business',
      comment:
        'server/inertia is the protocol adapter: no services, domain, database, http routes or shared business files (the page registry is typed onto it from server/http).',
      severity: 'error',
      from: { path: '^server/inertia/' },
      to: { path: ['^server/(services|domain|db|http|policies)/', '^shared/'] },
    },
    {
      name: 'client-imports-no-server',
      comment: 'The React client shares types and constants through shared/, never server code.',
      severity: 'error',
      from: { path: '^resources/js/' },
      to: { path: '^server/' },
    },
    {
      name: 'services-know-no-http',
      comment:
        'Services take plain inputs and an Actor and throw domain errors; http (requests, responses, schemas, the adapter) stays in server/http.',
      severity: 'error',
      from: { path: '^server/services/' },
      to: {
        path: [
          '^server/(http|inertia)/',
          '^server/app[.]ts$',
          npm('express', 'express-session', 'express-serve-static-core', 'multer'),
        ],
      },
    },
    {
      name: 'db-below-services',
      comment:
        'server/db is the bottom layer (connection, dialect helpers, counters): it calls no service and no http.',
      severity: 'error',
      from: { path: '^server/db/' },
      to: { path: '^server/(services|http|inertia)/' },
    },
    {
      name: 'routes-do-not-import-the-app',
      comment: 'Routes receive the AppContext (server/http/context.ts); importing server/app.ts would loop.',
      severity: 'error',
      from: { path: '^server/http/routes/' },
      to: { path: '^server/app[.]ts$' },
    },
    {
      name: 'presenters-run-no-queries',
      comment: 'Presenters turn rows into props: no knex handle, no query; the service hands them the rows.',
      severity: 'error',
      from: { path: '^server/http/presenters/' },
      to: { path: [npm('knex'), '^server/db/(connection|transaction|counters|bulk|paginate|migrate|search)[.]ts$'] },
    },
    {
      name: 'seeds-use-no-http',
      comment: 'The demo seed writes through server/db and services, never through http or the server start-up.',
      severity: 'error',
      from: { path: '^database/' },
      to: { path: ['^server/(http|inertia)/', '^server/app[.]ts$', '^server/main[.]ts$'] },
    },
    {
      name: 'migrations-are-frozen',
      comment:
        'A migration does tomorrow what it did the day it was written: it imports nothing of server/ or shared/ (what it needs is copied into database/migrations/frozen/, never edited).',
      severity: 'error',
      from: { path: '^database/migrations/' },
      to: { path: ['^server/', '^shared/'] },
    },
    {
      name: 'server-starts-without-seeds',
      comment:
        'The server (start-up included) never imports database/: first-start data is server/services/setup; migrations are loaded by file name.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^database/' },
    },
    {
      name: 'no-circular-in-server',
      comment: 'An import loop inside server/ (or through shared/ or database/) makes start-up order fragile.',
      severity: 'error',
      from: { path: '^server/' },
      to: { circular: true },
    },
    {
      name: 'no-circular-in-shared',
      comment:
        'shared/ is imported by both sides: a loop between two of its files (a page-props file and the area types it lists) means a declaration sits in the wrong file.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing (typo, missing package).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^public/', '^storage/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
