import { type Request, Router } from 'express';
import type { Knex } from 'knex';
import { CLOSING_STATUS_LABELS, countsByDenomination } from '../../../shared/cash-closings.js';
import type { AccountChoice, ClosingListFilters, Situation } from '../../../shared/pages/cash-closings.js';
import { ROUTES, route } from '../../../shared/routes.js';
import { TREASURY_KIND_LABELS } from '../../../shared/treasury.js';
import { addDays, isIsoDate, businessDate } from '../../domain/dates.js';
import { NotFound } from '../../domain/errors.js';
import type { PlaceScope } from '../../policies/places.js';
import { type ExportSpec, buildExport } from '../../services/tabular/export.js';
import {
  closeDay,
  closingAccounts,
  closingDetail,
  closingDraft,
  closingsDifferenceTotal,
  listClosings,
  reopenClosing,
} from '../../services/cash-closings/cash-closings.js';
import { cashSituation, situationAccounts } from '../../services/treasury/situation.js';
import { actorOf } from '../actor.js';
import type { AppContext } from '../context.js';
import { downloadGuard, exportFormat, sendFile } from '../files.js';
import { can, requireAuth, requireVerified } from '../middleware/auth.js';
import { assertAccount, requireAccountDocument } from '../middleware/places.js';
import { presentCountLines, presentDenominations } from '../presenters/cash-closings.js';
import { printFrame } from '../printouts.js';
import { uncertifiedDocumentsOfDay } from '../../services/fiscal/queue-queries.js';
import { presentUncertified } from '../presenters/fiscal-queue.js';
import { period, queryChoice, queryId, queryPage, queryText, routeId } from '../query.js';
import { flash, redirect } from '../respond.js';
import { closingSchema, reopenSchema } from '../schemas/cash-closings.js';
import { validate } from '../validation.js';
import { signedIn, type SignedInRequest } from '../signed-in.js';
import { cashClosingAbilities, cashClosingListAbilities } from '../../policies/cash.js';

/** The longest period a situation reads (a year and a bit: the year's report, from any day). */
const MAX_SITUATION_DAYS = 366;

function accountChoices(
  rows: Array<{ id: number; code: string; name: string; kind: AccountChoice['kind'] }>,
): AccountChoice[] {
  return rows.map((a) => ({
    value: String(a.id),
    label: `${a.name} (${a.code}${a.kind === 'caisse' ? '' : ` · ${TREASURY_KIND_LABELS[a.kind]}`})`,
    kind: a.kind,
  }));
}

/** ?account_id=&from=&to= of the situation: an account the user works on (else the first), a period of at most a year (default: this month). */
async function situationQuery(db: Knex, req: SignedInRequest, scope: PlaceScope) {
  const today = businessDate(req.user.company.timeZone);
  const accounts = await situationAccounts(db, scope);
  const asked = queryId(req.query, 'account_id');
  const account = accounts.find((a) => String(a.id) === asked) ?? accounts[0] ?? null;
  let from = queryText(req.query, 'from', 10);
  let to = queryText(req.query, 'to', 10);
  if (!isIsoDate(to)) to = today;
  if (!isIsoDate(from)) from = `${to.slice(0, 7)}-01`;
  if (from > to) [from, to] = [to, from];
  if (addDays(from, MAX_SITUATION_DAYS) < to) from = addDays(to, -MAX_SITUATION_DAYS);
  return { accounts, account, from, to };
}

const situationExportSpec = (currency: string, s: Situation): ExportSpec<Record<string, any>> => ({
  fileName: `situation-caisse-${s.account.code}-${s.from}-${s.to}`,
  sheetName: 'Situation',
  currency,
  columns: [
    { header: 'Rubrique', value: (r) => r.label, width: 36 },
    { header: 'Mouvements', kind: 'integer', value: (r) => r.count },
    { header: 'Entrées', kind: 'money', value: (r) => r.total_in, width: 16 },
    { header: 'Sorties', kind: 'money', value: (r) => r.total_out, width: 16 },
    { header: 'Solde', kind: 'money', value: (r) => r.balance, width: 16 },
  ],
});

/** The rows of the situation's export: opening, each movement type (décaissements then their categories), closing, then each day. */
function situationExportRows(s: Situation): Record<string, any>[] {
  return [
    {
      label: `Solde d’ouverture au ${s.from}`,
      count: null,
      total_in: null,
      total_out: null,
      balance: s.opening_balance,
    },
    ...s.by_type.flatMap((t) => [
      { label: t.label, count: t.count, total_in: t.total_in, total_out: t.total_out, balance: null },
      ...(t.details ?? []).map((d) => ({
        label: `${t.label} — ${d.label}`,
        count: d.count,
        total_in: d.total_in,
        total_out: d.total_out,
        balance: null,
      })),
    ]),
    {
      label: `Total de la période`,
      count: s.movement_count,
      total_in: s.total_in,
      total_out: s.total_out,
      balance: null,
    },
    { label: `Solde de clôture au ${s.to}`, count: null, total_in: null, total_out: null, balance: s.closing_balance },
    ...s.days.map((d) => ({
      label: `Journée du ${d.day}${d.closing_id ? ' (arrêtée)' : ''}`,
      count: d.count,
      total_in: d.total_in,
      total_out: d.total_out,
      balance: d.balance,
    })),
  ];
}

function closingFilters(req: Request, today: string): ClosingListFilters & { account: string } {
  const account = queryId(req.query, 'account_id');
  return {
    ...period(req.query, today, 30),
    account,
    account_id: account ? Number(account) : null,
    status: queryChoice(
      req.query,
      'status',
      ['', ...(Object.keys(CLOSING_STATUS_LABELS) as Array<keyof typeof CLOSING_STATUS_LABELS>)] as const,
      '',
    ),
  };
}

/**
 * Caisse › Situation de caisse and Arrêtés de caisse (issue 16). Every screen needs the Caisse menu;
 * validating a closing needs cash.closing, reopening one cash.reopen. An account or a closing of a
 * desk the user does not work on answers 404 like an unknown one (assertAccount).
 */
export function cashClosingRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  r.use([ROUTES['cash.situation'], ROUTES['cash.closings.index']], requireAuth, requireVerified);

  r.get(
    ROUTES['cash.situation'],
    can('menu.caisse'),
    signedIn(async (req, res) => {
      const { accounts, account, from, to } = await situationQuery(db, req, req.user.places);
      await res.inertia.render('cash/Situation', {
        accounts: accountChoices(accounts),
        filters: { account_id: account ? String(account.id) : '', from, to },
        situation: account ? await cashSituation(db, account.id, from, to) : null,
      });
    }),
  );

  r.get(
    ROUTES['cash.situation.print'],
    can('menu.caisse'),
    signedIn(async (req, res) => {
      const { account, from, to } = await situationQuery(db, req, req.user.places);
      if (!account) throw new NotFound();
      const back = route('cash.situation', { account_id: account.id, from, to });
      const frame = await printFrame(ctx, req, res, { document: null, back });
      await res.inertia.render('cash/SituationPrint', {
        ...frame,
        situation: await cashSituation(db, account.id, from, to),
      });
    }),
  );

  r.get(
    ROUTES['cash.situation.export'],
    can('menu.caisse'),
    downloadGuard,
    signedIn(async (req, res) => {
      const { account, from, to } = await situationQuery(db, req, req.user.places);
      if (!account) throw new NotFound();
      const situation = await cashSituation(db, account.id, from, to);
      sendFile(
        res,
        await buildExport(
          exportFormat(req),
          situationExportSpec(req.user.company.currency, situation),
          situationExportRows(situation),
        ),
      );
    }),
  );

  r.get(
    ROUTES['cash.closings.index'],
    can('menu.caisse'),
    signedIn(async (req, res) => {
      const user = req.user;
      const { account, ...filters } = closingFilters(req, businessDate(req.user.company.timeZone));
      await res.inertia.render('cash-closings/Index', {
        accounts: accountChoices(
          (await closingAccounts(db, user.places)).map((a) => ({ ...a, kind: 'caisse' as const })),
        ),
        filters: { account_id: account, from: filters.from, to: filters.to, status: filters.status },
        closings: await listClosings(db, filters, user.places, queryPage(req.query)),
        difference_total: await closingsDifferenceTotal(db, filters, user.places),
        can: cashClosingListAbilities(user),
      });
    }),
  );

  // ?account_id=&day=: the desk's day as the ledger has it, to count the drawer against.
  r.get(
    ROUTES['cash.closings.create'],
    can('menu.caisse', 'cash.closing'),
    signedIn(async (req, res) => {
      const user = req.user;
      const today = businessDate(req.user.company.timeZone);
      const accounts = (await closingAccounts(db, user.places)).filter((a) => a.active);
      const asked = queryId(req.query, 'account_id');
      const account = accounts.find((a) => String(a.id) === asked) ?? (accounts.length === 1 ? accounts[0] : null);
      let day = queryText(req.query, 'day', 10);
      if (!isIsoDate(day) || day > today) day = today;
      const currency = req.user.company.currency;
      await res.inertia.render('cash-closings/Create', {
        accounts: accountChoices(accounts.map((a) => ({ ...a, kind: 'caisse' as const }))),
        account_id: account ? String(account.id) : '',
        day,
        draft: account ? await closingDraft(db, account.id, day) : null,
        denominations: presentDenominations(currency),
        by_denomination: countsByDenomination(currency),
      });
    }),
  );

  r.post(
    ROUTES['cash.closings.index'],
    can('menu.caisse', 'cash.closing'),
    signedIn(async (req, res) => {
      const input = validate(closingSchema, req.body);
      await assertAccount(db, req.user.places, input.account_id);
      const result = await closeDay(
        db,
        {
          idempotencyKey: input.idempotency_key,
          accountId: input.account_id,
          day: input.day,
          counts: input.counts,
          reason: input.reason,
          expectedSeen: input.expected_seen,
        },
        actorOf(req),
      );
      flash(
        req,
        'success',
        result.replayed
          ? 'Cet arrêté était déjà validé : il n’a pas été enregistré une seconde fois.'
          : 'Arrêté de caisse validé : la journée est close pour cette caisse.',
      );
      redirect(res, route('cash.closings.show', { id: result.id }));
    }),
  );

  // The day's documents of the desk's location that the DGI has not certified.
  const uncertifiedOf = async (closing: { location_id: number | null; closing_date: string }) =>
    closing.location_id === null
      ? []
      : (await uncertifiedDocumentsOfDay(db, closing.location_id, closing.closing_date)).map(presentUncertified);

  r.get(
    ROUTES['cash.closings.show'],
    can('menu.caisse'),
    requireAccountDocument(db, 'closing'),
    signedIn(async (req, res) => {
      const user = req.user;
      const closing = await closingDetail(db, routeId(req.params.id));
      if (!closing) throw new NotFound();
      await res.inertia.render('cash-closings/Show', {
        closing,
        count_lines: presentCountLines(closing.counts, closing.currency),
        uncertified: await uncertifiedOf(closing),
        can: cashClosingAbilities(user, closing),
      });
    }),
  );

  // The closing report, A4 (the states' layout) or on the till roll (?format=80mm, or 58mm).
  r.get(
    ROUTES['cash.closings.print'],
    can('menu.caisse'),
    requireAccountDocument(db, 'closing'),
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const closing = await closingDetail(db, id);
      if (!closing) throw new NotFound();
      const format = queryChoice(req.query, 'format', ['A4', '80mm', '58mm'] as const, 'A4');
      const frame = await printFrame(ctx, req, res, { document: null, back: route('cash.closings.show', { id }) });
      await res.inertia.render('cash-closings/Print', {
        ...frame,
        settings: {
          ...frame.settings,
          format: format === 'A4' ? (frame.settings.format === 'A5' ? 'A5' : 'A4') : format,
          copies: 1,
        },
        closing,
        count_lines: presentCountLines(closing.counts, closing.currency),
        uncertified: await uncertifiedOf(closing),
      });
    }),
  );

  r.post(
    ROUTES['cash.closings.reopen'],
    can('menu.caisse', 'cash.reopen'),
    requireAccountDocument(db, 'closing'),
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const found = await closingDetail(db, id);
      if (!found) throw new NotFound();
      const input = validate(reopenSchema, req.body);
      const result = await reopenClosing(db, { closingId: id, reason: input.reason }, actorOf(req));
      flash(
        req,
        'success',
        'Arrêté rouvert : la journée peut de nouveau recevoir des mouvements ; arrêtez-la à nouveau une fois corrigée.',
      );
      redirect(res, route('cash.closings.create', { account_id: result.accountId, day: result.day }));
    }),
  );

  return r;
}
