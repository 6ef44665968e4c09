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
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
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
      else if (SOURCE_FILE.test(entry.name))
        for (const m of fs.readFileSync(full, 'utf8').matchAll(CLASS_NAME)) found.add(m[0]);
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

/** A tier of the icon fonts: the glyphs of the icons named by the source files it matches. */
export interface IconTier {
  name: string;
  /** Source files (path relative to the root, with /) whose icons belong to this tier. */
  files: RegExp;
}

export interface IconSubsetOptions {
  /** Directories scanned for class names (default: resources/js and shared). */
  sources?: string[];
  root?: string;
  /**
   * The icon fonts in tiers (first visits lighter): the first tier is inlined in the stylesheet,
   * each other tier and the icons no tier names (« rest ») are font files of their own, declared
   * with the same family and a `unicode-range`, so the browser fetches one only when a page shows
   * one of its glyphs. Without tiers: one inlined font holding every used icon.
   */
  tiers?: IconTier[];
  /** Where the tier font files are written before Vite emits them (default: a temporary folder). */
  cacheDir?: string;
}

/** Class names found in a file: all of them, and those written in a string beside `fa-regular`. */
export interface FileClassNames {
  all: Set<string>;
  regular: Set<string>;
}

const STRING = /(['"`])(?:(?!\1)[^\\\n]|\\.)*\1/g;

/** The `fa-…` class names of one source file (see FileClassNames). */
export function fileClassNames(code: string): FileClassNames {
  const all = new Set<string>();
  const regular = new Set<string>();
  for (const m of code.matchAll(CLASS_NAME)) all.add(m[0]);
  for (const m of code.matchAll(STRING))
    if (m[0].includes('fa-regular')) for (const n of m[0].matchAll(CLASS_NAME)) regular.add(n[0]);
  return { all, regular };
}

/** Every source file under `dirs` with its class names, keyed by its path relative to `root` (with /). */
export function scanFiles(dirs: string[], root: string): Map<string, FileClassNames> {
  const found = new Map<string, FileClassNames>();
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (SOURCE_FILE.test(entry.name))
        found.set(path.relative(root, full).split(path.sep).join('/'), fileClassNames(fs.readFileSync(full, 'utf8')));
    }
  };
  for (const dir of dirs) walk(dir);
  return found;
}

/** `U+F015,U+F0D1-F0D3…` for the characters of `text`. */
export function unicodeRange(text: string): string {
  const points = [...new Set([...text].map((c) => c.codePointAt(0)!))].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < points.length; i++) {
    let j = i;
    while (j + 1 < points.length && points[j + 1] === points[j] + 1) j++;
    const hex = (n: number) => n.toString(16).toUpperCase();
    parts.push(j > i ? `U+${hex(points[i])}-${hex(points[j])}` : `U+${hex(points[i])}`);
    i = j;
  }
  return parts.join(',');
}

/** A file tier whose font is smaller than this joins the inlined tier (a request costs more). */
const MIN_FILE_FONT = 2048;

export function iconSubset(options: IconSubsetOptions = {}): Plugin {
  const root = options.root ?? process.cwd();
  const sources = (options.sources ?? ['resources/js', 'shared']).map((d) => path.resolve(root, d));
  const cacheDir = options.cacheDir ?? path.join(os.tmpdir(), 'sdstock-icon-fonts');
  let files: Map<string, FileClassNames> | null = null;
  const fonts = new Map<string, Promise<postcss.AtRule[]>>();
  const scanned = () => (files ??= scanFiles(sources, root));
  const usedNames = () => new Set([...scanned().values()].flatMap((f) => [...f.all]));
  /**
   * For the font of `style` (solid: every used icon; regular: those written with fa-regular), the
   * glyphs of each tier in order, the last one being the rest.
   */
  const tierGlyphs = (cssDir: string, style: 'solid' | 'regular'): Array<{ name: string; text: string }> => {
    const css = fs.readFileSync(path.join(cssDir, 'fontawesome.css'), 'utf8');
    const tiers = options.tiers ?? [];
    const names = tiers.map(() => new Set<string>());
    const rest = new Set<string>();
    for (const [file, found] of scanned()) {
      const i = tiers.findIndex((t) => t.files.test(file));
      const target = i < 0 ? rest : names[i];
      for (const n of style === 'regular' ? found.regular : found.all) target.add(n);
    }
    const taken = new Set<string>();
    return [...tiers.map((t, i) => ({ name: t.name, names: names[i] })), { name: 'rest', names: rest }].map(
      ({ name, names: set }) => {
        const chars = [...subsetIconCss(css, set).text].filter((c) => !taken.has(c));
        for (const c of chars) taken.add(c);
        return { name, text: chars.join('') };
      },
    );
  };
  /** The @font-face rules replacing `face` (its src a full Font Awesome font). */
  const faces = async (
    face: postcss.AtRule,
    font: string,
    style: 'solid' | 'regular',
    cssDir: string,
  ): Promise<postcss.AtRule[]> => {
    const full = fs.readFileSync(font);
    const subset = (text: string) => subsetFont(full, text || ' ', { targetFormat: 'woff2' });
    const base = path.basename(font, '.woff2');
    const tiers = tierGlyphs(cssDir, style).filter((t) => t.text !== '');
    if (!options.tiers || tiers.length === 0) {
      const data = await subset(tiers[0]?.text ?? '');
      return [
        face
          .clone({ nodes: [] })
          .append((face.nodes ?? []).filter((n) => !(n.type === 'decl' && n.prop === 'src')).map((n) => n.clone()))
          .append({ prop: 'src', value: `url(data:font/woff2;base64,${data.toString('base64')})` }),
      ];
    }
    // A small file tier joins the inlined one.
    const built: Array<{ name: string; text: string; data: Buffer }> = [];
    for (const t of tiers) built.push({ ...t, data: await subset(t.text) });
    const [inline, ...others] = built;
    const small = others.filter((t) => t.data.length < MIN_FILE_FONT);
    if (inline && small.length > 0) {
      inline.text += small.map((t) => t.text).join('');
      inline.data = await subset(inline.text);
    }
    const out: postcss.AtRule[] = [];
    const rule = (src: string, text: string) => {
      const clone = face.clone({ nodes: [] });
      for (const n of face.nodes ?? []) if (!(n.type === 'decl' && n.prop === 'src')) clone.append(n.clone());
      clone.append({ prop: 'src', value: src });
      clone.append({ prop: 'unicode-range', value: unicodeRange(text) });
      out.push(clone);
    };
    if (inline) rule(`url(data:font/woff2;base64,${inline.data.toString('base64')})`, inline.text);
    fs.mkdirSync(cacheDir, { recursive: true });
    for (const t of [...others].filter((o) => !small.includes(o))) {
      const file = path.join(
        cacheDir,
        `${base}-${t.name}.${createHash('sha256').update(t.data).digest('hex').slice(0, 12)}.woff2`,
      );
      if (!fs.existsSync(file)) fs.writeFileSync(file, t.data);
      // Vite resolves the relative URL and emits the file under a hashed name.
      rule(`url("${path.relative(cssDir, file).split(path.sep).join('/')}") format("woff2")`, t.text);
    }
    return out;
  };
  return {
    name: 'sdstock:icon-subset',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      files = null;
      fonts.clear();
    },
    async transform(code, id) {
      const file = id.split('?')[0];
      const match = FA_CSS.exec(file);
      if (!match) return null;
      if (match[1] === 'fontawesome') return { code: subsetIconCss(code, usedNames()).css, map: null };
      // solid.css / regular.css: the @font-face of subsets of the font (see IconSubsetOptions.tiers).
      const dir = path.dirname(file);
      const root = postcss.parse(code);
      const jobs: Promise<void>[] = [];
      root.walkAtRules('font-face', (face) => {
        const src = face.nodes?.find((n): n is postcss.Declaration => n.type === 'decl' && n.prop === 'src');
        const m = src ? new RegExp(FONT_URL.source).exec(src.value) : null;
        if (!m) return;
        const font = path.join(dir, '..', 'webfonts', `${m[2]}.woff2`);
        if (!fonts.has(font))
          fonts.set(font, faces(face, font, m[2].startsWith('fa-regular') ? 'regular' : 'solid', dir));
        jobs.push(fonts.get(font)!.then((rules) => void face.replaceWith(rules.map((r) => r.clone()))));
      });
      await Promise.all(jobs);
      return { code: root.toString(), map: null };
    },
  };
}
