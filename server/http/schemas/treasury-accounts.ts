import { z } from 'zod';
import { MANAGED_TREASURY_KINDS } from '../../../shared/treasury-accounts.js';
import { MOBILE_MONEY_OPERATORS } from '../../../shared/treasury.js';
import { choice, code, flag, phone, text, textInput } from '../../services/records/fields.js';

/**
 * Paramètres › Société › Comptes bancaires et mobile money. The fields of the other kind are
 * accepted and ignored; what each kind requires (bank and RIB, operator and phone) is checked by
 * the service (services/treasury/accounts.ts), with the uniqueness of code and name.
 */
export const treasuryAccountSchema = z.object({
  kind: choice('type', MANAGED_TREASURY_KINDS),
  code: code('code'),
  name: text('nom', 120, { required: true }),
  bank_name: text('banque', 120),
  account_number: textInput({ subject: 'Le numéro de compte' }, 60),
  operator: choice('opérateur', ['', ...MOBILE_MONEY_OPERATORS] as const, { default: '' }),
  phone: phone('téléphone du compte'),
  active: flag(true),
});
