import type { FiscalDocument, FiscalSeller } from '../../domain/fiscal/document.js';

/**
 * What one attempt at certifying a document came to — the outbox (outbox.ts) moves the document's
 * state from it, and nothing else decides a state:
 * - certified: the DGI answered with a fiscal number;
 * - refused: it answered 4xx; `message` is French, shown on the document;
 * - not_sent: the connection never opened (refused, unknown host, connect timeout): nothing left,
 *   retried automatically with back-off;
 * - uncertain: the request left and no usable answer came back (timeout, 5xx, connection dropped):
 *   it may have been certified — never resent automatically.
 */
export type SendOutcome =
  | {
      kind: 'certified';
      fiscalNumber: string;
      qrContent: string;
      stickerBalance: number | null;
      warning: string | null;
      /** FNE: the invoice's id and its items' ids by our line id, for a later refund. */
      providerInvoiceId: string | null;
      itemIds: Record<number, string>;
      /** e-MECeF's block printed under the QR code. */
      mecef: { nim: string; counters: string; dateTime: string } | null;
      request: unknown;
      response: unknown;
    }
  | { kind: 'refused'; message: string; request: unknown; response: unknown }
  | { kind: 'not_sent'; message: string }
  | { kind: 'uncertain'; message: string; request: unknown; response: unknown | null };

/** Where the attempt stands between e-MECeF's two phases, kept by the outbox so a crash resumes it. */
export interface SendProgress {
  /** e-MECeF's uid from a first phase already answered (confirm it, never create a second invoice). */
  uid: string | null;
  /** Called as soon as the first phase answers, before the confirmation goes: the outbox stores it. */
  onUid(uid: string): Promise<void>;
}

export interface ProviderAccess {
  apiUrl: string;
  /** FNE's API key, e-MECeF's JWT (the desk's machine token when it has one). */
  apiKey: string;
  /** Per request, in milliseconds (FISCAL_TIMEOUT_MS, 15 000 by default). */
  timeoutMs: number;
}

export interface FiscalProviderClient {
  certify(document: FiscalDocument, seller: FiscalSeller, progress: SendProgress): Promise<SendOutcome>;
  /** e-MECeF: cancel a first phase never confirmed (a crash between the phases, a refused confirmation). */
  cancelPending?(uid: string): Promise<void>;
  /** The settings' « Tester la connexion »: a French message either way, never a throw. */
  test(seller: FiscalSeller): Promise<{ ok: boolean; message: string }>;
}
