import { type Request, Router } from 'express';
import type { CashOperationRow } from '../../../shared/pages/cash.js';
import { CASH_OPERATION_KINDS, CASH_OPERATION_KINDS_DEF } from '../../../shared/cash-operations.js';
import { ROUTES, route } from '../../../shared/routes.js';
import {
  MONEY_MOVEMENT_TYPE_LABELS,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  TREASURY_KINDS,
  type TreasuryKind,
} from '../../../shared/treasury.js';
import { NotFound } from '../../domain/errors.js';
import { isIsoDate, businessDate } from '../../domain/dates.js';
import { mayReprint } from '../../policies/index.js';
import { cashAbilities, cashOperationAbilities, expenseCategoryAbilities, mayRecordCash } from '../../policies/cash.js';
import { subjectHistory } from '../../services/audit/history.js';
import {
  EXPENSE_CATEGORY_SORTS,
  createExpenseCategory,
  deleteExpenseCategory,
  findExpenseCategory,
  listExpenseCategories,
  setExpenseCategoryActive,
  updateExpenseCategory,
  exportExpenseCategories,
} from '../../services/cash/expense-categories.js';
import { cancelCashOperation, createCashOperation, receiveCashTransfer } from '../../services/cash/operations.js';
import {
  balancesAt,
  cashAccounts,
  type CashOperationListRow,
  cashOperationDetail,
  expenseCategoryChoices,
  movementUsers,
  operationAccountOptions,
  recentOperations,
  suppliersToPay,
  transfersInTransit,
  transitAt,
} from '../../services/cash/queries.js';
import { printCount } from '../../services/print/record-print.js';
import { recordUsage } from '../../services/records/usage.js';
import { accountLedger, exportAccountMovements } from '../../services/treasury/account-ledger.js';
import { actorOf } from '../actor.js';
import type { AppContext } from '../context.js';
import { downloadGuard, exportFormat, sendFile } from '../files.js';
import { can, canAny, requireAuth, requireVerified } from '../middleware/auth.js';
import { requireAccountDocument } from '../middleware/places.js';
import { HttpError } from '../errors.js';
import { printFrame } from '../printouts.js';
import { presentHistory } from '../presenters/audit.js';
import {
  presentAccountOption,
  presentBalanceRow,
  presentCashAccount,
  presentCashOperation,
  presentCashOperationRow,
  presentExpenseCategory,
} from '../presenters/cash.js';
import { presentPrintState } from '../presenters/print.js';
import { presentMoneyMovement } from '../presenters/treasury-accounts.js';
import {
  type Query,
  parseListParams,
  period,
  queryChoice,
  queryId,
  queryPage,
  queryText,
  routeId,
  statusFilter,
} from '../query.js';
import { lifecycleRoutes, recordLoader, saveRoutes } from '../record-routes.js';
import { flash, redirect } from '../respond.js';
import { cashCancelSchema, cashOperationSchema, expenseCategorySchema } from '../schemas/cash.js';
import { validate } from '../validation.js';
import { signedIn, type SignedInRequest } from '../signed-in.js';

/**
 * Trésorerie › Caisse (issue 16, screens 1, 2 and 5). Opening any of these screens needs
 * menu.caisse; recording an operation needs its kind's permission (CASH_OPERATION_KINDS_DEF),
 * cancelling one cash.cancel, managing the expense categories cash.expense_categories. Every
 * account shown or used is one of the user's (whereAllowedAccount); an operation none of whose
 * accounts is theirs answers 404, like an unknown one.
 */
const LEDGER_PER_PAGE = 25;
const MOVEMENT_TYPES = Object.keys(MONEY_MOVEMENT_TYPE_LABELS);

function cashLedgerFilters(query: Query, today: string) {
  const q = queryText(query, 'q', 60);
  const user = queryId(query, 'user_id');
  return {
    ...period(query, today, 30, q),
    type: queryChoice(query, 'type', ['', ...MOVEMENT_TYPES], ''),
    method: queryChoice(query, 'method', ['', ...PAYMENT_METHODS] as const, ''),
    user_id: user ? Number(user) : null,
    q,
  };
}

const expenseCategoryListSpec = {
  sorts: EXPENSE_CATEGORY_SORTS,
  defaultSort: 'name' as const,
  filters: (q: Record<string, unknown>) => ({ status: statusFilter(q) }),
};

export function cashRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  // Every Caisse path starts with /operations/caisse: one guard for the screen.
  r.use(ROUTES['cash.index'], requireAuth, requireVerified, can('menu.caisse'));
  const anyOperation = canAny(...new Set(CASH_OPERATION_KINDS.map((k) => CASH_OPERATION_KINDS_DEF[k].permission)));

  const kindsOf = (req: SignedInRequest) => CASH_OPERATION_KINDS.filter((k) => mayRecordCash(req.user, k));

  // Caisse home: the user's accounts, the selected account's movements with filters and totals.
  r.get(
    ROUTES['cash.index'],
    signedIn(async (req, res) => {
      const places = req.user.places;
      const today = businessDate(req.user.company.timeZone);
      const accountRows = await cashAccounts(db, places, today);
      const accounts = accountRows.map(presentCashAccount);
      const asked = Number(queryId(req.query, 'account_id'));
      const selected = accounts.find((a) => a.id === asked) ?? accounts[0] ?? null;
      let ledger = null;
      let users: Array<{ value: string; label: string }> = [];
      if (selected) {
        const filters = cashLedgerFilters(req.query, today);
        const { movements, totals } = await accountLedger(
          db,
          selected.id,
          filters,
          queryPage(req.query),
          LEDGER_PER_PAGE,
        );
        ledger = {
          account_id: selected.id,
          filters,
          movements: { ...movements, data: movements.data.map(presentMoneyMovement) },
          totals,
        };
        users = await movementUsers(db, accountRows);
      }
      // The receiving desk is one of the user's accounts (all of them are listed for an unrestricted user).
      const canReceive = (row: Pick<CashOperationListRow, 'status' | 'to_account_id'>) =>
        row.status === 'in_transit' &&
        mayRecordCash(req.user, 'transfer') &&
        accounts.some((a) => a.id === Number(row.to_account_id));
      const rows = (list: CashOperationListRow[]): CashOperationRow[] =>
        list.map((o) => presentCashOperationRow(o, canReceive(o)));
      await res.inertia.render('cash/Index', {
        accounts,
        ledger,
        selected,
        movement_types: MOVEMENT_TYPES.map((t) => ({ value: t, label: MONEY_MOVEMENT_TYPE_LABELS[t] })),
        methods: PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] })),
        users,
        in_transit: rows(await transfersInTransit(db, places)),
        recent: rows(await recentOperations(db, places)),
        can: cashAbilities(req.user),
      });
    }),
  );

  // The selected account's movements as filtered, CSV or XLSX.
  r.get(
    ROUTES['cash.export'],
    downloadGuard,
    signedIn(async (req, res) => {
      const accounts = await cashAccounts(db, req.user.places, businessDate(req.user.company.timeZone));
      const account = accounts.find((a) => Number(a.id) === Number(queryId(req.query, 'account_id')));
      if (!account) throw new NotFound();
      sendFile(
        res,
        await exportAccountMovements(
          db,
          { id: Number(account.id), code: account.code },
          cashLedgerFilters(req.query, businessDate(req.user.company.timeZone)),
          exportFormat(req),
        ),
      );
    }),
  );

  // Soldes à une date: every account of the user, from the ledger.
  r.get(
    ROUTES['cash.balance'],
    signedIn(async (req, res) => {
      const today = businessDate(req.user.company.timeZone);
      const asked = queryText(req.query, 'date', 10);
      const date = isIsoDate(asked) && asked <= today ? asked : today;
      const accounts = (await balancesAt(db, req.user.places, date)).map(presentBalanceRow);
      const totals = Object.fromEntries(TREASURY_KINDS.map((k) => [k, 0])) as Record<TreasuryKind, number>;
      for (const a of accounts) totals[a.kind] += a.balance_at;
      await res.inertia.render('cash/Balance', {
        date,
        accounts,
        totals,
        in_transit: await transitAt(db, req.user.places, date),
      });
    }),
  );

  // The operation form: ?kind= chooses the operation among those the user may record.
  r.get(
    ROUTES['cashOperations.create'],
    anyOperation,
    signedIn(async (req, res) => {
      const kinds = kindsOf(req);
      const kind = queryChoice(req.query, 'kind', kinds, kinds[0]);
      const { mine, desks } = await operationAccountOptions(db, req.user.places);
      const accountId = Number(queryId(req.query, 'account_id')) || null;
      const supplierId = Number(queryId(req.query, 'supplier_id')) || null;
      await res.inertia.render('cash/Create', {
        kind,
        kinds,
        accounts: mine.map(presentAccountOption),
        desks: desks.map(presentAccountOption),
        categories: kind === 'expense' ? await expenseCategoryChoices(db) : [],
        suppliers: kind === 'supplier_payment' ? await suppliersToPay(db) : [],
        defaults: { from_account_id: accountId, to_account_id: null, supplier_id: supplierId },
      });
    }),
  );

  r.post(
    ROUTES['cashOperations.index'],
    anyOperation,
    signedIn(async (req, res) => {
      const input = validate(cashOperationSchema(req.user.company.currency), req.body ?? {});
      // Each kind needs its own permission: the 403 page otherwise, nothing written.
      if (!mayRecordCash(req.user, input.kind)) throw new HttpError(403);
      const result = await createCashOperation(
        db,
        {
          idempotencyKey: input.idempotency_key,
          kind: input.kind,
          amount: input.amount,
          fromAccountId: input.from_account_id,
          toAccountId: input.to_account_id,
          expenseCategoryId: input.expense_category_id,
          supplierId: input.supplier_id,
          bankMethod: input.bank_method,
          beneficiary: input.beneficiary,
          reference: input.reference,
          note: input.note,
          places: req.user.places,
        },
        actorOf(req),
      );
      const label = CASH_OPERATION_KINDS_DEF[input.kind].label;
      const done =
        input.kind === 'transfer'
          ? `${label} ${result.number} envoyé : en transit jusqu’à sa réception par la caisse de destination.`
          : `${label} ${result.number} enregistré.`;
      flash(
        req,
        'success',
        result.replayed
          ? `L’opération ${result.number} était déjà enregistrée : elle n’a pas été créée une seconde fois.`
          : done,
      );
      redirect(res, route('cashOperations.show', { id: result.id }));
    }),
  );

  // An operation none of whose accounts is the user's: the 404 page (the guard of its routes).
  const inPlace = requireAccountDocument(db, 'cashOperation');
  const loadVisible = async (req: Request) => {
    const id = routeId(req.params.id);
    const detail = await cashOperationDetail(db, id);
    if (!detail) throw new NotFound();
    return { id, detail };
  };

  r.get(
    ROUTES['cashOperations.show'],
    inPlace,
    signedIn(async (req, res) => {
      const { id, detail } = await loadVisible(req);
      const currency = req.user.company.currency;
      const op = detail.op;
      // An account id joins its account, so its kind is there whenever the id is.
      const toSide =
        op.to_account_id && op.to_kind
          ? {
              id: Number(op.to_account_id),
              kind: op.to_kind,
              location_id: op.to_location_id === null ? null : Number(op.to_location_id),
            }
          : null;
      const paying =
        op.from_account_id && op.from_kind
          ? {
              id: Number(op.from_account_id),
              kind: op.from_kind,
              location_id: op.from_location_id === null ? null : Number(op.from_location_id),
            }
          : toSide;
      await res.inertia.render('cash/Show', {
        operation: presentCashOperation(detail),
        history: presentHistory(await subjectHistory(db, 'cash_operation', id), currency),
        print: presentPrintState(await printCount(db, { printout: 'cash_voucher', id }), mayReprint(req.user)),
        can: cashOperationAbilities(req.user, { status: op.status, receiving: toSide, paying }),
      });
    }),
  );

  // Bon de caisse A5 (the setting), or ?format=80mm / 58mm for a ticket; a reprint is a DUPLICATA.
  r.get(
    ROUTES['cashOperations.print'],
    inPlace,
    signedIn(async (req, res) => {
      const { id, detail } = await loadVisible(req);
      const frame = await printFrame(ctx, req, res, {
        document: { printout: 'cash_voucher', id, number: detail.op.number },
        back: route('cashOperations.show', { id }),
      });
      const asked = queryChoice(req.query, 'format', ['', 'A5', '80mm', '58mm'] as const, '');
      await res.inertia.render('cash/Voucher', {
        ...frame,
        settings: asked ? { ...frame.settings, format: asked } : frame.settings,
        operation: presentCashOperation(detail),
      });
    }),
  );

  r.post(
    ROUTES['cashOperations.receive'],
    can('cash.transfer'),
    inPlace,
    signedIn(async (req, res) => {
      const { id } = await loadVisible(req);
      res.locals.refusalBack = () => route('cashOperations.show', { id });
      const { number } = await receiveCashTransfer(db, id, actorOf(req), req.user.places);
      flash(req, 'success', `Transfert ${number} reçu : le montant est entré dans la caisse.`);
      redirect(res, route('cashOperations.show', { id }));
    }),
  );

  r.post(
    ROUTES['cashOperations.cancel'],
    can('cash.cancel'),
    inPlace,
    signedIn(async (req, res) => {
      const { id } = await loadVisible(req);
      res.locals.refusalBack = () => route('cashOperations.show', { id });
      const input = validate(cashCancelSchema, req.body ?? {});
      const { number } = await cancelCashOperation(db, id, input.reason, actorOf(req), req.user.places);
      flash(req, 'success', `Opération ${number} annulée.`);
      redirect(res, route('cashOperations.show', { id }));
    }),
  );

  // Catégories de dépenses: a small records screen.
  r.get(
    ROUTES['expenseCategories.index'],
    signedIn(async (req, res) => {
      const { page, ...params } = parseListParams(req, expenseCategoryListSpec);
      const rows = await listExpenseCategories(db, { ...params, page });
      await res.inertia.render('cash/expense-categories/Index', {
        categories: { ...rows, data: rows.data.map(presentExpenseCategory) },
        params,
        can: expenseCategoryAbilities(req.user),
      });
    }),
  );
  r.get(ROUTES['expenseCategories.export'], downloadGuard, async (req, res) => {
    const { page: _page, ...params } = parseListParams(req, expenseCategoryListSpec);
    sendFile(res, await exportExpenseCategories(db, params, exportFormat(req)));
  });
  r.get(
    ROUTES['expenseCategories.create'],
    can('cash.expense_categories'),
    signedIn(async (req, res) => {
      await res.inertia.render('cash/expense-categories/Form', {
        category: null,
        usage: null,
        can: expenseCategoryAbilities(req.user),
        history: [],
      });
    }),
  );
  const load = recordLoader((id) => findExpenseCategory(db, id));
  const show = signedIn(async (req, res) => {
    const row = await load(req.params.id);
    const currency = req.user.company.currency;
    await res.inertia.render('cash/expense-categories/Form', {
      category: presentExpenseCategory(row),
      usage: await recordUsage(db, 'expense_category', Number(row.id), currency),
      can: expenseCategoryAbilities(req.user),
      history: presentHistory(await subjectHistory(db, 'expense_category', Number(row.id)), currency),
    });
  });
  r.get(ROUTES['expenseCategories.show'], show);
  r.get(ROUTES['expenseCategories.edit'], can('cash.expense_categories'), show);
  saveRoutes(r, {
    area: 'expenseCategories',
    permissions: { create: 'cash.expense_categories', update: 'cash.expense_categories' },
    load,
    schema: () => expenseCategorySchema,
    create: (input, req) => createExpenseCategory(db, input, actorOf(req)),
    update: (id, input, req) => updateExpenseCategory(db, id, input, actorOf(req)),
    noun: 'Catégorie de dépenses',
    feminine: true,
  });
  lifecycleRoutes(r, {
    area: 'expenseCategories',
    permission: 'cash.expense_categories',
    load,
    setActive: (id, active, actor) => setExpenseCategoryActive(db, id, active, actor),
    remove: (id, actor) => deleteExpenseCategory(db, id, actor),
    noun: 'Catégorie de dépenses',
    feminine: true,
  });

  return r;
}
