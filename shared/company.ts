import type { VatSetting } from './vat.js';

/**
 * The company settings every signed-in page receives once, as the `company` shared prop (read on
 * the client by `useCompany()` / `useMoney()`, resources/js/hooks/useCompany.ts): a screen never
 * passes the currency or the business date down by hand. Read in the request's one user-context
 * statement (server/auth/user-context.ts), so a change in Paramètres › Société shows at the next
 * request of every user, whichever process serves it.
 */
export interface CompanyProps {
  /** ISO 4217 code; every amount is an integer in its minor unit (shared/money.ts). */
  currency: string;
  /** IANA time zone: business dates are calendar dates there. */
  time_zone: string;
  /** Today's business date (YYYY-MM-DD) in the company's time zone — never the browser's clock zone. */
  today: string;
  /** The VAT as documentTotals and splitVat take it (shared/vat.ts). */
  vat: VatSetting;
  /** Whether a document may take stock below zero (Paramètres › Société). */
  allow_negative_stock: boolean;
}
