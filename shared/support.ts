/**
 * Support (issue 19): ticket vocabulary and the props of the Support pages, shared by the server
 * (services, presenters) and the client. Timestamps are ISO strings.
 */
import type { Option, Paginated } from './lists.js';

export const TICKET_STATUSES = ['ouvert', 'en_cours', 'en_attente', 'resolu', 'ferme'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  ouvert: 'Ouvert',
  en_cours: 'En cours',
  en_attente: 'En attente',
  resolu: 'Résolu',
  ferme: 'Fermé',
};

export const TICKET_CATEGORIES = ['question', 'incident', 'demande', 'autre'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export const TICKET_CATEGORY_LABELS: Record<TicketCategory, string> = {
  question: 'Question',
  incident: 'Incident',
  demande: 'Demande d’évolution',
  autre: 'Autre',
};

export const TICKET_PRIORITIES = ['basse', 'normale', 'haute', 'urgente'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  basse: 'Basse',
  normale: 'Normale',
  haute: 'Haute',
  urgente: 'Urgente',
};

/** Attachments: images and PDF only (checked by content), size-capped, a few per message. */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_MAX_FILES = 5;
export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] as const;
export const ATTACHMENT_ACCEPT =
  '.png,.jpg,.jpeg,.gif,.webp,.pdf,image/png,image/jpeg,image/gif,image/webp,application/pdf';

export interface TicketAttachment {
  id: number;
  name: string;
  mime: string;
  size: number;
  url: string;
  is_image: boolean;
}

export interface TicketRow {
  id: number;
  subject: string;
  category: TicketCategory;
  priority: TicketPriority;
  status: TicketStatus;
  requester: string;
  assignee: string | null;
  created_at: string;
  last_activity_at: string;
  reply_count: number;
  unread: boolean;
}

export interface TicketFilters {
  status: string;
  category: string;
  priority: string;
  assigned: string;
}

export interface TicketMessage {
  id: number;
  author: string;
  author_is_support: boolean;
  body: string;
  status_change: TicketStatus | null;
  created_at: string;
  attachments: TicketAttachment[];
}

export interface TicketDetail extends Omit<TicketRow, 'unread'> {
  description: string;
  requester_id: number;
  assigned_to: number | null;
  attachments: TicketAttachment[];
}

export interface AuditLogItem {
  id: number;
  occurred_at: string;
  user_name: string | null;
  action: string;
  action_label: string;
  subject_type: string | null;
  subject_type_label: string;
  subject_label: string | null;
  ip: string | null;
  changes: Array<{ field: string; label: string; before: string; after: string }>;
  note: string | null;
}

export interface ErrorLogItem {
  id: number;
  occurred_at: string;
  request_id: string;
  method: string;
  route: string;
  status: number;
  user_name: string | null;
  ip: string | null;
  message: string;
  stack: string | null;
}

export interface JournalCheckResult {
  journal: string;
  label: string;
  rows: number;
  broken: { id: number; description: string } | null;
}

export const LOG_TABS = ['audit', 'integrite', 'erreurs'] as const;
export type LogTab = (typeof LOG_TABS)[number];

export interface DocChapterLink {
  slug: string;
  title: string;
}

export interface DocSearchHit {
  slug: string;
  chapter: string;
  section: string;
  anchor: string;
  /** Sanitised HTML: the excerpt with the terms in <mark>. */
  excerpt: string;
}

export interface SupportPages {
  'support/Documentation': {
    chapters: DocChapterLink[];
    chapter: {
      slug: string;
      title: string;
      html: string;
      toc: Array<{ level: number; text: string; anchor: string }>;
    } | null;
    q: string;
    results: DocSearchHit[] | null;
  };
  'support/tickets/Index': {
    tickets: Paginated<TicketRow>;
    params: { q: string; sort: string; dir: 'asc' | 'desc'; per_page: number; filters: TicketFilters };
    assignees: Option[];
    can: { manage: boolean };
    unread: number;
  };
  'support/tickets/Create': { categories: Option[]; priorities: Option[] };
  'support/tickets/Show': {
    ticket: TicketDetail;
    messages: TicketMessage[];
    assignees: Option[];
    can: { manage: boolean; reply: boolean };
  };
  'support/Logs': {
    tab: LogTab;
    audit: Paginated<AuditLogItem> | null;
    auditFilters: { user: string; action: string; subject_type: string; from: string; to: string };
    choices: { users: Option[]; actions: Option[]; subject_types: Option[] };
    errorLog: Paginated<ErrorLogItem> | null;
    errorFilters: { q: string };
    integrity: { checked_at: string; journals: JournalCheckResult[] } | null;
  };
}

export const SUPPORT_PAGE_NAMES = [
  'support/Documentation',
  'support/tickets/Index',
  'support/tickets/Create',
  'support/tickets/Show',
  'support/Logs',
] as const;
