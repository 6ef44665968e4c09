import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { loadsAppShell } from '../../shared/layouts.js';
import { projectRoot } from '../config.js';

export const CLIENT_ENTRY = 'resources/js/app.tsx';
export const APP_SHELL = 'resources/js/layouts/AuthenticatedLayout.tsx';
export const buildDir = path.join(projectRoot, 'public', 'build');
const manifestOf = (dir: string) => path.join(dir, '.vite', 'manifest.json');

interface ManifestChunk {
  file: string;
  css?: string[];
  assets?: string[];
  imports?: string[];
}

/**
 * The icon font tiers (scripts/vite/icon-subset.ts, ICON_TIERS in vite.config.ts): a signed-in
 * first visit preloads the shell's (the shell and the dashboard), and any other screen the other
 * screens' too, beside the stylesheet instead of discovering them once the page is drawn; the
 * login page needs none (its icons are inlined).
 */
const SHELL_ICON_FONT = /(^|\/)fa-[a-z]+-[0-9]+-shell\.[^/]*\.woff2$/;
const SCREEN_ICON_FONT = /(^|\/)fa-[a-z]+-[0-9]+-rest\.[^/]*\.woff2$/;
const SHELL_ICON_PAGES = new Set(['Dashboard']);

export interface Assets {
  /** Inertia asset version: changes whenever the built client changes. */
  version: string;
  /**
   * <link>/<script> tags for the document head; with the first page's component name, its chunk
   * (and the signed-in shell's, when it is drawn in it) is preloaded beside the entry instead of
   * being discovered after it has run.
   */
  tags(nonce: string, component?: string): string;
}

/** Assets of the production build, read from the Vite manifest (re-read when it changes). */
export function builtAssets(dir = buildDir): Assets {
  const manifestPath = manifestOf(dir);
  let cache:
    | {
        mtime: number;
        version: string;
        scripts: string[];
        styles: string[];
        preloads: string[];
        shellFonts: string[];
        screenFonts: string[];
        manifest: Record<string, ManifestChunk>;
      }
    | undefined;
  const load = () => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(manifestPath);
    } catch {
      throw new Error('Client non compilé : lancez « npm run build » (public/build/.vite/manifest.json manquant).');
    }
    if (cache && cache.mtime === stat.mtimeMs) return cache;
    const raw = fs.readFileSync(manifestPath, 'utf8');
    const manifest = JSON.parse(raw) as Record<string, ManifestChunk>;
    const entry = manifest[CLIENT_ENTRY];
    if (!entry) throw new Error(`Entrée ${CLIENT_ENTRY} absente du manifeste Vite.`);
    const styles = new Set<string>(entry.css ?? []);
    const preloads: string[] = [];
    // Everything the entry imports, directly or not (the runtime helper imported by a shared chunk…).
    const seen = new Set<string>([CLIENT_ENTRY]);
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (seen.has(key) || !chunk) return;
      seen.add(key);
      preloads.push(chunk.file);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const imp of chunk.imports ?? []) visit(imp);
    };
    for (const imp of entry.imports ?? []) visit(imp);
    cache = {
      mtime: stat.mtimeMs,
      version: createHash('sha256').update(raw).digest('hex').slice(0, 16),
      scripts: [entry.file],
      styles: [...styles],
      preloads,
      shellFonts: (entry.assets ?? []).filter((f) => SHELL_ICON_FONT.test(f)),
      screenFonts: (entry.assets ?? []).filter((f) => SCREEN_ICON_FONT.test(f)),
      manifest,
    };
    return cache;
  };
  /**
   * Files of the chunks `keys` and of everything they import, less what the entry already loads;
   * their stylesheets (the signed-in shell's, a screen's own) in `styles`.
   */
  const pageChunks = (c: NonNullable<typeof cache>, keys: string[], styles: Set<string> = new Set()): string[] => {
    const files = new Set<string>();
    const loaded = new Set(c.preloads);
    const seen = new Set<string>([CLIENT_ENTRY]);
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = c.manifest[key];
      if (!chunk) return;
      if (!loaded.has(chunk.file)) files.add(chunk.file);
      // A chunk's stylesheet after those of the chunks it imports (a screen's own rules override
      // the screens' stylesheet), in the order Vite's preload helper links them on a navigation.
      for (const imp of chunk.imports ?? []) visit(imp);
      for (const css of chunk.css ?? []) if (!c.styles.includes(css)) styles.add(css);
    };
    for (const key of keys) visit(key);
    return [...files];
  };
  return {
    get version() {
      return load().version;
    },
    tags(nonce: string, component?: string) {
      const c = load();
      const shell = component ? loadsAppShell(component) : false;
      const pageStyles = new Set<string>();
      // The shell first: its stylesheet comes before the screens' (as the layout's rules came before
      // the pages' in one stylesheet), in the order the client links them after a login.
      const page = component
        ? pageChunks(c, [...(shell ? [APP_SHELL] : []), `resources/js/pages/${component}.tsx`], pageStyles)
        : [];
      return [
        ...[...c.styles, ...pageStyles].map((f) => `<link rel="stylesheet" href="/build/${f}">`),
        ...(shell ? [...c.shellFonts, ...(SHELL_ICON_PAGES.has(component!) ? [] : c.screenFonts)] : []).map(
          (f) => `<link rel="preload" href="/build/${f}" as="font" type="font/woff2" crossorigin>`,
        ),
        ...[...c.preloads, ...page].map((f) => `<link rel="modulepreload" href="/build/${f}">`),
        ...c.scripts.map((f) => `<script type="module" src="/build/${f}" nonce="${nonce}"></script>`),
      ].join('\n    ');
    },
  };
}

/** Assets served by the Vite dev server (npm run dev): HMR and React Fast Refresh. */
export function devAssets(): Assets {
  return {
    version: 'dev',
    tags(nonce: string) {
      return [
        `<script type="module" nonce="${nonce}">import RefreshRuntime from '/build/@react-refresh';RefreshRuntime.injectIntoGlobalHook(window);window.$RefreshReg$=()=>{};window.$RefreshSig$=()=>(t)=>t;window.__vite_plugin_react_preamble_installed__=true;</script>`,
        `<script type="module" src="/build/@vite/client" nonce="${nonce}"></script>`,
        `<script type="module" src="/build/${CLIENT_ENTRY}" nonce="${nonce}"></script>`,
      ].join('\n    ');
    },
  };
}

/** Whether the build is missing or older than the client sources (npm start rebuilds then). */
export function buildIsStale(): boolean {
  let built: number;
  try {
    built = fs.statSync(manifestOf(buildDir)).mtimeMs;
  } catch {
    return true;
  }
  const roots = ['resources', 'shared', 'scripts/vite', 'vite.config.ts', 'package-lock.json'].map((p) =>
    path.join(projectRoot, p),
  );
  const newest = (p: string): number => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(p);
    } catch {
      return 0;
    }
    if (!stat.isDirectory()) return stat.mtimeMs;
    return Math.max(stat.mtimeMs, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))));
  };
  return roots.some((r) => newest(r) > built);
}
