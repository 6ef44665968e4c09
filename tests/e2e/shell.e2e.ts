/**
 * The client shell in a real browser (issue 3): login, permission-filtered menu and 403,
 * dark mode and theme persistence, Escape, phone sidebar, flash toasts, asset version, logout,
 * and the error paths (unknown component, non-page answer, network failure).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserSuiteEnabled, launchBrowser, login, newContext, step, watchErrors } from './support/browser.js';
import { createUserWithPermissions, E2E_ADMIN, type E2EServer, startServer } from './support/server.js';

const enabled = browserSuiteEnabled();

const LIMITED = {
  name: 'Awa Traoré',
  email: 'caisse@test.local',
  password: 'Caisse-Secret-123',
  permissions: [
    'menu.dashboard',
    'menu.operations',
    'menu.tresorerie',
    'menu.caisse',
    'menu.support',
    'menu.support.doc',
    'menu.profile',
  ],
};
const NO_DASHBOARD = {
  name: 'Moussa Diallo',
  email: 'magasin@test.local',
  password: 'Magasin-Secret-123',
  permissions: ['menu.fichiers', 'menu.produits', 'menu.operations', 'menu.entreestock'],
};

describe.skipIf(!enabled)('coquille client dans Chromium', () => {
  let server: E2EServer;
  let browser: Browser;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    await createUserWithPermissions(server.db, LIMITED);
    await createUserWithPermissions(server.db, NO_DASHBOARD);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  async function open(options: Parameters<typeof newContext>[2] = {}): Promise<Page> {
    context = await newContext(browser, server.url, options);
    return context.newPage();
  }

  async function signIn(page: Page, email = E2E_ADMIN.email, password = E2E_ADMIN.password) {
    await login(page, email, password);
    await page.waitForURL('**/dashboard');
  }

  const htmlAttr = (page: Page, name: string) => page.evaluate((n) => document.documentElement.getAttribute(n), name);
  const pageClasses = (page: Page) =>
    page
      .getByTestId('page-container')
      .getAttribute('class')
      .then((c) => c ?? '');

  it('se connecte et arrive sur le tableau de bord', async () => {
    const page = await open();
    const errors = watchErrors(page);
    await step('page de connexion', page, async () => {
      await page.goto('/login');
      await page.waitForFunction(() => document.title === 'Connexion - SDSTOCK WEB 2.0');
    });
    await step('mauvais mot de passe', page, async () => {
      await login(page, E2E_ADMIN.email, 'mauvais-mot-de-passe');
      await page.getByText('Ces identifiants ne correspondent à aucun compte actif.').waitFor();
      expect(await page.getByLabel('Mot de passe', { exact: true }).inputValue()).toBe('');
      expect(await page.getByLabel('Adresse e-mail').getAttribute('aria-invalid')).toBe('true');
    });
    await step('connexion', page, async () => {
      await signIn(page);
      await page.getByTestId('dashboard-greeting').waitFor();
      expect(await page.getByTestId('dashboard-greeting').textContent()).toMatch(/^(Bonjour|Bonsoir), Administrateur$/);
      await page.waitForFunction((t) => document.title === t, 'Tableau de bord - SDSTOCK WEB 2.0');
      expect(await page.getByTestId('header').locator('.app-header-user-name').textContent()).toBe('Administrateur');
      // gravatar is unreachable here: the initials stay
      expect(await page.getByTestId('header').locator('.app-avatar-initials').first().textContent()).toBe('AD');
      const active = page.getByTestId('sidebar').locator('.nav-main-link.active');
      expect(await active.textContent()).toBe('Tableau de Bord');
      expect(await active.getAttribute('aria-current')).toBe('page');
    });
    expect(errors).toEqual([]);
  });

  it('un rôle limité ne voit que ses entrées de menu et reçoit la page 403 ailleurs', async () => {
    const page = await open();
    await step('connexion du caissier', page, () => signIn(page, LIMITED.email, LIMITED.password));
    await step('menu filtré', page, async () => {
      const sidebar = page.getByTestId('sidebar');
      const headings = await sidebar.locator('.nav-main-heading').allTextContents();
      expect(headings).toEqual(['Principal', 'Opérations', 'Support']);
      const topLevel = await sidebar
        .locator('.nav-main > .nav-main-item > .nav-main-link .nav-main-link-name')
        .allTextContents();
      expect(topLevel).toEqual(['Tableau de Bord', 'Opérations', 'Support']);
      await sidebar.getByRole('button', { name: 'Opérations' }).click();
      await sidebar.getByRole('button', { name: 'Trésorerie' }).click();
      const links = await sidebar
        .locator('a.nav-main-link')
        .evaluateAll((els) => els.map((e) => e.getAttribute('href')));
      expect(links.sort()).toEqual(['/dashboard', '/operations/caisse', '/support/documentation']);
      for (const hidden of ['Fichiers', 'Paramètres', 'Éditions', 'Règlement', 'Inventaire', 'Annulations']) {
        expect(await sidebar.getByText(hidden, { exact: true }).count(), hidden).toBe(0);
      }
      const areas = await page.getByTestId('dashboard-areas').locator('.app-area-name').allTextContents();
      expect(areas).toEqual(['Caisse', 'Documentation']);
    });
    await step('URL tapée hors de ses droits → 403', page, async () => {
      await page.goto('/parametres/utilisateurs');
      const status = await page.getByTestId('error-page').getAttribute('data-status');
      // 403 once the route exists; never the screen itself
      expect(['403', '404']).toContain(status);
    });

    const other = await context!.browser()!.newContext({ baseURL: server.url, viewport: { width: 1366, height: 850 } });
    try {
      const page2 = await other.newPage();
      await step('utilisateur sans le tableau de bord', page2, async () => {
        await login(page2, NO_DASHBOARD.email, NO_DASHBOARD.password);
        await page2.waitForURL('**/dashboard');
        await page2.goto('/profile');
        await page2.getByTestId('sidebar-menu').waitFor();
        const items = await page2
          .getByTestId('sidebar')
          .locator('.nav-main > .nav-main-item > .nav-main-link .nav-main-link-name')
          .allTextContents();
        expect(items).toEqual(['Fichiers', 'Opérations']);
        await page2.goto('/dashboard');
        await page2.getByTestId('error-page').waitFor();
        expect(await page2.getByTestId('error-page').getAttribute('data-status')).toBe('403');
        await page2.waitForFunction((t) => document.title === t, 'Accès refusé - SDSTOCK WEB 2.0');
        // the 403 page has no chrome (simple layout)
        expect(await page2.getByTestId('sidebar').count()).toBe(0);
      });
    } finally {
      await other.close();
    }
  });

  it('en arrière-plan, une fois la page affichée, seuls les écrans du menu de l’utilisateur sont préchargés ; jamais sur la page de connexion', async () => {
    const page = await open();
    const chunks: string[] = [];
    page.on('request', (r) => {
      const m = /\/build\/assets\/([A-Za-z]+)-[\w-]+\.js$/.exec(new URL(r.url()).pathname);
      if (m) chunks.push(m[1]);
    });
    const warmUpDone = () =>
      page.waitForFunction(() => performance.getEntriesByName('sdstock:warm-up:end').length > 0, null, {
        timeout: 20_000,
      });
    await step('page de connexion : ni la coquille ni les écrans', page, async () => {
      await page.goto('/login', { waitUntil: 'load' });
      await page.waitForTimeout(1500);
      expect(chunks).toContain('Login');
      for (const name of ['AuthenticatedLayout', 'screens', 'Dashboard', 'Index', 'HeaderSearch', 'SideOverlay'])
        expect(chunks, name).not.toContain(name);
      expect(await page.evaluate(() => performance.getEntriesByName('sdstock:warm-up:start').length)).toBe(0);
    });
    await step(
      'caissier : le tableau de bord, son profil, la recherche et l’écran Caisse, aucun autre écran',
      page,
      async () => {
        chunks.length = 0;
        await signIn(page, LIMITED.email, LIMITED.password);
        await warmUpDone();
        // Caisse is the one screen of their menu: its folder (cash/: Balance, Situation, Voucher…) is warmed.
        expect(chunks).toEqual(
          expect.arrayContaining([
            'Dashboard',
            'Edit',
            'HeaderSearch',
            'SideOverlay',
            'screens',
            'Balance',
            'Situation',
            'Voucher',
          ]),
        );
        // Pages found only in other areas' folders never are.
        for (const name of ['Cancellation', 'Import', 'Statement', 'Ticket', 'Logs'])
          expect(chunks, name).not.toContain(name);
        // The shell itself does not need the screens' code, nor the parts it shows only on a user
        // action (header search, side overlay): they arrive with the warm-up, never before.
        const screensBeforeWarmUp = await page.evaluate(() => {
          const start = performance.getEntriesByName('sdstock:warm-up:start')[0].startTime;
          const loads = performance
            .getEntriesByType('resource')
            .filter((e) => /\/(screens|HeaderSearch|SideOverlay|warm-up)-[\w-]+\.js$/.test(e.name));
          return { loads: loads.length, early: loads.filter((e) => e.startTime < start).map((e) => e.name) };
        });
        expect(screensBeforeWarmUp.loads).toBe(4);
        expect(screensBeforeWarmUp.early).toEqual([]);
      },
    );
    await step('la recherche de l’en-tête s’ouvre depuis le cache', page, async () => {
      chunks.length = 0;
      await page.getByTestId('header-search-toggle').click();
      await page.getByRole('combobox').first().waitFor();
      expect(chunks).toEqual([]);
      await page.keyboard.press('Escape');
    });
    await step('le panneau des préférences est déjà en place (fermé) et s’ouvre depuis le cache', page, async () => {
      chunks.length = 0;
      const panel = page.getByTestId('side-overlay');
      expect(await panel.getAttribute('inert')).not.toBeNull();
      await page.getByTestId('side-overlay-toggle').click();
      await page.getByTestId('side-overlay-close').waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'side-overlay-close');
      expect(await panel.getAttribute('inert')).toBeNull();
      expect(chunks).toEqual([]);
    });
  });

  it('polices d’icônes par paliers : la connexion n’en télécharge aucune, le tableau de bord la sienne, les autres écrans avec le préchargement', async () => {
    const page = await open();
    const fonts: Array<{ name: string; at: number }> = [];
    const other: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      const m = /\/build\/assets\/(fa-[a-z]+-[0-9]+-[a-z]+)\.[\w.-]+\.woff2$/.exec(path);
      if (m) fonts.push({ name: m[1], at: Date.now() });
      else if (path === '/favicon.svg') other.push(path);
    });
    // Every icon shown on the page drawn with its font loaded (not waiting for a tier).
    const iconsReady = () =>
      page.evaluate(() => {
        const chars = new Map<string, string>();
        // The icons shown (a closed dropdown's load their font when it opens).
        for (const el of [...document.querySelectorAll('i[class*="fa-"]')].filter((e) =>
          e.checkVisibility({ visibilityProperty: true }),
        )) {
          const style = getComputedStyle(el, '::before');
          // `"\f007" / ""`: the glyph, then its (empty) alternative text.
          const content = /^"([^"]*)"/.exec(style.content)?.[1] ?? '';
          if (content)
            chars.set(
              `${style.fontWeight} 16px ${style.fontFamily}`,
              (chars.get(`${style.fontWeight} 16px ${style.fontFamily}`) ?? '') + content,
            );
        }
        return {
          count: chars.size,
          ready: [...chars].every(([font, text]) => document.fonts.check(font, text)),
          missing: [...chars]
            .filter(([font, text]) => !document.fonts.check(font, text))
            .map(([f, t]) => `${f}: ${[...t].map((c) => c.codePointAt(0)!.toString(16)).join(' ')}`),
        };
      });
    await step(
      'connexion : icônes de la police en ligne, aucun fichier de police ni favicon demandé',
      page,
      async () => {
        await page.goto('/login', { waitUntil: 'load' });
        await page.evaluate(() => document.fonts.ready);
        await page.waitForTimeout(500);
        expect(fonts).toEqual([]);
        expect(other).toEqual([]);
        expect(await page.locator('link[rel=icon]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
        const icons = await iconsReady();
        expect(icons.count).toBeGreaterThan(0);
        expect(icons.ready).toBe(true);
      },
    );
    await step(
      'tableau de bord : la police de la coquille préchargée, celle des autres écrans seulement avec le préchargement',
      page,
      async () => {
        await signIn(page);
        await page.waitForFunction(() => performance.getEntriesByName('sdstock:warm-up:end').length > 0, null, {
          timeout: 20_000,
        });
        const warmUpStart = await page.evaluate(
          () => performance.timeOrigin + performance.getEntriesByName('sdstock:warm-up:start')[0].startTime,
        );
        expect(fonts.filter((f) => f.name === 'fa-solid-900-shell')).toHaveLength(1);
        const rest = fonts.filter((f) => f.name.endsWith('-rest'));
        expect(rest.length).toBeGreaterThan(0);
        for (const f of rest) expect(f.at).toBeGreaterThanOrEqual(warmUpStart - 50);
        expect((await iconsReady()).ready).toBe(true);
        // A first visit of a signed-in page (the HTML): the shell's tier is preloaded with the stylesheet.
        await page.goto('/dashboard', { waitUntil: 'load' });
        expect(await page.locator('link[rel=preload][as=font]').getAttribute('href')).toMatch(/\/fa-solid-900-shell\./);
      },
    );
    await step('un écran de liste : ses icônes déjà chargées, aucune police de plus', page, async () => {
      const before = fonts.length;
      await page.goto('/fichiers/clients', { waitUntil: 'load' });
      await page.locator('.app-data-card').first().waitFor();
      await page.evaluate(() => document.fonts.ready);
      const icons = await iconsReady();
      expect(icons.count).toBeGreaterThan(0);
      expect(icons.missing).toEqual([]);
      // A full reload asks the tiers again (from the cache), never one it had not.
      for (const f of fonts.slice(before)) expect(fonts.slice(0, before).map((b) => b.name)).toContain(f.name);
    });
  });

  it('feuilles de style par paliers : la connexion sans celles de la coquille ni des écrans, chacune appliquée là où elle sert', async () => {
    const page = await open();
    const sheets: string[] = [];
    page.on('request', (r) => {
      const m = /\/build\/assets\/([A-Za-z]+)-[\w-]+\.css$/.exec(new URL(r.url()).pathname);
      if (m) sheets.push(m[1]);
    });
    // The stylesheets a first visit's HTML links (the idle warm-up may add the screens' later).
    const linked = async (path: string) =>
      [
        ...(await (await page.request.get(path)).text()).matchAll(
          /<link rel="stylesheet" href="\/build\/assets\/([A-Za-z]+)-/g,
        ),
      ].map((m) => m[1]);
    await step('connexion : la seule feuille de l’application', page, async () => {
      await page.goto('/login', { waitUntil: 'load' });
      expect(sheets).toEqual(['app']);
    });
    await step(
      'tableau de bord (première visite) : la feuille de la coquille liée avec celle de l’application, l’en-tête stylé',
      page,
      async () => {
        await signIn(page);
        expect(await linked('/dashboard')).toEqual(['app', 'AuthenticatedLayout']);
        await page.goto('/dashboard', { waitUntil: 'load' });
        expect(await page.locator('#page-header').evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
      },
    );
    await step('écran de liste : la feuille des écrans appliquée', page, async () => {
      expect(await linked('/fichiers/clients')).toEqual(['app', 'AuthenticatedLayout', 'screens']);
      await page.goto('/fichiers/clients', { waitUntil: 'load' });
      expect(
        await page
          .locator('.app-list-toolbar')
          .first()
          .evaluate((el) => getComputedStyle(el).display),
      ).toBe('flex');
    });
  });

  it('le mode sombre et le thème survivent au rechargement, sans flash du mauvais thème', async () => {
    const page = await open({ colorScheme: 'light' });
    await signIn(page);
    await step('mode système par défaut (clair)', page, async () => {
      expect(await htmlAttr(page, 'data-dark-mode')).toBe('system');
      expect(await htmlAttr(page, 'data-bs-theme')).toBe('light');
      expect(await htmlAttr(page, 'data-app-theme')).toBe('default');
    });
    await step('le mode système suit prefers-color-scheme en direct', page, async () => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForFunction(() => document.documentElement.getAttribute('data-bs-theme') === 'dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await page.waitForFunction(() => document.documentElement.getAttribute('data-bs-theme') === 'light');
    });
    await step('choix Sombre + Améthyste', page, async () => {
      const picker = page.getByTestId('appearance-toggle');
      await picker.getByRole('button').click();
      await picker.getByRole('menuitemradio', { name: 'Sombre' }).click();
      await picker.getByRole('menuitemradio', { name: 'Améthyste' }).click();
      expect(await htmlAttr(page, 'data-bs-theme')).toBe('dark');
      expect(await htmlAttr(page, 'data-app-theme')).toBe('amethyst');
      expect(await picker.getByRole('menuitemradio', { name: 'Sombre' }).getAttribute('aria-checked')).toBe('true');
      const primary = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--app-primary').trim(),
      );
      expect(primary.toLowerCase()).toBe('#7048c0');
    });
    await step('rechargement', page, async () => {
      // What <html> says when <body> first appears, i.e. before the app's scripts and first paint.
      await page.addInitScript(() => {
        new MutationObserver((_m, obs) => {
          if (document.body) {
            (window as unknown as { __bootTheme: string }).__bootTheme =
              `${document.documentElement.getAttribute('data-bs-theme')}/${document.documentElement.getAttribute('data-app-theme')}`;
            obs.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.reload();
      await page.getByTestId('dashboard-greeting').waitFor();
      expect(await page.evaluate(() => (window as unknown as { __bootTheme: string }).__bootTheme)).toBe(
        'dark/amethyst',
      );
      expect(await htmlAttr(page, 'data-bs-theme')).toBe('dark');
      expect(await htmlAttr(page, 'data-app-theme')).toBe('amethyst');
      expect(await htmlAttr(page, 'data-dark-mode')).toBe('on');
    });
    await step('persiste aussi sur les pages publiques', page, async () => {
      await page.goto('/');
      expect(await htmlAttr(page, 'data-bs-theme')).toBe('dark');
      expect(await htmlAttr(page, 'data-app-theme')).toBe('amethyst');
    });
  });

  it('Échap ferme le panneau latéral et la recherche de l’en-tête', async () => {
    const page = await open();
    await signIn(page);
    await step('panneau latéral', page, async () => {
      await page.getByTestId('side-overlay-toggle').click();
      expect(await pageClasses(page)).toContain('is-side-overlay-open');
      expect(await page.getByTestId('page-overlay').evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
      await page.keyboard.press('Escape');
      expect(await pageClasses(page)).not.toContain('is-side-overlay-open');
    });
    await step('clic sur la page assombrie', page, async () => {
      await page.getByTestId('side-overlay-toggle').click();
      await page.getByTestId('page-overlay').click({ position: { x: 200, y: 400 } });
      expect(await pageClasses(page)).not.toContain('is-side-overlay-open');
    });
    await step('recherche', page, async () => {
      await page.getByTestId('header-search-toggle').click();
      const input = page.getByTestId('header-search-input');
      await input.waitFor();
      expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type('profil');
      await page.keyboard.press('Escape');
      await page.getByTestId('header-search').waitFor({ state: 'detached' });
    });
    await step('la recherche ouvre un écran', page, async () => {
      await page.getByTestId('header-search-toggle').click();
      await page.keyboard.type('tableau');
      await page.keyboard.press('Enter');
      await page.getByTestId('header-search').waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/dashboard');
    });
  });

  it('à 375 px, le menu se ferme après un clic de navigation', async () => {
    const page = await open({ width: 375, height: 740 });
    await signIn(page);
    await page.goto('/profile');
    await step('menu fermé au départ', page, async () => {
      expect(await pageClasses(page)).not.toContain('is-sidebar-mobile-open');
      const box = await page.getByTestId('sidebar').boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(1);
    });
    await step('ouverture', page, async () => {
      await page.getByTestId('sidebar-toggle').click();
      expect(await pageClasses(page)).toContain('is-sidebar-mobile-open');
      await page.waitForFunction(() => document.getElementById('sidebar')!.getBoundingClientRect().x >= 0);
    });
    await step('clic sur un lien', page, async () => {
      await page.getByTestId('sidebar').getByRole('link', { name: 'Tableau de Bord' }).click();
      await page.waitForURL('**/dashboard');
      await page.getByTestId('dashboard-greeting').waitFor();
      expect(await pageClasses(page)).not.toContain('is-sidebar-mobile-open');
    });
    await step('pas de défilement horizontal', page, async () => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });
  });

  it('un message flash s’affiche une fois après l’enregistrement du profil, puis disparaît', async () => {
    const page = await open();
    await signIn(page, LIMITED.email, LIMITED.password);
    await page.goto('/profile');
    const toasts = page.locator('.Toastify__toast');
    await step('enregistrement', page, async () => {
      const name = page.getByLabel('Nom complet');
      await name.fill('Awa Traoré Koné');
      await page.getByTestId('profile-save').click();
      await toasts.filter({ hasText: 'Profil enregistré.' }).waitFor();
      expect(await toasts.count()).toBe(1);
      expect(await toasts.first().getAttribute('class')).toContain('Toastify__toast--success');
      // the recently-successful mark, and the header shows the new name
      await page.getByText('Enregistré.', { exact: true }).waitFor();
    });
    await step('disparition (4 s)', page, async () => {
      await page.mouse.move(10, 700);
      await toasts.first().waitFor({ state: 'detached', timeout: 9000 });
    });
    await step('pas de nouveau toast à la navigation suivante', page, async () => {
      await page.getByTestId('sidebar').getByRole('link', { name: 'Tableau de Bord' }).click();
      await page.getByTestId('dashboard-greeting').waitFor();
      await page.goBack();
      await page.getByTestId('profile-information').waitFor();
      await page.waitForTimeout(300);
      expect(await toasts.count()).toBe(0);
    });
    await step('erreur de validation sur le champ, effacée au succès', page, async () => {
      await page.getByLabel('Nom complet').fill('');
      await page.getByTestId('profile-save').click();
      await page.getByTestId('profile-information').locator('.invalid-feedback').waitFor();
      expect(await page.getByLabel('Nom complet').getAttribute('aria-invalid')).toBe('true');
      await page.getByLabel('Nom complet').fill('Awa Traoré');
      await page.getByTestId('profile-save').click();
      await page.getByTestId('profile-information').locator('.invalid-feedback').waitFor({ state: 'detached' });
    });
  });

  it('une version d’assets périmée provoque un rechargement complet', async () => {
    const page = await open();
    await signIn(page);
    await step('409 puis rechargement', page, async () => {
      await page.evaluate(() => ((window as unknown as { __spa: boolean }).__spa = true));
      await page.route('**/profile', async (route) => {
        const headers = route.request().headers();
        if (headers['x-inertia'])
          await route.continue({ headers: { ...headers, 'x-inertia-version': 'version-perimee' } });
        else await route.continue();
      });
      const conflict = page.waitForResponse((r) => r.url().endsWith('/profile') && r.status() === 409);
      await page.getByTestId('user-menu').getByRole('button').first().click();
      await page.getByRole('menuitem', { name: 'Profil' }).click();
      await conflict;
      await page.waitForURL('**/profile');
      await page.getByTestId('profile-information').waitFor();
      expect(await page.evaluate(() => (window as unknown as { __spa?: boolean }).__spa)).toBeUndefined();
    });
  });

  it('la déconnexion ramène à la page d’accueil', async () => {
    const page = await open();
    await signIn(page);
    await step('déconnexion', page, async () => {
      await page.getByTestId('user-menu').getByRole('button').first().click();
      await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.getByTestId('guest-login').waitFor();
      await page.waitForFunction((t) => document.title === t, 'Accueil - SDSTOCK WEB 2.0');
      expect(await page.getByTestId('page-loader').count()).toBe(0);
    });
    await step('plus d’accès au tableau de bord', page, async () => {
      await page.goto('/dashboard');
      await page.waitForURL('**/login');
    });
  });

  it('composant inconnu, réponse non-Inertia et panne réseau', async () => {
    const page = await open();
    await signIn(page);
    await step('composant inconnu → « Page introuvable : … »', page, async () => {
      await page.route('**/profile', async (route) => {
        if (!route.request().headers()['x-inertia']) return route.continue();
        const response = await route.fetch();
        const body = await response.json();
        await route.fulfill({ response, json: { ...body, component: 'stock/Inexistant' } });
      });
      await page.getByTestId('user-menu').getByRole('button').first().click();
      await page.getByRole('menuitem', { name: 'Profil' }).click();
      await page.getByText('Page introuvable : stock/Inexistant').waitFor();
      await page.unroute('**/profile');
    });
    await step('réponse non-Inertia → fenêtre modale d’Inertia', page, async () => {
      await page.goto('/dashboard');
      await page.route('**/profile', (route) =>
        route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Panne du serveur</h1>' }),
      );
      await page.getByTestId('user-menu').getByRole('button').first().click();
      await page.getByRole('menuitem', { name: 'Profil' }).click();
      await page
        .frameLocator('dialog iframe, #inertia-error-dialog iframe')
        .first()
        .getByText('Panne du serveur')
        .waitFor();
      await page.unroute('**/profile');
    });
    await step('panne réseau → toast d’erreur', page, async () => {
      await page.goto('/dashboard');
      await page.route('**/profile', (route) => route.abort('internetdisconnected'));
      await page.getByTestId('user-menu').getByRole('button').first().click();
      await page.getByRole('menuitem', { name: 'Profil' }).click();
      const toast = page.locator('.Toastify__toast--error').filter({ hasText: 'Le serveur est injoignable' });
      await toast.waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard');
    });
  });

  it('transitions coupées pendant un redimensionnement, rétablies 500 ms après', async () => {
    const page = await open();
    await signIn(page);
    await step('redimensionnement', page, async () => {
      // The page notes when the resize came and when the class came and went (page time): a busy
      // machine may look late, but the class cannot leave before 500 ms after the last resize.
      await page.evaluate(() => {
        const w = window as unknown as { __resize: { at: number[]; on: number[]; off: number[] } };
        w.__resize = { at: [], on: [], off: [] };
        window.addEventListener('resize', () => w.__resize.at.push(performance.now()));
        new MutationObserver(() => {
          const has = document.documentElement.classList.contains('app-no-transition');
          (has ? w.__resize.on : w.__resize.off).push(performance.now());
        }).observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
      });
      await page.setViewportSize({ width: 1200, height: 800 });
      await page.waitForFunction(
        () => (window as unknown as { __resize: { off: number[] } }).__resize.off.length > 0,
        undefined,
        { timeout: 5000 },
      );
      const t = await page.evaluate(
        () => (window as unknown as { __resize: { at: number[]; on: number[]; off: number[] } }).__resize,
      );
      expect(t.at.length).toBeGreaterThan(0);
      expect(t.on.length).toBeGreaterThan(0);
      // On at the resize (the app's listener runs before ours: its class shows a hair earlier), off no
      // sooner than 500 ms after the last one (a few ms of slack for the order of the two listeners).
      expect(Math.abs(t.on[0] - t.at[0])).toBeLessThan(50);
      expect(t.off[t.off.length - 1] - t.at[t.at.length - 1]).toBeGreaterThanOrEqual(450);
      expect(await page.evaluate(() => document.documentElement.classList.contains('app-no-transition'))).toBe(false);
    });
  });

  it('menu réduit : icônes avec infobulles, navigation au clavier', async () => {
    const page = await open();
    await signIn(page);
    await step('réduction', page, async () => {
      await page.getByTestId('sidebar-mini-toggle').click();
      expect(await pageClasses(page)).toContain('is-sidebar-mini');
      await page.waitForFunction(() => document.getElementById('sidebar')!.getBoundingClientRect().width < 90);
      await page.getByTestId('sidebar').getByRole('link', { name: 'Tableau de Bord' }).hover();
      await page.locator('.nav-main-tooltip.show').filter({ hasText: 'Tableau de Bord' }).waitFor();
      await page.getByTestId('sidebar').getByRole('button', { name: 'Fichiers' }).hover();
      await page.locator('.nav-main-flyout.show').getByRole('link', { name: 'Clients' }).waitFor();
      await page.getByTestId('sidebar-mini-toggle').click();
      expect(await pageClasses(page)).not.toContain('is-sidebar-mini');
    });
    await step('clavier', page, async () => {
      const sidebar = page.getByTestId('sidebar');
      await sidebar.getByRole('link', { name: 'Tableau de Bord' }).focus();
      await page.keyboard.press('ArrowDown');
      const fichiers = sidebar.getByRole('button', { name: 'Fichiers' });
      expect(await fichiers.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('ArrowRight');
      expect(await fichiers.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('ArrowDown');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Clients');
      await page.keyboard.press('ArrowLeft');
      expect(await fichiers.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('ArrowLeft');
      expect(await fichiers.getAttribute('aria-expanded')).toBe('false');
    });
  });
});
