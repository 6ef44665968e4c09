import { z } from 'zod';
import { BANK_PAYMENT_METHODS, CASH_OPERATION_KINDS } from '../../../shared/cash-operations.js';
import { code, flag, longText, money, text, textInput, perCurrency } from '../../services/records/fields.js';
import { idempotencyKey, recordId, requiredText } from './stock.js';

/**
 * Input of the Caisse forms (issue 16). Amounts in minor units, positive; what each kind needs
 * (its accounts, category, supplier, reference) is checked by the service, with the balances.
 */
const optionalId = (message: string) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? null : v), recordId(message).nullable());

export const cashOperationSchema = perCurrency((currency: string) =>
  z.object({
    idempotency_key: idempotencyKey,
    kind: z.enum(CASH_OPERATION_KINDS, { error: 'Le type d’opération n’est pas valide.' }),
    // Typed in major units (« 25 000 », « 12,50 »), turned into minor units.
    amount: money('montant', currency, { required: true, limit: 'balance' }).refine(
      (v) => v > 0,
      'Le montant doit être supérieur à zéro.',
    ),
    from_account_id: optionalId('Ce compte n’existe pas.').default(null),
    to_account_id: optionalId('Ce compte n’existe pas.').default(null),
    expense_category_id: optionalId('Cette catégorie n’existe pas.').default(null),
    supplier_id: optionalId('Ce fournisseur n’existe pas.').default(null),
    bank_method: z
      .preprocess(
        (v) => (v === '' || v === undefined ? null : v),
        z.enum(BANK_PAYMENT_METHODS, { error: 'Choisissez virement ou chèque.' }).nullable(),
      )
      .default(null),
    beneficiary: textInput({ subject: 'Le bénéficiaire' }, 120).optional().default(''),
    reference: textInput({ subject: 'La référence' }, 80).optional().default(''),
    note: longText('observation', 500),
  }),
);

export const cashCancelSchema = z.object({
  reason: requiredText('Le motif d’annulation', 500, 5),
});

export const expenseCategorySchema = z.object({
  code: code('code'),
  name: text('nom', 120, { required: true }),
  description: longText('description', 500),
  active: flag(true),
});
