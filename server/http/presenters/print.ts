import type { PrintCopy, PrintMeta, PrintRecorded, PrintSettings, PrintState } from '../../../shared/print.js';
import { route } from '../../../shared/routes.js';
import type { Company } from '../../services/company/get-company.js';
import type { Actor } from '../../services/actor.js';
import { type Query, queryFlag } from '../query.js';

/**
 * The print frame of every printout: the company header (read by getCompany), who prints and when,
 * `?print=1` to open the print dialog at once, where "Retour" goes, which copy the next print will be
 * (original or DUPLICATA, read by server/http/printouts.ts printFrame — print routes call that, not
 * this) with the token that prints it, and the layout of Paramètres › Impression (printSettingsFor).
 */
export function presentPrintMeta(
  company: Company,
  printer: Pick<Actor, 'name'>,
  query: Query,
  backUrl: string,
  copy: PrintCopy | null,
  printToken: string | null,
  settings: PrintSettings,
  fiscal: PrintMeta['fiscal'] = null,
): PrintMeta {
  return {
    company: presentPrintCompany(company),
    printed_at: new Date().toISOString(),
    printed_by: printer.name,
    auto_print: queryFlag(query, 'print'),
    back_url: backUrl,
    copy,
    print_token: printToken,
    settings,
    fiscal,
  };
}

/**
 * The URL of the company logo (authenticated route), versioned by the stored name so a new logo is
 * fetched at once; null when there is none.
 */
export function logoUrl(company: Pick<Company, 'logo_path'>): string | null {
  return company.logo_path ? route('company.logo', { v: company.logo_path.slice(5, 17) }) : null;
}

/** The company header of the printouts (and of the Impression screen's preview). */
export function presentPrintCompany(company: Company): PrintMeta['company'] {
  return {
    name: company.name,
    address: company.address,
    city: company.city,
    phones: company.phones,
    email: company.email,
    rccm: company.rccm,
    tax_number: company.tax_number,
    currency: company.currency,
    logo_url: logoUrl(company),
  };
}

/**
 * A counted print's answer: the copy the paper carries and what a next print from the same preview
 * would be — DUPLICATA n° N+1, or null for a user who may not reprint.
 */
export function presentPrintRecorded(copy: PrintCopy & { printed_at: string }, mayReprint: boolean): PrintRecorded {
  const { printed_at, ...counted } = copy;
  const next: PrintCopy | null = mayReprint
    ? {
        duplicata: true,
        reprint: counted.reprint + 1,
        original_printed_at: counted.original_printed_at,
        original_printed_by: counted.original_printed_by,
      }
    : null;
  return { copy: counted, printed_at, next };
}

/** A document page's print button: a DUPLICATA once the original is printed (printCount), offered only to users who may reprint. */
export function presentPrintState(count: { printed: boolean }, mayReprint: boolean): PrintState {
  return { duplicata: count.printed, allowed: !count.printed || mayReprint };
}
