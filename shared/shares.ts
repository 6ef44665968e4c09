/**
 * « Partager »: a public, read-only link to a sales document's receipt (an invoice, a counter
 * sale, a credit note — the types the DGI certifies), sent to the client by WhatsApp or SMS and
 * opened without signing in (`/recu/<token>`). The token is shown once, when the link is made;
 * the server keeps only its SHA-256, so a link already made is revoked, never shown again.
 */
import type { FiscalPrint } from './fiscal.js';
import type { PrintCompany, PrintSettings } from './print.js';

/** A link not revoked, as the document's page lists it (never its token). */
export interface ShareLinkView {
  id: number;
  created_at: string;
  created_by: string | null;
  last_opened_at: string | null;
  open_count: number;
  /** POST here to revoke it. */
  revoke_url: string;
}

/** The « Partager » action of a document's page: where to post, whom to send it to, the links already made. */
export interface DocumentSharing {
  /** POST here (JSON answer: CreatedShare) to make a link. */
  create_url: string;
  /** The client's phone in international digits (wa.me, sms:), null when the client has none. */
  phone: string | null;
  /** Why WhatsApp and SMS are disabled (no phone), in French. */
  no_phone_reason: string | null;
  /** The message's words before the link: « Bonjour, voici votre facture FAC-… de … : ». */
  message: string;
  links: ShareLinkView[];
}

/** The answer to a link's creation: the only time its URL is known. */
export interface CreatedShare {
  url: string;
  link: ShareLinkView;
}

/** One line of a public receipt: what the client bought, never a cost nor an id. */
export interface ReceiptLine {
  position: number;
  name: string;
  unit: string;
  quantity: number;
  unit_price: number;
  discount: number;
  net: number;
}

/** A public receipt's amounts (minor units): a credit note has only lines and its refund. */
export interface ReceiptTotals {
  lines_total: number;
  discount: number;
  vat_rate_bp: number;
  total_ht: number;
  vat: number;
  total: number;
}

export interface ReceiptPayment {
  label: string;
  amount: number;
}

/** What the public page shows: the document as the client received it, and its DGI block. */
export interface PublicReceipt {
  company: PrintCompany;
  currency: string;
  /** « Facture », « Facture comptant », « Ticket de caisse », « Avoir ». */
  title: string;
  number: string;
  date: string;
  client_name: string | null;
  location_name: string;
  cancelled: boolean;
  lines: ReceiptLine[];
  totals: ReceiptTotals;
  payments: ReceiptPayment[];
  cash_tendered: number;
  change_given: number;
  /** A sale's payment left to make (a credit invoice), 0 otherwise. */
  due: number;
  /** A credit note: the sale it corrects and why. */
  corrects: { number: string; date: string; reason: string } | null;
  /** The credit notes that corrected a sale. */
  credit_notes: Array<{ number: string; date: string; refunded: number }>;
  fiscal: FiscalPrint | null;
}

export interface ReceiptPages {
  /** `settings`: Paramètres › Impression of the document's printout (its header and footer texts, the amount in words). */
  'receipts/Show': { receipt: PublicReceipt; settings: PrintSettings };
}

export const RECEIPT_PAGE_NAMES = ['receipts/Show'] as const satisfies ReadonlyArray<keyof ReceiptPages>;

/**
 * The dialling code of the company's country, read from its time zone: both countries the
 * product is sold in pay in XOF, so the currency cannot tell Côte d'Ivoire from Bénin, while each
 * country has its own zone name. A zone not listed gives null: the number is sent as typed.
 */
export const DIALLING_CODES: Readonly<Record<string, string>> = {
  'Africa/Abidjan': '225',
  'Africa/Porto-Novo': '229',
  'Africa/Dakar': '221',
  'Africa/Bamako': '223',
  'Africa/Niamey': '227',
  'Africa/Lome': '228',
  'Africa/Ouagadougou': '226',
  'Africa/Conakry': '224',
  'Africa/Douala': '237',
  'Africa/Libreville': '241',
};

/**
 * A phone number as wa.me and sms: want it, digits only with the country code: « +225 07 01 02
 * 03 04 » and « 00225… » are already international; a local number (« 07 01 02 03 04 ») gets the
 * company's code, its leading 0 kept (Ivorian and Beninese numbers keep it since they went to 10
 * digits). A number already starting with the code and longer than a local one is left alone.
 * Null when there is no number.
 */
export function internationalPhone(phone: string | null | undefined, dialling: string | null): string | null {
  const typed = (phone ?? '').trim();
  const digits = typed.replace(/\D/g, '');
  if (digits.length < 6) return null;
  if (typed.startsWith('+')) return digits;
  if (digits.startsWith('00')) return digits.slice(2);
  if (!dialling) return digits;
  if (digits.startsWith(dialling) && digits.length > 10) return digits;
  return dialling + digits;
}

/** The WhatsApp link that opens a chat with the client, the message written. */
export function whatsappUrl(phone: string, text: string): string {
  return `https://wa.me/${phone}?text=${encodeURIComponent(text)}`;
}

/** The SMS link that opens the phone's messages app, the message written. */
export function smsUrl(phone: string, text: string): string {
  return `sms:+${phone}?body=${encodeURIComponent(text)}`;
}
