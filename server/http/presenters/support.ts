import { route } from '../../../shared/routes.js';
import { auditActionLabel, auditSubjectLabel } from '../../../shared/audit.js';
import type {
  AuditLogItem,
  ErrorLogItem,
  TicketAttachment,
  TicketDetail,
  TicketMessage,
  TicketRow,
  TicketStatus,
} from '../../../shared/support.js';
import type { AuditLogRow } from '../../services/support/audit-log.js';
import type { ErrorLogRow } from '../../services/support/error-log.js';
import { presentAuditRow } from './audit.js';

export function presentTicketRow(row: any): TicketRow {
  return {
    id: Number(row.id),
    subject: row.subject,
    category: row.category,
    priority: row.priority,
    status: row.status,
    requester: row.requester,
    assignee: row.assignee ?? null,
    created_at: row.created_at,
    last_activity_at: row.last_activity_at,
    reply_count: Number(row.reply_count ?? 0),
    unread: !row.read_at || row.read_at < row.last_activity_at,
  };
}

function presentAttachment(ticketId: number, a: any): TicketAttachment {
  return {
    id: Number(a.id),
    name: a.original_name,
    mime: a.mime,
    size: Number(a.size),
    url: route('support.tickets.attachment', { id: ticketId, attachment: a.id }),
    is_image: String(a.mime).startsWith('image/'),
  };
}

export function presentTicket(
  data: { ticket: any; requester: any; assignee: any; replies: any[]; attachments: any[] },
  supportIds: Set<number>,
): { ticket: TicketDetail; messages: TicketMessage[] } {
  const t = data.ticket;
  const id = Number(t.id);
  const files = (replyId: number | null) =>
    data.attachments
      .filter((a) => (a.reply_id === null ? null : Number(a.reply_id)) === replyId)
      .map((a) => presentAttachment(id, a));
  return {
    ticket: {
      id,
      subject: t.subject,
      category: t.category,
      priority: t.priority,
      status: t.status,
      requester: data.requester?.name ?? '—',
      requester_id: Number(t.created_by),
      assignee: data.assignee?.name ?? null,
      assigned_to: t.assigned_to === null ? null : Number(t.assigned_to),
      created_at: t.created_at,
      last_activity_at: t.last_activity_at,
      reply_count: Number(t.reply_count),
      description: t.description,
      attachments: files(null),
    },
    messages: data.replies.map((r) => ({
      id: Number(r.id),
      author: r.author,
      author_is_support: supportIds.has(Number(r.user_id)) && Number(r.user_id) !== Number(t.created_by),
      body: r.body,
      status_change: (r.status_change as TicketStatus | null) ?? null,
      created_at: r.created_at,
      attachments: files(Number(r.id)),
    })),
  };
}

export function presentAuditLogRow(row: AuditLogRow, currency: string): AuditLogItem {
  const item = presentAuditRow(row, currency);
  return {
    id: Number(row.id),
    occurred_at: row.occurred_at,
    user_name: row.user_name,
    action: row.action,
    action_label: auditActionLabel(row.action),
    subject_type: row.subject_type,
    subject_type_label: auditSubjectLabel(row.subject_type),
    subject_label: row.subject_label ?? (row.subject_id ? `n° ${row.subject_id}` : null),
    ip: row.ip,
    changes: item.changes,
    note: item.note,
  };
}

export function presentErrorRow(row: ErrorLogRow): ErrorLogItem {
  return {
    id: Number(row.id),
    occurred_at: row.occurred_at,
    request_id: row.request_id,
    method: row.method,
    route: row.route,
    status: Number(row.status),
    user_name: row.user_name,
    ip: row.ip,
    message: row.message,
    stack: row.stack,
  };
}
