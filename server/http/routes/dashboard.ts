import { Router } from 'express';
import type { AppContext } from '../context.js';
import { MENU, filterMenu, menuLeaves } from '../../../shared/menu.js';
import { route } from '../../../shared/routes.js';
import { declareGuard, requireAuth, requireVerified } from '../middleware/auth.js';
import { HttpError } from '../errors.js';
import { dashboardGreeting } from '../presenters/dashboard.js';
import {
  presentCertification,
  presentChart,
  presentComparison,
  presentDocument,
  presentLowStock,
  presentSales,
  presentStockValue,
  presentTopProduct,
  presentTreasury,
  screenOf,
} from '../presenters/dashboard-cards.js';
import { addDays, dashboardPeriods, hourIn, businessDate } from '../../domain/dates.js';
import { type PropsInput, defer } from '../../inertia/index.js';
import type { DashboardComparison, DashboardProps } from '../../../shared/dashboard.js';
import { dashboardCards, may } from '../../policies/index.js';
import {
  lowStock,
  receivables,
  recentDocuments,
  salesChart,
  salesFigures,
  stockValue,
  topProducts,
  treasuryBalances,
} from '../../services/dashboard/dashboard.js';
import { visibleStockLocations } from '../../services/stock/count-queries.js';
import { lastStickerBalance, queueCounts } from '../../services/fiscal/queue-queries.js';
import { signedIn } from '../signed-in.js';

export function dashboardRoutes(ctx: AppContext): Router {
  const r = Router();
  const db = ctx.db;
  // A new account without any role lands here too, to learn that an administrator must act.
  const dashboardGuard = declareGuard(
    signedIn((req, _res, next) =>
      next(req.user.roles.length === 0 || req.user.permissions.has('menu.dashboard') ? undefined : new HttpError(403)),
    ),
    {
      kind: 'policy',
      label: 'menu.dashboard, ou aucun rôle encore',
      allows: (permissions) => permissions.has('menu.dashboard'),
    },
  );
  r.get(
    '/dashboard',
    requireAuth,
    requireVerified,
    dashboardGuard,
    signedIn(async (req, res) => {
      const user = req.user;
      const scope = user.places;
      const awaitingRole = user.roles.length === 0;
      const cards = dashboardCards(user);
      const today = businessDate(req.user.company.timeZone);
      const periods = dashboardPeriods(today);
      const month = periods.month;
      // Each card links to the screen the user may open: the report first, else the everyday screen.
      const turnover = (q: Record<string, string>) =>
        may(user, 'menu.editions.ca') ? route('reports.turnover', q) : route('stockExits');
      const props: PropsInput<DashboardProps> = {
        greeting: async () => dashboardGreeting(user.row, hourIn(req.user.company.timeZone)),
        awaitingRole,
        areas: () => menuLeaves(filterMenu(MENU, user.permissions)).filter((n) => n.to !== '/dashboard'),
      };
      // The page's cards are resolved only when sent (functions): the deferred cards' request — a
      // partial reload asking for them alone — runs none of their queries.
      if (cards.sales) {
        props.sales = async () => {
          // Today against yesterday and the same day last month; the month so far against the same part of last month.
          const f = await salesFigures(db, scope, today);
          const compared = (id: DashboardComparison['id'], period: keyof typeof periods) =>
            presentComparison(id, periods[period], today, f[period], turnover(periods[period]));
          return {
            today: presentSales(f.today, turnover(periods.today), cards.margin, [
              compared('yesterday', 'yesterday'),
              compared('last_month_day', 'lastMonthDay'),
            ]),
            month: presentSales(f.month, turnover(month), cards.margin, [
              compared('last_month_to_date', 'lastMonthToDate'),
            ]),
          };
        };
        // The chart and the best sellers come right after the page shows (Inertia deferred props, one
        // request for every deferred card: each request weighs on the first visit over a slow link).
        props.salesChart = defer(
          async () => ({
            chart: presentChart(await salesChart(db, scope, today), cards.margin),
            href: turnover({ view: 'jours', from: addDays(today, -29), to: today }),
          }),
          'cards',
        );
        props.topProducts = defer(
          async () => ({
            rows: (await topProducts(db, scope, today)).map((p) => presentTopProduct(p, cards.margin)),
            href: turnover({ view: 'produits', ...month }),
          }),
          'cards',
        );
      }
      if (cards.receivables) {
        props.receivables = async () => ({
          ...(await receivables(db, scope, today)),
          href: (may(user, 'menu.editions.creance') && screenOf('menu.editions.creance')) || route('settlements.index'),
        });
      }
      if (cards.treasury)
        props.treasury = async () => presentTreasury(await treasuryBalances(db, scope), route('cash.index'));
      if (cards.lowStock) {
        // Stock figures: the user's places, without a place under a blind count (as État de stock);
        // a pass over every product with a threshold, so it comes right after the page shows.
        const href = may(user, 'menu.editions.stock')
          ? route('reports.stock', { view: 'alerte' })
          : route('products.index', { stock: 'low' });
        props.lowStock = defer(
          async () =>
            presentLowStock(
              await lowStock(db, await visibleStockLocations(db, user)),
              href,
              may(user, 'menu.produits'),
            ),
          'cards',
        );
      }
      if (cards.stockValue) {
        // État de stock's value: the places whose stock the user sees (blind counts left out), at the CMUP.
        props.stockValue = defer(
          async () =>
            presentStockValue(await stockValue(db, await visibleStockLocations(db, user)), route('reports.stock')),
          'cards',
        );
      }
      if (cards.certification && req.user.company.certifies) {
        props.certification = async () => {
          const [counts, stickers] = await Promise.all([queueCounts(db, scope), lastStickerBalance(db)]);
          return presentCertification(counts, stickers, route('fiscalQueue.index'));
        };
      }
      if (cards.documents.length)
        props.documents = async () => (await recentDocuments(db, scope, cards.documents)).map(presentDocument);
      return res.inertia.render('Dashboard', props);
    }),
  );
  return r;
}
