import { allowsLocation } from '../../../policies/places.js';
import { saleAbilities } from '../../../policies/index.js';
import { validateSale } from '../../../services/sales/create-sale.js';
import { saleDetail, salesAfter } from '../../../services/sales/sale-queries.js';
import { nowIso } from '../../../db/dialect.js';
import { apiInvoice, apiInvoiceDetail } from '../../presenters/api.js';
import { apiInvoiceSchema, saleInputOf } from '../../schemas/sales.js';
import { route } from '../../../../shared/routes.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { endpoint } from '../endpoint.js';
import { ApiError } from '../errors.js';
import { idempotentCreate } from '../idempotent.js';
import { invoiceDetailOut, invoiceListQuery, invoiceOut, pageOf } from '../schemas.js';
import type { Knex } from 'knex';
import { SALE_DOCUMENT_TYPES } from '../../../../shared/sales.js';
import { fiscalFacts } from '../../../services/fiscal/facts.js';
import type { PlaceScope } from '../scope.js';

/**
 * Sales: invoices (FAC-) and counter sales (VB-) read, and invoices created by the screen's own
 * service (validateSale: pricing from the client's level, minimum price, credit limit, stock
 * without oversell, payments in the money ledger) — a program is held to the form's rules. The
 * places of the token's user apply: a sale of another location is not found, a sale from it refused.
 */
/** A sale's outbox row is its kind's: one id space, so both types are asked. */
const SALE_FISCAL_TYPES = Object.values(SALE_DOCUMENT_TYPES);

async function invoiceAnswer(db: Knex, id: number, places: PlaceScope) {
  const detail = await saleDetail(db, id);
  if (!detail || !allowsLocation(places, detail.sale.location_id)) throw new ApiError(404, 'Cette vente n’existe pas.');
  const facts = await fiscalFacts(db, SALE_FISCAL_TYPES, [id]);
  return apiInvoiceDetail(detail, facts.get(id));
}

export const invoiceEndpoints = [
  endpoint({
    method: 'get',
    route: 'api.invoices.index',
    operationId: 'listInvoices',
    tag: 'Ventes',
    summary: 'Lister les ventes',
    description:
      'Factures (FAC-) et ventes boutique (VB-) des emplacements du jeton, par pages de curseur (ordre des identifiants) ; filtres par type, statut, client, emplacement, période et numéro.',
    permissions: ['menu.sortiestock'],
    query: invoiceListQuery,
    response: pageOf(invoiceOut),
    errors: [422],
    async handle({ db, principal, query }) {
      const filters = {
        kind: query.kind || null,
        from: query.from ?? '',
        to: query.to ?? '',
        client_id: query.client_id ? String(query.client_id) : '',
        location_id: query.location_id ? String(query.location_id) : '',
        status: query.status,
        mode: '' as const,
        method: '' as const,
        fiscal: '' as const,
        q: query.q,
        sort: 'date' as const,
        dir: 'asc' as const,
      };
      const page = await salesAfter(db, filters, principal.places, decodeCursor(query.cursor), query.limit);
      const facts = await fiscalFacts(
        db,
        SALE_FISCAL_TYPES,
        page.data.map((row) => Number(row.id)),
      );
      return {
        body: {
          data: page.data.map((row) => apiInvoice(row, facts.get(Number(row.id)))),
          next_cursor: encodeCursor(page.next_after),
        },
      };
    },
  }),
  endpoint({
    method: 'get',
    route: 'api.invoices.show',
    operationId: 'getInvoice',
    tag: 'Ventes',
    summary: 'Lire une vente',
    description: 'Une facture ou une vente boutique, avec ses lignes et ses paiements à la vente.',
    permissions: ['menu.sortiestock'],
    response: invoiceDetailOut,
    errors: [404],
    handle: async ({ db, id, principal }) => ({ body: await invoiceAnswer(db, id, principal.places) }),
  }),
  endpoint({
    method: 'post',
    route: 'api.invoices.index',
    operationId: 'createInvoice',
    tag: 'Ventes',
    summary: 'Créer une facture',
    description:
      'Une vente détaillée (FAC-), validée par le même service que l’écran : prix du niveau du client quand unit_price est absent, prix minimum, plafond de crédit, stock sans vente à découvert, paiements (comptant) versés dans leurs comptes de trésorerie. Montants en unités de la devise.',
    permissions: ['menu.sortiestock', 'sales.create'],
    body: apiInvoiceSchema,
    creates: true,
    response: invoiceDetailOut,
    errors: [404, 409, 422],
    async handle(call) {
      const { principal } = call;
      const rights = saleAbilities(principal.viewer);
      const input = saleInputOf(call.body, {
        idempotencyKey: '',
        kind: 'invoice',
        formLoadedAt: nowIso(),
        places: principal.places,
      });
      const { id, replayed } = await idempotentCreate(call, (db) =>
        db.transaction(async (trx) => (await validateSale(trx, input, rights, principal.actor)).id),
      );
      return {
        body: await invoiceAnswer(call.db, id, principal.places),
        location: route('api.invoices.show', { id }),
        replayed,
      };
    },
  }),
];
