import type { Knex } from 'knex';
import { isSqlite } from './connection.js';
import { formatCount } from '../../shared/quantity.js';

/** The application's tables (SQLite's own excepted), by name. */
export async function tableNames(db: Knex): Promise<string[]> {
  const rows: Array<{ name: string }> = isSqlite(db)
    ? await db.raw(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
    : (
        await db.raw(
          `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
        )
      ).rows;
  return rows.map((r) => r.name).sort();
}

/** Row count of each of these tables, in one query (`npm run drill`: a refused request writes nothing). */
export async function rowCounts(db: Knex, tables: readonly string[]): Promise<Record<string, number>> {
  if (tables.length === 0) return {};
  const sql = tables.map(() => `SELECT CAST(? AS TEXT) AS t, COUNT(*) AS n FROM ??`).join(' UNION ALL ');
  const raw = await db.raw(
    sql,
    tables.flatMap((t) => [t, t]),
  );
  const rows = (isSqlite(db) ? raw : raw.rows) as Array<{ t: string; n: number | string }>;
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
}

/**
 * What is structurally wrong with the live database after a crash: SQLite's integrity and foreign
 * key checks; PostgreSQL recovers from its WAL, so every table is read once. Empty when sound.
 */
export async function integrityProblems(db: Knex): Promise<string[]> {
  if (isSqlite(db)) {
    const problems: string[] = [];
    const integrity = (await db.raw('PRAGMA integrity_check')) as Array<{ integrity_check: string }>;
    const bad = integrity.map((r) => r.integrity_check).filter((r) => r !== 'ok');
    if (bad.length) problems.push(`intégrité SQLite : ${bad.slice(0, 3).join(' ; ')}`);
    const fk = (await db.raw('PRAGMA foreign_key_check')) as unknown[];
    if (fk.length) problems.push(formatCount(fk.length, 'clé étrangère orpheline'));
    return problems;
  }
  await rowCounts(db, await tableNames(db));
  return [];
}

/**
 * The schema's objects as sorted lines — every table, index, trigger (SQLite: their DDL, foreign
 * keys inside the tables'), PostgreSQL: every index, constraint (with whether it is validated) and
 * trigger by its definition. Two databases with the same list have the same indexes, keys and
 * triggers (tests/unit/seed/demo.test.ts: after a bulk load, everything set aside came back).
 */
export async function schemaObjects(db: Knex): Promise<string[]> {
  const squash = (sql: string) => sql.replace(/\s+/g, ' ').trim();
  if (isSqlite(db)) {
    const rows = (await db.raw(
      `SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND sql IS NOT NULL`,
    )) as Array<{ type: string; name: string; sql: string }>;
    return rows.map((r) => `${r.type} ${r.name}: ${squash(r.sql)}`).sort();
  }
  const rows = (
    await db.raw(
      `SELECT 'index ' || indexname || ': ' || indexdef AS line FROM pg_indexes WHERE schemaname = current_schema()
       UNION ALL
       SELECT 'constraint ' || t.relname || '.' || k.conname || ': ' || pg_get_constraintdef(k.oid) || CASE WHEN k.convalidated THEN '' ELSE ' (NOT VALID)' END
         FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace WHERE n.nspname = current_schema()
       UNION ALL
       SELECT 'trigger ' || g.tgname || ': ' || pg_get_triggerdef(g.oid) || CASE WHEN g.tgenabled = 'D' THEN ' (DISABLED)' ELSE '' END
         FROM pg_trigger g JOIN pg_class t ON t.oid = g.tgrelid JOIN pg_namespace n ON n.oid = t.relnamespace WHERE n.nspname = current_schema() AND NOT g.tgisinternal`,
    )
  ).rows as Array<{ line: string }>;
  return rows.map((r) => squash(r.line)).sort();
}
