import type { Knex } from 'knex';
import { insertReturningId, nowIso } from '../../db/dialect.js';
import { paginate } from '../../db/paginate.js';
import { whereSearch } from '../../db/search.js';
import { NotFound, Refusal } from '../../domain/errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { auditUser, type Actor } from '../actor.js';
import type { Paginated } from '../../../shared/lists.js';
import {
  TICKET_STATUS_LABELS,
  type TicketCategory,
  type TicketFilters,
  type TicketPriority,
  type TicketStatus,
} from '../../../shared/support.js';
import { type CheckedAttachment, storeAttachments } from './attachments.js';

/**
 * Support tickets (Support › Tickets). Any signed-in user with the menu opens tickets and follows
 * their own; a user with `support.manage` sees every ticket, assigns, replies and sets the status.
 * Rules:
 * - a closed ticket (« fermé ») takes no more replies: a new ticket is opened instead;
 * - the requester's reply on a ticket « en attente » (waiting for them) puts it back « en cours »,
 *   on a ticket « résolu » reopens it (« ouvert »);
 * - only support users change the status and the assignee; the assignee must hold support.manage.
 * Each write is one transaction with its audit entry; the files are written before the rows and
 * removed again when the transaction fails.
 */
export interface Viewer extends Actor {
  manage: boolean;
}

export interface TicketInput {
  subject: string;
  category: TicketCategory;
  priority: TicketPriority;
  description: string;
}

export interface TicketListQuery {
  q: string;
  sort: 'last_activity_at' | 'created_at' | 'priority' | 'status';
  dir: 'asc' | 'desc';
  per_page: number;
  page: number;
  filters: TicketFilters;
}

export const TICKET_SORTS = ['last_activity_at', 'created_at', 'priority', 'status'] as const;

/** Who is told of a new message: the requester and the assignee, never the author. */
export interface TicketNotice {
  ticketId: number;
  subject: string;
  author: string;
  body: string;
  status: TicketStatus;
  to: Array<{ email: string; name: string }>;
  kind: 'opened' | 'reply' | 'status';
}

async function insertAttachments(
  trx: Knex.Transaction,
  ticketId: number,
  replyId: number | null,
  files: CheckedAttachment[],
  userId: number,
  now: string,
) {
  for (const f of files) {
    await trx('support_ticket_attachments').insert({
      ticket_id: ticketId,
      reply_id: replyId,
      original_name: f.original_name,
      stored_name: f.stored_name,
      mime: f.mime,
      size: f.size,
      uploaded_by: userId,
      created_at: now,
    });
  }
}

async function withFiles<T>(storageDir: string, files: CheckedAttachment[], work: () => Promise<T>): Promise<T> {
  const remove = await storeAttachments(storageDir, files);
  try {
    return await work();
  } catch (err) {
    await remove();
    throw err;
  }
}

async function supportEmails(db: Knex | Knex.Transaction): Promise<Array<{ id: number; email: string; name: string }>> {
  return db('users as u')
    .join('user_roles as ur', 'ur.user_id', 'u.id')
    .join('role_permissions as rp', 'rp.role_id', 'ur.role_id')
    .where('rp.permission_name', 'support.manage')
    .where('u.active', true)
    .whereNull('u.deleted_at')
    .distinct('u.id', 'u.email', 'u.name');
}

export async function createTicket(
  db: Knex,
  storageDir: string,
  input: TicketInput,
  files: CheckedAttachment[],
  actor: Viewer,
): Promise<{ id: number; notice: TicketNotice }> {
  return withFiles(storageDir, files, () =>
    db.transaction(async (trx) => {
      const now = nowIso();
      const id = await insertReturningId(trx, 'support_tickets', {
        subject: input.subject,
        category: input.category,
        priority: input.priority,
        description: input.description,
        status: 'ouvert',
        created_by: actor.id,
        assigned_to: null,
        created_at: now,
        updated_at: now,
        last_activity_at: now,
        reply_count: 0,
      });
      await insertAttachments(trx, id, null, files, actor.id, now);
      await trx('support_ticket_reads').insert({ ticket_id: id, user_id: actor.id, read_at: now });
      await recordAudit(trx, {
        action: 'ticket.opened',
        user: auditUser(actor),
        subject: { type: 'support_ticket', id, label: `Ticket n° ${id} — ${input.subject}` },
        details: { after: { category: input.category, priority: input.priority, attachments: files.length } },
        ip: actor.ip,
      });
      const to = (await supportEmails(trx)).filter((u) => u.id !== actor.id);
      return {
        id,
        notice: {
          ticketId: id,
          subject: input.subject,
          author: actor.name,
          body: input.description,
          status: 'ouvert' as const,
          to,
          kind: 'opened' as const,
        },
      };
    }),
  );
}

async function loadTicket(db: Knex | Knex.Transaction, id: number, viewer: Viewer) {
  const row = await db('support_tickets').where({ id }).first();
  // A ticket someone else opened does not exist for a user without support.manage.
  if (!row || (!viewer.manage && Number(row.created_by) !== viewer.id)) throw new NotFound();
  return row;
}

export async function listTickets(
  db: Knex,
  query: TicketListQuery,
  viewer: Viewer,
): Promise<Paginated<Record<string, any>>> {
  const q = db('support_tickets as t')
    .join('users as r', 'r.id', 't.created_by')
    .leftJoin('users as a', 'a.id', 't.assigned_to')
    .leftJoin('support_ticket_reads as rd', (j) =>
      j.on('rd.ticket_id', '=', 't.id').andOn('rd.user_id', '=', db.raw('?', [viewer.id])),
    );
  if (!viewer.manage) q.where('t.created_by', viewer.id);
  const f = query.filters;
  if (f.status === 'actifs') q.whereIn('t.status', ['ouvert', 'en_cours', 'en_attente']);
  else if (f.status) q.where('t.status', f.status);
  if (f.category) q.where('t.category', f.category);
  if (f.priority) q.where('t.priority', f.priority);
  if (viewer.manage && f.assigned === 'moi') q.where('t.assigned_to', viewer.id);
  else if (viewer.manage && f.assigned === 'personne') q.whereNull('t.assigned_to');
  if (query.q) {
    const asId = /^#?\d{1,9}$/.test(query.q.trim()) ? Number(query.q.trim().replace('#', '')) : null;
    q.where((w) => {
      whereSearch(w, db, query.q, { contains: ['t.subject', 't.description'] });
      if (asId) w.orWhere('t.id', asId);
    });
  }
  const priorityOrder = db.raw(
    "CASE t.priority WHEN 'urgente' THEN 4 WHEN 'haute' THEN 3 WHEN 'normale' THEN 2 ELSE 1 END",
  );
  if (query.sort === 'priority') q.orderBy(priorityOrder as unknown as string, query.dir);
  else q.orderBy(`t.${query.sort}`, query.dir);
  q.orderBy('t.id', 'desc');
  q.select(
    't.id',
    't.subject',
    't.category',
    't.priority',
    't.status',
    't.created_at',
    't.last_activity_at',
    't.reply_count',
    'r.name as requester',
    'a.name as assignee',
    'rd.read_at',
  );
  return paginate(q, query.page, query.per_page);
}

/** Tickets with activity the viewer has not seen (the badge of the list). */
export async function unreadCount(db: Knex, viewer: Viewer): Promise<number> {
  const q = db('support_tickets as t').leftJoin('support_ticket_reads as rd', (j) =>
    j.on('rd.ticket_id', '=', 't.id').andOn('rd.user_id', '=', db.raw('?', [viewer.id])),
  );
  if (!viewer.manage) q.where('t.created_by', viewer.id);
  q.where((w) => w.whereNull('rd.read_at').orWhereRaw('rd.read_at < t.last_activity_at'));
  const row = await q.count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** A ticket, its messages and attachments; marks it read for the viewer. */
export async function showTicket(db: Knex, id: number, viewer: Viewer) {
  const ticket = await loadTicket(db, id, viewer);
  const [requester, assignee, replies, attachments] = await Promise.all([
    db('users').where({ id: ticket.created_by }).first('id', 'name'),
    ticket.assigned_to ? db('users').where({ id: ticket.assigned_to }).first('id', 'name') : null,
    db('support_ticket_replies as r')
      .join('users as u', 'u.id', 'r.user_id')
      .where('r.ticket_id', id)
      .orderBy('r.id')
      .select('r.id', 'r.user_id', 'r.body', 'r.status_change', 'r.created_at', 'u.name as author'),
    db('support_ticket_attachments')
      .where({ ticket_id: id })
      .orderBy('id')
      .select('id', 'reply_id', 'original_name', 'mime', 'size'),
  ]);
  const now = nowIso();
  await db('support_ticket_reads')
    .insert({ ticket_id: id, user_id: viewer.id, read_at: now })
    .onConflict(['ticket_id', 'user_id'])
    .merge(['read_at']);
  return { ticket, requester, assignee, replies, attachments };
}

export async function replyToTicket(
  db: Knex,
  storageDir: string,
  id: number,
  input: { body: string; status: TicketStatus | null },
  files: CheckedAttachment[],
  viewer: Viewer,
): Promise<TicketNotice> {
  return withFiles(storageDir, files, () =>
    db.transaction(async (trx) => {
      const ticket = await loadTicket(trx, id, viewer);
      if (ticket.status === 'ferme')
        throw new Refusal({
          body: 'Ce ticket est fermé : il ne reçoit plus de réponse. Ouvrez un nouveau ticket si besoin.',
        });
      if (input.status && !viewer.manage)
        throw new Refusal({ status: 'Seul le support peut changer le statut d’un ticket.' });
      const isRequester = Number(ticket.created_by) === viewer.id;
      let status: TicketStatus = ticket.status;
      if (input.status) status = input.status;
      else if (isRequester && ticket.status === 'en_attente') status = 'en_cours';
      else if (isRequester && ticket.status === 'resolu') status = 'ouvert';
      else if (viewer.manage && !isRequester && ticket.status === 'ouvert') status = 'en_cours';
      const now = nowIso();
      const replyId = await insertReturningId(trx, 'support_ticket_replies', {
        ticket_id: id,
        user_id: viewer.id,
        body: input.body,
        status_change: status !== ticket.status ? status : null,
        created_at: now,
      });
      await insertAttachments(trx, id, replyId, files, viewer.id, now);
      await trx('support_tickets')
        .where({ id })
        .update({ status, updated_at: now, last_activity_at: now, reply_count: trx.raw('reply_count + 1') });
      await trx('support_ticket_reads')
        .insert({ ticket_id: id, user_id: viewer.id, read_at: now })
        .onConflict(['ticket_id', 'user_id'])
        .merge(['read_at']);
      await recordAudit(trx, {
        action: 'ticket.replied',
        user: auditUser(viewer),
        subject: { type: 'support_ticket', id, label: `Ticket n° ${id} — ${ticket.subject}` },
        details:
          status !== ticket.status
            ? { before: { status: ticket.status }, after: { status }, note: `Réponse n° ${replyId}` }
            : { note: `Réponse n° ${replyId}` },
        ip: viewer.ip,
      });
      return {
        ticketId: id,
        subject: ticket.subject,
        author: viewer.name,
        body: input.body,
        status,
        to: await recipients(trx, ticket, viewer.id),
        kind: 'reply' as const,
      };
    }),
  );
}

async function recipients(
  trx: Knex.Transaction,
  ticket: { created_by: number; assigned_to: number | null },
  authorId: number,
) {
  const ids = [Number(ticket.created_by), ticket.assigned_to ? Number(ticket.assigned_to) : null].filter(
    (v): v is number => v !== null && v !== authorId,
  );
  if (!ids.length) return [];
  return trx('users')
    .whereIn('id', [...new Set(ids)])
    .where('active', true)
    .whereNull('deleted_at')
    .select('email', 'name');
}

export async function setTicketStatus(
  db: Knex,
  id: number,
  status: TicketStatus,
  viewer: Viewer,
): Promise<TicketNotice | null> {
  if (!viewer.manage) throw Refusal.action('Seul le support peut changer le statut d’un ticket.');
  return db.transaction(async (trx) => {
    const ticket = await loadTicket(trx, id, viewer);
    if (ticket.status === status) return null;
    const now = nowIso();
    await trx('support_ticket_replies').insert({
      ticket_id: id,
      user_id: viewer.id,
      body: '',
      status_change: status,
      created_at: now,
    });
    await trx('support_tickets').where({ id }).update({ status, updated_at: now, last_activity_at: now });
    await trx('support_ticket_reads')
      .insert({ ticket_id: id, user_id: viewer.id, read_at: now })
      .onConflict(['ticket_id', 'user_id'])
      .merge(['read_at']);
    await recordAudit(trx, {
      action: 'ticket.status_changed',
      user: auditUser(viewer),
      subject: { type: 'support_ticket', id, label: `Ticket n° ${id} — ${ticket.subject}` },
      details: { before: { status: ticket.status }, after: { status } },
      ip: viewer.ip,
    });
    return {
      ticketId: id,
      subject: ticket.subject,
      author: viewer.name,
      body: `Statut : ${TICKET_STATUS_LABELS[status]}`,
      status,
      to: await recipients(trx, ticket, viewer.id),
      kind: 'status' as const,
    };
  });
}

/** The users who may be assigned a ticket: active holders of support.manage. */
export async function supportAssignees(db: Knex): Promise<Array<{ id: number; name: string }>> {
  const rows = await supportEmails(db);
  return rows.map((r) => ({ id: Number(r.id), name: r.name })).sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}

export async function assignTicket(db: Knex, id: number, assigneeId: number | null, viewer: Viewer): Promise<void> {
  if (!viewer.manage) throw Refusal.action('Seul le support peut attribuer un ticket.');
  await db.transaction(async (trx) => {
    const ticket = await loadTicket(trx, id, viewer);
    if (assigneeId !== null && !(await supportEmails(trx)).some((u) => Number(u.id) === assigneeId)) {
      throw new Refusal({
        assigned_to: 'Cette personne ne traite pas les tickets de support : choisissez un membre du support.',
      });
    }
    if ((ticket.assigned_to === null ? null : Number(ticket.assigned_to)) === assigneeId) return;
    const now = nowIso();
    await trx('support_tickets')
      .where({ id })
      .update({
        assigned_to: assigneeId,
        updated_at: now,
        status: assigneeId && ticket.status === 'ouvert' ? 'en_cours' : ticket.status,
      });
    await recordAudit(trx, {
      action: 'ticket.assigned',
      user: auditUser(viewer),
      subject: { type: 'support_ticket', id, label: `Ticket n° ${id} — ${ticket.subject}` },
      details: { before: { assigned_to: ticket.assigned_to }, after: { assigned_to: assigneeId } },
      ip: viewer.ip,
    });
  });
}

/** An attachment the viewer may open (their own ticket, or support). */
export async function findAttachment(db: Knex, ticketId: number, attachmentId: number, viewer: Viewer) {
  await loadTicket(db, ticketId, viewer);
  const row = await db('support_ticket_attachments')
    .where({ id: attachmentId, ticket_id: ticketId })
    .first('original_name', 'stored_name', 'mime', 'size');
  if (!row) throw new NotFound();
  return row as { original_name: string; stored_name: string; mime: string; size: number };
}

/** The e-mails of a ticket notice (one per recipient), with the link to the ticket. */
export function ticketMails(
  notice: TicketNotice,
  ticketUrl: string,
): Array<{ to: string; subject: string; text: string }> {
  const what =
    notice.kind === 'opened' ? 'Nouveau ticket' : notice.kind === 'status' ? 'Statut modifié' : 'Nouvelle réponse';
  return notice.to.map((r) => ({
    to: r.email,
    subject: `[Ticket n° ${notice.ticketId}] ${what} : ${notice.subject} - SDSTOCK WEB 2.0`,
    text: [
      `Bonjour ${r.name},`,
      '',
      notice.kind === 'opened'
        ? `${notice.author} a ouvert le ticket n° ${notice.ticketId} « ${notice.subject} » :`
        : notice.kind === 'status'
          ? `${notice.author} a modifié le ticket n° ${notice.ticketId} « ${notice.subject} ».`
          : `${notice.author} a répondu au ticket n° ${notice.ticketId} « ${notice.subject} » :`,
      '',
      notice.body,
      '',
      `Statut : ${TICKET_STATUS_LABELS[notice.status]}`,
      `Pour suivre le ticket : ${ticketUrl}`,
      '',
      'SDSTOCK WEB 2.0',
    ].join('\n'),
  }));
}
