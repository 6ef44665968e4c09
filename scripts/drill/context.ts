import type { AppProcess, DrillDatabase } from './harness.js';
import { DRILL_ADMIN, startApp } from './harness.js';
import { Browser, loggedIn } from './browser.js';
import type { FormContext } from './forms.js';
import type { Report } from './report.js';
import type { World } from './world.js';

export type DrillMode = 'short' | 'full';

export interface DrillSettings {
  mode: DrillMode;
  seed: number;
  /** WEB_CONCURRENCY of the application under attack (DRILL_WORKERS). */
  workers: number;
  /** Worker counts the load step runs with (DRILL_LOAD_WORKERS). */
  loadWorkers: number[];
}

/** Everything a step needs: the database, the running application, the report. */
export class DrillContext {
  app!: AppProcess;
  private adminBrowser: Browser | null = null;
  constructor(
    readonly settings: DrillSettings,
    readonly database: DrillDatabase,
    readonly world: World,
    readonly report: Report,
  ) {}

  get db() {
    return this.database.db;
  }

  get full() {
    return this.settings.mode === 'full';
  }

  /** Starts the application; a restart keeps its address, so browsers and sessions carry on. */
  async start(workers = this.settings.workers, env?: Record<string, string>): Promise<void> {
    this.app = await startApp(this.database, {
      workers,
      env,
      port: this.app ? Number(new URL(this.app.url).port) : undefined,
    });
    this.adminBrowser = null;
  }

  /** Restarts the application (after a crash, a restore, or with another worker count). */
  async restart(
    options: { signal?: NodeJS.Signals; workers?: number; env?: Record<string, string> } = {},
  ): Promise<void> {
    await this.app.kill(options.signal ?? 'SIGTERM');
    await this.start(options.workers, options.env);
  }

  /**
   * A signed-in administrator with the password confirmed (signs in again after a restore). Calls
   * at the same moment share one sign-in: parallel logins of one address would meet the login throttle.
   */
  admin(): Promise<Browser> {
    this.pendingAdmin ??= this.signInAdmin().finally(() => {
      this.pendingAdmin = null;
    });
    return this.pendingAdmin;
  }

  private pendingAdmin: Promise<Browser> | null = null;

  private async signInAdmin(): Promise<Browser> {
    if (this.adminBrowser) {
      const probe = await this.adminBrowser.visit('/dashboard');
      if (probe.status === 200) return this.adminBrowser;
    }
    const b = new Browser(this.app.url);
    await b.login(DRILL_ADMIN.email, DRILL_ADMIN.password);
    await b.confirmPassword(DRILL_ADMIN.password);
    this.adminBrowser = b;
    return b;
  }

  /** n sessions of the administrator, as n browser tabs on n machines. */
  sessions(n: number): Promise<Browser[]> {
    return loggedIn(this.app.url, n, DRILL_ADMIN.email, DRILL_ADMIN.password);
  }

  async forms(): Promise<FormContext> {
    return { db: this.db, world: this.world, admin: await this.admin() };
  }

  /** A deterministic pseudo-random generator from the drill's seed (mulberry32). */
  random(stream: number): () => number {
    let a = (this.settings.seed + stream * 0x9e3779b9) >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
}
