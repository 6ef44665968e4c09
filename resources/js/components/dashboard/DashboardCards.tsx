import { Link } from '@inertiajs/react';
import { type ReactNode, Suspense, lazy, useEffect, useState } from 'react';
import type {
  DashboardCertification,
  DashboardChartCard,
  DashboardDocument,
  DashboardLowStock,
  DashboardReceivables,
  DashboardSales,
  DashboardStockValue,
  DashboardTopProducts,
  DashboardTreasury,
} from '@shared/dashboard';
import { DOCUMENT_KIND_LABELS, trendOf } from '@shared/dashboard';
import { route } from '@shared/routes';
import { Icon } from '@/components/Icon';
import { Money } from '@/components/data/Money';
import { formatCount, formatDate, formatQty, formatQuantity, formatRate } from '@/components/data/format';
import { afterPageIdle } from './after-page-idle';

/**
 * The cards of the Tableau de bord (pages/Dashboard.tsx): each shows one figure the user may see
 * and links to the screen it comes from. The chart is Chart.js (components/reports/ReportChart),
 * loaded on its own once the page is shown and the browser idle — never in the first visit.
 */

const ReportChart = lazy(() => import('@/components/reports/ReportChart').then((m) => ({ default: m.ReportChart })));

/** A key figure: the whole card opens its screen. */
export function FigureCard({
  testId,
  icon,
  tone,
  label,
  href,
  value,
  children,
}: {
  testId: string;
  icon: string;
  tone: string;
  label: string;
  href: string;
  value: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="card h-100 app-dash-figure" data-testid={testId}>
      <div className="card-body">
        <div className="d-flex align-items-center gap-2 mb-2">
          <span className={`app-dash-icon ${tone}`} aria-hidden="true">
            <Icon name={icon} />
          </span>
          <Link href={href} className="stretched-link app-dash-label" data-testid={`${testId}-link`}>
            {label}
          </Link>
        </div>
        <div className="app-dash-value">{value}</div>
        {children ? <div className="small text-body-secondary mt-1">{children}</div> : null}
      </div>
    </div>
  );
}

/** How a figure moved against another (shared/dashboard.ts trendOf): an arrow, the change in %, said in words for screen readers. */
export function TrendBadge({ current, previous, testId }: { current: number; previous: number; testId?: string }) {
  const t = trendOf(current, previous);
  const tone = t.direction === 'up' ? 'text-success' : t.direction === 'down' ? 'text-danger' : 'text-body-secondary';
  const icon =
    t.direction === 'up'
      ? 'fa-solid fa-arrow-trend-up'
      : t.direction === 'down'
        ? 'fa-solid fa-arrow-trend-down'
        : 'fa-solid fa-equals';
  const rate = t.rate === null ? null : `${t.rate > 0 ? '+' : ''}${formatRate(t.rate)}`;
  const words =
    t.direction === 'flat'
      ? 'stable'
      : `${t.direction === 'up' ? 'en hausse' : 'en baisse'}${rate ? ` de ${formatRate(Math.abs(t.rate!))}` : ''}`;
  return (
    <span className={`text-nowrap fw-semibold ${tone}`} data-testid={testId} data-trend={t.direction}>
      <Icon name={icon} className="me-1" />
      <span aria-hidden="true">{rate ?? (t.direction === 'flat' ? '=' : t.direction === 'up' ? 'nouveau' : '')}</span>
      <span className="visually-hidden">{words}</span>
    </span>
  );
}

export function SalesFigure({
  testId,
  label,
  sales,
  empty,
}: {
  testId: string;
  label: string;
  sales: DashboardSales;
  empty: string;
}) {
  return (
    <FigureCard
      testId={testId}
      icon="fa-solid fa-sack-dollar"
      tone="app-dash-tone-primary"
      label={label}
      href={sales.href}
      value={<Money value={sales.net} />}
    >
      {sales.count === 0 && sales.returns === 0 ? (
        <div>{empty}</div>
      ) : (
        <>
          <div>
            {formatCount(sales.count, 'vente')}
            {sales.returns > 0 ? (
              <>
                {' · avoirs et annulations '}
                <Money value={-sales.returns} />
              </>
            ) : null}
          </div>
          {sales.margin !== undefined ? (
            <div data-testid={`${testId}-margin`}>
              Marge <Money value={sales.margin} className="fw-semibold text-body" />
            </div>
          ) : null}
        </>
      )}
      {sales.comparisons.length ? (
        <div className="mt-2 pt-2 border-top app-dash-compare">
          <div id={`${testId}-compare`}>Comparé à :</div>
          <ul className="list-unstyled mb-0" aria-labelledby={`${testId}-compare`}>
            {sales.comparisons.map((c) => (
              <li key={c.id} className="d-flex flex-wrap column-gap-2" data-testid={`${testId}-vs-${c.id}`}>
                <Link href={c.href} className="app-dash-compare-link">
                  {c.label}
                </Link>
                {/* The amount and its trend stay together, the margin's trend beside them or below on a narrow card. */}
                <span className="ms-auto">
                  <span className="text-nowrap">
                    <Money value={c.net} />{' '}
                    <TrendBadge current={sales.net} previous={c.net} testId={`${testId}-trend-${c.id}`} />
                  </span>
                  {sales.margin !== undefined && c.margin !== undefined ? (
                    <>
                      {' '}
                      <span className="text-nowrap">
                        {'· marge '}
                        <TrendBadge
                          current={sales.margin}
                          previous={c.margin}
                          testId={`${testId}-margin-trend-${c.id}`}
                        />
                      </span>
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </FigureCard>
  );
}

/** État de stock's value at the CMUP, over the user's places (a placeholder until the deferred card arrives). */
export function StockValueFigure({ stock }: { stock: DashboardStockValue | undefined }) {
  return (
    <FigureCard
      testId="dashboard-stock-value"
      icon="fa-solid fa-boxes-stacked"
      tone="app-dash-tone-info"
      label="Valeur du stock"
      href={stock?.href ?? route('reports.stock')}
      value={
        stock ? (
          <Money value={stock.value} />
        ) : (
          <span className="placeholder-glow">
            <span className="placeholder col-8" />
          </span>
        )
      }
    >
      {stock ? `${formatCount(stock.products, 'produit')} en stock, au CMUP` : 'Au CMUP'}
    </FigureCard>
  );
}

export function ReceivablesFigure({ receivables: r }: { receivables: DashboardReceivables }) {
  return (
    <FigureCard
      testId="dashboard-receivables"
      icon="fa-solid fa-file-invoice-dollar"
      tone="app-dash-tone-warning"
      label="Créances clients"
      href={r.href}
      value={<Money value={r.remaining} />}
    >
      {r.invoices === 0 ? (
        'Aucune facture en attente de paiement'
      ) : (
        <>
          <div>{formatCount(r.invoices, 'facture')} à encaisser</div>
          <div className={r.overdue > 0 ? 'text-danger' : ''} data-testid="dashboard-overdue">
            {r.overdue > 0 ? (
              <>
                dont en retard <Money value={r.overdue} className="fw-semibold" /> (
                {formatCount(r.overdue_invoices, 'facture')})
              </>
            ) : (
              'aucune en retard'
            )}
          </div>
        </>
      )}
    </FigureCard>
  );
}

export function TreasuryFigure({ treasury: t }: { treasury: DashboardTreasury }) {
  return (
    <FigureCard
      testId="dashboard-treasury"
      icon="fa-solid fa-vault"
      tone="app-dash-tone-success"
      label="Trésorerie"
      href={t.href}
      value={<Money value={t.total} tone="balance" />}
    >
      {t.accounts.length === 0
        ? 'Aucun compte de trésorerie'
        : `${formatCount(t.accounts.length, 'compte')} : caisses, banques et mobile money`}
    </FigureCard>
  );
}

/** Certified invoices: what waits for the DGI or for a manager, and FNE's stickers when few are left. */
export function CertificationFigure({ certification: c }: { certification: DashboardCertification }) {
  const toWatch = c.refused + c.uncertain;
  return (
    <FigureCard
      testId="dashboard-certification"
      icon="fa-solid fa-stamp"
      tone={toWatch > 0 || c.low_sticker_balance !== null ? 'app-dash-tone-danger' : 'app-dash-tone-info'}
      label="Certification DGI"
      href={c.href}
      value={toWatch > 0 ? `${formatQty(toWatch)} à traiter` : 'À jour'}
    >
      <div>
        {c.pending > 0 ? `${formatCount(c.pending, 'document')} en attente d’envoi` : 'Aucun document en attente'}
      </div>
      {c.refused > 0 ? (
        <div className="text-danger">{formatCount(c.refused, 'refusé', 'refusés')} par la DGI</div>
      ) : null}
      {c.uncertain > 0 ? (
        <div className="text-danger">
          {formatCount(c.uncertain, 'incertain', 'incertains')} : à vérifier sur le portail
        </div>
      ) : null}
      {c.low_sticker_balance !== null ? (
        <div className="text-danger fw-semibold" data-testid="dashboard-stickers">
          Plus que {formatCount(c.low_sticker_balance, 'sticker')} FNE : rechargez-les
        </div>
      ) : null}
    </FigureCard>
  );
}

/** A card with a heading linking to its screen, and a list or a chart in its body. */
export function PanelCard({
  testId,
  icon,
  title,
  href,
  linkLabel,
  children,
}: {
  testId: string;
  icon: string;
  title: string;
  href: string | undefined;
  linkLabel: string;
  children: ReactNode;
}) {
  return (
    <section className="card h-100 app-dash-panel" data-testid={testId} aria-labelledby={`${testId}-title`}>
      <div className="card-header d-flex align-items-center gap-2">
        <Icon name={icon} className="text-body-secondary" />
        <h2 className="h6 mb-0 flex-grow-1" id={`${testId}-title`}>
          {title}
        </h2>
        {href ? (
          <Link href={href} className="small text-nowrap" data-testid={`${testId}-link`}>
            {linkLabel}
            <Icon name="fa-solid fa-chevron-right" className="ms-1" />
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

function Empty({ icon, text }: { icon: string; text: string }) {
  return (
    <div className="card-body text-center text-body-secondary py-4">
      <Icon name={icon} className="d-block fs-3 mb-2 opacity-50" />
      {text}
    </div>
  );
}

function ChartPlaceholder() {
  return <div className="app-dash-chart-placeholder" aria-hidden="true" />;
}

export function SalesChartCard({ card }: { card: DashboardChartCard | undefined }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // Printing before the idle moment: draw it now.
    const now = () => setReady(true);
    window.addEventListener('beforeprint', now);
    const cancel = afterPageIdle(now);
    return () => {
      cancel();
      window.removeEventListener('beforeprint', now);
    };
  }, []);
  const empty = card ? card.chart.series[0]?.data.every((v) => v === 0) : false;
  return (
    <PanelCard
      testId="dashboard-chart"
      icon="fa-solid fa-chart-column"
      title="Chiffre d’affaires des 30 derniers jours"
      href={card?.href}
      linkLabel="Journalier"
    >
      <div className="card-body">
        {!card ? (
          <ChartPlaceholder />
        ) : empty ? (
          <Empty icon="fa-solid fa-chart-column" text="Aucune vente sur les 30 derniers jours." />
        ) : ready ? (
          <Suspense fallback={<ChartPlaceholder />}>
            <ReportChart chart={{ ...card.chart, title: '' }} testId="dashboard-sales-chart" />
          </Suspense>
        ) : (
          <ChartPlaceholder />
        )}
      </div>
    </PanelCard>
  );
}

export function TopProductsCard({ top }: { top: DashboardTopProducts | undefined }) {
  return (
    <PanelCard
      testId="dashboard-top-products"
      icon="fa-solid fa-ranking-star"
      title="Meilleures ventes du mois"
      href={top?.href}
      linkLabel="Par produit"
    >
      {!top ? (
        <div className="card-body">
          <div className="placeholder-glow">
            <span className="placeholder col-12 mb-2" />
            <span className="placeholder col-10 mb-2" />
            <span className="placeholder col-8" />
          </div>
        </div>
      ) : top.rows.length === 0 ? (
        <Empty icon="fa-solid fa-ranking-star" text="Aucune vente ce mois-ci." />
      ) : (
        <ol className="list-group list-group-flush app-dash-list">
          {top.rows.map((p) => (
            <li key={p.id} className="list-group-item">
              <div className="d-flex gap-2">
                <span className="flex-grow-1 min-w-0 app-dash-name fw-semibold">{p.name}</span>
                <Money value={p.sales} className="fw-semibold" />
              </div>
              <div className="small text-body-secondary">
                {p.code} · {formatQuantity(p.quantity, p.unit)}
                {p.margin !== undefined ? (
                  <>
                    {' · marge '}
                    <Money value={p.margin} />
                  </>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
    </PanelCard>
  );
}

const ACCOUNT_ICONS = {
  caisse: 'fa-solid fa-cash-register',
  banque: 'fa-solid fa-building-columns',
  mobile_money: 'fa-solid fa-mobile-screen',
} as const;

export function AccountsCard({ treasury: t }: { treasury: DashboardTreasury }) {
  return (
    <PanelCard
      testId="dashboard-accounts"
      icon="fa-solid fa-vault"
      title="Soldes de trésorerie"
      href={t.href}
      linkLabel="Caisse"
    >
      {t.accounts.length === 0 ? (
        <Empty icon="fa-solid fa-vault" text="Aucun compte de trésorerie." />
      ) : (
        <ul className="list-group list-group-flush app-dash-list">
          {t.accounts.map((a) => (
            <li key={a.id} className="list-group-item d-flex gap-2 align-items-center">
              <Icon name={ACCOUNT_ICONS[a.kind]} className="text-body-secondary" fixedWidth />
              <span className="flex-grow-1 min-w-0">
                <span className="d-block app-dash-name" data-testid="dashboard-account-name">
                  {a.name}
                </span>
                <span className="d-block small text-body-secondary">
                  {a.code} · {a.kind_label}
                </span>
              </span>
              <Money value={a.balance} tone="balance" className="fw-semibold" />
            </li>
          ))}
        </ul>
      )}
    </PanelCard>
  );
}

export function LowStockCard({ low }: { low: DashboardLowStock | undefined }) {
  return (
    <PanelCard
      testId="dashboard-low-stock"
      icon="fa-solid fa-triangle-exclamation"
      title="Sous le seuil d’alerte"
      href={low?.href}
      linkLabel={low ? `Voir les ${formatCount(low.count, 'alerte')}` : 'Voir'}
    >
      {!low ? (
        <div className="card-body placeholder-glow">
          <span className="placeholder col-6" />
        </div>
      ) : low.count === 0 ? (
        <Empty icon="fa-solid fa-circle-check" text="Aucun produit sous son seuil d’alerte." />
      ) : (
        <ul className="list-group list-group-flush app-dash-list">
          {low.products.map((p) => (
            <li key={`${p.id}-${p.location_id}`} className="list-group-item d-flex gap-2 align-items-start">
              <span className="flex-grow-1 min-w-0">
                {p.href ? (
                  <Link href={p.href} className="d-block app-dash-name">
                    {p.name}
                  </Link>
                ) : (
                  <span className="d-block app-dash-name">{p.name}</span>
                )}
                <span className="small text-body-secondary">
                  {p.location} · seuil {formatQuantity(p.threshold, p.unit)}
                </span>
              </span>
              <span className={`text-nowrap fw-semibold ${p.quantity <= 0 ? 'text-danger' : 'text-warning-emphasis'}`}>
                {formatQuantity(p.quantity, p.unit)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </PanelCard>
  );
}

const DOCUMENT_ICONS = {
  sale: 'fa-solid fa-file-invoice',
  settlement: 'fa-solid fa-hand-holding-dollar',
  entry: 'fa-solid fa-truck-ramp-box',
  transfer: 'fa-solid fa-truck-arrow-right',
  cash_operation: 'fa-solid fa-cash-register',
} as const;

export function DocumentsCard({ documents }: { documents: DashboardDocument[] }) {
  return (
    <section
      className="card h-100 app-dash-panel"
      data-testid="dashboard-documents"
      aria-labelledby="dashboard-documents-title"
    >
      <div className="card-header d-flex align-items-center gap-2">
        <Icon name="fa-solid fa-clock-rotate-left" className="text-body-secondary" />
        <h2 className="h6 mb-0" id="dashboard-documents-title">
          Derniers documents
        </h2>
      </div>
      {documents.length === 0 ? (
        <Empty icon="fa-regular fa-file" text="Aucun document pour le moment." />
      ) : (
        <ul className="list-group list-group-flush app-dash-list">
          {documents.map((d) => (
            <li key={`${d.kind}-${d.id}`} className="list-group-item d-flex gap-2 align-items-start">
              <Icon name={DOCUMENT_ICONS[d.kind]} className="text-body-secondary mt-1" fixedWidth />
              <span className="flex-grow-1 min-w-0">
                <Link href={d.href} className="fw-semibold" title={DOCUMENT_KIND_LABELS[d.kind]}>
                  {d.number}
                </Link>
                {d.cancelled ? <span className="badge text-bg-danger ms-2">Annulé</span> : null}
                <span className="d-block small text-body-secondary">
                  {formatDate(d.date)} · {d.label || DOCUMENT_KIND_LABELS[d.kind]}
                </span>
              </span>
              {d.total !== null ? <Money value={d.total} className="text-nowrap" /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
