import type { CompanySettings } from '../../auth/user-context.js';
import { businessDate } from '../../domain/dates.js';
import type { CompanyProps } from '../../../shared/company.js';

/** The `company` shared prop of a signed-in page, from the settings read with the user. */
export function presentCompany(settings: CompanySettings): CompanyProps {
  return {
    currency: settings.currency,
    time_zone: settings.timeZone,
    today: businessDate(settings.timeZone),
    vat: settings.vat,
    allow_negative_stock: settings.allowNegativeStock,
  };
}
