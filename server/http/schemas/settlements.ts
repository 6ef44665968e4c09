import { z } from 'zod';
import { ALLOCATION_MODES, SETTLEMENT_SOURCES } from '../../../shared/settlements.js';
import { MOBILE_MONEY_OPERATORS, PAYMENT_METHODS } from '../../../shared/treasury.js';
import type { SettlementInput } from '../../services/settlements/create-settlement.js';
import { textInput, perCurrency } from '../../services/records/fields.js';
import { cost, idempotencyKey, isoDate, recordId, text } from './stock.js';

/**
 * Input of the new-settlement form (JSON from the Inertia form): amounts in minor units, within
 * the document ceiling. `allocations` are the invoices and amounts the user saw in the preview
 * (oldest first or ticked): the service checks each against the invoice's remaining under the
 * client's lock. Messages are French and keyed by field paths (allocations.N.amount…).
 */

const nullable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), schema.nullable());

const positiveAmount = (currency: string, label: string) =>
  cost(currency, label, 'documentTotal').refine((v) => v > 0, `${label} doit être supérieur à zéro.`);

const allocationsSchema = (currency: string) =>
  z
    .array(
      z.object({
        sale_id: recordId('Choisissez la facture.'),
        amount: positiveAmount(currency, 'Le montant réglé'),
      }),
      { error: 'La répartition sur les factures est invalide.' },
    )
    .max(500, 'Un règlement ne peut pas régler plus de 500 factures.');

const settlementFields = (currency: string) =>
  z.object({
    idempotency_key: idempotencyKey,
    client_id: recordId('Choisissez le client.'),
    settlement_date: isoDate('La date du règlement'),
    source: z.enum(SETTLEMENT_SOURCES, { error: 'Choisissez un paiement ou l’acompte du client.' }),
    method: nullable(z.enum(PAYMENT_METHODS, { error: 'Choisissez le mode de paiement.' })).default(null),
    account_id: nullable(recordId('Ce compte n’existe pas.')).default(null),
    operator: nullable(z.enum(MOBILE_MONEY_OPERATORS, { error: 'Choisissez l’opérateur mobile money.' })).default(null),
    phone: textInput({ subject: 'Le numéro de téléphone' }, 30).optional().default(''),
    reference: textInput({ subject: 'La référence' }, 80).optional().default(''),
    cheque_date: nullable(isoDate('La date du chèque')).default(null),
    amount: positiveAmount(currency, 'Le montant'),
    allocation_mode: z.enum(ALLOCATION_MODES, { error: 'Choisissez comment répartir le règlement.' }).default('oldest'),
    allocations: allocationsSchema(currency).default([]),
    note: text('L’observation', 500),
  });

const PAYMENT_NEEDS_METHOD = { path: ['method'], message: 'Choisissez le mode de paiement.' };
const paymentHasMethod = (v: { source: string; method: string | null }) => v.source !== 'payment' || v.method !== null;

export const settlementSchema = perCurrency((currency: string) =>
  settlementFields(currency).refine(paymentHasMethod, PAYMENT_NEEDS_METHOD),
);

/**
 * The body of POST /api/v1/settlements: the form's fields and rules, less the idempotency key (the
 * Idempotency-Key header); `allocations` absent means « the oldest due invoices first, the rest as
 * an advance », computed under the client's lock.
 */
export const apiSettlementSchema = perCurrency((currency: string) =>
  settlementFields(currency)
    .omit({ idempotency_key: true, allocations: true })
    .extend({ allocations: allocationsSchema(currency).nullable().default(null) })
    .refine(paymentHasMethod, PAYMENT_NEEDS_METHOD),
);

export type SettlementBody = z.infer<ReturnType<typeof settlementSchema>>;

/** The service's input from the form's body (the user's places added by the route). */
export function settlementInput(
  body: Omit<SettlementBody, 'idempotency_key' | 'allocations'> & { allocations: SettlementBody['allocations'] | null },
  idempotencyKey: string,
): Omit<SettlementInput, 'places'> {
  const payment = body.source === 'payment';
  return {
    idempotencyKey,
    clientId: body.client_id,
    settlementDate: body.settlement_date,
    source: body.source,
    method: payment ? body.method : null,
    accountId: payment ? body.account_id : null,
    operator: payment && body.method === 'mobile_money' ? body.operator : null,
    phone: payment && body.method === 'mobile_money' ? body.phone : '',
    reference: payment ? body.reference : '',
    chequeDate: payment && body.method === 'cheque' ? body.cheque_date : null,
    amount: body.amount,
    allocationMode: body.allocation_mode,
    allocations: body.allocations ? body.allocations.map((a) => ({ saleId: a.sale_id, amount: a.amount })) : null,
    note: body.note,
  };
}
