import { z } from 'zod';
import {
  findVisibleTreasuryAccount,
  movementsAfter,
  visibleTreasuryAccounts,
} from '../../../services/treasury/movements.js';
import { apiMoneyMovement, apiTreasuryAccount } from '../../presenters/api.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { endpoint } from '../endpoint.js';
import { ApiError } from '../errors.js';
import { moneyMovementOut, movementsQuery, pageOf, treasuryAccountOut } from '../schemas.js';

/** The money ledger, read-only: treasury accounts and their movements, those the token's user works on (`whereAllowedAccount`). */
export const treasuryEndpoints = [
  endpoint({
    method: 'get',
    route: 'api.treasury.accounts',
    operationId: 'listTreasuryAccounts',
    tag: 'Trésorerie',
    summary: 'Lister les comptes de trésorerie',
    description: 'Caisses, comptes bancaires et comptes mobile money, avec leur solde.',
    permissions: ['menu.tresorerie'],
    response: z.object({ data: z.array(treasuryAccountOut) }),
    errors: [],
    async handle({ db, principal }) {
      return { body: { data: (await visibleTreasuryAccounts(db, principal.places)).map(apiTreasuryAccount) } };
    },
  }),
  endpoint({
    method: 'get',
    route: 'api.treasury.movements',
    operationId: 'listMoneyMovements',
    tag: 'Trésorerie',
    summary: 'Lister les mouvements de trésorerie',
    description:
      'Les mouvements du journal de trésorerie (ventes, règlements, décaissements, transferts…), par pages de curseur dans l’ordre où ils ont été enregistrés ; filtres par compte et par période de dates de gestion.',
    permissions: ['menu.tresorerie'],
    query: movementsQuery,
    response: pageOf(moneyMovementOut),
    errors: [404, 422],
    async handle({ db, principal, query }) {
      const places = principal.places;
      if (query.account_id && !(await findVisibleTreasuryAccount(db, query.account_id, places)))
        throw new ApiError(404, 'Ce compte de trésorerie n’existe pas.');
      const page = await movementsAfter(
        db,
        { accountId: query.account_id, from: query.from, to: query.to, places },
        decodeCursor(query.cursor),
        query.limit,
      );
      return { body: { data: page.data.map(apiMoneyMovement), next_cursor: encodeCursor(page.next_after) } };
    },
  }),
];
