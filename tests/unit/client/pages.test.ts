import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_NAMES } from '../../../shared/pages';

const pagesDir = path.resolve(import.meta.dirname, '../../../resources/js/pages');

describe('page registry ↔ client components', () => {
  it.each(PAGE_NAMES)('%s has resources/js/pages/%s.tsx with a default export', (name) => {
    const file = path.join(pagesDir, `${name}.tsx`);
    expect(fs.existsSync(file), `${file} manquant`).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toMatch(/export default function \w+/);
  });

  it('pages under auth/ and the welcome page choose their own layout', () => {
    for (const name of PAGE_NAMES.filter((n) => n.startsWith('auth/') || n === 'Welcome')) {
      expect(fs.readFileSync(path.join(pagesDir, `${name}.tsx`), 'utf8'), name).toMatch(
        /\.layout = (AuthLayout|GuestLayout);/,
      );
    }
  });
});
