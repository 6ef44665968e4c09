import { z } from 'zod';
import { minorToInput } from '../../../../shared/money.js';
import { route } from '../../../../shared/routes.js';
import { NotFound } from '../../../domain/errors.js';
import { may, seesCosts } from '../../../policies/index.js';
import {
  PRODUCT_FIELDS,
  createProduct,
  findProduct,
  productStock,
  productsAfter,
  stockAtLocation,
  stockTotalAt,
  updateProduct,
} from '../../../services/products/products.js';
import { productSchema } from '../../../services/products/schema.js';
import { findLocation, allLocations } from '../../../services/locations/locations.js';
import { hiddenStockLocations, visibleStockLocations } from '../../../services/stock/count-queries.js';
import { apiLocation, apiProduct, apiProductStock, apiStockLevel } from '../../presenters/api.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { type ApiPrincipal, endpoint } from '../endpoint.js';
import { ApiError, parseOr422 } from '../errors.js';
import { idempotentCreate } from '../idempotent.js';
import { inPlaces, placeFilter } from '../scope.js';
import {
  locationOut,
  pageOf,
  productListQuery,
  productOut,
  productStockOut,
  stockLevelOut,
  stockLevelsQuery,
} from '../schemas.js';

/** Products and their stock: the screens' services, schema and presenters (costs and blind counts by the same policies). */

/** The locations whose stock the token may not read: counted blind, or not worked in by its user (as on the screens). */
function hiddenLocations(db: import('knex').Knex, principal: ApiPrincipal): Promise<ReadonlySet<number>> {
  return hiddenStockLocations(db, { ...principal.viewer, places: principal.places });
}

async function productAnswer(db: import('knex').Knex, principal: ApiPrincipal, id: number) {
  const hidden = await hiddenLocations(db, principal);
  // The row with its marks (« sous le seuil » over the locations the token sees), as the list gives it.
  const row = (
    await productsAfter(
      db,
      { q: '', filters: { category_id: '', status: 'all' } },
      id - 1,
      1,
      await visibleStockLocations(db, { ...principal.viewer, places: principal.places }, hidden),
    )
  ).data.find((r) => Number(r.id) === id);
  if (!row) throw new NotFound();
  const total = hidden.size ? null : await stockTotalAt(db, id, placeFilter(principal.places));
  return apiProduct({ ...row, stock_total: total }, seesCosts(principal.viewer));
}

/** A product as its form holds it (amounts in currency units, as typed), for a partial update. */
function formValues(row: any, currency: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of PRODUCT_FIELDS) values[f] = row[f];
  for (const f of ['purchase_price', 'retail_price', 'wholesale_price', 'min_price'] as const)
    values[f] = minorToInput(Number(row[f]), currency);
  return values;
}

export const productEndpoints = [
  endpoint({
    method: 'get',
    route: 'api.products.index',
    operationId: 'listProducts',
    tag: 'Produits',
    summary: 'Lister les produits',
    description: 'Recherche et filtres de la liste des produits, par pages de curseur (ordre des identifiants).',
    permissions: ['menu.produits'],
    query: productListQuery,
    response: pageOf(productOut),
    errors: [422],
    async handle({ db, principal, query }) {
      const hidden = await hiddenLocations(db, principal);
      const alerts = await visibleStockLocations(db, { ...principal.viewer, places: principal.places }, hidden);
      const page = await productsAfter(
        db,
        {
          q: query.q,
          filters: { category_id: query.category_id ? String(query.category_id) : '', status: query.status },
        },
        decodeCursor(query.cursor),
        query.limit,
        alerts,
      );
      const showCosts = seesCosts(principal.viewer);
      return {
        body: {
          data: page.data.map((row) => apiProduct(hidden.size ? { ...row, stock_total: null } : row, showCosts)),
          next_cursor: encodeCursor(page.next_after),
        },
      };
    },
  }),
  endpoint({
    method: 'get',
    route: 'api.products.show',
    operationId: 'getProduct',
    tag: 'Produits',
    summary: 'Lire un produit',
    permissions: ['menu.produits'],
    response: productOut,
    errors: [404],
    handle: async ({ db, principal, id }) => ({ body: await productAnswer(db, principal, id) }),
  }),
  endpoint({
    method: 'post',
    route: 'api.products.index',
    operationId: 'createProduct',
    tag: 'Produits',
    summary: 'Créer un produit',
    description:
      'Les mêmes règles que le formulaire Produit : code unique, catégorie active, prix cohérents (prix minimum ≤ prix de gros ≤ prix de détail…). Les montants s’écrivent en unités de la devise, comme à l’écran.',
    permissions: ['menu.produits', 'products.create'],
    body: productSchema,
    creates: true,
    response: productOut,
    errors: [409, 422],
    async handle(call) {
      const { id, replayed } = await idempotentCreate(call, (db) =>
        createProduct(db, call.body, call.principal.actor, call.principal.places),
      );
      return {
        body: await productAnswer(call.db, call.principal, id),
        location: route('api.products.show', { id }),
        replayed,
      };
    },
  }),
  endpoint({
    method: 'patch',
    route: 'api.products.show',
    operationId: 'updateProduct',
    tag: 'Produits',
    summary: 'Modifier un produit',
    description:
      'Seuls les champs envoyés changent ; le produit entier est revérifié par les règles du formulaire. Changer un prix demande la permission prices.update ; le prix d’achat n’est modifiable que par un jeton qui voit les coûts. `location_thresholds` ({ identifiant d’emplacement : seuil, ou null pour suivre celui du produit }) change le seuil d’alerte des emplacements nommés seulement, dans les emplacements du jeton.',
    permissions: ['menu.produits', 'products.update'],
    body: productSchema,
    partial: true,
    response: productOut,
    errors: [404, 422],
    async handle({ db, principal, id, raw, currency }) {
      const row = await findProduct(db, id);
      if (!row) throw new NotFound();
      const unknown = Object.keys(raw).filter(
        (k) => !(PRODUCT_FIELDS as readonly string[]).includes(k) && k !== 'location_thresholds',
      );
      if (unknown.length)
        throw new ApiError(
          422,
          'Les données envoyées ne sont pas valides.',
          Object.fromEntries(unknown.map((k) => [k, 'Ce champ n’existe pas sur un produit.'])),
        );
      const input = parseOr422(productSchema(currency), { ...formValues(row, currency), ...raw });
      await updateProduct(db, id, input, principal.actor, {
        canChangePrices: may(principal.viewer, 'prices.update'),
        seesCosts: seesCosts(principal.viewer),
        scope: principal.places,
      });
      return { body: await productAnswer(db, principal, id) };
    },
  }),
  endpoint({
    method: 'get',
    route: 'api.products.stock',
    operationId: 'getProductStock',
    tag: 'Stock',
    summary: 'Stock d’un produit par emplacement',
    permissions: ['menu.produits'],
    response: productStockOut,
    errors: [404],
    async handle({ db, principal, id }) {
      const product = await findProduct(db, id);
      if (!product) throw new NotFound();
      const hidden = await hiddenLocations(db, principal);
      const { levels } = await productStock(db, id);
      const visible = levels.filter((l) => inPlaces(principal.places, Number(l.id)));
      return {
        body: apiProductStock(
          id,
          Number(product.alert_threshold),
          visible,
          await stockTotalAt(db, id, placeFilter(principal.places)),
          hidden,
        ),
      };
    },
  }),
  endpoint({
    method: 'get',
    route: 'api.locations.index',
    operationId: 'listLocations',
    tag: 'Stock',
    summary: 'Lister les emplacements',
    description: 'Les dépôts et boutiques (ceux que le jeton peut voir), pour lire leur stock.',
    permissions: ['menu.produits'],
    response: z.object({ data: z.array(locationOut) }),
    errors: [],
    async handle({ db, principal }) {
      const rows = await allLocations(db);
      return { body: { data: rows.filter((l) => inPlaces(principal.places, Number(l.id))).map(apiLocation) } };
    },
  }),
  endpoint({
    method: 'get',
    route: 'api.stockLevels.index',
    operationId: 'listStockLevels',
    tag: 'Stock',
    summary: 'Stock des produits à un emplacement',
    description:
      'Le stock de chaque produit à l’emplacement demandé (0 s’il n’en a jamais eu), avec la recherche des produits, par pages de curseur. Pendant un inventaire à l’aveugle de cet emplacement, les quantités sont null pour un jeton qui ne peut pas les voir.',
    permissions: ['menu.produits'],
    query: stockLevelsQuery,
    response: pageOf(stockLevelOut),
    errors: [404, 422],
    async handle({ db, principal, query }) {
      const location = await findLocation(db, query.location_id);
      if (!location || !inPlaces(principal.places, query.location_id))
        throw new ApiError(404, 'Cet emplacement n’existe pas.');
      const hidden = (await hiddenLocations(db, principal)).has(query.location_id);
      const page = await productsAfter(
        db,
        { q: query.q, filters: { category_id: '', status: 'all' } },
        decodeCursor(query.cursor),
        query.limit,
      );
      const quantities = hidden
        ? null
        : await stockAtLocation(
            db,
            page.data.map((p) => Number(p.id)),
            query.location_id,
          );
      return {
        body: {
          data: page.data.map((row) => apiStockLevel(row, quantities ? (quantities.get(Number(row.id)) ?? 0) : null)),
          next_cursor: encodeCursor(page.next_after),
        },
      };
    },
  }),
];
