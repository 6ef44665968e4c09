import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtAssets } from '../../../server/http/assets.js';

const dirs: string[] = [];
function buildWith(manifest: object): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-build-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const manifest = {
  'resources/js/app.tsx': { file: 'assets/app-abc.js', css: ['assets/app-abc.css'], imports: ['_vendor.js'] },
  '_vendor.js': { file: 'assets/vendor-123.js', css: ['assets/vendor-123.css'], imports: ['_runtime.js'] },
  '_runtime.js': { file: 'assets/runtime-0.js' },
};

describe('built assets', () => {
  it('links the entry, its CSS and its imports from the Vite manifest, with the nonce', () => {
    const tags = builtAssets(buildWith(manifest)).tags('N0NCE');
    expect(tags).toContain('<link rel="stylesheet" href="/build/assets/app-abc.css">');
    expect(tags).toContain('<link rel="stylesheet" href="/build/assets/vendor-123.css">');
    expect(tags).toContain('<link rel="modulepreload" href="/build/assets/vendor-123.js">');
    expect(tags).toContain('<link rel="modulepreload" href="/build/assets/runtime-0.js">'); // imported by an import
    expect(tags).toContain('<script type="module" src="/build/assets/app-abc.js" nonce="N0NCE"></script>');
  });

  it("preloads the first page's chunk and its imports, and the signed-in shell only for pages drawn in it", () => {
    const withPages = {
      ...manifest,
      'resources/js/pages/auth/Login.tsx': {
        file: 'assets/Login-1.js',
        imports: ['_vendor.js', 'resources/js/app.tsx', '_Field.js'],
      },
      'resources/js/pages/Dashboard.tsx': { file: 'assets/Dashboard-2.js', imports: ['_vendor.js', '_Field.js'] },
      'resources/js/layouts/AuthenticatedLayout.tsx': {
        file: 'assets/AuthenticatedLayout-3.js',
        imports: ['resources/js/app.tsx', '_menu.js'],
      },
      '_Field.js': { file: 'assets/Field-4.js', imports: ['_Icon.js'] },
      '_Icon.js': { file: 'assets/Icon-5.js' },
      '_menu.js': { file: 'assets/menu-6.js' },
    };
    const assets = builtAssets(buildWith(withPages));
    const preloaded = (tags: string) =>
      [...tags.matchAll(/rel="modulepreload" href="\/build\/([^"]+)"/g)].map((m) => m[1]).sort();
    expect(preloaded(assets.tags('N', 'auth/Login'))).toEqual([
      'assets/Field-4.js',
      'assets/Icon-5.js',
      'assets/Login-1.js',
      'assets/runtime-0.js',
      'assets/vendor-123.js',
    ]);
    expect(preloaded(assets.tags('N', 'Dashboard'))).toEqual([
      'assets/AuthenticatedLayout-3.js',
      'assets/Dashboard-2.js',
      'assets/Field-4.js',
      'assets/Icon-5.js',
      'assets/menu-6.js',
      'assets/runtime-0.js',
      'assets/vendor-123.js',
    ]);
    // A page the build does not know (or no page): only the entry's own imports.
    expect(preloaded(assets.tags('N', 'auth/Unknown'))).toEqual(['assets/runtime-0.js', 'assets/vendor-123.js']);
    expect(preloaded(assets.tags('N'))).toEqual(['assets/runtime-0.js', 'assets/vendor-123.js']);
  });

  it('preloads the icon font tiers a signed-in page shows, none on the login page (vite.config.ts ICON_TIERS)', () => {
    const withFonts = {
      ...manifest,
      'resources/js/app.tsx': {
        ...manifest['resources/js/app.tsx'],
        assets: [
          'assets/fa-solid-900-shell.1a2b-X1.woff2',
          'assets/fa-solid-900-rest.3c4d-X2.woff2',
          'assets/logo-9.svg',
        ],
      },
    };
    const assets = builtAssets(buildWith(withFonts));
    const fonts = (tags: string) =>
      [...tags.matchAll(/<link rel="preload" href="\/build\/([^"]+)" as="font" type="font\/woff2" crossorigin>/g)].map(
        (m) => m[1],
      );
    expect(fonts(assets.tags('N', 'Dashboard'))).toEqual(['assets/fa-solid-900-shell.1a2b-X1.woff2']);
    // Any other screen: the other screens' tier too.
    expect(fonts(assets.tags('N', 'clients/Index'))).toEqual([
      'assets/fa-solid-900-shell.1a2b-X1.woff2',
      'assets/fa-solid-900-rest.3c4d-X2.woff2',
    ]);
    // The login page shows only the inlined tier: no font file.
    expect(fonts(assets.tags('N', 'auth/Login'))).toEqual([]);
    expect(fonts(assets.tags('N'))).toEqual([]);
  });

  it('links the stylesheet of the first page’s own chunk beside the application’s (no late fetch)', () => {
    const withCss = {
      ...manifest,
      'resources/js/pages/support/Logs.tsx': {
        file: 'assets/Logs-1.js',
        css: ['assets/support-7.css'],
        imports: ['_vendor.js'],
      },
    };
    const tags = builtAssets(buildWith(withCss)).tags('N', 'support/Logs');
    const styles = [...tags.matchAll(/rel="stylesheet" href="\/build\/([^"]+)"/g)].map((m) => m[1]);
    expect(styles).toEqual(['assets/app-abc.css', 'assets/vendor-123.css', 'assets/support-7.css']);
    expect(builtAssets(buildWith(withCss)).tags('N', 'auth/Login')).not.toContain('support-7.css');
  });

  it("links the shell’s stylesheet, then the screens', then the page’s own, in the cascade’s order", () => {
    const withCss = {
      ...manifest,
      'resources/js/layouts/AuthenticatedLayout.tsx': {
        file: 'assets/AuthenticatedLayout-3.js',
        css: ['assets/shell-3.css'],
        imports: ['resources/js/app.tsx'],
      },
      'resources/js/pages/sales/counter/Ticket.tsx': {
        file: 'assets/Ticket-1.js',
        css: ['assets/ticket-1.css'],
        imports: ['_vendor.js', '_screens.js'],
      },
      'resources/js/pages/clients/Index.tsx': { file: 'assets/Clients-2.js', imports: ['_screens.js'] },
      'resources/js/pages/auth/Login.tsx': { file: 'assets/Login-1.js', imports: ['_vendor.js'] },
      '_screens.js': { file: 'assets/screens-8.js', css: ['assets/screens-8.css'], imports: ['_vendor.js'] },
    };
    const assets = builtAssets(buildWith(withCss));
    const styles = (component: string) =>
      [...assets.tags('N', component).matchAll(/rel="stylesheet" href="\/build\/([^"]+)"/g)].map((m) => m[1]);
    // A screen's own rules (the ticket's) override the screens' stylesheet: they come after it.
    expect(styles('sales/counter/Ticket')).toEqual([
      'assets/app-abc.css',
      'assets/vendor-123.css',
      'assets/shell-3.css',
      'assets/screens-8.css',
      'assets/ticket-1.css',
    ]);
    expect(styles('clients/Index')).toEqual([
      'assets/app-abc.css',
      'assets/vendor-123.css',
      'assets/shell-3.css',
      'assets/screens-8.css',
    ]);
    // The login page: neither the shell's nor the screens'.
    expect(styles('auth/Login')).toEqual(['assets/app-abc.css', 'assets/vendor-123.css']);
  });

  it('derives the asset version from the manifest, so a new build changes it', () => {
    const a = builtAssets(buildWith(manifest)).version;
    const b = builtAssets(buildWith({ ...manifest, 'resources/js/app.tsx': { file: 'assets/app-def.js' } })).version;
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(b).not.toBe(a);
    expect(builtAssets(buildWith(manifest)).version).toBe(a);
  });

  it('says clearly when the client was not built', () => {
    const assets = builtAssets(path.join(os.tmpdir(), 'pas-de-build-ici'));
    expect(() => assets.version).toThrow(/npm run build/);
  });
});
