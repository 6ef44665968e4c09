import type { CertifiedDocumentType } from '../../../shared/documents.js';
import type { FiscalPrint } from '../../../shared/fiscal.js';
import type { CreditNoteView, SaleView } from '../../../shared/pages/sales.js';
import type { PrintCompany, Printout } from '../../../shared/print.js';
import {
  DIALLING_CODES,
  type DocumentSharing,
  type PublicReceipt,
  type ShareLinkView,
  internationalPhone,
} from '../../../shared/shares.js';
import type { ShareLinkRow } from '../../services/shares/document-shares.js';

export function presentShareLink(row: ShareLinkRow, revokeUrl: (shareId: number) => string): ShareLinkView {
  return {
    revoke_url: revokeUrl(row.id),
    id: row.id,
    created_at: row.created_at,
    created_by: row.created_by_name,
    last_opened_at: row.last_opened_at,
    open_count: row.open_count,
  };
}

/** The document type a sale is shared as (its series'). */
export function saleShareType(sale: Pick<SaleView, 'kind'>): CertifiedDocumentType {
  return sale.kind === 'counter' ? 'counterSale' : 'invoice';
}

/** The printout a sale's receipt stands for: its fiscal block and Paramètres › Impression texts are that printout's. */
export function saleReceiptPrintout(sale: Pick<SaleView, 'kind' | 'payment_mode'>): Printout {
  if (sale.kind === 'counter') return 'sale_ticket';
  return sale.payment_mode === 'cash' ? 'cash_invoice' : 'invoice';
}

/** What the client receives the receipt as: the printouts' titles. */
export function saleReceiptTitle(sale: Pick<SaleView, 'kind' | 'payment_mode'>): string {
  if (sale.kind === 'counter') return 'Ticket de caisse';
  return sale.payment_mode === 'cash' ? 'Facture comptant' : 'Facture';
}

/**
 * The « Partager » action of a document's page. The client's phone is put in international form
 * with the company's dialling code, read from its time zone (DIALLING_CODES); a client without a
 * phone (a walk-in one has none) leaves WhatsApp and SMS disabled, with the reason.
 */
export function presentSharing(input: {
  createUrl: string;
  revokeUrl: (shareId: number) => string;
  phone: string | null;
  walkIn: boolean;
  timeZone: string;
  title: string;
  number: string;
  clientName: string;
  companyName: string;
  links: ShareLinkRow[];
}): DocumentSharing {
  const phone = internationalPhone(input.phone, DIALLING_CODES[input.timeZone] ?? null);
  const greeting = input.walkIn || !input.clientName ? 'Bonjour' : `Bonjour ${input.clientName}`;
  return {
    create_url: input.createUrl,
    phone,
    no_phone_reason: phone
      ? null
      : input.walkIn
        ? 'Client de passage : aucun numéro de téléphone. Copiez le lien et envoyez-le vous-même.'
        : 'Ce client n’a pas de numéro de téléphone sur sa fiche : ajoutez-le, ou copiez le lien et envoyez-le vous-même.',
    message: `${greeting}, voici votre ${input.title.toLowerCase()} ${input.number} de ${input.companyName} :`,
    links: input.links.map((link) => presentShareLink(link, input.revokeUrl)),
  };
}

/** The company header of the public page: no logo (its file is served to signed-in users only). */
function receiptCompany(company: PrintCompany): PrintCompany {
  return { ...company, logo_url: null };
}

/** A sale's public receipt, from its page's view presented without costs: what the client may read, no id. */
export function presentSaleReceipt(sale: SaleView, company: PrintCompany, fiscal: FiscalPrint | null): PublicReceipt {
  return {
    company: receiptCompany(company),
    currency: company.currency,
    title: saleReceiptTitle(sale),
    number: sale.number,
    date: sale.sale_date,
    client_name: sale.client.is_walk_in ? null : sale.client.name,
    location_name: sale.location.name,
    cancelled: sale.status === 'cancelled',
    lines: sale.lines.map((l) => ({
      position: l.position,
      name: l.product_name,
      unit: l.unit,
      quantity: l.quantity,
      unit_price: l.unit_price,
      discount: l.discount,
      net: l.net,
    })),
    totals: {
      lines_total: sale.lines_total,
      discount: sale.discount,
      vat_rate_bp: sale.vat_rate_bp,
      total_ht: sale.total_ht,
      vat: sale.vat,
      total: sale.total_ttc,
    },
    // Cash tendered is shown as received and given back (as on the ticket), not a third time as paid.
    payments: (sale.cash_tendered > 0 ? sale.payments.filter((p) => p.method !== 'especes') : sale.payments).map(
      (p) => ({
        label: p.operator_label ? `${p.method_label} (${p.operator_label})` : p.method_label,
        amount: p.paid,
      }),
    ),
    cash_tendered: sale.cash_tendered,
    change_given: sale.change_given,
    due: sale.status === 'cancelled' ? 0 : sale.due,
    corrects: null,
    credit_notes: sale.credit_notes.map((c) => ({ number: c.number, date: c.credit_date, refunded: c.refunded })),
    fiscal,
  };
}

/** A credit note's public receipt: the lines given back and the refund. */
export function presentCreditNoteReceipt(
  note: CreditNoteView,
  company: PrintCompany,
  fiscal: FiscalPrint | null,
): PublicReceipt {
  return {
    company: receiptCompany(company),
    currency: company.currency,
    title: 'Avoir',
    number: note.number,
    date: note.credit_date,
    client_name: note.client_name,
    location_name: note.location_name,
    cancelled: false,
    lines: note.lines.map((l) => ({
      position: l.position,
      name: l.product_name,
      unit: l.unit,
      quantity: l.quantity,
      unit_price: l.unit_price,
      discount: 0,
      net: l.refund,
    })),
    totals: {
      lines_total: note.refund,
      discount: 0,
      vat_rate_bp: 0,
      total_ht: note.refund,
      vat: 0,
      total: note.refund,
    },
    payments: [],
    cash_tendered: 0,
    change_given: 0,
    due: 0,
    corrects: { number: note.sale.number, date: note.sale.sale_date, reason: note.reason },
    credit_notes: [],
    fiscal,
  };
}
