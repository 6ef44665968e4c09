import { describe, expect, it } from 'vitest';
import { MENU, menuLeaves } from '@shared/menu';
import { ROUTES } from '@shared/routes';
import { pageLoaders, pagePath } from '@/lib/pages';
import { loadIconFonts, MENU_SCREENS, screensToWarm } from '@/lib/warm-up';

const allMenuPermissions = menuLeaves(MENU)
  .map((leaf) => leaf.permission)
  .concat([
    'menu.fichiers',
    'menu.operations',
    'menu.tresorerie',
    'menu.annulations',
    'menu.editions.finances',
    'menu.parametres',
    'menu.support',
  ])
  .filter((p): p is NonNullable<typeof p> => !!p);

describe('idle warm-up of the screens the menu reaches (lib/warm-up.ts)', () => {
  it('every menu entry with a built route names the page it opens, and that page exists', () => {
    const routes = new Set<string>(Object.values(ROUTES));
    for (const leaf of menuLeaves(MENU).filter((l) => l.to && routes.has(l.to))) {
      const screen = MENU_SCREENS[leaf.to!];
      expect(screen, `${leaf.name} (${leaf.to}) absent de MENU_SCREENS`).toBeDefined();
      expect(pageLoaders[pagePath(screen.page)], screen.page).toBeDefined();
      if (screen.folder) expect(screen.page.startsWith(screen.folder), screen.page).toBe(true);
    }
  });

  it('warms only what the menu shows: the screens first, then the rest of their folders and the profile', () => {
    expect(screensToWarm(['menu.dashboard', 'menu.fichiers', 'menu.clients'])).toEqual([
      'Dashboard',
      'clients/Index',
      'clients/Form',
      'clients/Import',
      'clients/Show',
      'clients/Statement',
      'profile/Edit',
    ]);
    const stockOnly = screensToWarm(['menu.operations', 'menu.sortiestock']);
    expect(stockOnly[0]).toBe('stock/transfers/Index');
    expect(stockOnly.every((n) => n.startsWith('stock/transfers/') || n === 'profile/Edit')).toBe(true);
  });

  it('never warms the guest pages, the error page or a page that does not exist', () => {
    const all = screensToWarm(allMenuPermissions);
    expect(all.length).toBeGreaterThan(20);
    for (const name of all) {
      expect(name).not.toMatch(/^(auth\/|Welcome$|Error$)/);
      expect(pageLoaders[pagePath(name)], name).toBeDefined();
    }
    expect(new Set(all).size).toBe(all.length);
  });

  it('loads the icon font files no page has needed yet, and only those', async () => {
    const loaded: string[] = [];
    const face = (name: string, status: FontFaceLoadStatus) => ({ status, load: async () => void loaded.push(name) });
    const faces = [
      face('inline', 'loaded'),
      face('shell', 'loading'),
      face('rest', 'unloaded'),
      face('rest-regular', 'unloaded'),
    ];
    await loadIconFonts({ forEach: (cb: (f: unknown) => void) => faces.forEach(cb) } as unknown as FontFaceSet);
    expect(loaded).toEqual(['rest', 'rest-regular']);
    await expect(loadIconFonts(undefined)).resolves.toBeDefined();
  });
});
