import { z } from 'zod';
import { PAYMENT_MODES, SALE_KINDS } from '../../../shared/sales.js';
import { MOBILE_MONEY_OPERATORS, PAYMENT_METHODS } from '../../../shared/treasury.js';
import {
  cancelSchema,
  cost,
  idempotencyKey,
  isoDate,
  positiveQuantity,
  recordId,
  requiredText,
  text,
} from './stock.js';
import { textInput, perCurrency } from '../../services/records/fields.js';
import type { SaleInput } from '../../services/sales/create-sale.js';

/**
 * Input of the sales forms (vente détaillée, vente boutique): JSON from the Inertia forms, amounts
 * in minor units, quantities positive integers (by unit or by pack). The server recomputes every
 * total; a total sent by the client is ignored. Messages are French and keyed by field paths
 * (lines.N.quantity, payments.N.reference…).
 */

const amount = (currency: string, label: string) => cost(currency, label, 'documentTotal');

const optionalId = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? null : v),
  recordId('Ce compte n’existe pas.').nullable(),
);

export const salePaymentSchema = (currency: string) =>
  z.object({
    method: z.enum(PAYMENT_METHODS, { error: 'Choisissez le mode de paiement.' }),
    amount: amount(currency, 'Le montant'),
    account_id: optionalId.optional().default(null),
    operator: z
      .preprocess(
        (v) => (v === '' ? null : v),
        z.enum(MOBILE_MONEY_OPERATORS, { error: 'Choisissez l’opérateur mobile money.' }).nullable(),
      )
      .optional()
      .default(null),
    phone: textInput({ subject: 'Le numéro de téléphone' }, 30).optional().default(''),
    reference: textInput({ subject: 'La référence' }, 80).optional().default(''),
  });

export const saleLineSchema = (currency: string) =>
  z.object({
    product_id: recordId('Choisissez un produit.'),
    unit: z.enum(['unit', 'pack'], { error: 'L’unité de vente n’est pas valide.' }).default('unit'),
    quantity: positiveQuantity(),
    /** Per base unit; absent or empty → the client's price level. */
    unit_price: z
      .preprocess((v) => (v === '' || v === undefined ? null : v), cost(currency, 'Le prix unitaire').nullable())
      .default(null),
    discount: amount(currency, 'La remise').default(0),
  });

const saleFields = (currency: string) =>
  z.object({
    idempotency_key: idempotencyKey,
    kind: z.enum(SALE_KINDS, { error: 'Le type de vente n’est pas valide.' }),
    client_id: recordId('Choisissez le client.'),
    location_id: recordId('Choisissez l’emplacement d’où sort la marchandise.'),
    sale_date: isoDate('La date de vente'),
    payment_mode: z.enum(PAYMENT_MODES, { error: 'Choisissez comptant ou crédit.' }),
    due_date: z
      .preprocess((v) => (v === '' || v === undefined ? null : v), isoDate('La date d’échéance').nullable())
      .default(null),
    discount: amount(currency, 'La remise globale').default(0),
    note: text('L’observation', 500),
    /** When the form was opened (ISO instant): a price changed since then refuses the sale. */
    form_loaded_at: z.iso.datetime({ error: 'Le formulaire a expiré : rechargez la page.' }),
    lines: z
      .array(saleLineSchema(currency), { error: 'Ajoutez au moins un produit.' })
      .min(1, 'Ajoutez au moins un produit.')
      .max(500, 'Une vente ne peut pas dépasser 500 lignes.'),
    payments: z.array(salePaymentSchema(currency)).max(5, 'Cinq paiements au plus par vente.').default([]),
  });

const CREDIT_NEEDS_DUE_DATE = { path: ['due_date'], message: 'Indiquez la date d’échéance de la vente à crédit.' };
const creditHasDueDate = (v: { payment_mode: string; due_date: string | null }) =>
  v.payment_mode !== 'credit' || v.due_date !== null;

export const saleSchema = perCurrency((currency: string) =>
  saleFields(currency).refine(creditHasDueDate, CREDIT_NEEDS_DUE_DATE),
);

/**
 * The body of POST /api/v1/invoices: the invoice form's fields and rules, without what belongs to
 * the screen — the idempotency key (the Idempotency-Key header), the kind (an invoice) and the
 * form's opening time (a program prices at the moment of its request).
 */
export const apiInvoiceSchema = perCurrency((currency: string) =>
  saleFields(currency)
    .omit({ idempotency_key: true, kind: true, form_loaded_at: true })
    .refine(creditHasDueDate, CREDIT_NEEDS_DUE_DATE),
);

type SaleBodyFields = Omit<z.infer<ReturnType<typeof saleFields>>, 'idempotency_key' | 'kind' | 'form_loaded_at'>;

/** The validated body of any sale form (screen or API) as createSale reads it: one mapping for all. */
export function saleInputOf(
  body: SaleBodyFields,
  fixed: Pick<SaleInput, 'idempotencyKey' | 'kind' | 'formLoadedAt' | 'places'>,
): SaleInput {
  return {
    ...fixed,
    clientId: body.client_id,
    locationId: body.location_id,
    saleDate: body.sale_date,
    paymentMode: body.payment_mode,
    dueDate: body.payment_mode === 'credit' ? body.due_date : null,
    discount: body.discount,
    note: body.note,
    lines: body.lines.map((l) => ({
      productId: l.product_id,
      unit: l.unit,
      quantity: l.quantity,
      unitPrice: l.unit_price,
      discount: l.discount,
    })),
    payments: body.payments.map((p) => ({
      method: p.method,
      amount: p.amount,
      accountId: p.account_id,
      operator: p.operator,
      phone: p.phone,
      reference: p.reference,
    })),
  };
}

export type SaleBody = z.infer<ReturnType<typeof saleSchema>>;

const integerBasisPoints = (label: string) =>
  z
    .number({ error: `${label} doit être un pourcentage en chiffres.` })
    .int({ error: `${label} a trop de décimales (deux au plus).` })
    .min(0, `${label} ne peut pas être négative.`)
    .max(10_000, `${label} ne peut dépasser 100 %.`);

/** A discount as the counter types it: an amount in minor units, or a percentage in basis points (1 000 = 10 %). */
const discountEntry = (currency: string, label: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? { kind: 'amount', value: 0 } : v),
    z.discriminatedUnion(
      'kind',
      [
        z.object({ kind: z.literal('amount'), value: amount(currency, label).default(0) }),
        z.object({ kind: z.literal('percent'), value: integerBasisPoints(label) }),
      ],
      { error: `${label} n’est pas valide.` },
    ),
  );
/**
 * A counter basket put on hold (« mettre en attente », services/sales/parked-sales.ts): the shop,
 * the client, the lines as typed and the sale's discount — no payment, nothing priced here; the
 * basket it was resumed from, when parked again.
 */
export const parkSaleSchema = perCurrency((currency: string) =>
  z.object({
    parked_id: optionalId.optional().default(null),
    location_id: recordId('Choisissez la boutique.'),
    client_id: recordId('Choisissez le client.'),
    discount: discountEntry(currency, 'La remise sur la vente'),
    lines: z
      .array(
        z.object({
          product_id: recordId('Choisissez un produit.'),
          quantity: positiveQuantity(),
          unit_price: z
            .preprocess((v) => (v === '' || v === undefined ? null : v), cost(currency, 'Le prix unitaire').nullable())
            .default(null),
          discount: discountEntry(currency, 'La remise'),
        }),
        { error: 'Ajoutez au moins un produit avant de mettre la vente en attente.' },
      )
      .min(1, 'Ajoutez au moins un produit avant de mettre la vente en attente.')
      .max(500, 'Une vente ne peut pas dépasser 500 lignes.'),
  }),
);

/** The counter's validation may name the basket on hold it comes from (removed with the sale). */
export const counterParkedIdSchema = z.object({ parked_id: optionalId.optional().default(null) });

/** Annulations › Factures: the reason, the version and, for a sale whose money is paid back, the account the refund comes from (empty: the accounts that took it). */
export const saleCancelSchema = cancelSchema.extend({ refund_account_id: optionalId.optional().default(null) });

export const creditNoteSchema = z.object({
  idempotency_key: idempotencyKey,
  sale_id: recordId('Choisissez la vente à corriger.'),
  reason: requiredText('Le motif de la correction', 500, 5),
  version: recordId('Le formulaire a expiré : rechargez la page.'),
  /** The account the refund comes from (empty: the desk of the sale). */
  refund_account_id: optionalId.optional().default(null),
  lines: z
    .array(
      z.object({
        sale_line_id: recordId('Ligne de vente introuvable.'),
        quantity: z.preprocess(
          (v) => (v === '' || v === null ? 0 : v),
          positiveQuantity('La quantité rendue').or(z.literal(0)),
        ),
      }),
      { error: 'Indiquez ce qui est rendu.' },
    )
    .min(1, 'Indiquez ce qui est rendu.')
    .max(500, 'Une correction ne peut pas dépasser 500 lignes.'),
});
