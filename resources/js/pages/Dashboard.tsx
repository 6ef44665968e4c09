import { Link, usePage } from '@inertiajs/react';
import { type ReactNode, useMemo } from 'react';
import { MENU, type MenuNode } from '@shared/menu';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { AppPage } from '@/components/AppPage';
import { Avatar } from '@/components/Avatar';
import { Icon } from '@/components/Icon';
import {
  AccountsCard,
  DocumentsCard,
  LowStockCard,
  ReceivablesFigure,
  SalesChartCard,
  SalesFigure,
  StockValueFigure,
  CertificationFigure,
  TopProductsCard,
  TreasuryFigure,
} from '@/components/dashboard/DashboardCards';
import { useCompany } from '@/hooks/useCompany';

type Area = PageProps<'Dashboard'>['areas'][number];

const GROUP_ICONS: Record<string, string> = {
  Principal: 'fa-solid fa-house',
  Fichiers: 'fa-solid fa-folder-open',
  Opérations: 'fa-solid fa-right-left',
  'Annulations et réimpressions': 'fa-solid fa-ban',
  Éditions: 'fa-solid fa-chart-pie',
  Paramètres: 'fa-solid fa-gears',
  Support: 'fa-solid fa-life-ring',
};

/** Route → the menu heading it sits under (the sidebar's sections). */
const HEADING_OF: Map<string, string> = (() => {
  const map = new Map<string, string>();
  let heading = 'Principal';
  const visit = (node: MenuNode) => {
    if (node.to) map.set(node.to, heading);
    node.sub?.forEach(visit);
  };
  for (const node of MENU) {
    if (node.heading) heading = node.name;
    else visit(node);
  }
  return map;
})();

/** Areas grouped like the sidebar's sections, in menu order. */
export function groupAreas(
  areas: Area[],
): Array<{ name: string; icon: string; areas: Array<Area & { path: string[] }> }> {
  const groups = new Map<string, Array<Area & { path: string[] }>>();
  for (const area of areas) {
    const group = (area.to && HEADING_OF.get(area.to)) ?? area.trail[0] ?? 'Principal';
    // The submenu named like its section adds nothing ("Fichiers" under "Fichiers").
    const path = area.trail[0] && group.startsWith(area.trail[0]) ? area.trail.slice(1) : area.trail;
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group)!.push({ ...area, path });
  }
  return [...groups].map(([name, list]) => ({ name, icon: GROUP_ICONS[name] ?? 'fa-solid fa-star', areas: list }));
}

/** The business date in words (« Mercredi 2 décembre 2026 »): the company's day, not the browser's clock. */
function longDate(isoDate: string): string {
  const text = new Intl.DateTimeFormat('fr-FR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T12:00:00Z`));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Tableau de bord: the day and the month at a glance — the sales, what clients owe, the money in
 * the tills and accounts, the products to reorder, the last documents — each card only for a user
 * who may see it (the server leaves its props out) and each opening its screen; then every screen
 * of the user's menu, grouped like the sidebar. The chart, the best sellers and the stock alerts
 * arrive right after the page (deferred props), the chart's code later still (Chart.js).
 */
export default function Dashboard(props: PageProps<'Dashboard'>) {
  const { greeting, areas, sales, receivables, treasury, documents, certification } = props;
  const { today } = useCompany();
  const page = usePage();
  const user = page.props.auth.user;
  const groups = useMemo(() => groupAreas(areas.filter((a) => a.to !== route('dashboard'))), [areas]);
  const count = groups.reduce((n, g) => n + g.areas.length, 0);
  // A deferred card is announced (page.deferredProps) before its props arrive.
  const announced = (key: string) =>
    key in props || Object.values(page.deferredProps ?? {}).some((keys) => keys.includes(key));
  const figures =
    [sales, receivables, treasury, certification].filter(Boolean).length + (announced('stockValue') ? 1 : 0);
  const stockCard = announced('lowStock');
  const stockValueCard = announced('stockValue');

  return (
    <AppPage title="Tableau de bord" breadcrumbs={[{ label: 'Tableau de bord' }]} subtitle={longDate(today)}>
      <section
        className={`app-welcome card ${figures ? 'app-welcome-compact' : ''} mb-4`}
        aria-labelledby="dashboard-greeting"
      >
        <div className="card-body">
          {user ? (
            <Avatar name={user.name} src={user.gravatar} size={figures ? 44 : 56} className="app-welcome-avatar" />
          ) : null}
          <div className="flex-grow-1 min-w-0">
            <h2 id="dashboard-greeting" className="h4 mb-1" data-testid="dashboard-greeting">
              {greeting}
            </h2>
            <p className="mb-0 app-welcome-text">
              {figures
                ? 'Voici l’activité du jour et du mois. Chaque carte ouvre l’écran d’où viennent ses chiffres.'
                : count > 0
                  ? `Vous avez accès à ${count} écran${count > 1 ? 's' : ''}. Choisissez-en un ci-dessous ou dans le menu.`
                  : 'Votre compte est prêt.'}
            </p>
            {user?.roles.length && !figures ? (
              <div className="mt-2 d-flex flex-wrap gap-1">
                {user.roles.map((r) => (
                  <span key={r.name} className="badge app-welcome-badge">
                    <Icon name="fa-solid fa-user-tag" className="me-1" />
                    {r.name}
                  </span>
                ))}
              </div>
            ) : null}
          </div>
        </div>
      </section>

      {figures ? (
        <div className="app-dash-figures" data-testid="dashboard-figures">
          {sales ? (
            // The day and the month, each beside the periods it is compared with: a half of the row each.
            <div className="row g-3 mb-3">
              <div className="col-12 col-lg-6">
                <SalesFigure
                  testId="dashboard-sales-today"
                  label="Ventes du jour"
                  sales={sales.today}
                  empty="Aucune vente aujourd’hui"
                />
              </div>
              <div className="col-12 col-lg-6">
                <SalesFigure
                  testId="dashboard-sales-month"
                  label="Ventes du mois"
                  sales={sales.month}
                  empty="Aucune vente ce mois-ci"
                />
              </div>
            </div>
          ) : null}
          {receivables || treasury || stockValueCard || certification ? (
            <div className="row g-3 mb-3">
              {receivables ? (
                <div className="col-12 col-sm-6 col-xl-4">
                  <ReceivablesFigure receivables={receivables} />
                </div>
              ) : null}
              {treasury ? (
                <div className="col-12 col-sm-6 col-xl-4">
                  <TreasuryFigure treasury={treasury} />
                </div>
              ) : null}
              {stockValueCard ? (
                <div className="col-12 col-sm-6 col-xl-4">
                  <StockValueFigure stock={props.stockValue} />
                </div>
              ) : null}
              {certification ? (
                <div className="col-12 col-sm-6 col-xl-4">
                  <CertificationFigure certification={certification} />
                </div>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}

      {sales ? (
        <div className="row g-3 mb-3">
          <div className="col-12 col-xl-8">
            <SalesChartCard card={props.salesChart} />
          </div>
          <div className="col-12 col-xl-4">
            <TopProductsCard top={props.topProducts} />
          </div>
        </div>
      ) : null}

      {treasury || stockCard || documents ? (
        <div className="row g-3 mb-4">
          {/* Two a row up to 1400 px (the balances' names and amounts stay on one line at 1366), three beyond. */}
          {treasury ? (
            <div className="col-12 col-lg-6 col-xxl-4">
              <AccountsCard treasury={treasury} />
            </div>
          ) : null}
          {stockCard ? (
            <div className="col-12 col-lg-6 col-xxl-4">
              <LowStockCard low={props.lowStock} />
            </div>
          ) : null}
          {documents ? (
            <div className="col-12 col-xxl-4">
              <DocumentsCard documents={documents} />
            </div>
          ) : null}
        </div>
      ) : null}

      {groups.length === 0 ? (
        <div className="card app-empty-state" data-testid="dashboard-empty">
          <div className="card-body">
            <div className="app-empty-icon" aria-hidden="true">
              <Icon name="fa-solid fa-user-lock" />
            </div>
            <h2 className="h5">Aucun écran ne vous est encore ouvert</h2>
            <p className="text-body-secondary mb-0">
              Un administrateur doit vous attribuer un rôle. Vous pouvez déjà gérer votre profil.
            </p>
            <Link href={route('profile')} className="btn btn-outline-primary mt-3">
              <Icon name="fa-regular fa-user" className="me-2" />
              Mon profil
            </Link>
          </div>
        </div>
      ) : (
        <Areas folded={figures > 0} count={count}>
          <div className="app-area-groups" data-testid="dashboard-areas">
            {groups.map((group, gi) => (
              <section key={group.name} className="card app-area-group" aria-labelledby={`area-group-${gi}`}>
                <div className="card-header">
                  <span className="app-area-group-icon" aria-hidden="true">
                    <Icon name={group.icon} />
                  </span>
                  <h2 className="h6 mb-0" id={`area-group-${gi}`}>
                    {group.name}
                  </h2>
                  <span className="badge rounded-pill text-bg-light ms-auto app-count">{group.areas.length}</span>
                </div>
                <ul className="list-unstyled mb-0 app-area-list">
                  {group.areas.map((area) => (
                    <li key={area.to}>
                      <Link href={area.to ?? '#'} className="app-area-link">
                        <span className="app-area-icon" aria-hidden="true">
                          <Icon name={area.icon ?? 'fa-solid fa-circle'} fixedWidth />
                        </span>
                        <span className="flex-grow-1 min-w-0">
                          <span className="app-area-name">{area.name}</span>
                          {area.path.length ? <span className="app-area-trail">{area.path.join(' › ')}</span> : null}
                        </span>
                        <Icon name="fa-solid fa-chevron-right" className="app-area-go" />
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </Areas>
      )}
    </AppPage>
  );
}

/**
 * Every screen of the user's menu: the page's content for a user without figures, folded under the
 * cards for the others (the sidebar already lists them; the figures come first).
 */
function Areas({ folded, count, children }: { folded: boolean; count: number; children: ReactNode }) {
  if (!folded) return <>{children}</>;
  return (
    <details className="app-dash-areas">
      <summary className="h6 text-body-secondary mb-3">Tous vos écrans ({count})</summary>
      {children}
    </details>
  );
}
