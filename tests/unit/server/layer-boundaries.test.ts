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
      .filter((f) =>
        /\bisSqlite\b|client\.config\.client|\bwhereContains\b/.test(
          fs.readFileSync(path.join(projectRoot, f), 'utf8'),
        ),
      );
    expect(offenders).toEqual([]);
  });

  it('inside server/db, through one helper: isSqlite (connection.ts) is the only reader of the client name', () => {
    const offenders = sources('server/db')
      .filter((f) => f !== 'server/db/connection.ts')
      .filter((f) => /client\.config\.client/.test(fs.readFileSync(path.join(projectRoot, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

describe('routes and presenters run no SQL (DESIGN.md §2)', () => {
  // dependency-cruiser sees imports; a route reaches the database through ctx.db without importing
  // knex, so the calls themselves are looked for here.
  const QUERY =
    /\b(?:db|trx|ctx\.db)\s*\(|\.(?:whereRaw|orderByRaw|joinRaw|select|first|insert|update|del|count|sum)\s*\(/;

  it('no route or presenter builds a query', () => {
    const files = sources('server/http/routes', 'server/http/presenters');
    expect(files.length).toBeGreaterThan(10);
    const offenders = files.flatMap((f) =>
      fs
        .readFileSync(path.join(projectRoot, f), 'utf8')
        .split('\n')
        .map((line, i) => ({ f, line: i + 1, text: line.trim() }))
        .filter((l) => QUERY.test(l.text) && !l.text.startsWith('//') && !l.text.startsWith('*')),
    );
    expect(offenders).toEqual([]);
  });

  it('the pattern catches what it is meant to catch', () => {
    expect(QUERY.test("const row = await db('products').where({ id }).first();")).toBe(true);
    expect(QUERY.test("await ctx.db('x')")).toBe(true);
    expect(QUERY.test('const list = await listClients(db, params);')).toBe(false);
  });
});
