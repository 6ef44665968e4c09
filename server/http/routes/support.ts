import fs from 'node:fs';
import type { NextFunction, Request, Response } from 'express';
import { Router } from 'express';
import multer from 'multer';
import type { AppContext } from '../context.js';
import { ROUTES, route } from '../../../shared/routes.js';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  LOG_TABS,
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUSES,
  type TicketFilters,
} from '../../../shared/support.js';
import { Refusal } from '../../domain/errors.js';
import { isIsoDate } from '../../domain/dates.js';
import { recordAudit } from '../../services/audit/record-audit.js';
import { auditUser } from '../../services/actor.js';
import { checkJournals } from '../../services/integrity/check-journals.js';
import { type UploadedFile, attachmentPath, checkAttachments } from '../../services/support/attachments.js';
import {
  type AuditLogFilters,
  auditLogChoices,
  exportAuditLog,
  listAuditLog,
} from '../../services/support/audit-log.js';
import { chapterList, findChapter, guideImage, searchGuide } from '../../services/support/documentation.js';
import { listServerErrors } from '../../services/support/error-log.js';
import {
  TICKET_SORTS,
  type Viewer,
  assignTicket,
  createTicket,
  findAttachment,
  listTickets,
  replyToTicket,
  setTicketStatus,
  showTicket,
  supportAssignees,
  ticketMails,
  type TicketNotice,
  unreadCount,
} from '../../services/support/tickets.js';
import { ticketAbilities } from '../../policies/index.js';
import { actorOf } from '../actor.js';
import { downloadGuard, exportFormat, sendFile } from '../files.js';
import { can, requireAuth, requireVerified } from '../middleware/auth.js';
import { presentAuditLogRow, presentErrorRow, presentTicket, presentTicketRow } from '../presenters/support.js';
import { parseListParams, queryChoice, queryId, queryPage, queryText, routeId } from '../query.js';
import { flash, redirect } from '../respond.js';
import { assignSchema, replySchema, statusSchema, ticketSchema } from '../schemas/support.js';
import { validate } from '../validation.js';
import { NotFound } from '../../domain/errors.js';
import { signedIn, type SignedInRequest } from '../signed-in.js';

const uploader = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: ATTACHMENT_MAX_BYTES, files: ATTACHMENT_MAX_FILES, fields: 10, fieldSize: 64 * 1024, parts: 20 },
});

/** Multipart forms with attachments (field « attachments »); a JSON or urlencoded post passes through. */
function attachmentsUpload(req: Request, res: Response, next: NextFunction) {
  if (!req.is('multipart/form-data')) return next();
  // Inertia sends an array of files as « attachments[] », a plain form as « attachments ».
  uploader.any()(req, res, (err: unknown) => {
    if (!err) {
      const files = (req.files as Express.Multer.File[] | undefined) ?? [];
      if (
        files.some(
          (f) =>
            f.fieldname !== 'attachments' &&
            f.fieldname !== 'attachments[]' &&
            !/^attachments\[\d+\]$/.test(f.fieldname),
        )
      )
        return next(new Refusal({ attachments: 'Le formulaire n’a pas pu être reçu : réessayez.' }));
      return next();
    }
    if (err instanceof multer.MulterError) {
      const message =
        err.code === 'LIMIT_FILE_SIZE'
          ? `Chaque fichier doit faire au plus ${ATTACHMENT_MAX_BYTES / 1024 / 1024} Mo.`
          : err.code === 'LIMIT_FILE_COUNT' || err.code === 'LIMIT_UNEXPECTED_FILE'
            ? `Joignez au plus ${ATTACHMENT_MAX_FILES} fichiers.`
            : 'Le formulaire n’a pas pu être reçu : réessayez.';
      return next(new Refusal({ attachments: message }));
    }
    next(new Refusal({ attachments: 'Le formulaire n’a pas pu être reçu : réessayez.' }));
  });
}

function uploaded(req: Request): UploadedFile[] {
  const files = (req.files as Express.Multer.File[] | undefined) ?? [];
  return files.map((f) => ({
    originalname: Buffer.from(f.originalname, 'latin1').toString('utf8'),
    buffer: f.buffer,
    size: f.size,
  }));
}

function viewerOf(req: SignedInRequest): Viewer {
  return { ...actorOf(req), manage: ticketAbilities(req.user).manage };
}

const ticketListSpec = {
  sorts: TICKET_SORTS,
  defaultSort: 'last_activity_at' as const,
  defaultDir: 'desc' as const,
  filters: (q: Record<string, unknown>): TicketFilters => ({
    status: queryChoice(q, 'status', ['', 'actifs', ...TICKET_STATUSES] as const, ''),
    category: queryChoice(q, 'category', ['', ...TICKET_CATEGORIES] as const, ''),
    priority: queryChoice(q, 'priority', ['', ...TICKET_PRIORITIES] as const, ''),
    assigned: queryChoice(q, 'assigned', ['', 'moi', 'personne'] as const, ''),
  }),
};

function auditFilters(q: Record<string, unknown>): AuditLogFilters & { userText: string } {
  const user = queryId(q, 'user');
  const from = queryText(q, 'from', 10);
  const to = queryText(q, 'to', 10);
  return {
    user: user ? Number(user) : null,
    userText: user,
    action: queryText(q, 'action', 60),
    subject_type: queryText(q, 'subject_type', 60),
    from: isIsoDate(from) ? from : '',
    to: isIsoDate(to) ? to : '',
  };
}

/** Support › Documentation, Tickets, Journaux (issue 19). */
export function supportRoutes(ctx: AppContext): Router {
  const { db, config } = ctx;
  const r = Router();
  const notify = (notice: TicketNotice | null) => {
    if (!notice || !notice.to.length) return;
    const url = `${config.appUrl}${route('support.tickets.show', { id: notice.ticketId })}`;
    ctx.background.run('e-mail de ticket', async () => {
      for (const mail of ticketMails(notice, url)) await ctx.mailer.send(mail);
    });
  };

  // ——— Documentation ———
  r.use(ROUTES['support.documentation'], requireAuth, requireVerified, can('menu.support.doc'));
  r.get(ROUTES['support.documentation'], async (req, res) => {
    const q = queryText(req.query as Record<string, unknown>, 'q', 100);
    const first = chapterList()[0];
    const chapter = q ? null : first ? findChapter(first.slug) : null;
    await res.inertia.render('support/Documentation', {
      chapters: chapterList(),
      chapter: chapter ? { slug: chapter.slug, title: chapter.title, html: chapter.html, toc: chapter.toc } : null,
      q,
      results: q ? searchGuide(q) : null,
    });
  });
  r.get(ROUTES['support.documentation.image'], (req, res) => {
    const file = guideImage(String(req.params.file));
    if (!file) throw new NotFound();
    res.set({ 'Cache-Control': 'private, max-age=86400', 'X-Content-Type-Options': 'nosniff' });
    res.sendFile(file);
  });
  r.get(ROUTES['support.documentation.chapter'], async (req, res) => {
    const chapter = findChapter(String(req.params.slug));
    if (!chapter) throw new NotFound();
    await res.inertia.render('support/Documentation', {
      chapters: chapterList(),
      chapter: { slug: chapter.slug, title: chapter.title, html: chapter.html, toc: chapter.toc },
      q: '',
      results: null,
    });
  });

  // ——— Tickets ———
  r.use(ROUTES['support.tickets.index'], requireAuth, requireVerified, can('menu.support.tickets'));
  r.get(
    ROUTES['support.tickets.index'],
    signedIn(async (req, res) => {
      const { page, ...params } = parseListParams(req, ticketListSpec);
      const viewer = viewerOf(req);
      const rows = await listTickets(db, { ...params, page, sort: params.sort, dir: params.dir }, viewer);
      await res.inertia.render('support/tickets/Index', {
        tickets: { ...rows, data: rows.data.map(presentTicketRow) },
        params,
        assignees: viewer.manage
          ? (await supportAssignees(db)).map((u) => ({ value: String(u.id), label: u.name }))
          : [],
        can: { manage: viewer.manage },
        unread: await unreadCount(db, viewer),
      });
    }),
  );
  r.get(ROUTES['support.tickets.create'], async (_req, res) => {
    await res.inertia.render('support/tickets/Create', {
      categories: TICKET_CATEGORIES.map((c) => ({ value: c, label: TICKET_CATEGORY_LABELS[c] })),
      priorities: TICKET_PRIORITIES.map((p) => ({ value: p, label: TICKET_PRIORITY_LABELS[p] })),
    });
  });
  r.post(
    ROUTES['support.tickets.index'],
    attachmentsUpload,
    signedIn(async (req, res) => {
      const input = validate(ticketSchema, req.body);
      const files = await checkAttachments(uploaded(req));
      const { id, notice } = await createTicket(db, config.storageDir, input, files, viewerOf(req));
      notify(notice);
      flash(req, 'success', `Ticket n° ${id} ouvert : le support vous répondra ici.`);
      redirect(res, route('support.tickets.show', { id }));
    }),
  );
  r.get(
    ROUTES['support.tickets.show'],
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const viewer = viewerOf(req);
      const data = await showTicket(db, id, viewer);
      const assignees = await supportAssignees(db);
      const { ticket, messages } = presentTicket(data, new Set(assignees.map((a) => a.id)));
      await res.inertia.render('support/tickets/Show', {
        ticket,
        messages,
        assignees: viewer.manage ? assignees.map((u) => ({ value: String(u.id), label: u.name })) : [],
        can: ticketAbilities(req.user, ticket, viewer.id),
      });
    }),
  );
  r.post(
    ROUTES['support.tickets.reply'],
    attachmentsUpload,
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const input = validate(replySchema, req.body);
      const raw = uploaded(req);
      if (!input.body && raw.length === 0) throw new Refusal({ body: 'Écrivez votre réponse ou joignez un fichier.' });
      const files = await checkAttachments(raw);
      notify(await replyToTicket(db, config.storageDir, id, input, files, viewerOf(req)));
      flash(req, 'success', 'Réponse envoyée.');
      redirect(res, route('support.tickets.show', { id }));
    }),
  );
  r.post(
    ROUTES['support.tickets.status'],
    can('support.manage'),
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const input = validate(statusSchema, req.body);
      notify(await setTicketStatus(db, id, input.status, viewerOf(req)));
      flash(req, 'success', 'Statut du ticket modifié.');
      redirect(res, route('support.tickets.show', { id }));
    }),
  );
  r.post(
    ROUTES['support.tickets.assign'],
    can('support.manage'),
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const input = validate(assignSchema, req.body);
      await assignTicket(db, id, input.assigned_to, viewerOf(req));
      flash(req, 'success', input.assigned_to ? 'Ticket attribué.' : 'Le ticket n’est plus attribué.');
      redirect(res, route('support.tickets.show', { id }));
    }),
  );
  r.get(
    ROUTES['support.tickets.attachment'],
    downloadGuard,
    signedIn(async (req, res) => {
      const a = await findAttachment(db, routeId(req.params.id), routeId(req.params.attachment), viewerOf(req));
      const file = attachmentPath(config.storageDir, a.stored_name);
      if (!fs.existsSync(file)) throw new NotFound();
      res.set({
        'Content-Type': a.mime,
        'Content-Disposition': `${a.mime === 'application/pdf' ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(a.original_name)}`,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
        'Cache-Control': 'private, no-store',
      });
      res.sendFile(file);
    }),
  );

  // ——— Journaux ———
  r.use(ROUTES['support.logs'], requireAuth, requireVerified, can('menu.support.logs'));
  r.get(
    ROUTES['support.logs'],
    signedIn(async (req, res) => {
      const q = req.query as Record<string, unknown>;
      const tab = queryChoice(q, 'tab', LOG_TABS, 'audit');
      const f = auditFilters(q);
      const errorQ = queryText(q, 'q', 100);
      const currency = req.user.company.currency;
      const audit = tab === 'audit' ? await listAuditLog(db, f, req.user.places, queryPage(q)) : null;
      const errorLog =
        tab === 'erreurs' ? await listServerErrors(db, { q: errorQ, from: null, to: null }, queryPage(q)) : null;
      const integrity = tab === 'integrite' && req.session.integrity ? req.session.integrity : null;
      await res.inertia.render('support/Logs', {
        tab,
        audit: audit ? { ...audit, data: audit.data.map((row) => presentAuditLogRow(row, currency)) } : null,
        auditFilters: { user: f.userText, action: f.action, subject_type: f.subject_type, from: f.from, to: f.to },
        choices: tab === 'audit' ? await auditLogChoices(db) : { users: [], actions: [], subject_types: [] },
        errorLog: errorLog ? { ...errorLog, data: errorLog.data.map(presentErrorRow) } : null,
        errorFilters: { q: errorQ },
        integrity,
      });
    }),
  );
  r.get(
    ROUTES['support.logs.export'],
    downloadGuard,
    signedIn(async (req, res) => {
      const f = auditFilters(req.query as Record<string, unknown>);
      const file = await exportAuditLog(db, f, req.user.places, exportFormat(req));
      await recordAudit(db, {
        action: 'audit.exported',
        user: auditUser(actorOf(req)),
        subject: { type: 'journal', id: 'audit', label: 'Journal d’audit' },
        details: { note: `Export ${exportFormat(req).toUpperCase()}` },
        ip: req.ip ?? null,
      });
      sendFile(res, file);
    }),
  );
  r.post(
    ROUTES['support.logs.check'],
    signedIn(async (req, res) => {
      const journals = await checkJournals(db);
      const broken = journals.filter((j) => j.broken);
      await recordAudit(db, {
        action: 'journal.checked',
        user: auditUser(actorOf(req)),
        subject: { type: 'journal', id: 'integrity', label: 'Intégrité des journaux' },
        details: {
          note: broken.length
            ? broken.map((j) => `${j.label} : premier maillon rompu : ${j.broken!.description}`).join(' ; ')
            : 'Toutes les chaînes sont intègres.',
        },
        ip: req.ip ?? null,
      });
      req.session.integrity = { checked_at: new Date().toISOString(), journals };
      flash(
        req,
        broken.length ? 'error' : 'success',
        broken.length
          ? `Intégrité compromise : ${broken.map((j) => j.label).join(', ')}.`
          : 'Tous les journaux sont intègres.',
      );
      redirect(res, route('support.logs', { tab: 'integrite' }));
    }),
  );

  return r;
}
