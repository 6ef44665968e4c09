import type { TaxGroup } from './tax-groups.js';

/**
 * Certified invoices: the codes both sides share. The provider is the company's
 * (Paramètres › Société › Facturation électronique, or FISCAL_PROVIDER); `none` certifies nothing.
 */
export const FISCAL_PROVIDERS = {
  none: 'Aucune',
  fne: 'FNE — Côte d’Ivoire (DGI)',
  emecef: 'e-MECeF — Bénin (DGI)',
} as const;

export type FiscalProvider = keyof typeof FISCAL_PROVIDERS;
export type CertifyingProvider = Exclude<FiscalProvider, 'none'>;

/**
 * Where a document's certification stands (fiscal_certifications.state):
 * - pending: waiting to be sent (just committed, or a connection that never opened, retried later);
 * - sending: claimed by one worker, the request about to leave or in flight;
 * - certified: the DGI answered with a fiscal number;
 * - refused: the DGI answered 4xx — the French message on the document, fixable and resendable;
 * - uncertain: the request left and no answer came (timeout, 5xx, a crash while sending): never
 *   resent automatically; a manager checks on the DGI's portal, then records the reference by hand
 *   or resends deliberately.
 */
export const FISCAL_STATES = {
  pending: 'En attente',
  sending: 'En cours d’envoi',
  certified: 'Certifiée',
  refused: 'Refusée',
  uncertain: 'Incertaine',
} as const;

export type FiscalState = keyof typeof FISCAL_STATES;

/** The badge colour of each state (Bootstrap's text-bg-*): a certified document is green, one to act on is red or amber. */
export const FISCAL_STATE_TONES: Record<FiscalState, 'success' | 'danger' | 'warning' | 'secondary' | 'info'> = {
  pending: 'secondary',
  sending: 'info',
  certified: 'success',
  refused: 'danger',
  uncertain: 'warning',
};

/** The states a list filters on (« Certification »): `pending` includes a row being sent. */
export const FISCAL_FILTER_STATES = ['pending', 'certified', 'refused', 'uncertain'] as const;
export type FiscalFilterState = (typeof FISCAL_FILTER_STATES)[number];

/** The states each filter value matches. */
export const FISCAL_FILTER_MATCHES: Record<FiscalFilterState, readonly FiscalState[]> = {
  pending: ['pending', 'sending'],
  certified: ['certified'],
  refused: ['refused'],
  uncertain: ['uncertain'],
};

/** The tabs of Paramètres › File de certification, in order. */
export const FISCAL_QUEUE_TABS = {
  pending: { label: 'En attente', states: FISCAL_FILTER_MATCHES.pending },
  refused: { label: 'Refusées', states: FISCAL_FILTER_MATCHES.refused },
  uncertain: { label: 'Incertaines', states: FISCAL_FILTER_MATCHES.uncertain },
  certified: { label: 'Certifiées', states: FISCAL_FILTER_MATCHES.certified },
} as const;
export type FiscalQueueTab = keyof typeof FISCAL_QUEUE_TABS;

/** What a list shows in its « Certification » column: null when the document has no certification row. */
export interface FiscalBadgeFacts {
  state: FiscalState;
  fiscal_number: string | null;
}

/** Below this many prepaid FNE stickers left, the dashboard says so. */
export const LOW_STICKER_BALANCE = 50;

/** The document types that are certified: those whose DOCUMENT_TYPES entry declares `fiscal`. */
export { CERTIFIED_DOCUMENT_TYPES, type CertifiedDocumentType } from './documents.js';

/** What happened to a certification (fiscal_certification_events.kind), in the order it may happen. */
export const FISCAL_EVENTS = {
  queued: 'Mise en file',
  sent: 'Envoyée',
  certified: 'Certifiée',
  refused: 'Refusée',
  retry: 'Nouvel essai programmé',
  uncertain: 'Laissée incertaine',
  confirmed: 'Confirmée (e-MECeF)',
  cancelled: 'Annulée côté DGI (e-MECeF)',
  manual: 'Référence saisie à la main',
  resent: 'Renvoyée',
} as const;

export type FiscalEvent = keyof typeof FISCAL_EVENTS;

/** Tax regimes offered in the settings (the DGI's names); free text is not accepted. */
export const FISCAL_REGIMES = {
  RNI: 'Réel normal d’imposition (RNI)',
  RSI: 'Réel simplifié d’imposition (RSI)',
  TEE: 'Taxe d’État de l’entreprenant (TEE)',
  RME: 'Régime des micro-entreprises (RME)',
  TPS: 'Taxe professionnelle synthétique (TPS)',
} as const;

export type FiscalRegime = keyof typeof FISCAL_REGIMES | '';

/** The regimes where B2C sales under the threshold (5 000 FCFA by default) need no certification. */
export const FORFAITAIRE_REGIMES: readonly FiscalRegime[] = ['TEE', 'RME', 'TPS'];

/** A document's fiscal facts as the lists, pages, printouts and the API show them. */
export interface FiscalFacts {
  state: FiscalState;
  provider: CertifyingProvider;
  fiscal_number: string | null;
  qr_content: string | null;
  /** e-MECeF's block: machine, counters, date-time. */
  mecef: { nim: string; counters: string; date_time: string } | null;
  error_message: string | null;
  certified_at: string | null;
}

/**
 * The fiscal block of a certified document's printouts (every format: A5, A6, tickets 80 and 58 mm,
 * DUPLICATA reprints): the fiscal number, the QR code drawn on our server from the DGI's token or
 * qrCode (an SVG, no call out at print time), e-MECeF's block, the seller's tax identity. Before the
 * DGI answers, `state` says so and the paper reads « En attente de certification ».
 */
export interface FiscalPrint {
  provider: CertifyingProvider;
  state: FiscalState;
  fiscal_number: string | null;
  /** An SVG document (the QR code of the verification link), null until certified. */
  qr_svg: string | null;
  mecef: { nim: string; counters: string; date_time: string } | null;
  seller: { tax_label: 'NCC' | 'IFU'; tax_id: string; rccm: string; regime: string };
}

/** How the papers name the certification: the DGI's own words. */
export const FISCAL_PRINT_TITLES: Record<CertifyingProvider, string> = {
  fne: 'Facture normalisée électronique (FNE)',
  emecef: 'Facture certifiée e-MECeF',
};

/**
 * A stored credential (the company's API key, a desk's machine token) as a screen shows it: never
 * the secret — none, its mask, or unreadable (encrypted under another app key: type it again).
 */
export type StoredSecret =
  { state: 'none' } | { state: 'set'; masked: string } | { state: 'unreadable'; message: string };

/** One cash desk and the DGI point of sale its documents go under (its own, its location's, or the default). */
export interface FiscalDeskPoint {
  id: number;
  code: string;
  name: string;
  location_name: string;
  point_of_sale: string;
  /** Where it comes from: the desk, its location, FISCAL_POINT_OF_SALE, or none. */
  source: 'desk' | 'location' | 'environment' | 'none';
  has_machine_token: boolean;
}

export type { TaxGroup };
