import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSlots } from '../../../server/http/files.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { inertiaHeaders, upload } from '../../support/master-data.js';
import { uniqueTag } from '../../support/unique.js';
import { sharedStringsBomb } from '../../support/zip.js';

/**
 * Hostile import files (security issue 13, findings 1 and 11): a ZIP bomb disguised as an XLSX, a
 * CSV of 200 000 columns, UTF-16 text, a second import while one runs. The server answers each with
 * a French error on the file field, quickly, and keeps answering; nothing is written.
 */
describe.each(testDatabases())('hostile import files (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A Gérant-like importer of clients, signed in. */
  async function importer(tag: string) {
    const user = await userWithPermissions(t, `gerant-${tag}@test.local`, [
      'menu.clients',
      'clients.export',
      'clients.create',
      'clients.update',
    ]);
    const c = new Client(t);
    await c.login(user.email, user.password);
    return { c, id: user.id };
  }
  const fileError = async (c: Client) =>
    (await c.visit('/fichiers/clients/import')).body.props.errors.file as string | undefined;
  const batches = async () => Number((await t.db('import_batches').count({ n: '*' }).first())!.n);

  it('refuses the shared-strings bomb in parallel uploads, quickly, and keeps serving', async () => {
    const bomb = sharedStringsBomb(1500, 'honest');
    const liar = sharedStringsBomb(3500, 'lying');
    const users = await Promise.all([importer(uniqueTag()), importer(uniqueTag()), importer(uniqueTag())]);
    const before = await batches();
    const rss = process.memoryUsage().rss;
    const started = Date.now();
    const answers = await Promise.all(
      users.map(({ c }, i) => upload(c, '/fichiers/clients/import', i === 2 ? liar : bomb, 'clients.xlsx')),
    );
    expect(Date.now() - started).toBeLessThan(3000);
    expect(process.memoryUsage().rss - rss).toBeLessThan(200 * 1024 * 1024);
    for (const res of answers) expect(res.status).toBe(303);
    expect(await fileError(users[0].c)).toBe(
      'Le classeur décompressé dépasserait 100 Mo : il est trop volumineux pour être importé (ou il a été fabriqué pour saturer le serveur).',
    );
    expect(await fileError(users[2].c)).toBe(
      'Le classeur est corrompu : une de ses parties se décompresse au-delà de la taille annoncée (fichier abîmé ou fabriqué pour saturer le serveur).',
    );
    expect(await batches()).toBe(before);
    // The server still answers, and the same users can import a sound file right after.
    const tag = uniqueTag();
    const ok = await upload(users[0].c, '/fichiers/clients/import', `Nom\nClient ${tag}`, 'clients.csv');
    expect(ok.headers.location).toMatch(/\?preview=/);
  });

  it('answers a malformed upload (cut multipart, control characters in the file name) on the file field, never a 500', async () => {
    const { c } = await importer(uniqueTag());
    const headers = await inertiaHeaders(c);
    const cut = await c.agent
      .post('/fichiers/clients/import')
      .set({ ...headers, 'Content-Type': 'multipart/form-data; boundary=XYZ' })
      .send(
        '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nNom\nAwa',
      );
    expect(cut.status).toBe(303);
    expect(await fileError(c)).toBe('Le fichier n’a pas pu être reçu : envoyez un seul fichier .csv ou .xlsx.');
    const tag = uniqueTag();
    // A file name given in RFC 5987 form may carry any byte once decoded (NUL included).
    const named = await c.agent
      .post('/fichiers/clients/import')
      .set({ ...headers, 'Content-Type': 'multipart/form-data; boundary=XYZ' })
      .send(
        `--XYZ\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''clients%00%01%7F.csv\r\nContent-Type: text/csv\r\n\r\nNom\nClient ${tag}\r\n--XYZ--\r\n`,
      );
    expect(named.headers.location, await fileError(c)).toMatch(/\?preview=/);
    const id = new URL(named.headers.location, 'http://x').searchParams.get('preview');
    expect((await t.db('import_batches').where({ id: id! }).first())!.file_name).toBe('clients.csv');
  });

  it('refuses a CSV of 200 000 columns at once', async () => {
    const { c } = await importer(uniqueTag());
    const header = Array.from({ length: 200_000 }, (_, i) => `Colonne ${i}`).join(';');
    const started = Date.now();
    const res = await upload(c, '/fichiers/clients/import', `${header}\nx\n`, 'large.csv');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(303);
    expect(await fileError(c)).toBe('La ligne 1 contient plus de 100 colonnes : 100 au plus par import.');
  });

  it('reads a UTF-16 CSV as Excel saves it (« Texte Unicode »)', async () => {
    const { c } = await importer(uniqueTag());
    const tag = uniqueTag();
    const content = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`Nom\tVille\r\nHervé ${tag}\tBouaké\r\n`, 'utf16le'),
    ]);
    const res = await upload(c, '/fichiers/clients/import', content, 'clients.txt');
    expect(res.headers.location).toMatch(/\?preview=/);
    const preview = (await c.visit(res.headers.location)).body.props.preview;
    expect(preview.rows.map((r: { name: string; action: string }) => [r.name, r.action])).toEqual([
      [`Hervé ${tag}`, 'create'],
    ]);
  });

  it('refuses a second import by the same user while the first runs, on the file field and as a toast', async () => {
    const { c, id } = await importer(uniqueTag());
    const tag = uniqueTag();
    const first = await upload(c, '/fichiers/clients/import', `Nom\nClient ${tag}`, 'clients.csv');
    const batch = new URL(first.headers.location, 'http://x').searchParams.get('preview');
    expect(importSlots.take(id)).toBe('ok'); // an import of this user is running
    try {
      await upload(c, '/fichiers/clients/import', `Nom\nAutre ${tag}`, 'clients.csv');
      expect(await fileError(c)).toBe(
        'Un import est déjà en cours sur votre compte : attendez sa fin avant d’en lancer un autre.',
      );
      await c.post(`/fichiers/clients/import/${batch}/apply`);
      expect((await c.visit('/fichiers/clients/import')).body.flash.error).toBe(
        'Un import est déjà en cours sur votre compte : attendez sa fin avant d’en lancer un autre.',
      );
      expect(
        await t
          .db('clients')
          .where({ name: `Client ${tag}` })
          .first(),
      ).toBeUndefined();
    } finally {
      importSlots.release(id);
    }
    // A few imports at a time in the whole process: beyond, a clear wait message.
    const others = [-101, -102, -103];
    for (const other of others) expect(importSlots.take(other)).toBe('ok');
    try {
      await upload(c, '/fichiers/clients/import', `Nom\nAutre ${tag}`, 'clients.csv');
      expect(await fileError(c)).toBe('Le serveur traite déjà plusieurs imports : réessayez dans quelques instants.');
    } finally {
      for (const other of others) importSlots.release(other);
    }
    // Once it is over, the same user imports again.
    await c.post(`/fichiers/clients/import/${batch}/apply`);
    expect(
      await t
        .db('clients')
        .where({ name: `Client ${tag}` })
        .first(),
    ).toBeDefined();
  });
});
