import { NotFound } from '../../../domain/errors.js';
import { clientsAfter, createClient, findClient } from '../../../services/clients/clients.js';
import { clientSchema } from '../../../services/clients/schema.js';
import { apiClient } from '../../presenters/api.js';
import { route } from '../../../../shared/routes.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { endpoint } from '../endpoint.js';
import { idempotentCreate } from '../idempotent.js';
import { clientListQuery, clientOut, pageOf } from '../schemas.js';

/** Clients: the screens' service, schema and presenter. */
async function clientAnswer(db: import('knex').Knex, id: number) {
  const row = await findClient(db, id);
  if (!row) throw new NotFound();
  return apiClient(row);
}

export const clientEndpoints = [
  endpoint({
    method: 'get',
    route: 'api.clients.index',
    operationId: 'listClients',
    tag: 'Clients',
    summary: 'Lister les clients',
    description: 'Recherche et filtres de la liste des clients, par pages de curseur (ordre des identifiants).',
    permissions: ['menu.clients'],
    query: clientListQuery,
    response: pageOf(clientOut),
    errors: [422],
    async handle({ db, query }) {
      const page = await clientsAfter(
        db,
        { q: query.q, filters: { kind: query.kind, price_level: query.price_level, status: query.status } },
        decodeCursor(query.cursor),
        query.limit,
      );
      return { body: { data: page.data.map(apiClient), next_cursor: encodeCursor(page.next_after) } };
    },
  }),
  endpoint({
    method: 'get',
    route: 'api.clients.show',
    operationId: 'getClient',
    tag: 'Clients',
    summary: 'Lire un client',
    permissions: ['menu.clients'],
    response: clientOut,
    errors: [404],
    handle: async ({ db, id }) => ({ body: await clientAnswer(db, id) }),
  }),
  endpoint({
    method: 'post',
    route: 'api.clients.index',
    operationId: 'createClient',
    tag: 'Clients',
    summary: 'Créer un client',
    description:
      'Les mêmes règles que le formulaire Client (code unique, téléphone, e-mail, plafond de crédit en unités de la devise).',
    permissions: ['menu.clients', 'clients.create'],
    body: clientSchema,
    creates: true,
    response: clientOut,
    errors: [409, 422],
    async handle(call) {
      const { id, replayed } = await idempotentCreate(call, (db) => createClient(db, call.body, call.principal.actor));
      return { body: await clientAnswer(call.db, id), location: route('api.clients.show', { id }), replayed };
    },
  }),
];
