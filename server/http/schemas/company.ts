import { z } from 'zod';
import { LOCATION_KINDS } from '../../../shared/locations.js';
import { CURRENCY_CODES } from '../../../shared/money.js';
import {
  choice,
  code,
  flag,
  foreignId,
  longText,
  optionalEmail,
  secretText,
  text,
} from '../../services/records/fields.js';

/** A place's point of sale at the DGI (FNE point of sale, e-MECeF machine): documents of its desks go under it. */
const fiscalPointOfSale = () => text('point de vente DGI', 80);

/** Paramètres › Société › Emplacements. */
export const locationSchema = z.object({
  code: code('code'),
  name: text('nom', 120, { required: true }),
  kind: choice('type', LOCATION_KINDS),
  address: longText('adresse', 255),
  fiscal_point_of_sale: fiscalPointOfSale(),
  active: flag(true),
});

/** Paramètres › Société › Caisses. */
export const cashDeskSchema = z.object({
  code: code('code'),
  name: text('nom', 120, { required: true }),
  location_id: foreignId('un emplacement'),
  fiscal_point_of_sale: fiscalPointOfSale(),
  // e-MECeF's token of the desk's machine: write-only ('' keeps the stored one), encrypted by the service.
  fiscal_machine_token: secretText('jeton e-MECeF de la machine'),
  clear_machine_token: flag(false),
  active: flag(true),
});

/** Paramètres › Société › Comptes. */
export const accountSettingsSchema = z.object({ allow_registration: flag(false) });

/** Time zones the server knows (IANA), for the company's business dates. */
export const TIME_ZONES: readonly string[] = (() => {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
})();

/** A VAT rate typed as a percentage ("18", "18,5", "0") → basis points (1850); 0 to 100 %, two decimals at most. */
function vatRate() {
  return z
    .unknown()
    .optional()
    .transform((v, ctx): number => {
      const s =
        typeof v === 'number'
          ? String(v)
          : typeof v === 'string'
            ? v.trim().replace(/\s|%/g, '').replace(',', '.')
            : null;
      if (s === null || s === '' || !/^\d{1,3}(\.\d{1,2})?$/.test(s)) {
        ctx.addIssue({
          code: 'custom',
          message:
            'Le taux de TVA doit être un pourcentage entre 0 et 100, avec au plus deux décimales (par exemple 18).',
        });
        return z.NEVER;
      }
      const [whole, fraction = ''] = s.split('.');
      const bp = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
      if (bp > 10_000) {
        ctx.addIssue({ code: 'custom', message: 'Le taux de TVA ne peut dépasser 100 %.' });
        return z.NEVER;
      }
      return bp;
    });
}

/** Paramètres › Société: the company's identity and rules (company_settings). */
export const companySchema = z.object({
  name: text('raison sociale', 160, { required: true }),
  address: longText('adresse', 255),
  city: text('ville', 120),
  phones: text('téléphones', 120),
  email: optionalEmail(),
  rccm: text('RCCM', 80),
  tax_number: text('numéro de contribuable (NCC / IFU)', 80),
  currency: choice('devise', CURRENCY_CODES),
  time_zone: choice('fuseau horaire', TIME_ZONES),
  vat_enabled: flag(false),
  vat_rate: vatRate(),
  // How sale prices are typed: VAT included (TTC) or excluded (HT, the VAT added on top).
  prices_include_vat: choice('saisie des prix de vente', ['ttc', 'ht'] as const, { default: 'ttc' }),
  allow_negative_stock: flag(false),
});
