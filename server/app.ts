import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import type { Knex } from 'knex';
import pino, { type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { SharedProps } from '../shared/pages.js';
import { ROUTES } from '../shared/routes.js';
import { type AppConfig, projectRoot } from './config.js';
import { type Assets, buildDir, builtAssets } from './http/assets.js';
import { BackgroundTasks } from './http/background.js';
import { loadUser, requirePasswordChosen } from './http/middleware/auth.js';
import { csrf } from './http/middleware/csrf.js';
import { presentAuthUser } from './http/presenters/user.js';
import { presentCompany } from './http/presenters/company.js';
import { rootTemplate } from './http/root-template.js';
import { buildAssets } from './http/static-assets.js';
import { registerRoutes } from './http/routes/index.js';
import { healthRoutes } from './http/routes/health.js';
import { apiRoutes } from './http/api/index.js';
import type { AppContext } from './http/context.js';
import { KnexSessionStore } from './http/session/knex-store.js';
import { sessionSavedBeforeAnswer } from './http/session/saved-before-answer.js';
import './http/pages.js';
import './http/session/types.js';
import { inertia } from './inertia/index.js';
import { type Mailer, createMailer } from './mail/mailer.js';
import { ERROR_PAGES, answerRefusal, errorStatus } from './http/errors.js';
import { NotFound } from './domain/errors.js';
import { recordServerError } from './services/support/error-log.js';

export interface AppDeps {
  db: Knex;
  config: AppConfig;
  logger?: Logger;
  mailer?: Mailer;
  assets?: Assets;
  /** Where the built client is served from (public/build; tests give a directory of their own). */
  buildDir?: string;
  /** Extra middleware mounted before the routes (the Vite dev server in `npm run dev`). */
  beforeRoutes?: express.RequestHandler[];
  /** Extra routes mounted after ours (protocol tests mount probe pages here). */
  extraRoutes?: (app: express.Express) => void;
}

declare module 'express-serve-static-core' {
  interface Request {
    takenFlash?: Record<string, string>;
  }
}

export const SESSION_COOKIE = 'sdstock_session';
/** The shared receipts (`/recu/<token>`): read by guests, they never start a session. */
const RECEIPTS_PATH = ROUTES['receipts.show'].replace(/:token$/, '');
export const BODY_LIMIT = '1mb';
/** A path whose last segment has an extension (favicon.svg, robots.txt): what public/ can serve. */
const FILE_NAME = /\.[^/]*$/;

export function createApp(deps: AppDeps) {
  const { db, config } = deps;
  const logger = deps.logger ?? pino({ level: config.logLevel });
  const mailer =
    deps.mailer ??
    createMailer({ mailUrl: config.mailUrl, from: config.mailFrom, storageDir: config.storageDir, logger });
  const assets = deps.assets ?? builtAssets();
  const sessionStore = new KnexSessionStore(db, config.sessionIdleMinutes * 60_000);
  const ctx: AppContext = {
    db,
    config,
    logger,
    mailer,
    sessionStore,
    background: new BackgroundTasks(logger),
    lifecycle: { draining: false },
  };
  const template = rootTemplate(assets);

  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended');
  // Only by configuration (TRUST_PROXY): otherwise a forged X-Forwarded-For would choose req.ip.
  app.set('trust proxy', config.trustProxy);

  // Shutting down (server/http/shutdown.ts): each answer closes its keep-alive connection, so the
  // client's next request opens a new one — to another worker, the listening socket being closed here.
  app.use((_req, res, next) => {
    if (ctx.lifecycle.draining) res.setHeader('Connection', 'close');
    next();
  });
  // The probes (/healthz, /readyz) before the logs, the session and the CSRF check.
  app.use(healthRoutes(ctx));

  // The built client first: hashed files, precompressed, with only the headers a script or a
  // stylesheet needs (no page policies, no request id: a kilobyte saved on each of them).
  app.use('/build', buildAssets(deps.buildDir ?? buildDir, { fallthrough: !!deps.beforeRoutes }));
  // public/ (the favicon): only a path naming a file (a dot in its last segment) is looked for
  // there — a page's URL never is, and asking the disk on every page cost a stat and its callback.
  const publicFiles = express.static(path.join(projectRoot, 'public'), {
    index: false,
    maxAge: '1d',
    setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
  });
  app.use((req, res, next) => (FILE_NAME.test(req.path) ? publicFiles(req, res, next) : next()));

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      redact: [
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
      ],
      autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/build/') },
      // One JSON line per answer: its request id (also in the X-Request-Id header, the error page
      // and the error log), the user once known, and a level by status (5xx error, 4xx warn).
      customProps: (req) => ((req as Request).user ? { user_id: (req as Request).user!.row.id } : {}),
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    }),
  );

  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https://www.gravatar.com'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: config.viteDev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: config.secureCookies ? [] : null,
        },
      },
      strictTransportSecurity: config.secureCookies,
    }),
  );

  // Text answers (HTML, Inertia JSON, CSV…) compressed, brotli when the browser accepts it
  // (quality 5: a little smaller than the default 4 for a few milliseconds more).
  app.use(compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } } }));
  for (const mw of deps.beforeRoutes ?? []) app.use(mw);

  // The REST API (/api/v1) before the session, the CSRF check and Inertia: Bearer tokens only, JSON only.
  app.use(apiRoutes(ctx));

  app.use(
    session({
      name: SESSION_COOKIE,
      secret: config.appKey,
      store: sessionStore,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.secureCookies,
        maxAge: config.sessionIdleMinutes * 60_000,
      },
    }),
  );
  app.use(sessionSavedBeforeAnswer);

  const takeFlash = (req: Request): Record<string, string> => {
    if (!req.takenFlash) {
      const flash = req.session?.flash ?? {};
      if (req.session) delete req.session.flash;
      req.takenFlash = Object.fromEntries(Object.entries(flash).filter(([, v]) => v)) as Record<string, string>;
    }
    return req.takenFlash;
  };
  app.use(
    inertia({
      baseUrl: config.appUrl,
      version: () => assets.version,
      template: ({ page, pageTag, res }) =>
        template({ pageTag, nonce: res.locals.cspNonce, title: 'SDSTOCK WEB 2.0', component: page.component }),
      takeFlash,
      takeErrors: (req) => {
        const errors = req.session?.errors ?? {};
        if (req.session) delete req.session.errors;
        return errors;
      },
      share: (req): Record<keyof Omit<SharedProps, 'errors'>, unknown> => ({
        auth: () => ({ user: req.user ? presentAuthUser(req.user) : null }),
        company: () => (req.user ? presentCompany(req.user.company) : null),
        app: { name: 'SDSTOCK WEB 2.0', version: '3.0', copyright: `© ${new Date().getFullYear()} ${config.vendor}` },
        flash: () => {
          const f = takeFlash(req);
          return { success: f.success ?? null, error: f.error ?? null };
        },
      }),
    }),
  );

  // After the adapter so that a refusal (419) renders the error page for Inertia visits too.
  app.use(csrf({ secureCookies: config.secureCookies, sessionless: (req) => req.path.startsWith(RECEIPTS_PATH) }));
  app.use(express.json({ limit: BODY_LIMIT }));
  app.use(express.urlencoded({ extended: true, limit: BODY_LIMIT }));
  app.use(loadUser(db));
  app.use(requirePasswordChosen);
  // Pages are never cached: no-store when signed in, no-cache (revalidate) otherwise.
  app.use((req, res, next) => {
    res.set('Cache-Control', req.user ? 'no-store' : 'no-cache');
    next();
  });

  registerRoutes(app, ctx);
  deps.extraRoutes?.(app);

  app.use((_req, _res, next) => next(new NotFound()));
  app.use(errorHandler(logger, config, db));

  return Object.assign(app, { ctx });
}

function errorHandler(logger: Logger, config: AppConfig, db: Knex) {
  return async (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (answerRefusal(err, req, res)) return;
    const status = errorStatus(err);
    const requestId = status >= 500 ? String(req.id ?? '') || randomUUID() : null;
    if (status >= 500) {
      (req.log ?? logger).error({ err }, 'erreur serveur');
      // The error log (Support › Journaux): the route pattern, never the body, query or a token.
      const routePath = typeof req.route?.path === 'string' ? req.baseUrl + req.route.path : req.path;
      await recordServerError(db, {
        requestId: requestId!,
        method: req.method,
        route: routePath,
        status,
        user: req.user ? { id: req.user.row.id, name: req.user.row.name } : null,
        ip: req.ip ?? null,
        error: err,
      }).catch((logError: unknown) => logger.error({ err: logError }, 'échec de l’écriture du journal des erreurs'));
    }
    const info = ERROR_PAGES[status] ?? ERROR_PAGES[500];
    const message =
      status >= 500 && config.env !== 'production' && err instanceof Error
        ? `${info.message} (${err.message})`
        : info.message;
    if (res.headersSent) return;
    if (!res.inertia) {
      res
        .status(status)
        .type('text/plain')
        .send(`${status} ${info.title}${requestId ? ` (référence ${requestId})` : ''}`);
      return;
    }
    try {
      await res.inertia.render('Error', { status, title: info.title, message, request_id: requestId }, { status });
    } catch (renderError) {
      logger.error({ err: renderError }, 'échec de l’affichage de la page d’erreur');
      if (!res.headersSent) res.status(status).type('text/plain').send(`${status} ${info.title}`);
    }
  };
}
