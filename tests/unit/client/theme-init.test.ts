import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { COLOR_THEMES, DARK_MODES, resolveDark, STORAGE_KEYS } from '../../../resources/js/lib/theme';
import { stripBootComments } from '../../../server/http/root-template';

const source = fs.readFileSync(path.resolve(import.meta.dirname, '../../../resources/js/boot/theme-init.js'), 'utf8');

/** Runs the boot script against a fake <html>, storage and media query; returns the attributes. */
function boot(stored: Record<string, string>, systemDark: boolean, storageThrows = false, script = source) {
  const attrs: Record<string, string> = {};
  const window = {
    localStorage: {
      getItem: (k: string) => {
        if (storageThrows) throw new Error('blocked');
        return stored[k] ?? null;
      },
    },
    matchMedia: (q: string) => ({ matches: q === '(prefers-color-scheme: dark)' && systemDark }),
  };
  const document = { documentElement: { setAttribute: (k: string, v: string) => (attrs[k] = v) } };
  vm.runInNewContext(script, { window, document });
  return attrs;
}

describe('theme-init.js (applied before the first paint)', () => {
  it('is plain script: no module syntax, no closing script tag', () => {
    expect(source).not.toMatch(/\b(import|export)\s/);
    expect(source).not.toMatch(/<\/script/i);
  });

  it('uses the same storage keys and values as the app', () => {
    expect(source).toContain(`'${STORAGE_KEYS.darkMode}'`);
    expect(source).toContain(`'${STORAGE_KEYS.colorTheme}'`);
    for (const t of COLOR_THEMES) expect(source).toContain(`'${t}'`);
    for (const m of DARK_MODES) expect(source).toContain(`'${m}'`);
  });

  it('the copy the server inlines (comments stripped) is smaller and behaves the same', () => {
    const inlined = stripBootComments(source);
    expect(inlined.length).toBeLessThan(source.length * 0.8);
    expect(inlined).not.toContain('/*');
    for (const [stored, systemDark, throws] of [
      [{}, false, false],
      [{}, true, false],
      [{ [STORAGE_KEYS.darkMode]: 'on', [STORAGE_KEYS.colorTheme]: 'city' }, false, false],
      [{}, true, true],
    ] as const) {
      expect(boot(stored, systemDark, throws, inlined)).toEqual(boot(stored, systemDark, throws));
    }
    expect(boot({}, true, false, inlined)['data-bs-theme']).toBe('dark');
  });

  it('defaults to the system scheme and the default theme', () => {
    expect(boot({}, false)).toEqual({
      'data-bs-theme': 'light',
      'data-app-theme': 'default',
      'data-dark-mode': 'system',
    });
    expect(boot({}, true)['data-bs-theme']).toBe('dark');
  });

  it('applies the saved choices', () => {
    expect(boot({ [STORAGE_KEYS.darkMode]: 'on', [STORAGE_KEYS.colorTheme]: 'amethyst' }, false)).toEqual({
      'data-bs-theme': 'dark',
      'data-app-theme': 'amethyst',
      'data-dark-mode': 'on',
    });
    expect(boot({ [STORAGE_KEYS.darkMode]: 'off' }, true)['data-bs-theme']).toBe('light');
  });

  it('ignores garbage and blocked storage', () => {
    expect(boot({ [STORAGE_KEYS.darkMode]: 'maybe', [STORAGE_KEYS.colorTheme]: 'neon' }, false)).toEqual({
      'data-bs-theme': 'light',
      'data-app-theme': 'default',
      'data-dark-mode': 'system',
    });
    expect(boot({}, true, true)['data-bs-theme']).toBe('dark');
  });

  it('agrees with the app for every combination', () => {
    for (const mode of DARK_MODES) {
      for (const sys of [true, false]) {
        expect(boot({ [STORAGE_KEYS.darkMode]: mode }, sys)['data-bs-theme']).toBe(
          resolveDark(mode, sys) ? 'dark' : 'light',
        );
      }
    }
  });
});
