import type { Knex } from 'knex';
import {
  CERTIFIED_DOCUMENT_TYPES,
  type CertifiedDocumentType,
  DOCUMENT_TYPES,
  DOCUMENT_TYPE_KEYS,
} from '../../../shared/documents.js';
import { FISCAL_REGIMES, type FiscalFacts, type FiscalPrint, type FiscalRegime } from '../../../shared/fiscal.js';
import type { Printout } from '../../../shared/print.js';
import { fiscalFacts } from './facts.js';
import { qrSvg } from './qr.js';

/** The certified types a printout's document may be: those sharing the table of the type that declares it. */
export function certifiedTypesOfPrintout(printout: Printout): CertifiedDocumentType[] {
  const owner = DOCUMENT_TYPE_KEYS.find((type) => printout in DOCUMENT_TYPES[type].printouts);
  if (!owner) return [];
  const table = DOCUMENT_TYPES[owner].table;
  return CERTIFIED_DOCUMENT_TYPES.filter((type) => DOCUMENT_TYPES[type].table === table);
}

/**
 * The fiscal block of a printout (PrintMeta.fiscal): null when the document is not certified (no
 * provider when it was made, or a type the DGI does not certify).
 */
export async function fiscalPrint(db: Knex, printout: Printout, id: number): Promise<FiscalPrint | null> {
  const types = certifiedTypesOfPrintout(printout);
  const facts = (await fiscalFacts(db, types, [id])).get(id);
  if (!facts) return null;
  const company = await db('company_settings').where({ id: 1 }).first('tax_number', 'rccm', 'fiscal_regime');
  return presentFiscalPrint(facts, {
    tax_number: company?.tax_number ?? '',
    rccm: company?.rccm ?? '',
    regime: company?.fiscal_regime ?? '',
  });
}

export async function presentFiscalPrint(
  facts: FiscalFacts,
  seller: { tax_number: string; rccm: string; regime: FiscalRegime },
): Promise<FiscalPrint> {
  const certified = facts.state === 'certified';
  return {
    provider: facts.provider,
    state: facts.state,
    fiscal_number: certified ? facts.fiscal_number : null,
    qr_svg: certified && facts.qr_content ? await qrSvg(facts.qr_content) : null,
    mecef: certified ? facts.mecef : null,
    seller: {
      tax_label: facts.provider === 'fne' ? 'NCC' : 'IFU',
      tax_id: seller.tax_number,
      rccm: seller.rccm,
      regime: seller.regime ? FISCAL_REGIMES[seller.regime] : '',
    },
  };
}

/** How long a counter sale's ticket waits for its certification before printing « En attente ». */
export const TICKET_CERTIFICATION_WAIT_MS = 4000;

/**
 * Waits, a few seconds at most, for a document just made to be certified — a counter sale's ticket
 * prints right after the sale: the outbox usually certifies it within a second, else the ticket
 * prints « En attente de certification » and can be reprinted certified later.
 */
export async function waitForCertification(
  db: Knex,
  types: readonly CertifiedDocumentType[],
  id: number,
  waitMs: number,
): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const facts = (await fiscalFacts(db, types, [id])).get(id);
    if (!facts || (facts.state !== 'pending' && facts.state !== 'sending')) return;
    if (Date.now() >= deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
