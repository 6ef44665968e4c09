/**
 * Font Awesome, only the icons we use (issue 12). The markup keeps its class names
 * (`<i className="fa-solid fa-truck">`); at build time this Vite plugin
 *   - scans the client sources (resources/js, shared) for `fa-…` class names,
 *   - keeps in Font Awesome's CSS only the icon rules (`.fa-truck { --fa: "\f0d1" }`) of those names,
 *   - replaces the whole solid/regular web fonts (≈ 140 KB) by subsets holding only their glyphs,
 *     inlined in the CSS as data: URIs (one request less, icons shown with the first paint).
 * An icon someone adds to a component is picked up by the next build. In development (`npm run
 * dev`) the full fonts are used.
 */
import fs from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

const FA_CSS = /@fortawesome[\\/]fontawesome-free[\\/]css[\\/](fontawesome|solid|regular)(\.min)?\.css$/;
const FONT_URL = /url\((["']?)\.\.\/webfonts\/(fa-(?:solid-900|regular-400))\.woff2\1\)/g;
const SOURCE_FILE = /\.(tsx?|jsx?|mjs|html)$/;
const CLASS_NAME = /\bfa-[a-z0-9]+(?:-[a-z0-9]+)*/g;

/** Every `fa-…` token in the source files under `dirs` (names, not only icons: fa-solid, fa-fw…). */
export function scanFaClassNames(dirs: string[]): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (SOURCE_FILE.test(entry.name)) for (const m of fs.readFileSync(full, 'utf8').matchAll(CLASS_NAME)) found.add(m[0]);
    }
  };
  for (const dir of dirs) walk(dir);
  return found;
}

/** `"\f015"` → the character U+F015 (CSS escapes, e.g. `"\30 "` → "0"). */
function cssString(value: string): string {
  const inner = value.trim().replace(/^["']|["']$/g, '');
  return inner.replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
}

export interface IconSubset {
  /** Font Awesome's core CSS with only the used icon rules. */
  css: string;
  /** The characters (glyph code points) the used icons need. */
  text: string;
  /** Used names that are icons (for reporting). */
  icons: string[];
}

/** Keeps, in fontawesome.css, the icon rules whose class is in `used`; returns the glyphs they need. */
export function subsetIconCss(css: string, used: Set<string>): IconSubset {
  const root = postcss.parse(css);
  const chars = new Set<string>();
  const icons: string[] = [];
  root.walkRules((rule) => {
    const decls = rule.nodes.filter((n) => n.type === 'decl');
    const only = decls.length === 1 && rule.nodes.length === decls.length && decls[0].prop === '--fa' ? decls[0] : null;
    if (!only || !/^\.fa-[a-z0-9-]+$/.test(rule.selector.trim())) return;
    const name = rule.selector.trim().slice(1);
    if (!used.has(name)) {
      rule.remove();
      return;
    }
    icons.push(name);
    for (const ch of cssString(only.value)) chars.add(ch);
  });
  return { css: root.toString(), text: [...chars].join(''), icons };
}

export interface IconSubsetOptions {
  /** Directories scanned for class names (default: resources/js and shared). */
  sources?: string[];
  root?: string;
}

export function iconSubset(options: IconSubsetOptions = {}): Plugin {
  const root = options.root ?? process.cwd();
  const sources = (options.sources ?? ['resources/js', 'shared']).map((d) => path.resolve(root, d));
  let used: Set<string> | null = null;
  let text: string | null = null;
  const fonts = new Map<string, Promise<string>>();
  const usedNames = () => (used ??= scanFaClassNames(sources));
  /** The glyphs of the used icons, from fontawesome.css next to the file being transformed. */
  const glyphs = (cssDir: string) => (text ??= subsetIconCss(fs.readFileSync(path.join(cssDir, 'fontawesome.css'), 'utf8'), usedNames()).text);
  return {
    name: 'sdstock:icon-subset',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      used = null;
      text = null;
      fonts.clear();
    },
    async transform(code, id) {
      const file = id.split('?')[0];
      const match = FA_CSS.exec(file);
      if (!match) return null;
      if (match[1] === 'fontawesome') return { code: subsetIconCss(code, usedNames()).css, map: null };
      // solid.css / regular.css: the @font-face of a subset of the font, inlined.
      const dir = path.dirname(file);
      let out = code;
      for (const m of code.matchAll(FONT_URL)) {
        const font = path.join(dir, '..', 'webfonts', `${m[2]}.woff2`);
        if (!fonts.has(font)) fonts.set(font, subsetFont(fs.readFileSync(font), glyphs(dir) || ' ', { targetFormat: 'woff2' }).then((b) => b.toString('base64')));
        out = out.replace(m[0], `url(data:font/woff2;base64,${await fonts.get(font)!})`);
      }
      return { code: out, map: null };
    },
  };
}
