import { Router } from 'express';
import { businessDate } from '../../domain/dates.js';
import type { AppContext } from '../context.js';
import type { Knex } from 'knex';
import { ROUTES } from '../../../shared/routes.js';
import {
  MANAGED_TREASURY_KINDS,
  type AccountLedger,
  type AccountLedgerFilters,
  type TreasuryAccountFilters,
} from '../../../shared/treasury-accounts.js';
import { MOBILE_MONEY_OPERATORS, MONEY_MOVEMENT_TYPE_LABELS } from '../../../shared/treasury.js';
import { NotFound } from '../../domain/errors.js';
import { subjectHistory } from '../../services/audit/history.js';
import { suggestTreasuryCodes } from '../../services/records/codes.js';
import { accountLedger, exportAccountMovements } from '../../services/treasury/account-ledger.js';
import {
  TREASURY_ACCOUNT_SORTS,
  createTreasuryAccount,
  deleteTreasuryAccount,
  exportTreasuryAccounts,
  findAnyTreasuryAccount,
  findTreasuryAccount,
  hasMovements,
  listTreasuryAccounts,
  setTreasuryAccountActive,
  treasuryAccountUsage,
  updateTreasuryAccount,
} from '../../services/treasury/accounts.js';
import { actorOf } from '../actor.js';
import { downloadGuard, exportFormat, sendFile } from '../files.js';
import { can, requireAuth, requireVerified } from '../middleware/auth.js';
import { assertAccount, requireAccount } from '../middleware/places.js';
import type { PlaceScope } from '../../policies/places.js';
import { presentHistory } from '../presenters/audit.js';
import { presentMoneyMovement, presentTreasuryAccountRow } from '../presenters/treasury-accounts.js';
import {
  type Query,
  parseListParams,
  period,
  queryChoice,
  queryPage,
  queryText,
  routeId,
  statusFilter,
} from '../query.js';
import { lifecycleRoutes, recordLoader, saveRoutes } from '../record-routes.js';
import { treasuryAccountSchema } from '../schemas/treasury-accounts.js';
import { signedIn, type SignedInRequest } from '../signed-in.js';
import { managesSettings } from '../../policies/settings.js';

/**
 * Paramètres › Société › Comptes bancaires et mobile money, beside the locations and cash desks:
 * opening the screens (lists, pages, ledgers and their exports) needs menu.parametres.societe,
 * every change company.manage — the same guards as the cash desks (company-places.ts).
 */
const MANAGE = 'company.manage';
const LEDGER_PER_PAGE = 25;
const MOVEMENT_TYPES = Object.keys(MONEY_MOVEMENT_TYPE_LABELS);

const listSpec = {
  sorts: TREASURY_ACCOUNT_SORTS,
  defaultSort: 'code' as const,
  filters: (q: Record<string, unknown>): TreasuryAccountFilters => ({
    status: statusFilter(q),
    kind: queryChoice(q, 'kind', ['', ...MANAGED_TREASURY_KINDS] as const, ''),
    operator: queryChoice(q, 'operator', ['', ...MOBILE_MONEY_OPERATORS] as const, ''),
  }),
};

/** The ledger filters of an account's page: ?from=&to= (the last 30 days by default), ?type=, ?q= (any date when searching). */
export function ledgerFilters(query: Query, today: string): AccountLedgerFilters {
  const q = queryText(query, 'q', 60);
  return { ...period(query, today, 30, q), type: queryChoice(query, 'type', ['', ...MOVEMENT_TYPES], ''), q };
}

/** The ledger section of a treasury account's page (a bank, a wallet, a cash desk), `?page=` paging its movements; 404 for an account the user does not work on. */
export async function accountLedgerProps(
  db: Knex,
  accountId: number,
  query: Query,
  scope: PlaceScope,
  today: string,
): Promise<AccountLedger> {
  await assertAccount(db, scope, accountId);
  const filters = ledgerFilters(query, today);
  const { movements, totals } = await accountLedger(db, accountId, filters, queryPage(query), LEDGER_PER_PAGE);
  return {
    account_id: accountId,
    filters,
    movements: { ...movements, data: movements.data.map(presentMoneyMovement) },
    totals,
  };
}

export function treasuryAccountRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  r.use(ROUTES['treasuryAccounts.index'], requireAuth, requireVerified, can('menu.parametres.societe'));
  // An account the user does not work on: the 404 page (record, edit, archive, ledger export…).
  r.use(ROUTES['treasuryAccounts.show'], requireAccount(db));
  const canManage = (req: SignedInRequest) => managesSettings(req.user, 'treasuryAccounts');

  r.get(
    ROUTES['treasuryAccounts.index'],
    signedIn(async (req, res) => {
      const { page, ...params } = parseListParams(req, listSpec);
      const rows = await listTreasuryAccounts(db, { ...params, page }, req.user.places);
      await res.inertia.render('settings/treasury-accounts/Index', {
        accounts: { ...rows, data: rows.data.map(presentTreasuryAccountRow) },
        params,
        can_manage: canManage(req),
      });
    }),
  );

  r.get(
    ROUTES['treasuryAccounts.export'],
    downloadGuard,
    signedIn(async (req, res) => {
      const { page: _page, ...params } = parseListParams(req, listSpec);
      sendFile(res, await exportTreasuryAccounts(db, params, exportFormat(req), req.user.places));
    }),
  );

  r.get(ROUTES['treasuryAccounts.create'], can(MANAGE), async (_req, res) => {
    await res.inertia.render('settings/treasury-accounts/Form', {
      account: null,
      suggested_codes: await suggestTreasuryCodes(db),
      has_movements: false,
    });
  });

  const load = recordLoader((id) => findTreasuryAccount(db, id));

  r.get(
    ROUTES['treasuryAccounts.show'],
    signedIn(async (req, res) => {
      const row = await load(req.params.id);
      const id = Number(row.id);
      const currency = req.user.company.currency;
      await res.inertia.render('settings/treasury-accounts/Show', {
        account: presentTreasuryAccountRow(row),
        ledger: await accountLedgerProps(db, id, req.query, req.user.places, businessDate(req.user.company.timeZone)),
        usage: await treasuryAccountUsage(db, row, currency),
        history: presentHistory(await subjectHistory(db, 'treasury_account', id), currency),
        can_manage: canManage(req),
      });
    }),
  );

  r.get(ROUTES['treasuryAccounts.edit'], can(MANAGE), async (req, res) => {
    const row = await load(req.params.id);
    await res.inertia.render('settings/treasury-accounts/Form', {
      account: presentTreasuryAccountRow(row),
      suggested_codes: await suggestTreasuryCodes(db),
      has_movements: await hasMovements(db, Number(row.id)),
    });
  });

  // The ledger of any treasury account, a cash desk's included (its page is the desk's).
  r.get(
    ROUTES['treasuryAccounts.movementsExport'],
    downloadGuard,
    signedIn(async (req, res) => {
      const account = await findAnyTreasuryAccount(db, routeId(req.params.id));
      if (!account) throw new NotFound();
      const filters = ledgerFilters(req.query, businessDate(req.user.company.timeZone));
      sendFile(
        res,
        await exportAccountMovements(db, { id: Number(account.id), code: account.code }, filters, exportFormat(req)),
      );
    }),
  );

  saveRoutes(r, {
    area: 'treasuryAccounts',
    permissions: { create: MANAGE, update: MANAGE },
    load,
    schema: () => treasuryAccountSchema,
    create: (input, req) =>
      createTreasuryAccount(db, input, actorOf(req), { grantTo: req.user.places.all ? null : actorOf(req).id }),
    update: (id, input, req) => updateTreasuryAccount(db, id, input, actorOf(req)),
    noun: 'Compte',
  });

  lifecycleRoutes(r, {
    area: 'treasuryAccounts',
    permission: MANAGE,
    load,
    setActive: (id, active, actor) => setTreasuryAccountActive(db, id, active, actor),
    remove: (id, actor) => deleteTreasuryAccount(db, id, actor),
    noun: 'Compte',
  });

  return r;
}
