import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb } from '../server/db/connection.js';
import { migrateLatest } from '../server/db/migrate.js';
import { rowTypesSource, type TableColumns } from '../server/db/row-types.js';

/**
 * npm run db:types: writes server/db/tables.generated.ts, a row type per table read from the
 * schema the migrations build (on a throw-away SQLite file), and registers them with knex so
 * `db('sales')` is typed. `npm run db:types -- --check` exits 1 when the file is stale (a test
 * runs the same check): a migration that adds, renames or drops a column regenerates it.
 */
const target = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'server', 'db', 'tables.generated.ts');

export async function readSchema(): Promise<TableColumns[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-types-'));
  const db = createDb(
    { client: 'sqlite', filename: path.join(dir, 'schema.sqlite') },
    { backgroundCheckpoints: false },
  );
  try {
    await migrateLatest(db);
    const tables = (await db.raw(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'knex_%' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name",
    )) as { name: string }[];
    const schema: TableColumns[] = [];
    for (const { name } of tables) {
      const columns = (await db.raw(`PRAGMA table_info("${name}")`)) as {
        name: string;
        type: string;
        notnull: number;
        pk: number;
      }[];
      schema.push({
        table: name,
        columns: columns.map((c) => ({ name: c.name, type: c.type, nullable: !c.notnull && !c.pk })),
      });
    }
    return schema;
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const source = rowTypesSource(await readSchema());
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
    if (current !== source) {
      console.error('server/db/tables.generated.ts ne correspond plus au schéma : lancez npm run db:types.');
      process.exit(1);
    }
    console.log('Types des tables à jour.');
  } else {
    fs.writeFileSync(target, source);
    console.log(`Types des tables écrits : ${path.relative(process.cwd(), target)}`);
  }
}
