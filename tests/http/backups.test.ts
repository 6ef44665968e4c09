import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../shared/routes.js';
import { nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { insertReturningId } from '../../server/db/dialect.js';
import { runScheduledBackup } from '../../server/services/backups/backups.js';
import { listRecords, readRecord, writeSettings } from '../../server/services/backups/catalogue.js';
import { ADMIN, Client, type TestApp, createTestApp, userWithPermissions } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { download, inertiaHeaders } from '../support/master-data.js';
import { expectStockConsistent, giveStock, levelOf, makeProduct } from '../support/stock.js';
import { expectCashConsistent, makeTreasuryAccount } from '../support/treasury.js';
import { uniqueTag } from '../support/unique.js';

const INDEX = route('backups.index');

describe.each(testDatabases())('Paramètres › Sauvegarde (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  const target = () => ({ database: t.config.database, storageDir: t.config.storageDir });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await confirmedAdmin();
  }, 60_000);
  afterAll(() => t.close());

  async function confirmedAdmin(): Promise<Client> {
    const c = new Client(t);
    await c.login();
    const res = await c.post(route('password.confirm'), { password: ADMIN.password });
    expect(res.status).toBe(303);
    return c;
  }

  async function backupNow(c: Client = admin) {
    const before = new Set(listRecords(target()).map((r) => r.name));
    const res = await c.post(INDEX);
    expect(res.status).toBe(303);
    const made = listRecords(target()).filter((r) => !before.has(r.name));
    expect(made).toHaveLength(1);
    return made[0];
  }

  async function someStock() {
    const depot = Number((await t.db('locations').where({ code: 'DEP01' }).first('id'))!.id);
    const tag = uniqueTag('B');
    const now = nowIso();
    const category = await insertReturningId(
      t.db,
      'categories',
      withSearchName({ code: tag, name: `Catégorie ${tag}`, created_at: now, updated_at: now }),
    );
    const product = await makeProduct(t.db, { code: tag, name: `Produit ${tag}`, category_id: category });
    await giveStock(t.db, product, depot, 40);
    return { depot, product, tag };
  }

  const auditCount = (action: string) =>
    t
      .db('audit_log')
      .where({ action })
      .count({ n: '*' })
      .first()
      .then((r) => Number(r!.n));

  it('opens with menu.parametres.backup only; every action needs backup.manage', async () => {
    const email = `${uniqueTag('u').toLowerCase()}@test.local`;
    const none = await userWithPermissions(t, `x${email}`, ['menu.parametres']);
    const c0 = new Client(t);
    await c0.login(none.email, none.password);
    expect((await c0.visit(INDEX)).status).toBe(403);

    const viewer = await userWithPermissions(t, email, ['menu.parametres', 'menu.parametres.backup']);
    const c = new Client(t);
    await c.login(viewer.email, viewer.password);
    await c.post(route('password.confirm'), { password: viewer.password });
    const page = await c.visit(INDEX);
    expect(page.status).toBe(200);
    expect(page.body.component).toBe('settings/Backup');
    expect(page.body.props.can_manage).toBe(false);
    expect(page.body.props.engine).toBe(kind === 'pg' ? 'PostgreSQL' : 'SQLite');

    const made = await backupNow();
    const before = listRecords(target()).length;
    expect((await c.post(INDEX)).status).toBe(403);
    expect((await c.send('put', route('backups.settings'), { daily: true, hour: 3, retention: 5 })).status).toBe(403);
    expect((await c.send('delete', route('backups.destroy', { name: made.name }))).status).toBe(403);
    expect((await c.post(route('backups.restore', { name: made.name }), { password: viewer.password })).status).toBe(
      403,
    );
    expect((await download(c, route('backups.download', { name: made.name }))).status).toBe(403);
    expect(listRecords(target())).toHaveLength(before);
  });

  it('a user restricted to places never opens Sauvegarde, makes, downloads nor restores a backup, whatever their permissions', async () => {
    const made = await backupNow();
    const email = `${uniqueTag('r').toLowerCase()}@test.local`;
    const holder = await userWithPermissions(t, email, [
      'menu.dashboard',
      'menu.parametres',
      'menu.parametres.backup',
      'backup.manage',
    ]);
    const shop = Number((await t.db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
    await t.db('users').where({ id: holder.id }).update({ places_restricted: true });
    await t.db('user_locations').insert({ user_id: holder.id, location_id: shop });
    const c = new Client(t);
    await c.login(holder.email, holder.password);
    expect((await c.post(route('password.confirm'), { password: holder.password })).status).toBe(303);
    const before = listRecords(target()).length;
    const audits = await auditCount('backup.downloaded');
    expect((await c.visit(INDEX)).status).toBe(403);
    expect((await c.post(INDEX)).status).toBe(403);
    expect((await c.send('put', route('backups.settings'), { daily: true, hour: 3, retention: 5 })).status).toBe(403);
    expect((await download(c, route('backups.download', { name: made.name }))).status).toBe(403);
    expect((await c.post(route('backups.restore', { name: made.name }), { password: holder.password })).status).toBe(
      403,
    );
    expect((await c.send('delete', route('backups.destroy', { name: made.name }))).status).toBe(403);
    expect(listRecords(target())).toHaveLength(before);
    expect(await auditCount('backup.downloaded')).toBe(audits);
    // The menu hides Sauvegarde: the permissions the page receives are those the guards apply.
    const auth = (await c.visit(route('dashboard'))).body.props.auth.user;
    for (const list of [auth.menu_permissions, auth.all_permissions]) {
      expect(list).not.toContain('menu.parametres.backup');
      expect(list).not.toContain('backup.manage');
    }
    expect(auth.menu_permissions).toContain('menu.parametres');
    // The same permissions for everywhere: the screen opens again.
    await t.db('users').where({ id: holder.id }).update({ places_restricted: false });
    expect((await c.visit(INDEX)).status).toBe(200);
    await t.db('users').where({ id: holder.id }).update({ places_restricted: true });
    expect((await c.visit(INDEX)).status).toBe(403);
  });

  it('asks for the password again when it was not confirmed within 3 hours', async () => {
    const c = new Client(t);
    await c.login();
    const before = listRecords(target()).length;
    const res = await c.post(INDEX);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(route('password.confirm'));
    expect(listRecords(target())).toHaveLength(before);
    // Once confirmed, back to the screen the form was sent from (the browser sends a full Referer).
    const again = await c.post(INDEX, {}, { Referer: `http://127.0.0.1${INDEX}` });
    expect(again.headers.location).toBe(route('password.confirm'));
    const confirmed = await c.post(route('password.confirm'), { password: ADMIN.password });
    expect(confirmed.headers.location).toBe(INDEX);
  });

  it('a restore takes the password typed on its own form as the confirmation', async () => {
    const made = await backupNow();
    const c = new Client(t);
    await c.login();
    const res = await c.post(route('backups.restore', { name: made.name }), { password: ADMIN.password });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(route('login'));
    expect(await t.db('audit_log').where({ action: 'backup.restored', subject_id: made.name }).first()).toBeTruthy();
    admin = await confirmedAdmin();
  });

  it('backs up now: a verified copy listed with date, size and who, audited', async () => {
    const audits = await auditCount('backup.created');
    const made = await backupNow();
    expect(made.status).toBe('verified');
    expect(made.kind).toBe('manual');
    expect(made.user?.name).toBeTruthy();
    expect(made.message).toMatch(/intégrité vérifiée, stock cohérent/i);
    const file = path.join(t.config.storageDir, 'backups', made.name);
    expect(fs.statSync(file).size).toBe(made.size);
    expect(made.size).toBeGreaterThan(0);
    expect(await auditCount('backup.created')).toBe(audits + 1);

    const page = await admin.visit(INDEX);
    const row = page.body.props.backups.find((b: { name: string }) => b.name === made.name);
    expect(row).toMatchObject({ kind_label: 'Manuelle', status: 'verified', size: made.size });
    expect(row.user_name).toBeTruthy();
    expect(row).not.toHaveProperty('sha256');
  });

  it('marks a backup whose stock ledger disagrees with the levels as failed', async () => {
    const { depot, product } = await someStock();
    await t.db('stock_levels').where({ product_id: product, location_id: depot }).update({ quantity: 39 });
    try {
      const made = await backupNow();
      expect(made.status).toBe('failed');
      expect(made.message).toMatch(/grand livre/);
    } finally {
      await t.db('stock_levels').where({ product_id: product, location_id: depot }).update({ quantity: 40 });
    }
  });

  it('marks a backup whose treasury balances disagree with the money ledger as failed', async () => {
    const account = await makeTreasuryAccount(t.db, 'banque');
    await t.db('treasury_accounts').where({ id: account }).update({ balance: 5000 });
    try {
      const made = await backupNow();
      expect(made.status).toBe('failed');
      expect(made.message).toMatch(/trésorerie/);
    } finally {
      await t.db('treasury_accounts').where({ id: account }).update({ balance: 0 });
    }
    const ok = await backupNow();
    expect(ok.status).toBe('verified');
    expect(ok.message).toMatch(/trésorerie cohérente/);
  });

  it('refuses a backup from a newer version of the application (a migration it does not know)', async () => {
    const name = '209912312359_from_the_future';
    await t.db('knex_migrations').insert({ name, batch: 99, migration_time: new Date() });
    try {
      const made = await backupNow();
      expect(made.status).toBe('failed');
      expect(made.message).toMatch(/version plus récente/);
      const res = await admin.post(route('backups.restore', { name: made.name }), { password: ADMIN.password });
      expect(res.status).toBe(303);
      expect(res.headers.location).not.toBe(route('login'));
    } finally {
      await t.db('knex_migrations').where({ name }).delete();
    }
  });

  it('refuses an upload made on the other database engine', async () => {
    const other =
      kind === 'pg'
        ? Buffer.concat([Buffer.from('SQLite format 3\0', 'latin1'), Buffer.alloc(4096)])
        : Buffer.concat([Buffer.from('PGDMP', 'latin1'), Buffer.alloc(4096)]);
    const count = listRecords(target()).length;
    const res = await uploadBackup(admin, other, kind === 'pg' ? 'autre.sqlite' : 'autre.dump', ADMIN.password);
    const page = await admin.follow(res);
    expect(page.body.props.errors.file).toMatch(
      kind === 'pg' ? /vient d’une base SQLite/ : /vient d’une base PostgreSQL/,
    );
    expect(listRecords(target())).toHaveLength(count);
  });

  it('downloads a backup only with backup.manage, never from a static path, audited', async () => {
    const made = await backupNow();
    const audits = await auditCount('backup.downloaded');
    // A plain link: the permission is enough, no password detour (a download changes nothing).
    const fresh = new Client(t);
    await fresh.login();
    const res = await download(fresh, route('backups.download', { name: made.name }));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain(made.name);
    const magic = (res.body as Buffer).subarray(0, 5).toString('latin1');
    expect(magic).toBe(kind === 'pg' ? 'PGDMP' : 'SQLit');
    expect(await auditCount('backup.downloaded')).toBe(audits + 1);
    // Not reachable as a static file, and an unknown or crafted name is a 404.
    expect((await download(admin, `/storage/backups/${made.name}`)).status).toBe(404);
    expect((await download(admin, `/backups/${made.name}`)).status).toBe(404);
    expect((await download(admin, route('backups.download', { name: '..%2Fapp.key' }))).status).toBe(404);
    expect(
      (await download(admin, route('backups.download', { name: 'sdstock-20260101-000000-abcdef.sqlite' }))).status,
    ).toBe(404);
  });

  it('round trip: backup → change → restore brings the data back, backs up the current database first and signs everyone out', async () => {
    const { depot, product, tag } = await someStock();
    const backup = await backupNow();
    expect(backup.status).toBe('verified');

    // The change after the backup.
    await giveStock(t.db, product, depot, 15);
    const now = nowIso();
    await insertReturningId(
      t.db,
      'categories',
      withSearchName({ code: `${tag}X`, name: `Après ${tag}`, created_at: now, updated_at: now }),
    );
    expect(await levelOf(t.db, product, depot)).toBe(55);

    // Another user's session, which the restore must end.
    const other = new Client(t);
    await other.login();
    expect((await other.visit(route('dashboard'))).status).toBe(200);

    const c = await confirmedAdmin();
    const before = new Set(listRecords(target()).map((r) => r.name));
    const res = await c.post(route('backups.restore', { name: backup.name }), { password: ADMIN.password });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(route('login'));

    // The data are those of the backup; the same db object serves them (the app keeps running).
    expect(await levelOf(t.db, product, depot)).toBe(40);
    expect(
      await t
        .db('categories')
        .where({ code: `${tag}X` })
        .first(),
    ).toBeUndefined();
    await expectStockConsistent(t.db);
    await expectCashConsistent(t.db);

    // The database as it was just before is kept, verified.
    const added = listRecords(target()).filter((r) => !before.has(r.name));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ kind: 'pre_restore', status: 'verified' });

    // Everyone is signed out, the restored database's own old sessions included.
    expect(Number((await t.db('sessions').whereNotNull('user_id').count({ n: '*' }).first())!.n)).toBe(0);
    const again = await other.visit(route('dashboard'));
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe('/login');
    expect((await c.visit(route('dashboard'))).status).toBe(303);

    // The restore is audited in the restored database, and signing in works again.
    const entry = (await t.db('audit_log').where({ action: 'backup.restored', subject_id: backup.name }).first())!;
    expect(entry).toBeTruthy();
    expect(JSON.parse(entry.details!).after.pre_restore_backup).toBe(added[0].name);
    admin = await confirmedAdmin();
    expect((await admin.visit(INDEX)).status).toBe(200);

    // And the safety copy brings the change back.
    const res2 = await admin.post(route('backups.restore', { name: added[0].name }), { password: ADMIN.password });
    expect(res2.status).toBe(303);
    expect(await levelOf(t.db, product, depot)).toBe(55);
    admin = await confirmedAdmin();
  }, 60_000);

  it('keeps answering while a restore runs: queries wait for the swap, none fails', async () => {
    const made = await backupNow();
    const c = await confirmedAdmin();
    let done = false;
    const restoring = c
      .post(route('backups.restore', { name: made.name }), { password: ADMIN.password })
      .finally(() => (done = true));
    // Queries keep coming, every few milliseconds, until the restore has answered.
    const queries: Array<Promise<unknown>> = [];
    while (!done) {
      queries.push(t.db('categories').count({ n: '*' }).first());
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const results = await Promise.allSettled(queries);
    expect((await restoring).status).toBe(303);
    expect(queries.length).toBeGreaterThan(2);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await t.db('audit_log').where({ action: 'backup.restored', subject_id: made.name }).first()).toBeTruthy();
    admin = await confirmedAdmin();
  }, 60_000);

  it('refuses a restore with a wrong password, changing nothing', async () => {
    const made = await backupNow();
    const tag = uniqueTag('W');
    const now = nowIso();
    await insertReturningId(
      t.db,
      'categories',
      withSearchName({ code: tag, name: `Après ${tag}`, created_at: now, updated_at: now }),
    );
    const count = listRecords(target()).length;
    const res = await admin.post(
      route('backups.restore', { name: made.name }),
      { password: 'not-the-password' },
      { Referer: INDEX },
    );
    expect(res.status).toBe(303);
    const page = await admin.follow(res);
    expect(page.body.props.errors.password).toMatch(/incorrect/);
    expect(await t.db('categories').where({ code: tag }).first()).toBeTruthy();
    expect(listRecords(target())).toHaveLength(count);
  });

  it('refuses to restore a backup file altered on disk; the database is unchanged', async () => {
    const made = await backupNow();
    const tag = uniqueTag('C');
    const now = nowIso();
    await insertReturningId(
      t.db,
      'categories',
      withSearchName({ code: tag, name: `Après ${tag}`, created_at: now, updated_at: now }),
    );
    const file = path.join(t.config.storageDir, 'backups', made.name);
    corrupt(file);
    const count = listRecords(target()).length;
    const res = await admin.post(
      route('backups.restore', { name: made.name }),
      { password: ADMIN.password },
      { Referer: INDEX },
    );
    expect(res.status).toBe(303);
    const page = await admin.follow(res);
    expect(page.body.props.flash.error).toMatch(/Restauration refusée/);
    expect(await t.db('categories').where({ code: tag }).first()).toBeTruthy();
    expect(listRecords(target())).toHaveLength(count);
    expect((await admin.visit(route('dashboard'))).status).toBe(200);
  });

  it('restores from an uploaded file, and refuses a corrupted upload without changing anything', async () => {
    const { depot, product } = await someStock();
    const made = await backupNow();
    const bytes = fs.readFileSync(path.join(t.config.storageDir, 'backups', made.name));
    await giveStock(t.db, product, depot, 7);

    // A corrupted copy: refused on the file field, nothing restored, nothing kept.
    const broken = Buffer.from(bytes);
    corruptBuffer(broken);
    const count = listRecords(target()).length;
    const refused = await uploadBackup(admin, broken, 'abimee' + path.extname(made.name), ADMIN.password);
    expect(refused.status).toBe(303);
    const page = await admin.follow(refused);
    expect(page.body.props.errors.file).toMatch(/endommagé|refusée|intégrité/i);
    expect(await levelOf(t.db, product, depot)).toBe(47);
    expect(listRecords(target())).toHaveLength(count);
    expect(fs.readdirSync(path.join(t.config.storageDir, 'backups', 'tmp'))).toEqual([]);

    // A file that is no backup at all.
    const junk = await uploadBackup(admin, Buffer.from('name;code\nRiz;R1\n'), 'clients.csv', ADMIN.password);
    expect((await admin.follow(junk)).body.props.errors.file).toMatch(/n’est pas une sauvegarde/);

    // The intact copy: restored, listed as imported, everyone signed out.
    const ok = await uploadBackup(admin, bytes, 'ma-sauvegarde' + path.extname(made.name), ADMIN.password);
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe(route('login'));
    expect(await levelOf(t.db, product, depot)).toBe(40);
    const imported = listRecords(target()).find(
      (r) => r.kind === 'uploaded' && r.original_name === 'ma-sauvegarde' + path.extname(made.name),
    );
    expect(imported?.status).toBe('verified');
    admin = await confirmedAdmin();
  }, 60_000);

  it('deletes a backup, audited', async () => {
    const made = await backupNow();
    const audits = await auditCount('backup.deleted');
    const res = await admin.send('delete', route('backups.destroy', { name: made.name }));
    expect(res.status).toBe(303);
    expect(readRecord(target(), made.name)).toBeNull();
    expect(fs.existsSync(path.join(t.config.storageDir, 'backups', made.name))).toBe(false);
    expect(await auditCount('backup.deleted')).toBe(audits + 1);
  });

  it('saves the schedule (French errors on bad input, audited)', async () => {
    const bad = await admin.send(
      'put',
      route('backups.settings'),
      { daily: true, hour: 25, retention: 0 },
      { Referer: INDEX },
    );
    const page = await admin.follow(bad);
    expect(page.body.props.errors.hour).toMatch(/heure/);
    expect(page.body.props.errors.retention).toMatch(/conservées/);
    const audits = await auditCount('backup.settings');
    const res = await admin.send('put', route('backups.settings'), { daily: true, hour: 4, retention: 9 });
    expect(res.status).toBe(303);
    expect((await admin.visit(INDEX)).body.props.settings).toEqual({ daily: true, hour: 4, retention: 9 });
    expect(await auditCount('backup.settings')).toBe(audits + 1);
  });

  it('the daily backup runs once a day after its hour and keeps the retention count', async () => {
    const storageDir = fs.mkdtempSync(path.join(t.config.storageDir, 'sched-'));
    const target2 = { database: t.config.database, storageDir };
    await t.db('company_settings').where({ id: 1 }).update({ time_zone: 'UTC' });
    writeSettings(target2, { daily: true, hour: 2, retention: 2 });
    const day = (d: number, h: number) => new Date(Date.UTC(2026, 10, d, h, 30));

    expect(await runScheduledBackup(t.db, target2, day(10, 1))).toBeNull();
    const first = await runScheduledBackup(t.db, target2, day(10, 2));
    expect(first).toMatchObject({ kind: 'scheduled', status: 'verified', user: null });
    expect(await runScheduledBackup(t.db, target2, day(10, 23))).toBeNull();
    await runScheduledBackup(t.db, target2, day(11, 3));
    await runScheduledBackup(t.db, target2, day(12, 2));
    const kept = listRecords(target2).filter((r) => r.kind === 'scheduled');
    expect(kept.map((r) => r.created_at)).toEqual([day(12, 2).toISOString(), day(11, 3).toISOString()]);
    expect(fs.existsSync(path.join(storageDir, 'backups', first!.name))).toBe(false);

    writeSettings(target2, { daily: false, hour: 2, retention: 2 });
    expect(await runScheduledBackup(t.db, target2, day(13, 5))).toBeNull();
  }, 60_000);
});

/** Overwrites bytes in the middle of the file (its table pages / compressed data). */
function corrupt(file: string) {
  const bytes = fs.readFileSync(file);
  corruptBuffer(bytes);
  fs.writeFileSync(file, bytes);
}

function corruptBuffer(bytes: Buffer) {
  const from = Math.floor(bytes.length / 3);
  for (let i = from; i < Math.min(bytes.length - 1, from + 4096); i++) bytes[i] = (bytes[i] + 97) % 256;
}

async function uploadBackup(c: Client, content: Buffer, fileName: string, password: string) {
  const headers = await inertiaHeaders(c);
  return c.agent
    .post(route('backups.upload'))
    .set({ ...headers, Referer: route('backups.index') })
    .field('password', password)
    .attach('file', content, fileName);
}
