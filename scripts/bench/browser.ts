/**
 * The browser part of `npm run bench` (DESIGN.md §7, issue 12): Debian's Chromium, driven by
 * playwright-core over a throttled link like our users' (1.6 Mbit/s down, 750 kbit/s up, 150 ms
 * latency), measures
 *   - the first visit of /login (empty cache),
 *   - the first visit of /dashboard just after logging in (empty cache), up to the page being
 *     usable: what the browser fetched before the idle warm-up started (lib/warm-up.ts),
 *   - separately, that warm-up: the screens of the menu fetched in the background once the page is
 *     shown (its bytes, requests, and time from its start to its end),
 *   - in-app navigations after the warm-up (clicks in the sidebar, cache warm): to the first list
 *     screen, then to a second one,
 * each with the time until the page is shown (content there, web fonts loaded) and the bytes that
 * crossed the network (encodedDataLength of every response: headers and compressed bodies).
 * It reports; it never fails. Without Chromium it says so and skips.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { projectRoot } from '../../server/config.js';
import { buildIsStale } from '../../server/http/assets.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The link of DESIGN.md §7: 1.6 Mbit/s, 150 ms latency (upload: a typical 750 kbit/s). */
export const SLOW_LINK = {
  offline: false,
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
};

export const BROWSER_TARGETS = { firstVisitMs: 1500, firstVisitBytes: 150 * 1024, navigationMs: 400 };

export interface BrowserRow {
  measure: string;
  runs: number;
  /** Median time (ms) until the page is shown (the warm-up: from its start to its end). */
  ms: number;
  /** Median bytes transferred (headers + compressed bodies). */
  bytes: number;
  requests: number;
  targetMs: number | null;
  targetBytes: number | null;
}

export interface BrowserBenchOptions {
  base: string;
  email: string;
  password: string;
  runs?: number;
  /**
   * Sidebar links clicked one after the other from the dashboard, and what shows each page arrived:
   * by default the clients list (the first screen of its kind: its shared code is fetched too),
   * then the suppliers list (a screen of a kind already visited).
   */
  navigations?: Array<{ href: string; ready: string; label: string }>;
}

/** Counts every response's bytes on the wire through the DevTools protocol. */
class WireMeter {
  bytes = 0;
  requests = 0;
  /** Each finished response: when its request was sent (epoch ms), its URL and its bytes. */
  finished: Array<{ sentAt: number; url: string; bytes: number }> = [];
  private pending = new Map<string, { sentAt: number; url: string }>();
  private lastActivity = performance.now();
  constructor(private cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (e) => {
      // data: URLs (the inlined icon fonts, Bootstrap's small SVGs) cross no network: their bytes
      // are already counted in the stylesheet that holds them.
      if (e.request.url.startsWith('data:')) return;
      this.pending.set(e.requestId, { sentAt: e.wallTime * 1000, url: e.request.url });
      this.lastActivity = performance.now();
    });
    cdp.on('Network.loadingFinished', (e) => {
      const request = this.pending.get(e.requestId);
      if (request) {
        this.pending.delete(e.requestId);
        this.bytes += e.encodedDataLength;
        this.requests++;
        this.finished.push({ ...request, bytes: e.encodedDataLength });
      }
      this.lastActivity = performance.now();
    });
    cdp.on('Network.loadingFailed', (e) => {
      this.pending.delete(e.requestId);
      this.lastActivity = performance.now();
    });
  }
  reset() {
    this.bytes = 0;
    this.requests = 0;
    this.finished = [];
    this.pending.clear();
  }
  /**
   * The idle warm-up's share: scripts, their stylesheets and icon fonts of the build requested from `startedAt` (epoch
   * ms) on; the rest (the page, its chunks, the fonts it shows, the favicon) belongs to the visit.
   */
  warmUp(startedAt: number | null) {
    const background = this.finished.filter(
      (r) =>
        startedAt !== null &&
        r.sentAt >= startedAt &&
        /\/build\/assets\/[^/]+\.(js|css|woff2)$/.test(new URL(r.url).pathname),
    );
    const bytes = background.reduce((sum, r) => sum + r.bytes, 0);
    return {
      bytes,
      requests: background.length,
      visitBytes: this.bytes - bytes,
      visitRequests: this.requests - background.length,
    };
  }
  /** Waits until no request has been pending for `quietMs` (lazy chunks, fonts, deferred props). */
  async idle(quietMs = 600, timeoutMs = 30_000) {
    const end = performance.now() + timeoutMs;
    while (performance.now() < end) {
      if (this.pending.size === 0 && performance.now() - this.lastActivity >= quietMs) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

async function throttled(
  browser: Browser,
  base: string,
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession; meter: WireMeter }> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 390, height: 844 },
    locale: 'fr-FR',
    timezoneId: 'Africa/Abidjan',
  });
  const origin = new URL(base).origin;
  // Gravatar and any other host: refused at once (the bench measures our own bytes).
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort('internetdisconnected'),
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_LINK);
  return { context, page, cdp, meter: new WireMeter(cdp) };
}

/** Time (ms since navigation start, in the page's clock) when `selector` is shown and fonts are loaded. */
async function shownAt(page: Page, selector: string): Promise<number> {
  const handle = await page.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel);
      if (!el || document.fonts.status !== 'loaded') return false;
      return performance.now();
    },
    selector,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.fill('input[type=email]', email);
  await page.fill('input[type=password]', password);
  await Promise.all([
    page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 }),
    page.click('[data-testid=login-form] button[type=submit]'),
  ]);
}

/**
 * Waits for the end of the idle warm-up the signed-in shell starts (lib/warm-up.ts marks
 * `sdstock:warm-up:start` and `…:end`) and returns both as epoch ms, or nulls when there is none.
 */
async function warmUpMarks(page: Page): Promise<{ start: number | null; end: number | null }> {
  await page
    .waitForFunction(() => performance.getEntriesByName('sdstock:warm-up:end').length > 0, null, {
      polling: 200,
      timeout: 30_000,
    })
    .catch(() => undefined);
  // No helper function inside: tsx would wrap it in a __name() the page does not have.
  const [start, end] = await page.evaluate(() =>
    ['sdstock:warm-up:start', 'sdstock:warm-up:end'].map(
      (name) => performance.getEntriesByName(name).map((mark) => performance.timeOrigin + mark.startTime)[0] ?? null,
    ),
  );
  return { start, end };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};

export async function benchBrowser(options: BrowserBenchOptions): Promise<BrowserRow[] | null> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    console.log(
      `\n[navigateur] Chromium introuvable (${CHROMIUM_PATH}) : mesure navigateur SAUTÉE (apt-get install chromium, ou CHROMIUM_PATH).`,
    );
    return null;
  }
  const { chromium } = await import('playwright-core');
  const runs = options.runs ?? Number(process.env.BENCH_BROWSER_RUNS ?? 3);
  const navigations = options.navigations ?? [
    { href: '/fichiers/clients', ready: '.app-data-card', label: 'tableau de bord → clients (1er écran de liste)' },
    { href: '/fichiers/fournisseurs', ready: '.app-data-card', label: 'clients → fournisseurs (écran du même genre)' },
  ];
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  type Sample = [number, number, number];
  const samples = {
    login: [] as Sample[],
    dashboard: [] as Sample[],
    warmUp: [] as Sample[],
    nav: navigations.map(() => [] as Sample[]),
  };
  try {
    for (let run = 0; run < runs; run++) {
      const { context, page, cdp, meter } = await throttled(browser, options.base);
      try {
        // 1. First visit of /login: empty cache.
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        meter.reset();
        await page.goto('/login', { waitUntil: 'commit' });
        const loginMs = await shownAt(page, '[data-testid=login-form]');
        await meter.idle();
        samples.login.push([loginMs, meter.bytes, meter.requests]);

        // 2. First visit of /dashboard after logging in: empty cache again.
        await logIn(page, options.email, options.password);
        await meter.idle();
        meter.reset();
        await page.goto('/dashboard', { waitUntil: 'commit' });
        const dashboardMs = await shownAt(page, '[data-testid=dashboard-greeting]');
        const marks = await warmUpMarks(page);
        await meter.idle();
        const split = meter.warmUp(marks.start);
        samples.dashboard.push([dashboardMs, split.visitBytes, split.visitRequests]);
        samples.warmUp.push([
          marks.start !== null && marks.end !== null ? marks.end - marks.start : NaN,
          split.bytes,
          split.requests,
        ]);

        // 3. In-app navigation, cache on (what a user who is already working gets), once the
        // warm-up of this page load is over (from the cache filled by the one above).
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
        await page.goto('/dashboard', { waitUntil: 'load' });
        await shownAt(page, '[data-testid=dashboard-greeting]');
        await warmUpMarks(page);
        await meter.idle();
        for (const [i, navigation] of navigations.entries()) {
          meter.reset();
          // The sidebar link (closed sidebar on a phone, folded group): the click Inertia's <Link> handles.
          const link = page.locator(`#sidebar a[href="${navigation.href}"]`).first();
          // The previous page may have the same kind of element: wait for a new one.
          const before = await page.$(navigation.ready);
          const t0 = performance.now();
          await link.dispatchEvent('click', { button: 0 });
          await page.waitForFunction(
            ([old, sel, href]) =>
              location.pathname === href &&
              !(old as Element | null)?.isConnected &&
              document.querySelector(sel as string) !== null,
            [before, navigation.ready, navigation.href] as const,
            { polling: 'raf', timeout: 60_000 },
          );
          const navMs = performance.now() - t0;
          await meter.idle();
          samples.nav[i].push([navMs, meter.bytes, meter.requests]);
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  const row = (
    measure: string,
    list: Array<[number, number, number]>,
    targetMs: number | null,
    targetBytes: number | null,
  ): BrowserRow => ({
    measure,
    runs: list.length,
    ms: median(list.map((s) => s[0])),
    bytes: median(list.map((s) => s[1])),
    requests: median(list.map((s) => s[2])),
    targetMs,
    targetBytes,
  });
  return [
    row('Première visite de /login', samples.login, BROWSER_TARGETS.firstVisitMs, BROWSER_TARGETS.firstVisitBytes),
    row(
      'Première visite de /dashboard (connecté)',
      samples.dashboard,
      BROWSER_TARGETS.firstVisitMs,
      BROWSER_TARGETS.firstVisitBytes,
    ),
    row('  puis préchargement en arrière-plan (écrans du menu)', samples.warmUp, null, null),
    ...navigations.map((n, i) => row(`Navigation ${n.label}`, samples.nav[i], BROWSER_TARGETS.navigationMs, null)),
  ];
}

export function printBrowser(rows: BrowserRow[]) {
  const ms = (v: number) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(0)} ms`);
  const kb = (v: number) => `${(v / 1024).toFixed(1)} Ko`;
  const table = rows.map((r) => [
    r.measure,
    String(r.runs),
    Number.isNaN(r.ms) ? '—' : ms(r.ms),
    r.targetMs === null ? '—' : `≤ ${ms(r.targetMs)}`,
    r.targetMs === null ? '' : r.ms <= r.targetMs ? 'OK' : 'au-dessus',
    kb(r.bytes),
    r.targetBytes === null ? '—' : `≤ ${kb(r.targetBytes)}`,
    r.targetBytes === null ? '' : r.bytes <= r.targetBytes ? 'OK' : 'au-dessus',
    String(r.requests),
  ]);
  const head = [
    'Mesure (Chromium, 1,6 Mbit/s, 150 ms)',
    'n',
    'médiane',
    'Objectif',
    '',
    'Transféré',
    'Objectif',
    '',
    'Requêtes',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log('\nNavigateur');
  console.log(line(head));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const r of table) console.log(line(r));
  console.log(
    'Temps : du début de la navigation à la page affichée (contenu présent, polices chargées) ; navigation (après le préchargement) : du clic au contenu de la page suivante ; préchargement : de son début à sa fin. Transféré : en-têtes et corps compressés de toutes les réponses (cache vide pour les premières visites) ; la première visite compte tout sauf les scripts, feuilles de style et polices demandés par le préchargement, comptés à part.',
  );
}

/** Builds the client when public/build is missing or older than the sources, as `npm start` does. */
export function ensureClientBuilt() {
  if (!buildIsStale()) return;
  console.log('Compilation du client (public/build absent ou périmé)…');
  const built = spawnSync(
    process.execPath,
    [path.join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: projectRoot, stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('La compilation du client a échoué.');
}
