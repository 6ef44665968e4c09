import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import subsetFont from 'subset-font';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iconSubset, scanFaClassNames, subsetIconCss } from '../../../scripts/vite/icon-subset.js';

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
    fs.writeFileSync(path.join(sources, 'components', 'Truck.tsx'), 'export const T = () => <i className="fa-solid fa-truck-fast fa-fw" />;\n');
    fs.writeFileSync(path.join(sources, 'menu.ts'), "export const MENU = [{ icon: 'fa-regular fa-envelope' }];\n");
    fs.writeFileSync(path.join(sources, 'notes.md'), 'fa-house (not a source file)\n');
  });
  afterAll(() => fs.rmSync(sources, { recursive: true, force: true }));

  it('finds the fa-… class names written in .ts/.tsx sources, in markup and in data', () => {
    const names = scanFaClassNames([sources]);
    expect([...names].sort()).toEqual(['fa-envelope', 'fa-fw', 'fa-regular', 'fa-solid', 'fa-truck-fast']);
  });

  it('keeps in fontawesome.css the rules of used icons only, and the core rules', () => {
    const { css: out, icons, text } = subsetIconCss(fs.readFileSync(css('fontawesome'), 'utf8'), new Set(['fa-truck-fast', 'fa-envelope', 'fa-solid']));
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
    expect(fontIn(regular).length).toBeLessThan(fs.statSync(path.join(FA, 'webfonts', 'fa-regular-400.woff2')).size / 10);
  });

  it('leaves any other stylesheet alone', async () => {
    const plugin = iconSubset({ sources: [sources] });
    const hook = plugin.transform as unknown as (code: string, id: string) => Promise<unknown>;
    expect(await hook.call({}, '.x{color:red}', '/app/resources/css/app.scss')).toBeNull();
  });
});
