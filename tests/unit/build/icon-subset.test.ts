import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import subsetFont from 'subset-font';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fileClassNames,
  iconSubset,
  scanFaClassNames,
  subsetIconCss,
  unicodeRange,
} from '../../../scripts/vite/icon-subset.js';

const FA = path.resolve(import.meta.dirname, '../../../node_modules/@fortawesome/fontawesome-free');
const css = (name: string) => path.join(FA, 'css', `${name}.css`);
const TRUCK_FAST = '\u{f48b}';
const HOUSE = '\u{f015}';

/** The transform hook of the plugin, as Vite calls it during a build. */
async function transform(plugin: ReturnType<typeof iconSubset>, file: string): Promise<string> {
  const hook = plugin.transform as unknown as (code: string, id: string) => Promise<{ code: string } | null>;
  const out = await hook.call({}, fs.readFileSync(file, 'utf8'), file);
  if (!out) throw new Error(`${file} non transformé`);
  return out.code;
}

const fontIn = (code: string): Buffer => {
  const m = code.match(/url\(data:font\/woff2;base64,([A-Za-z0-9+/=]+)\)/);
  if (!m) throw new Error('pas de police inlinée');
  return Buffer.from(m[1], 'base64');
};

describe('Font Awesome reduced to the icons the sources use (issue 12)', () => {
  let sources: string;
  beforeAll(() => {
    sources = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-icons-'));
    fs.mkdirSync(path.join(sources, 'components'));
    fs.writeFileSync(
      path.join(sources, 'components', 'Truck.tsx'),
      'export const T = () => <i className="fa-solid fa-truck-fast fa-fw" />;\n',
    );
    fs.writeFileSync(path.join(sources, 'menu.ts'), "export const MENU = [{ icon: 'fa-regular fa-envelope' }];\n");
    fs.writeFileSync(path.join(sources, 'notes.md'), 'fa-house (not a source file)\n');
  });
  afterAll(() => fs.rmSync(sources, { recursive: true, force: true }));

  it('finds the fa-… class names written in .ts/.tsx sources, in markup and in data', () => {
    const names = scanFaClassNames([sources]);
    expect([...names].sort()).toEqual(['fa-envelope', 'fa-fw', 'fa-regular', 'fa-solid', 'fa-truck-fast']);
  });

  it('keeps in fontawesome.css the rules of used icons only, and the core rules', () => {
    const {
      css: out,
      icons,
      text,
    } = subsetIconCss(
      fs.readFileSync(css('fontawesome'), 'utf8'),
      new Set(['fa-truck-fast', 'fa-envelope', 'fa-solid']),
    );
    expect(icons.sort()).toEqual(['fa-envelope', 'fa-truck-fast']);
    expect(out).toMatch(/\.fa-truck-fast\s*\{\s*--fa:\s*"\\f48b"/);
    expect(out).not.toMatch(/\.fa-house\s*\{/);
    expect(out).toContain('.fa-fw'); // core rules stay
    expect(text).toContain(TRUCK_FAST);
    expect(text).not.toContain(HOUSE);
  });

  it('replaces the whole web fonts by inlined subsets holding the used glyphs only', async () => {
    const plugin = iconSubset({ sources: [sources] });
    (plugin.buildStart as unknown as () => void).call({});
    const icons = await transform(plugin, css('fontawesome'));
    expect(icons).toContain('.fa-truck-fast');
    expect(icons).not.toMatch(/\.fa-house\s*\{/);

    const solid = await transform(plugin, css('solid'));
    expect(solid).not.toContain('fa-solid-900.woff2'); // the full font is no longer referenced
    const font = fontIn(solid);
    const full = fs.readFileSync(path.join(FA, 'webfonts', 'fa-solid-900.woff2'));
    expect(font.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect(font.length).toBeLessThan(full.length / 20);
    // The used glyph is in the subset, an unused one is not: subsetting it again to that glyph
    // keeps an outline (bigger than the empty font) only for the used one.
    const empty = (await subsetFont(font, ' ', { targetFormat: 'woff2' })).length;
    expect((await subsetFont(font, TRUCK_FAST, { targetFormat: 'woff2' })).length).toBeGreaterThan(empty + 100);
    expect((await subsetFont(font, HOUSE, { targetFormat: 'woff2' })).length).toBeLessThanOrEqual(empty + 16);

    const regular = await transform(plugin, css('regular'));
    expect(regular).not.toContain('fa-regular-400.woff2');
    expect(fontIn(regular).length).toBeLessThan(
      fs.statSync(path.join(FA, 'webfonts', 'fa-regular-400.woff2')).size / 10,
    );
  });

  it('leaves any other stylesheet alone', async () => {
    const plugin = iconSubset({ sources: [sources] });
    const hook = plugin.transform as unknown as (code: string, id: string) => Promise<unknown>;
    expect(await hook.call({}, '.x{color:red}', '/app/resources/css/app.scss')).toBeNull();
  });

  it('knows which icons are written with fa-regular (the regular font holds only those)', () => {
    const found = fileClassNames(
      `<Icon name="fa-regular fa-eye" /><i className='fa-solid fa-truck fa-fw' />{x ? 'fa-regular fa-user' : 'fa-solid fa-house'}`,
    );
    expect([...found.all].sort()).toEqual([
      'fa-eye',
      'fa-fw',
      'fa-house',
      'fa-regular',
      'fa-solid',
      'fa-truck',
      'fa-user',
    ]);
    expect([...found.regular].sort()).toEqual(['fa-eye', 'fa-regular', 'fa-user']);
  });

  it('writes unicode ranges compactly', () => {
    expect(unicodeRange('\u{f015}\u{f0d1}\u{f0d2}\u{f0d3}+\u{f015}')).toBe('U+2B,U+F015,U+F0D1-F0D3');
  });

  it('splits the fonts in tiers: the first inlined, the others files declared with unicode-range', async () => {
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-icon-cache-'));
    try {
      const tiered = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-icons-'));
      fs.mkdirSync(path.join(tiered, 'auth'));
      fs.mkdirSync(path.join(tiered, 'shell'));
      fs.writeFileSync(
        path.join(tiered, 'auth', 'Login.tsx'),
        'export const L = () => <i className="fa-solid fa-house" />;\n',
      );
      // Enough icons for the shell tier to be a file of its own (a small tier joins the inlined one).
      const shellIcons = [
        'fa-truck-fast',
        'fa-warehouse',
        'fa-cash-register',
        'fa-chart-line',
        'fa-boxes-stacked',
        'fa-file-invoice',
        'fa-users',
        'fa-gear',
        'fa-store',
        'fa-print',
        'fa-gauge-high',
        'fa-truck-ramp-box',
        'fa-money-bill-wave',
        'fa-receipt',
        'fa-clipboard-list',
        'fa-scale-balanced',
        'fa-building',
        'fa-tags',
        'fa-user-shield',
        'fa-life-ring',
      ];
      fs.writeFileSync(
        path.join(tiered, 'shell', 'Menu.ts'),
        `export const M = [${shellIcons.map((n) => `'fa-solid ${n}'`).join(', ')}];\n`,
      );
      const otherIcons = [
        'fa-bell',
        'fa-camera',
        'fa-anchor',
        'fa-bicycle',
        'fa-bomb',
        'fa-brain',
        'fa-bug',
        'fa-car',
        'fa-cat',
        'fa-crow',
        'fa-dragon',
        'fa-feather',
        'fa-fish',
        'fa-frog',
        'fa-guitar',
        'fa-hippo',
        'fa-horse',
        'fa-kiwi-bird',
        'fa-otter',
        'fa-spider',
      ];
      fs.writeFileSync(
        path.join(tiered, 'Other.tsx'),
        `export const O = [${otherIcons.map((n) => `'fa-solid ${n}'`).join(', ')}];\n`,
      );
      const plugin = iconSubset({
        sources: [tiered],
        root: tiered,
        cacheDir,
        tiers: [
          { name: 'login', files: /^auth\// },
          { name: 'shell', files: /^shell\// },
        ],
      });
      (plugin.buildStart as unknown as () => void).call({});
      const solid = await transform(plugin, css('solid'));
      const faces = solid.match(/@font-face\s*\{[^}]*\}/g) ?? [];
      expect(faces).toHaveLength(3);
      // A tier too small for a request of its own joins the inlined one: the regular font holds
      // no icon written with fa-regular here, so it is one face.
      expect((await transform(plugin, css('regular'))).match(/@font-face/g)).toHaveLength(1);
      // 1. login: inlined, only its glyph.
      expect(faces[0]).toMatch(/url\(data:font\/woff2;base64,/);
      expect(faces[0]).toMatch(/unicode-range:\s*U\+F015;?\s*\}/);
      // 2. shell: a file next to the others, its glyphs only (not the login's).
      const shellFile = /url\("([^"]+fa-solid-900-shell\.[0-9a-f]+\.woff2)"\)/.exec(faces[1]);
      expect(shellFile).not.toBeNull();
      expect(faces[1]).toContain('U+F48B'); // fa-truck-fast
      expect(faces[1]).not.toContain('U+F015');
      const shellFont = fs.readFileSync(path.resolve(path.dirname(css('solid')), shellFile![1]));
      expect(shellFont.subarray(0, 4).toString('latin1')).toBe('wOF2');
      // 3. the rest: what no tier names (fa-bell…), a file too.
      expect(faces[2]).toMatch(/fa-solid-900-rest\.[0-9a-f]+\.woff2/);
      expect(faces[2]).toContain('U+F0F3');
      expect(faces[2]).not.toContain('U+F48B');
      for (const face of faces) expect(face).toMatch(/font-weight:\s*900/);
      fs.rmSync(tiered, { recursive: true, force: true });
    } finally {
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
