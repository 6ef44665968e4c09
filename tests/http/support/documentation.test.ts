import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU, type MenuNode } from '../../../shared/menu.js';
import { ROUTES, route } from '../../../shared/routes.js';
import { DEFAULT_HELP_CHAPTER, helpChapterFor } from '../../../shared/help.js';
import {
  GUIDE_IMAGES_DIR,
  chapters,
  guideOrder,
  parseChapter,
} from '../../../server/services/support/documentation.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';

/** The menu's leaves whose screen exists: their path is served by the route table. */
function builtScreens(nodes: MenuNode[] = MENU): MenuNode[] {
  const served = new Set<string>(Object.values(ROUTES));
  return nodes.flatMap((n) => (n.sub ? builtScreens(n.sub) : n.to && !n.heading && served.has(n.to) ? [n] : []));
}

describe.each(testDatabases())('Support › Documentation (%s)', (kind) => {
  let t: TestApp;
  let reader: Client;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const user = await userWithPermissions(t, 'lecteur-doc@test.local', ['menu.support', 'menu.support.doc']);
    reader = new Client(t);
    await reader.login(user.email, user.password);
  });
  afterAll(() => t.close());

  it('finds a term in the right chapter, accents and case ignored, with the words highlighted', async () => {
    const res = await reader.visit(route('support.documentation', { q: 'REAJUSTEMENT casse' }));
    expect(res.body.component).toBe('support/Documentation');
    const hits = res.body.props.results as Array<{ slug: string; section: string; anchor: string; excerpt: string }>;
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]).toMatchObject({ slug: 'inventaire', section: 'Faire un réajustement' });
    expect(hits[0].excerpt).toMatch(/<mark>réajustement<\/mark>/i);
    expect(hits[0].excerpt).toMatch(/<mark>casse<\/mark>/i);
    // The anchor of the hit is a heading of that chapter.
    const chapter = await reader.visit(route('support.documentation.chapter', { slug: 'inventaire' }));
    expect(chapter.body.props.chapter.html).toContain(`id="${hits[0].anchor}"`);

    const ticket = await reader.visit(route('support.documentation', { q: 'captures d’écran' }));
    expect(ticket.body.props.results.map((h: { slug: string }) => h.slug)).toContain('tickets');
    const none = await reader.visit(route('support.documentation', { q: 'zzqxw' }));
    expect(none.body.props.results).toEqual([]);
  });

  it('resolves the help link of every screen of the menu to an existing chapter', async () => {
    const screens = builtScreens();
    expect(screens.length).toBeGreaterThanOrEqual(12);
    const slugs = new Set(chapters().map((c) => c.slug));
    for (const screen of screens) {
      const slug = helpChapterFor(screen.to!);
      expect(slugs.has(slug), `${screen.name} (${screen.to}) → ${slug}`).toBe(true);
      // Each screen has its own chapter (the getting-started one only for the guide itself).
      if (screen.to !== ROUTES['support.documentation']) expect(slug, screen.name).not.toBe(DEFAULT_HELP_CHAPTER);
      const res = await reader.visit(route('support.documentation.chapter', { slug }));
      expect(res.status, screen.name).toBe(200);
      expect(res.body.props.chapter.slug).toBe(slug);
    }
    // Sub-pages of a screen open the screen's chapter.
    expect(helpChapterFor(`${ROUTES['entries.index']}/12?x=1`)).toBe('entrees-de-stock');
    expect(helpChapterFor(ROUTES['transfers.cancellations'])).toBe('annulations');
    // The till, the invoices, a sale and the corrections open the Sortie de stock chapter; the settings screens their own.
    for (const url of [
      ROUTES['counter.index'],
      route('sales.invoices.create'),
      route('sales.show', { id: 7 }),
      route('creditNotes.create'),
    ])
      expect(helpChapterFor(url), url).toBe('sorties-de-stock');
    expect(helpChapterFor(route('users.edit', { id: 3 }))).toBe('utilisateurs');
    expect(helpChapterFor(route('roles.show', { id: 2 }))).toBe('roles-et-permissions');
    expect(helpChapterFor(route('apiTokens.reference'))).toBe('api');
    expect(helpChapterFor(`${ROUTES['printing.index']}?type=ticket`)).toBe('parametres-impression');
    expect(helpChapterFor(ROUTES['backups.index'])).toBe('sauvegarde');
    expect(helpChapterFor(route('locations.index'))).toBe('parametres');
  });

  it('the table of contents ends with the Glossaire then the FAQ, the screens chapters by number before them', async () => {
    const slugs = chapters().map((c) => c.slug);
    expect(slugs.slice(-2)).toEqual(['glossaire', 'faq']);
    expect(slugs[0]).toBe('premiers-pas');
    expect(slugs.indexOf('sauvegarde')).toBeLessThan(slugs.indexOf('glossaire'));
    expect(
      guideOrder([
        '17-faq.md',
        '24-arretes-de-caisse.md',
        '16-glossaire.md',
        '02-tableau-de-bord.md',
        '23-caisse.md',
        '23-editions.md',
      ]),
    ).toEqual([
      '02-tableau-de-bord.md',
      '23-caisse.md',
      '23-editions.md',
      '24-arretes-de-caisse.md',
      '16-glossaire.md',
      '17-faq.md',
    ]);
  });

  it('has the chapters the guide promises, and every picture a chapter shows exists', async () => {
    const slugs = chapters().map((c) => c.slug);
    for (const s of ['premiers-pas', 'impression', 'glossaire', 'faq', 'tickets', 'journaux'])
      expect(slugs).toContain(s);
    for (const c of chapters()) {
      for (const m of c.html.matchAll(/<img[^>]* src="([^"]+)"/g)) {
        const file = m[1].split('/').pop()!;
        expect(fs.existsSync(path.join(GUIDE_IMAGES_DIR, file)), `${c.slug}: ${file}`).toBe(true);
        const res = await reader.agent.get(m[1]);
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toMatch(/^image\//);
      }
    }
  });

  it('answers 404 for an unknown chapter or picture, and 403 without the permission', async () => {
    expect((await reader.visit(route('support.documentation.chapter', { slug: 'inconnu' }))).status).toBe(404);
    expect(
      (await reader.agent.get(route('support.documentation.image', { file: '..%2F..%2Fpackage.json' }))).status,
    ).toBe(404);
    const other = await userWithPermissions(t, 'sans-doc@test.local', ['menu.support', 'menu.support.tickets']);
    const c = new Client(t);
    await c.login(other.email, other.password);
    expect((await c.visit(route('support.documentation'))).status).toBe(403);
  });

  it('renders Markdown without raw HTML, scripts or foreign links and pictures', () => {
    const chapter = parseChapter(
      'essai',
      '# Essai\n\n<script>alert(1)</script>\n\n[lien](javascript:alert(1)) [ext](https://example.com) [interne](/dashboard)\n\n![x](https://evil.test/x.png)\n\n## Partie\n\ntexte',
    );
    expect(chapter.html).not.toContain('<script');
    expect(chapter.html).toContain('&lt;script&gt;');
    expect(chapter.html).not.toContain('href="javascript');
    expect(chapter.html).not.toContain('https://example.com');
    expect(chapter.html).toContain('href="/dashboard"');
    expect(chapter.html).not.toContain('evil.test');
    expect(chapter.html).toContain('<h2 id="partie">');
    expect(chapter.toc).toEqual([{ level: 2, text: 'Partie', anchor: 'partie' }]);
  });
});
