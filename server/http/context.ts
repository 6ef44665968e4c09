/**
 * What the routes receive from the application: the database, the configuration, the logger, the
 * mailer, the session store and the background tasks. Its own module, so that route files depend on it and never on
 * server/app.ts (which imports them).
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { AppConfig } from '../config.js';
import type { Mailer } from '../mail/mailer.js';
import type { BackgroundTasks } from './background.js';
import type { KnexSessionStore } from './session/knex-store.js';

export interface AppContext {
  db: Knex;
  config: AppConfig;
  logger: Logger;
  mailer: Mailer;
  sessionStore: KnexSessionStore;
  /** Work answered before it is done (guest-form mails): see background.ts. */
  background: BackgroundTasks;
  /** Set when the process shuts down (server/http/shutdown.ts): /readyz answers 503, answers close their connection. */
  lifecycle: { draining: boolean };
}
