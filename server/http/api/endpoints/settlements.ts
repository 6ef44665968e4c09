import type { Knex } from 'knex';
import { assertAccount } from '../../middleware/places.js';
import { validateSettlement } from '../../../services/settlements/create-settlement.js';
import { settlementDetail } from '../../../services/settlements/settlement-queries.js';
import { apiSettlement } from '../../presenters/api.js';
import { apiSettlementSchema, settlementInput } from '../../schemas/settlements.js';
import { route } from '../../../../shared/routes.js';
import { endpoint } from '../endpoint.js';
import { ApiError } from '../errors.js';
import { idempotentCreate } from '../idempotent.js';
import { settlementOut } from '../schemas.js';
import type { PlaceScope } from '../scope.js';

/**
 * Client settlements (REG-): created by the screen's own service (validateSettlement: the client's
 * open invoices settled under its lock, a reused mobile-money transaction id refused, the rest an
 * explicit advance, the money in the ledger), and read back. A settlement's place is its account:
 * one paid into an account the token's user does not work on is not found.
 */
async function settlementAnswer(db: Knex, id: number, places: PlaceScope) {
  const detail = await settlementDetail(db, id);
  if (!detail) throw new ApiError(404, 'Ce règlement n’existe pas.');
  // Its place is its account (the advance spent lands in none): the screens' guard.
  if (detail.settlement.account_id !== null) await assertAccount(db, places, Number(detail.settlement.account_id));
  return apiSettlement(detail);
}

export const settlementEndpoints = [
  endpoint({
    method: 'get',
    route: 'api.settlements.show',
    operationId: 'getSettlement',
    tag: 'Règlements',
    summary: 'Lire un règlement',
    description: 'Un règlement client, ses imputations sur les factures et le solde du client.',
    permissions: ['menu.reglement'],
    response: settlementOut,
    errors: [404],
    handle: async ({ db, id, principal }) => ({ body: await settlementAnswer(db, id, principal.places) }),
  }),
  endpoint({
    method: 'post',
    route: 'api.settlements.index',
    operationId: 'createSettlement',
    tag: 'Règlements',
    summary: 'Enregistrer un règlement client',
    description:
      'Les mêmes règles que l’écran Règlement : l’argent reçu (espèces, mobile money avec opérateur et identifiant de transaction — un identifiant déjà enregistré est refusé —, chèque, virement, carte) entre dans un compte de trésorerie du bon type ; `allocations` donne les factures réglées et leurs montants (absent : les factures les plus anciennes d’abord) ; le reste devient un acompte du client. Montants en unités de la devise.',
    permissions: ['menu.reglement', 'settlements.create'],
    body: apiSettlementSchema,
    creates: true,
    response: settlementOut,
    errors: [404, 409, 422],
    async handle(call) {
      const { principal } = call;
      const input = { ...settlementInput(call.body, ''), places: principal.places };
      const { id, replayed } = await idempotentCreate(call, (db) =>
        db.transaction(async (trx) => (await validateSettlement(trx, input, principal.actor)).id),
      );
      return {
        body: await settlementAnswer(call.db, id, principal.places),
        location: route('api.settlements.show', { id }),
        replayed,
      };
    },
  }),
];
