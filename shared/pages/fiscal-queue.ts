/**
 * Props of Paramètres › File de certification: the certified documents' outbox, one tab of states
 * at a time, each row with its document, its attempts, the DGI's message and its history.
 */
import type { CertifiedDocumentType } from '../documents.js';
import type { FiscalEvent, FiscalQueueTab, FiscalState } from '../fiscal.js';
import type { Paginated } from '../lists.js';

export interface FiscalQueueEvent {
  at: string;
  kind: FiscalEvent;
  label: string;
  detail: string;
  /** Who did it; null for the worker. */
  user_name: string | null;
}

export interface FiscalQueueRow {
  id: number;
  document_type: CertifiedDocumentType;
  document_label: string;
  number: string;
  /** The document's page. */
  document_url: string;
  document_date: string | null;
  location_name: string | null;
  state: FiscalState;
  state_label: string;
  attempts: number;
  /** When the worker tries again (a pending row). */
  next_attempt_at: string | null;
  queued_at: string;
  updated_at: string;
  certified_at: string | null;
  fiscal_number: string | null;
  qr_content: string | null;
  /** The DGI's message or why it waits, in French. */
  error_message: string | null;
  manual: boolean;
  events: FiscalQueueEvent[];
  can: { resend: boolean; record_reference: boolean };
}

export interface FiscalQueueIndexProps {
  tab: FiscalQueueTab;
  counts: Record<FiscalQueueTab, number>;
  rows: Paginated<FiscalQueueRow>;
}

export interface FiscalQueuePages {
  'fiscal-queue/Index': FiscalQueueIndexProps;
}

export const FISCAL_QUEUE_PAGE_NAMES = ['fiscal-queue/Index'] as const satisfies ReadonlyArray<keyof FiscalQueuePages>;
