import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type TestApp, createTestApp } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { submitExpectingErrors } from '../support/master-data.js';
import { uniqueTag } from '../support/unique.js';

/**
 * What a signed-in user can type or forge in a form or a URL (security issue 13, findings 8 and
 * 11): control characters, wrong types, missing optional fields. Each gets a French message on its
 * field and nothing is written — on SQLite and PostgreSQL alike (PostgreSQL refuses NUL in text).
 */
describe.each(testDatabases())('hostile form and URL input (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
  });
  afterAll(async () => {
    await t?.close();
  });

  const client = (tag: string, over: Record<string, unknown> = {}) => ({
    code: `${tag}1`,
    name: `Client ${tag}`,
    kind: 'particulier',
    price_level: 'detail',
    active: true,
    ...over,
  });
  const countClients = async (tag: string) =>
    Number((await t.db('clients').where('code', 'like', `${tag}%`).count({ n: '*' }).first())!.n);

  it('refuses a NUL or another control character in a name or an address, on every database', async () => {
    const tag = uniqueTag();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { name: 'Awa\u0000Koné' },
        'name',
        'Le champ nom contient des caractères non autorisés (caractères de contrôle).',
      ],
      [
        { address: 'Rue 12\u0000' },
        'address',
        'Le champ adresse contient des caractères non autorisés (caractères de contrôle).',
      ],
      [
        { city: 'Abidjan\u001b[31m' },
        'city',
        'Le champ ville contient des caractères non autorisés (caractères de contrôle).',
      ],
      [
        { email: 'a\u0000@b.ci' },
        'email',
        'L’adresse e-mail contient des caractères non autorisés (caractères de contrôle).',
      ],
    ];
    for (const [over, field, message] of cases) {
      const errors = await submitExpectingErrors(
        admin,
        'post',
        '/fichiers/clients',
        client(tag, over),
        '/fichiers/clients/create',
      );
      expect(errors[field], field).toBe(message);
    }
    const supplier = await submitExpectingErrors(
      admin,
      'post',
      '/fichiers/fournisseurs',
      { code: `${tag}F`, name: 'Fournisseur\u0000' },
      '/fichiers/fournisseurs/create',
    );
    expect(supplier.name).toBe('Le champ nom contient des caractères non autorisés (caractères de contrôle).');
    expect(await countClients(tag)).toBe(0);
    // Line breaks and tabs are no control characters for a text: an address keeps its lines.
    const ok = await admin.post('/fichiers/clients', client(tag, { address: 'Rue 12\r\n\tTreichville' }));
    expect(ok.status).toBe(303);
    expect(
      (await t
        .db('clients')
        .where({ code: `${tag}1` })
        .first())!.address,
    ).toBe('Rue 12\n\tTreichville');
  });

  it('strips control characters from the search and filters of the lists and pickers', async () => {
    for (const url of [
      '/fichiers/clients?q=%00abc',
      '/fichiers/produits?q=a%00b',
      '/fichiers/fournisseurs?q=%00',
      '/operations/entreestock?q=%00x',
      '/operations/sortiestock/transferts?q=x%00',
      '/operations/gestionstock?q=%00',
    ]) {
      const res = await admin.visit(url);
      expect(res.status, url).toBe(200);
    }
    const picker = await admin.agent.get('/pickers/clients?q=%00COMPTANT').set('Accept', 'application/json');
    expect(picker.status).toBe(200);
    const tag = uniqueTag();
    await admin.post('/fichiers/clients', client(tag, { name: `Cherché ${tag}` }));
    const found = await admin.visit(`/fichiers/clients?q=%00${tag}`);
    expect(found.body.props.clients.data.map((c: { code: string }) => c.code)).toEqual([`${tag}1`]);
  });

  it('refuses wrong types instead of emptying them: an array for an e-mail, [1] for a checkbox, an object for a name', async () => {
    const tag = uniqueTag();
    const errors = await submitExpectingErrors(
      admin,
      'post',
      '/fichiers/clients',
      client(tag, { email: ['a@b.ci'], active: [1], city: { x: 1 }, phone: ['0102030405'] }),
      '/fichiers/clients/create',
    );
    expect(errors).toMatchObject({
      email: 'L’adresse e-mail doit être un texte.',
      active: 'Valeur attendue : oui ou non.',
      city: 'Le champ ville doit être un texte.',
      phone: 'Le numéro de téléphone doit être un texte.',
    });
    const name = await submitExpectingErrors(
      admin,
      'post',
      '/fichiers/clients',
      client(tag, { name: ['Awa'] }),
      '/fichiers/clients/create',
    );
    expect(name.name).toBe('Le champ nom doit être un texte.');
    expect(await countClients(tag)).toBe(0);
  });

  it('says in French what a missing field needs, never « non optionnel attendu »', async () => {
    const errors = await submitExpectingErrors(
      admin,
      'post',
      '/operations/entreestock',
      {},
      '/operations/entreestock/create',
    );
    expect(Object.values(errors).join(' ')).not.toMatch(/optionnel|indéfini|Entrée invalide/);
    expect(errors.note).toBeUndefined();
    expect(errors.supplier_ref).toBeUndefined();
    expect(errors.supplier_id).toBe('Choisissez le fournisseur.');
    const note = await submitExpectingErrors(
      admin,
      'post',
      '/operations/entreestock',
      { note: ['x'], supplier_ref: 'BL\u00001' },
      '/operations/entreestock/create',
    );
    expect(note.note).toBe('L’observation doit être un texte.');
    expect(note.supplier_ref).toBe(
      'La référence fournisseur contient des caractères non autorisés (caractères de contrôle).',
    );
  });

  it('refuses a wrong type for the « se souvenir de moi » box with a French message', async () => {
    const c = new Client(t);
    const res = await c.post('/login', { email: 'personne@test.local', password: 'x', remember: [1] });
    expect(res.status).toBe(303);
    expect((await c.visit('/login')).body.props.errors.remember).toBe('Valeur attendue : oui ou non.');
  });

  it('refuses a NUL in the name of a new account (register) without a 500', async () => {
    const c = new Client(t);
    const tag = uniqueTag();
    const res = await c.post('/register', {
      name: 'Awa\u0000',
      email: `nul-${tag}@test.local`,
      password: 'Secret-123456',
      password_confirmation: 'Secret-123456',
    });
    expect(res.status).toBe(303);
    const page = await c.visit('/register');
    expect(page.body.props.errors.name).toBe(
      'Le champ nom contient des caractères non autorisés (caractères de contrôle).',
    );
    expect(
      await t
        .db('users')
        .where({ email: `nul-${tag}@test.local` })
        .first(),
    ).toBeUndefined();
  });
});
