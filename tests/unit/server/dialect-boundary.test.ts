import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../../server/config.js';

/** Every file under these folders (TypeScript sources). */
function sources(...dirs: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(projectRoot, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name)) out.push(rel);
    }
  };
  for (const d of dirs) walk(d);
  return out;
}

describe('dialect differences live in server/db', () => {
  it('no file outside server/db asks which database it runs on', () => {
    // Migrations are frozen history: their DDL differences stay written in each one.
    const offenders = sources('server', 'database/seeds', 'scripts')
      .filter((f) => !f.startsWith('server/db/'))
      .filter((f) => /\bisSqlite\b|client\.config\.client|\bwhereContains\b/.test(fs.readFileSync(path.join(projectRoot, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
