import { z } from 'zod';
import { FISCAL_PROVIDERS, FISCAL_REGIMES, type FiscalProvider, type FiscalRegime } from '../../../shared/fiscal.js';
import { TAX_GROUP_CODES } from '../../../shared/tax-groups.js';
import { choice, flag, money, perCurrency, secretText, text, webAddress } from '../../services/records/fields.js';

const PROVIDERS = Object.keys(FISCAL_PROVIDERS) as FiscalProvider[];
const REGIMES = ['', ...Object.keys(FISCAL_REGIMES)] as FiscalRegime[];

/**
 * Paramètres › Société › Facturation électronique. The key is write-only: empty keeps the stored
 * one, `clear_api_key` removes it. The rules across fields (a URL and a key once a provider is
 * chosen, a tax group the provider knows) are the service's, which knows the environment.
 */
export const fiscalSettingsSchema = perCurrency((currency: string) =>
  z.object({
    provider: choice('service de certification', PROVIDERS, { default: 'none' }),
    api_url: webAddress('adresse de l’API'),
    api_key: secretText('clé d’API'),
    clear_api_key: flag(false),
    regime: choice('régime d’imposition', REGIMES, { default: '' }),
    establishment: text('établissement', 160),
    default_tax_group: choice('groupe de taxe par défaut', TAX_GROUP_CODES, { default: 'normal' }),
    b2c_threshold: money('seuil des ventes aux particuliers', currency, { limit: 'unitPrice' }),
  }),
);
