import { Router } from 'express';
import type { Option } from '../../../shared/lists.js';
import type { ReportFilter } from '../../../shared/reports.js';
import { toBool } from '../../db/dialect.js';
import { isIsoDate } from '../../domain/dates.js';
import {
  AGEING_BASIS_LABELS,
  RECEIVABLES_STATE_VIEWS,
  type ReceivablesStateFilters,
  type ReceivablesStateView,
  receivablesState,
} from '../../services/reports/receivables-state.js';
import {
  SETTLEMENTS_STATE_VIEWS,
  type SettlementsStateFilters,
  type SettlementsStateView,
  settlementAccounts,
  settlementsState,
} from '../../services/reports/settlements-state.js';
import type { AppContext } from '../context.js';
import { queryChoice, queryId, queryText } from '../query.js';
import { reportRoutes } from '../reports.js';
import { frDate, locationFilter, periodFilters, reportPeriod } from './reports.js';

/**
 * Éditions › Finances (issue 17): État des règlements and État des créances, declared on the
 * report frame (server/http/reports.ts) like the reports of routes/reports.ts; figures from
 * services/reports/settlements-state.ts and receivables-state.ts.
 */

const ids = <T extends { id: string }>(views: readonly T[]) => views.map((v) => v.id) as Array<T['id']>;

export function financeReportRoutes(ctx: AppContext): Router {
  const r = Router();

  r.use(
    reportRoutes<SettlementsStateFilters>(ctx, {
      routes: {
        index: 'reports.settlements',
        export: 'reports.settlements.export',
        print: 'reports.settlements.print',
      },
      permission: 'menu.editions.reglement',
      read: (req, today) => {
        const account = queryText(req.query, 'account_id', 12);
        return {
          view: queryChoice(req.query, 'view', ids(SETTLEMENTS_STATE_VIEWS), 'modes') as SettlementsStateView,
          ...reportPeriod(req, today),
          account_id: account === 'advance' ? 'advance' : queryId(req.query, 'account_id'),
        };
      },
      build: async ({ db, req, filters: f, slice }) => {
        const scope = req.user.places;
        const accounts = await settlementAccounts(db, scope);
        const options: Option[] = [
          ...accounts.map((a) => ({ value: String(a.id), label: !toBool(a.active) ? `${a.name} (archivé)` : a.name })),
          { value: 'advance', label: 'Acomptes dépensés (aucun compte)' },
        ];
        // An account the user may not see reads as « all » (their own accounts).
        const account = options.find((o) => o.value === f.account_id) ? f.account_id : '';
        const body = await settlementsState(db, { ...f, account_id: account }, scope, slice);
        const view = SETTLEMENTS_STATE_VIEWS.find((v) => v.id === f.view)!;
        return {
          body: { ...body, chart: null },
          title: 'État des règlements',
          subtitle: view.label,
          group: 'Éditions › Finances',
          views: [...SETTLEMENTS_STATE_VIEWS],
          view: f.view,
          query: { view: f.view, from: f.from, to: f.to, account_id: account },
          filters: [
            ...periodFilters(f),
            {
              id: 'account_id',
              label: 'Compte',
              type: 'select',
              value: account,
              options,
              all_label: 'Tous',
            } satisfies ReportFilter,
          ],
          facts: [
            ['Période', `du ${frDate(f.from)} au ${frDate(f.to)}`],
            ['Compte', options.find((o) => o.value === account)?.label ?? 'Tous'],
          ],
          empty: {
            icon: 'fa-solid fa-list-check',
            title: 'Aucun règlement sur cette période',
            text: 'Changez la période ou le compte.',
          },
          landscape: f.view === 'encaissements',
          file: { fileName: `etat-reglements-${f.view}`, sheetName: view.label.slice(0, 31) },
        };
      },
    }),
  );

  r.use(
    reportRoutes<ReceivablesStateFilters>(ctx, {
      routes: {
        index: 'reports.receivables',
        export: 'reports.receivables.export',
        print: 'reports.receivables.print',
      },
      permission: 'menu.editions.creance',
      read: (req, today) => {
        const date = queryText(req.query, 'date', 10);
        return {
          view: queryChoice(req.query, 'view', ids(RECEIVABLES_STATE_VIEWS), 'clients') as ReceivablesStateView,
          date: isIsoDate(date) && date <= today ? date : today,
          basis: queryChoice(req.query, 'basis', ['due', 'invoice'] as const, 'due'),
          location_id: queryId(req.query, 'location_id'),
        };
      },
      build: async ({ db, req, filters: f, slice, today }) => {
        const scope = req.user.places;
        const location = await locationFilter(db, scope, f.location_id);
        const body = await receivablesState(db, f, scope, slice, today);
        const view = RECEIVABLES_STATE_VIEWS.find((v) => v.id === f.view)!;
        const basisOptions: Option[] = [
          { value: 'due', label: AGEING_BASIS_LABELS.due },
          { value: 'invoice', label: AGEING_BASIS_LABELS.invoice },
        ];
        return {
          body,
          title: 'État des créances',
          subtitle:
            f.date === today ? `${view.label} — au ${frDate(f.date)}` : `${view.label} — au soir du ${frDate(f.date)}`,
          group: 'Éditions › Finances',
          views: [...RECEIVABLES_STATE_VIEWS],
          view: f.view,
          query: { view: f.view, date: f.date === today ? '' : f.date, basis: f.basis, location_id: f.location_id },
          filters: [
            { id: 'date', label: 'Au', type: 'date', value: f.date },
            { id: 'basis', label: 'Ancienneté depuis', type: 'select', value: f.basis, options: basisOptions },
            location.filter,
          ],
          facts: [
            ['Date', f.date === today ? `aujourd’hui (${frDate(f.date)})` : `au soir du ${frDate(f.date)}`],
            ['Ancienneté depuis', AGEING_BASIS_LABELS[f.basis].toLowerCase()],
            ['Emplacement', location.name],
          ],
          empty: {
            icon: 'fa-solid fa-circle-check',
            title: 'Aucune créance',
            text: 'Aucune facture ne reste à payer à cette date pour ces filtres.',
          },
          landscape: f.view === 'clients',
          file: { fileName: `etat-creances-${f.view}`, sheetName: view.label.slice(0, 31) },
        };
      },
    }),
  );
  return r;
}
