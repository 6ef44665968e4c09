import { z } from 'zod';
import { LIMITS, limitMessage } from '../../../shared/limits.js';
import { ENTRY_KINDS, MOVED_POLICIES, READJUSTMENT_REASONS } from '../../../shared/stock.js';
import { IDEMPOTENCY_KEY_PATTERN } from '../../services/idempotency.js';
import { textInput, perCurrency } from '../../services/records/fields.js';

/**
 * Input of the stock forms (JSON from the Inertia forms). Quantities are positive integers in the
 * product's base unit (or in packs when the line says so), costs non-negative integers in the
 * currency's minor unit, each within its business ceiling (shared/limits.ts). Messages are French
 * and keyed by the form's field paths.
 */

/** An integer given as a number or as digits ("1 200" accepted). */
function integer(message: string) {
  return z.preprocess(
    (v) => {
      if (typeof v === 'string') {
        const s = v.replace(/[\s\u00a0\u202f]/gu, '');
        return /^-?\d+$/.test(s) ? Number(s) : v;
      }
      return v;
    },
    z.number({ error: message }).int({ error: message }),
  );
}

export const positiveQuantity = (label = 'La quantité') =>
  integer(`${label} doit être un nombre entier.`)
    .refine((v) => v > 0, `${label} doit être supérieure à zéro.`)
    .refine((v) => v <= LIMITS.quantity, limitMessage(label, 'quantity'));

export const nonNegativeQuantity = (label = 'La quantité') =>
  integer(`${label} doit être un nombre entier.`)
    .refine((v) => v >= 0, `${label} ne peut pas être négative.`)
    .refine((v) => v <= LIMITS.quantity, limitMessage(label, 'quantity'));

/**
 * An amount in minor units. Text that is no number ("abc") is told it must be an amount in figures;
 * a number with more decimals than the currency has ("12,5" in FCFA) is told so; the currency
 * writes the ceiling in the refusal (« 100 000 000 FCFA »). A price or cost is capped as a unit
 * price (the cost of a colis as a line amount); a discount or a payment as a document total.
 */
export const cost = (
  currency: string,
  label = 'Le coût unitaire',
  limit: 'unitPrice' | 'lineAmount' | 'documentTotal' = 'unitPrice',
) =>
  z
    .preprocess(
      (v) => {
        if (typeof v !== 'string') return v;
        const s = v.replace(/[\s\u00a0\u202f]/gu, '');
        if (/^-?\d+$/.test(s)) return Number(s);
        return /^-?\d*[.,]\d+$/.test(s) ? Number(s.replace(',', '.')) : v;
      },
      z
        .number({ error: `${label} doit être un montant en chiffres (par exemple 1 500).` })
        .int({ error: `${label} a plus de décimales que la devise n’en permet.` }),
    )
    .refine((v) => v >= 0, `${label} ne peut pas être négatif.`)
    .refine((v) => v <= LIMITS[limit], limitMessage(label, limit, currency));

export const recordId = (message: string) => integer(message).refine((v) => v > 0 && v <= 2_147_483_647, message);

export const isoDate = (label: string) =>
  z
    .string({ error: `${label} est obligatoire.` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} n’est pas valide (format attendu : AAAA-MM-JJ).`);

/** Optional text (a reference, a note): the shared text primitive, line breaks kept; absent → ''. */
export const text = (label: string, max: number) => textInput({ subject: label }, max, { multiline: true });

export const requiredText = (label: string, max: number, min = 1) =>
  textInput({ subject: label }, max, { multiline: true, required: true, min });

export const idempotencyKey = z
  .string({ error: 'Le formulaire a expiré : rechargez la page.' })
  .regex(IDEMPOTENCY_KEY_PATTERN, 'Le formulaire a expiré : rechargez la page.');

export const version = integer('Le formulaire a expiré : rechargez la page.').refine(
  (v) => v >= 1,
  'Le formulaire a expiré : rechargez la page.',
);

const lines = <T extends z.ZodType>(line: T, max: number, empty: string) =>
  z.array(line, { error: empty }).min(1, empty).max(max, `Un document ne peut pas dépasser ${max} lignes.`);

const supplierId = recordId('Choisissez le fournisseur.');

/**
 * A supplier's entry, or « Stock initial » (kind 'opening'), which has no supplier; the currency
 * writes the cost ceiling in the refusal (« 100 000 000 FCFA »).
 */
export const stockEntrySchema = perCurrency((currency: string) =>
  z
    .object({
      idempotency_key: idempotencyKey,
      kind: z.enum(ENTRY_KINDS, { error: 'Le type d’entrée n’est pas valide.' }).default('supplier'),
      supplier_id: z.unknown().optional(),
      location_id: recordId('Choisissez l’emplacement qui reçoit la marchandise.'),
      entry_date: isoDate('La date d’entrée'),
      supplier_ref: text('La référence fournisseur', 80),
      note: text('L’observation', 500),
      lines: lines(
        z
          .object({
            product_id: recordId('Choisissez un produit.'),
            unit: z.enum(['unit', 'pack'], { error: 'L’unité de saisie n’est pas valide.' }).default('unit'),
            quantity: positiveQuantity(),
            // A line by colis may carry the cost of a colis instead (pack_cost); the service turns it
            // into the cost per base unit, refused when it does not divide exactly (unitCostOfPack).
            unit_cost: cost(currency).optional(),
            pack_cost: cost(currency, 'Le coût du colis', 'lineAmount').optional(),
          })
          .superRefine((l, ctx) => {
            if (l.pack_cost !== undefined && l.unit !== 'pack')
              ctx.addIssue({
                code: 'custom',
                path: ['pack_cost'],
                message: 'Le coût par colis ne vaut que pour une ligne saisie par colis.',
              });
            else if (l.pack_cost === undefined && l.unit_cost === undefined)
              ctx.addIssue({ code: 'custom', path: ['unit_cost'], message: 'Le coût unitaire est obligatoire.' });
          }),
        500,
        'Ajoutez au moins un produit.',
      ),
    })
    .refine((v) => v.kind === 'opening' || supplierId.safeParse(v.supplier_id).success, {
      path: ['supplier_id'],
      message: 'Choisissez le fournisseur.',
      // Checked even when other fields fail, so a form missing everything names the supplier too.
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    })
    .transform((v) =>
      v.kind === 'opening' ? { ...v, supplier_id: null } : { ...v, supplier_id: supplierId.parse(v.supplier_id) },
    ),
);

export const cancelSchema = z.object({
  reason: requiredText('Le motif d’annulation', 500, 5),
  version,
});

export const transferSchema = z.object({
  idempotency_key: idempotencyKey,
  from_location_id: recordId('Choisissez l’emplacement de départ.'),
  to_location_id: recordId('Choisissez l’emplacement de destination.'),
  transfer_date: isoDate('La date du transfert'),
  note: text('L’observation', 500),
  lines: lines(
    z.object({ product_id: recordId('Choisissez un produit.'), quantity: positiveQuantity() }),
    500,
    'Ajoutez au moins un produit.',
  ),
});

export const receptionSchema = z.object({
  idempotency_key: idempotencyKey,
  version,
  received_date: isoDate('La date de réception'),
  note: text('L’observation', 500),
  lines: z
    .array(
      z.object({
        product_id: recordId('Produit invalide.'),
        quantity_received: nonNegativeQuantity('La quantité reçue'),
        reason: text('Le motif de l’écart', 255).optional(),
      }),
      { error: 'Indiquez les quantités reçues.' },
    )
    .min(1, 'Indiquez les quantités reçues.')
    .max(500),
});

export const countSessionSchema = z.object({
  idempotency_key: idempotencyKey,
  location_id: recordId('Choisissez l’emplacement à compter.'),
  count_date: isoDate('La date du comptage'),
  blind: z.boolean({ error: 'Valeur invalide.' }).default(false),
  category_ids: z.array(recordId('Catégorie invalide.'), { error: 'Catégories invalides.' }).max(500).default([]),
  note: text('L’observation', 500),
});

export const saveCountsSchema = z.object({
  lines: z
    .array(
      z.object({
        product_id: recordId('Produit invalide.'),
        counted: nonNegativeQuantity('La quantité comptée').nullable(),
        expected: nonNegativeQuantity('La quantité attendue').nullable(),
      }),
      { error: 'Aucune saisie à enregistrer.' },
    )
    .min(1, 'Aucune saisie à enregistrer.')
    .max(5000, 'Enregistrez au plus 5 000 lignes à la fois.'),
});

export const scanSchema = z.object({
  code: requiredText('Le code-barres', 64),
  quantity: integer('La quantité doit être un nombre entier.')
    .refine((v) => v !== 0, 'La quantité ne peut pas être nulle.')
    .refine((v) => Math.abs(v) <= LIMITS.quantity, limitMessage('La quantité', 'quantity'))
    .default(1),
});

export const validateCountSchema = z.object({
  version,
  // '' (nothing chosen in the form) means no policy; anything else must be a known one, said in French.
  moved_policy: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.enum(MOVED_POLICIES, { error: 'Choisissez comment traiter le stock qui a bougé.' }).nullable(),
  ),
  uncounted_as_zero: z.boolean({ error: 'Valeur invalide.' }).default(false),
});

export const readjustmentSchema = z.object({
  idempotency_key: idempotencyKey,
  location_id: recordId('Choisissez l’emplacement.'),
  adjustment_date: isoDate('La date du réajustement'),
  reason: z.enum(READJUSTMENT_REASONS, { error: 'Choisissez le motif du réajustement.' }),
  note: text('L’observation', 500),
  lines: lines(
    z.object({
      product_id: recordId('Choisissez un produit.'),
      direction: z.enum(['in', 'out'], { error: 'Choisissez le sens (entrée ou sortie).' }),
      quantity: positiveQuantity(),
    }),
    200,
    'Ajoutez au moins un produit.',
  ),
});
