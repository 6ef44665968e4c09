import { z } from 'zod';
import { CLIENT_KINDS, PRICE_LEVELS } from '../../../shared/clients.js';
import { LOCATION_KINDS } from '../../../shared/locations.js';
import { PAYMENT_MODES, SALE_KINDS, SALE_STATUS_LABELS, type SaleDisplayStatus } from '../../../shared/sales.js';
import { MOBILE_MONEY_OPERATORS, PAYMENT_METHODS, TREASURY_KINDS } from '../../../shared/treasury.js';
import { SETTLEMENT_SOURCES, SETTLEMENT_STATUSES } from '../../../shared/settlements.js';
import { TAX_GROUPS, TAX_GROUP_CODES } from '../../../shared/tax-groups.js';
import { isIsoDate } from '../../domain/dates.js';
import { FISCAL_STATES, type FiscalState } from '../../../shared/fiscal.js';
import { choice, integer, textInput } from '../../services/records/fields.js';

/**
 * The zod schemas of the REST API's own inputs (list parameters) and of its answers. The bodies of
 * the creates and updates are NOT here: they are the screens' schemas (services/products/schema.ts,
 * services/clients/schema.ts…), so a program and a form are held to the same rules. The OpenAPI
 * document is generated from all of them (openapi.ts).
 */

const MINOR = 'Montant en unités mineures de la devise (entier ; pour le franc CFA, des francs).';

/** An optional id filter of a list (?category_id=3): absent or empty → null. */
function optionalId(label: string) {
  return z
    .unknown()
    .optional()
    .transform((v, ctx): number | null => {
      if (v === undefined || v === null || v === '') return null;
      if (typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v.trim())) return Number(v.trim());
      ctx.addIssue({ code: 'custom', message: `Le filtre ${label} doit être un identifiant (entier positif).` });
      return z.NEVER as never;
    })
    .meta({ type: 'integer', minimum: 1, description: `Filtre : identifiant ${label}.` });
}

/** An optional date filter (?from=2026-01-31): absent or empty → null. */
function optionalDate(label: string) {
  return z
    .unknown()
    .optional()
    .transform((v, ctx): string | null => {
      if (v === undefined || v === null || v === '') return null;
      if (typeof v === 'string' && isIsoDate(v.trim())) return v.trim();
      ctx.addIssue({ code: 'custom', message: `${label} n’est pas valide (format attendu : AAAA-MM-JJ).` });
      return z.NEVER as never;
    })
    .meta({ type: 'string', format: 'date', description: `${label} (AAAA-MM-JJ, date de gestion).` });
}

/** The parameters every list shares: search, cursor, page size. */
export const listQuery = {
  q: textInput({ subject: 'La recherche' }, 100).meta({
    description: 'Recherche (code, nom ; début de code-barres pour les produits), comme dans la liste à l’écran.',
  }),
  cursor: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'Curseur opaque : la valeur next_cursor de la page précédente.' }),
  limit: integer('limit', { min: 1, max: 100, default: 25 }).meta({
    description: 'Nombre de lignes par page (1 à 100).',
  }),
};

const status = choice('statut', ['all', 'active', 'archived'] as const, { default: 'all' }).meta({
  description: 'all : tous ; active : actifs ; archived : archivés.',
});

export const productListQuery = z.object({ ...listQuery, category_id: optionalId('de catégorie'), status });
export const clientListQuery = z.object({
  ...listQuery,
  kind: choice('type', ['', ...CLIENT_KINDS] as const, { default: '' }),
  price_level: choice('niveau de prix', ['', ...PRICE_LEVELS] as const, { default: '' }),
  status,
});
export const stockLevelsQuery = z.object({
  ...listQuery,
  location_id: integer('emplacement', { min: 1, required: true }).meta({
    description: 'L’emplacement dont on veut le stock (voir GET /api/v1/locations).',
  }),
});

export const movementsQuery = z
  .object({
    ...listQuery,
    account_id: optionalId('de compte de trésorerie'),
    from: optionalDate('La date de début'),
    to: optionalDate('La date de fin'),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    path: ['to'],
    message: 'La date de fin doit suivre la date de début.',
  });

export const invoiceListQuery = z
  .object({
    ...listQuery,
    q: textInput({ subject: 'La recherche' }, 100).meta({
      description: 'Numéro de la vente, entier (FAC-2026-12) ou son début (FAC-2026).',
    }),
    kind: choice('type de vente', ['', ...SALE_KINDS] as const, { default: '' }).meta({
      description: 'invoice : factures (FAC-) ; counter : ventes boutique (VB-) ; vide : les deux.',
    }),
    status: choice('statut', ['', ...(Object.keys(SALE_STATUS_LABELS) as SaleDisplayStatus[])] as const, {
      default: '',
    }).meta({
      description:
        'paid : payée ; partial : partiellement payée ; unpaid : impayée ; partly_refunded : vente boutique corrigée par avoir, remboursée en partie ; refunded : remboursée entièrement ; cancelled : annulée.',
    }),
    client_id: optionalId('de client'),
    location_id: optionalId('d’emplacement'),
    from: optionalDate('La date de début'),
    to: optionalDate('La date de fin'),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    path: ['to'],
    message: 'La date de fin doit suivre la date de début.',
  });

const money = () => z.number().int().meta({ description: MINOR });
const timestamp = () => z.string().meta({ format: 'date-time' });

export const productOut = z.object({
  id: z.number().int(),
  code: z.string(),
  barcode: z.string().nullable(),
  name: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  unit: z.string(),
  pack_size: z.number().int(),
  purchase_price: money()
    .optional()
    .meta({ description: `${MINOR} Absent pour un jeton qui ne voit pas les coûts.` }),
  cmup: money()
    .optional()
    .meta({ description: `Coût moyen unitaire pondéré. ${MINOR} Absent pour un jeton qui ne voit pas les coûts.` }),
  retail_price: money(),
  wholesale_price: money(),
  min_price: money(),
  alert_threshold: z.number().int().meta({
    description:
      'Seuil d’alerte du produit, suivi par chaque emplacement sans seuil propre (voir le stock du produit) ; 0 : aucun.',
  }),
  tax_group: z
    .enum(TAX_GROUP_CODES)
    .nullable()
    .meta({
      description: `Groupe de taxe du produit (${TAX_GROUP_CODES.map((g) => `${g} : ${TAX_GROUPS[g].label}`).join(' ; ')}) ; null : celui par défaut de la société.`,
    }),
  stock_total: z.number().int().nullable().meta({
    description:
      'Stock tous emplacements confondus ; null pendant un inventaire à l’aveugle que le jeton ne peut pas voir.',
  }),
  below_threshold: z
    .boolean()
    .meta({ description: 'Sous le seuil d’alerte en vigueur dans au moins un des emplacements que le jeton voit.' }),
  active: z.boolean(),
  created_at: timestamp(),
  updated_at: timestamp(),
});

export const clientOut = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(CLIENT_KINDS),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  city: z.string(),
  tax_number: z.string(),
  price_level: z.enum(PRICE_LEVELS),
  credit_limit: money(),
  balance: money().meta({ description: `Solde dû par le client. ${MINOR}` }),
  is_walk_in: z.boolean(),
  active: z.boolean(),
  created_at: timestamp(),
  updated_at: timestamp(),
});

export const locationOut = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(LOCATION_KINDS),
  active: z.boolean(),
});

export const productStockOut = z.object({
  product_id: z.number().int(),
  total: z.number().int().nullable().meta({
    description:
      'Total des emplacements visibles ; null pendant un inventaire à l’aveugle que le jeton ne peut pas voir.',
  }),
  levels: z.array(
    z.object({
      location_id: z.number().int(),
      location_code: z.string(),
      location_name: z.string(),
      kind: z.enum(LOCATION_KINDS),
      active: z.boolean(),
      quantity: z.number().int().nullable().meta({ description: 'null : emplacement en inventaire à l’aveugle.' }),
      own_threshold: z
        .number()
        .int()
        .nullable()
        .meta({ description: 'Seuil d’alerte propre à l’emplacement ; null : celui du produit.' }),
      threshold: z.number().int().meta({
        description: 'Seuil d’alerte en vigueur à l’emplacement (le sien, sinon celui du produit ; 0 : aucun).',
      }),
      below_threshold: z.boolean().meta({
        description: 'Stock de l’emplacement inférieur ou égal à ce seuil (jamais pendant un inventaire à l’aveugle).',
      }),
    }),
  ),
});

export const stockLevelOut = z.object({
  product_id: z.number().int(),
  product_code: z.string(),
  product_name: z.string(),
  unit: z.string(),
  quantity: z.number().int().nullable(),
});

/** A cursor page of a list. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    next_cursor: z
      .string()
      .nullable()
      .meta({ description: 'À passer en ?cursor= pour la page suivante ; null sur la dernière page.' }),
  });
}

export const apiErrorOut = z.object({
  message: z.string().meta({ description: 'Le message, en français.' }),
  errors: z
    .record(z.string(), z.string())
    .optional()
    .meta({ description: 'Erreurs par champ (422) : nom du champ → message.' }),
});

export const treasuryAccountOut = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(TREASURY_KINDS),
  location_id: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'L’emplacement d’une caisse ; null pour une banque ou un compte mobile money.' }),
  operator: z.enum(MOBILE_MONEY_OPERATORS).nullable(),
  bank_name: z.string(),
  account_number: z.string(),
  balance: z
    .number()
    .int()
    .meta({ description: `Solde. ${MINOR}` }),
  active: z.boolean(),
});

export const moneyMovementOut = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  account_code: z.string(),
  account_name: z.string(),
  account_kind: z.enum(TREASURY_KINDS),
  amount: z
    .number()
    .int()
    .meta({ description: `Montant signé : positif en entrée, négatif en sortie. ${MINOR}` }),
  balance_after: z
    .number()
    .int()
    .meta({ description: `Solde du compte après le mouvement. ${MINOR}` }),
  movement_type: z.string().meta({ description: 'Nature : sale, settlement, cash_out, transfer_in, bank_deposit…' }),
  movement_label: z.string().meta({ description: 'La nature, en français.' }),
  payment_method: z.enum(PAYMENT_METHODS),
  operator: z.string().nullable(),
  reference: z.string().nullable(),
  label: z.string(),
  document_type: z.string().nullable(),
  document_number: z.string().nullable(),
  user_name: z.string().nullable(),
  business_date: z.string().meta({ format: 'date' }),
  occurred_at: z.string().meta({ format: 'date-time' }),
});

/** A certified document's standing with the DGI (FNE, e-MECeF): null when it was made while no provider was set. */
const fiscalOut = z
  .object({
    state: z.enum(Object.keys(FISCAL_STATES) as [FiscalState, ...FiscalState[]]).meta({
      description:
        'pending (en attente d’envoi), sending (en cours d’envoi), certified (certifiée : number et qr_content), refused (refusée par la DGI, à corriger puis renvoyer), uncertain (sans réponse : à vérifier sur le portail de la DGI).',
    }),
    number: z.string().nullable().meta({ description: 'Le numéro fiscal donné par la DGI, une fois certifiée.' }),
    qr_content: z
      .string()
      .nullable()
      .meta({ description: 'Le contenu du QR code imprimé (lien de vérification FNE, ou qrCode e-MECeF).' }),
  })
  .nullable()
  .meta({ description: 'La certification par la DGI ; null quand la société ne certifiait pas ses ventes.' });

const invoiceFields = {
  id: z.number().int(),
  number: z.string().meta({ description: 'FAC-AAAA-NNNNNN (facture) ou VB-AAAA-NNNNNN (vente boutique).' }),
  kind: z.enum(SALE_KINDS),
  client_id: z.number().int(),
  client_name: z.string(),
  location_id: z.number().int(),
  location_name: z.string(),
  sale_date: z.string().meta({ format: 'date' }),
  due_date: z.string().nullable().meta({ format: 'date', description: 'Échéance d’une vente à crédit.' }),
  payment_mode: z.enum(PAYMENT_MODES),
  status: z.enum(Object.keys(SALE_STATUS_LABELS) as [SaleDisplayStatus, ...SaleDisplayStatus[]]).meta({
    description:
      'paid, partial, unpaid, partly_refunded (corrigée par avoir, remboursée en partie : amount_credited), refunded (remboursée entièrement), ou cancelled (annulée : le numéro reste).',
  }),
  status_label: z.string(),
  line_count: z.number().int(),
  discount: money().meta({ description: `Remise globale. ${MINOR}` }),
  total_ht: money(),
  vat_amount: money(),
  total_ttc: money(),
  amount_paid: money().meta({ description: `Payé à la vente et par les règlements. ${MINOR}` }),
  amount_credited: money().meta({ description: `Avoirs. ${MINOR}` }),
  remaining: money().meta({ description: `Reste à payer. ${MINOR}` }),
  created_at: timestamp(),
  fiscal: fiscalOut,
};

export const invoiceOut = z.object(invoiceFields);

export const invoiceDetailOut = z.object({
  ...invoiceFields,
  note: z.string(),
  lines: z.array(
    z.object({
      position: z.number().int(),
      product_id: z.number().int(),
      product_code: z.string(),
      product_name: z.string(),
      quantity: z.number().int().meta({ description: 'En unités de base.' }),
      returned_quantity: z.number().int().meta({ description: 'Rendu par des avoirs, en unités de base.' }),
      unit_price: money().meta({ description: `Prix unitaire TTC vendu. ${MINOR}` }),
      discount: money(),
      net: money(),
    }),
  ),
  payments: z.array(
    z.object({
      method: z.enum(PAYMENT_METHODS),
      account_id: z.number().int(),
      account_name: z.string(),
      amount: money(),
      operator: z.string().nullable(),
      reference: z.string().nullable(),
    }),
  ),
});

export const settlementOut = z.object({
  id: z.number().int(),
  number: z.string().meta({ description: 'REG-AAAA-NNNNNN.' }),
  client_id: z.number().int(),
  client_name: z.string(),
  source: z.enum(SETTLEMENT_SOURCES).meta({
    description: 'payment : de l’argent reçu ; advance : l’acompte du client dépensé (aucun mouvement d’argent).',
  }),
  method: z.enum(PAYMENT_METHODS).nullable(),
  account_id: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Le compte de trésorerie qui a reçu l’argent ; null pour l’acompte.' }),
  account_name: z.string().nullable(),
  operator: z.enum(MOBILE_MONEY_OPERATORS).nullable(),
  reference: z.string().nullable(),
  settlement_date: z.string().meta({ format: 'date' }),
  amount: money(),
  allocated: money().meta({ description: `Réparti sur les factures. ${MINOR}` }),
  advance: money().meta({ description: `Le reste, gardé en acompte du client. ${MINOR}` }),
  status: z.enum(SETTLEMENT_STATUSES),
  client_balance: money().meta({
    description: `Solde du client après le règlement (négatif : il a une avance). ${MINOR}`,
  }),
  client_advance: money().meta({ description: `Acompte disponible du client. ${MINOR}` }),
  allocations: z.array(
    z.object({
      sale_id: z.number().int(),
      number: z.string(),
      amount: money(),
      remaining: money().meta({ description: `Ce qui reste à payer sur la facture aujourd’hui. ${MINOR}` }),
      cancelled: z.boolean(),
    }),
  ),
  created_at: timestamp(),
});
