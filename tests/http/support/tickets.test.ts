import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../../shared/routes.js';
import { ATTACHMENT_MAX_BYTES } from '../../../shared/support.js';
import { ADMIN, Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { inertiaHeaders } from '../../support/master-data.js';

/** A real 1×1 PNG, and a minimal PDF. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const TICKETS = ['menu.support', 'menu.support.tickets'];

describe.each(testDatabases())('Support › Tickets (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());

  const ticketCount = async () => Number((await t.db('support_tickets').count<{ n: number }[]>({ n: '*' }))[0].n);
  const storedFiles = () =>
    fs.existsSync(path.join(t.config.storageDir, 'support'))
      ? fs.readdirSync(path.join(t.config.storageDir, 'support'))
      : [];

  async function signedIn(email: string, permissions = TICKETS) {
    const u = await userWithPermissions(t, email, permissions);
    const c = new Client(t);
    await c.login(u.email, u.password);
    return { c, id: u.id, email };
  }

  /** Opens a ticket through the form (multipart), with files. */
  async function openTicket(
    c: Client,
    fields: Record<string, string>,
    files: Array<{ data: Buffer; name: string }> = [],
  ) {
    const req = c.agent.post(route('support.tickets.index')).set(await inertiaHeaders(c));
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    for (const f of files) req.attach('attachments[]', f.data, f.name);
    return req;
  }

  const valid = {
    subject: 'L’état de stock ne s’imprime pas',
    category: 'incident',
    priority: 'haute',
    description: 'En cliquant sur Imprimer, la page reste blanche depuis ce matin.',
  };

  it('lets any user with the menu open a ticket with a screenshot, tells the support by e-mail, and keeps the file outside the web root', async () => {
    const { c } = await signedIn('demandeur-1@test.local');
    const res = await openTicket(c, valid, [{ data: PNG, name: 'capture écran.png' }]);
    expect(res.status).toBe(303);
    const ticket = (await t.db('support_tickets').orderBy('id', 'desc').first())!;
    expect(res.headers.location).toBe(route('support.tickets.show', { id: ticket.id }));
    expect(ticket).toMatchObject({ subject: valid.subject, status: 'ouvert', category: 'incident', priority: 'haute' });
    const [file] = await t.db('support_ticket_attachments').where({ ticket_id: ticket.id });
    expect(file).toMatchObject({ original_name: 'capture écran.png', mime: 'image/png', size: PNG.length });
    expect(file.stored_name).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(fs.readFileSync(path.join(t.config.storageDir, 'support', file.stored_name))).toEqual(PNG);
    await t.settle();
    const mail = t.mailer.lastTo(ADMIN.email);
    expect(mail?.subject).toContain(`[Ticket n° ${ticket.id}] Nouveau ticket`);
    expect(mail?.text).toContain(route('support.tickets.show', { id: ticket.id }));
    // The requester reads it back, the picture too (with its type, never sniffed).
    const show = await c.visit(route('support.tickets.show', { id: ticket.id }));
    expect(show.body.component).toBe('support/tickets/Show');
    expect(show.body.props.ticket.attachments).toHaveLength(1);
    const img = await c.agent.get(show.body.props.ticket.attachments[0].url);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses attachments by their content, size and number — French message, nothing written', async () => {
    const { c } = await signedIn('demandeur-2@test.local');
    const cases: Array<{ files: Array<{ data: Buffer; name: string }>; message: RegExp }> = [
      {
        files: [{ data: Buffer.from('<html><script>alert(1)</script></html>'), name: 'capture.png' }],
        message: /n’est ni une image \(PNG, JPEG, GIF, WebP\) ni un PDF/,
      },
      {
        files: [{ data: Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), name: 'facture.pdf' }],
        message: /n’est ni une image/,
      },
      { files: [{ data: Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 1), name: 'grosse.png' }], message: /au plus 5 Mo/ },
      { files: Array.from({ length: 6 }, (_, i) => ({ data: PNG, name: `c${i}.png` })), message: /au plus 5 fichiers/ },
    ];
    for (const { files, message } of cases) {
      const tickets = await ticketCount();
      const stored = storedFiles().length;
      const res = await openTicket(c, valid, files);
      expect(res.status).toBe(303);
      const page = await c.follow(res);
      expect(page.body.props.errors.attachments).toMatch(message);
      expect(await ticketCount()).toBe(tickets);
      expect(storedFiles()).toHaveLength(stored);
    }
    // A PDF passes.
    const ok = await openTicket(c, valid, [{ data: PDF, name: 'bon.pdf' }]);
    expect(ok.headers.location).toMatch(/\/support\/tickets\/\d+$/);
  });

  it('refuses a ticket without subject, category or description, in French, writing nothing', async () => {
    const { c } = await signedIn('demandeur-3@test.local');
    const before = await ticketCount();
    const res = await c.post(route('support.tickets.index'), {
      subject: ' ',
      category: 'bidon',
      priority: 'normale',
      description: 'court',
    });
    const page = await c.follow(res);
    expect(page.body.props.errors).toMatchObject({
      subject: 'L’objet du ticket est obligatoire.',
      category: 'Choisissez une catégorie.',
      description: 'La description doit contenir au moins 10 caractères.',
    });
    expect(await ticketCount()).toBe(before);
  });

  it('keeps a user’s tickets to themselves; the support sees all of them', async () => {
    const a = await signedIn('demandeur-4@test.local');
    const b = await signedIn('curieux@test.local');
    const res = await openTicket(a.c, { ...valid, subject: 'Ticket privé de A' });
    const id = Number(res.headers.location.split('/').pop());
    expect((await b.c.visit(route('support.tickets.show', { id }))).status).toBe(404);
    const listB = await b.c.visit(route('support.tickets.index'));
    expect(listB.body.props.tickets.data.map((r: { id: number }) => r.id)).not.toContain(id);
    expect(listB.body.props.can.manage).toBe(false);
    const listAdmin = await admin.visit(route('support.tickets.index', { q: 'privé de A' }));
    expect(listAdmin.body.props.tickets.data.map((r: { id: number }) => r.id)).toEqual([id]);
    // Neither the status nor the assignment is the requester's to change.
    expect((await a.c.post(route('support.tickets.status', { id }), { status: 'ferme' })).status).toBe(403);
    expect((await a.c.post(route('support.tickets.assign', { id }), { assigned_to: a.id })).status).toBe(403);
    const replyWithStatus = await a.c.post(route('support.tickets.reply', { id }), {
      body: 'Je le ferme moi-même',
      status: 'ferme',
    });
    expect((await a.c.follow(replyWithStatus)).body.props.errors.status).toBe(
      'Seul le support peut changer le statut d’un ticket.',
    );
    expect((await t.db('support_tickets').where({ id }).first())!.status).toBe('ouvert');
  });

  it('threads the replies: the support answers, the requester is mailed and sees it unread, then replies', async () => {
    const a = await signedIn('demandeur-5@test.local');
    const res = await openTicket(a.c, { ...valid, subject: 'Question sur les transferts' });
    const id = Number(res.headers.location.split('/').pop());
    await a.c.visit(route('support.tickets.show', { id }));

    const reply = await admin.post(route('support.tickets.reply', { id }), {
      body: 'Pouvez-vous envoyer le numéro du transfert ?',
      status: 'en_attente',
    });
    expect(reply.headers.location).toBe(route('support.tickets.show', { id }));
    expect((await t.db('support_tickets').where({ id }).first())!.status).toBe('en_attente');
    await t.settle();
    const mail = t.mailer.lastTo(a.email);
    expect(mail?.subject).toContain(`[Ticket n° ${id}] Nouvelle réponse`);
    expect(mail?.text).toContain('Pouvez-vous envoyer le numéro du transfert ?');

    const list = await a.c.visit(route('support.tickets.index'));
    expect(list.body.props.tickets.data.find((r: { id: number }) => r.id === id).unread).toBe(true);
    expect(list.body.props.unread).toBeGreaterThanOrEqual(1);
    const show = await a.c.visit(route('support.tickets.show', { id }));
    expect(show.body.props.messages.at(-1)).toMatchObject({
      body: 'Pouvez-vous envoyer le numéro du transfert ?',
      author_is_support: true,
      status_change: 'en_attente',
    });
    const again = await a.c.visit(route('support.tickets.index'));
    expect(again.body.props.tickets.data.find((r: { id: number }) => r.id === id).unread).toBe(false);

    // The requester's answer puts a waiting ticket back « en cours ».
    await a.c.post(route('support.tickets.reply', { id }), { body: 'Le transfert TRF-2026-000004.' });
    expect((await t.db('support_tickets').where({ id }).first())!.status).toBe('en_cours');
    const empty = await a.c.post(route('support.tickets.reply', { id }), { body: '   ' });
    expect((await a.c.follow(empty)).body.props.errors.body).toBe('Écrivez votre réponse ou joignez un fichier.');

    // Closed: no more replies.
    await admin.post(route('support.tickets.status', { id }), { status: 'ferme' });
    const replies = Number(
      (await t.db('support_ticket_replies').where({ ticket_id: id }).count<{ n: number }[]>({ n: '*' }))[0].n,
    );
    const late = await a.c.post(route('support.tickets.reply', { id }), { body: 'Encore une question' });
    expect((await a.c.follow(late)).body.props.errors.body).toMatch(/Ce ticket est fermé/);
    expect(
      Number((await t.db('support_ticket_replies').where({ ticket_id: id }).count<{ n: number }[]>({ n: '*' }))[0].n),
    ).toBe(replies);
    const audit = await t
      .db('audit_log')
      .where({ subject_type: 'support_ticket', subject_id: String(id) })
      .pluck('action');
    expect(audit).toEqual(expect.arrayContaining(['ticket.opened', 'ticket.replied', 'ticket.status_changed']));
  });

  it('assigns only to support staff, and filters the list', async () => {
    const a = await signedIn('demandeur-6@test.local');
    const res = await openTicket(a.c, { ...valid, subject: 'À attribuer', priority: 'urgente', category: 'question' });
    const id = Number(res.headers.location.split('/').pop());
    const refused = await admin.post(route('support.tickets.assign', { id }), { assigned_to: a.id });
    expect((await admin.follow(refused)).body.props.errors.assigned_to).toMatch(/ne traite pas les tickets/);
    const adminId = (await t.db('users').where({ email: ADMIN.email }).first('id'))!.id;
    await admin.post(route('support.tickets.assign', { id }), { assigned_to: adminId });
    expect(await t.db('support_tickets').where({ id }).first()).toMatchObject({
      assigned_to: adminId,
      status: 'en_cours',
    });
    const mine = await admin.visit(route('support.tickets.index', { assigned: 'moi', priority: 'urgente' }));
    expect(mine.body.props.tickets.data.map((r: { id: number }) => r.id)).toContain(id);
    const unassigned = await admin.visit(route('support.tickets.index', { assigned: 'personne' }));
    expect(unassigned.body.props.tickets.data.map((r: { id: number }) => r.id)).not.toContain(id);
    const closed = await admin.visit(route('support.tickets.index', { status: 'ferme', category: 'question' }));
    expect(closed.body.props.tickets.data.every((r: { status: string }) => r.status === 'ferme')).toBe(true);
  });

  it('refuses the tickets screen without its permission', async () => {
    const { c } = await signedIn('sans-tickets@test.local', ['menu.support', 'menu.support.doc']);
    expect((await c.visit(route('support.tickets.index'))).status).toBe(403);
    const before = await ticketCount();
    expect((await c.post(route('support.tickets.index'), valid)).status).toBe(403);
    expect(await ticketCount()).toBe(before);
  });
});
