/**
 * The stock sections of a product: quantity per location (and in transit), the last movements
 * (paged with ?mvt_page=), the CMUP history. Used by the product stock page and reusable in the
 * product detail page (server: productStockSections() in routes/stock/product-stock.ts).
 */
import { Link, usePage } from '@inertiajs/react';
import { ALERT_THRESHOLD_RULE } from '@shared/products';
import { Icon } from '@/components/Icon';
import type { ProductStockSectionsProps } from '@shared/pages/stock';
import { ScrollTable } from '@/components/data/DataTable';
import { Money } from '@/components/data/Money';
import { Pagination } from '@/components/Pagination';
import { SectionCard } from '@/components/data/SectionCard';
import { Stat, StatRow } from '@/components/data/Stat';
import { EmptyState } from '@/components/data/EmptyState';
import { diffClass, formatDate, formatDateTime, formatQty, formatSigned, pluralUnit } from '@/components/data/format';

export function ProductStockSections({
  show_costs,
  product,
  locations,
  in_transit,
  total_quantity,
  total_value,
  movements,
  movements_page,
  cmup_history,
}: ProductStockSectionsProps) {
  const { url } = usePage();
  // Under the threshold in force at one of the locations shown (ALERT_THRESHOLD_RULE).
  const low = locations.filter((l) => l.below_threshold);
  return (
    <>
      <StatRow className="mb-3">
        <Stat
          label="Stock total"
          value={
            <>
              {formatQty(total_quantity)}{' '}
              <span className="fs-6 fw-normal">{pluralUnit(product.unit, total_quantity)}</span>
            </>
          }
          testId="stock-total"
        />
        {in_transit ? <Stat label="Dont en transit" value={formatQty(in_transit)} /> : null}
        {show_costs ? (
          <>
            <Stat label="CMUP" value={<Money value={product.cmup} />} />
            <Stat label="Valeur du stock" value={<Money value={total_value} />} />
            <Stat label="Dernier prix d’achat" value={<Money value={product.purchase_price} />} />
          </>
        ) : null}
      </StatRow>

      <div className="row g-3 mb-3">
        <div className="col-xxl-5">
          <SectionCard title="Stock par emplacement" icon="fa-solid fa-warehouse" className="h-100 mb-0">
            <ScrollTable
              caption="Stock par emplacement"
              testId="stock-locations"
              rows={locations}
              rowKey={(l) => l.id}
              columns={[
                {
                  id: 'location',
                  label: 'Emplacement',
                  role: 'title',
                  wrap: true,
                  cell: (l) => (
                    <>
                      {l.name}{' '}
                      <span className="small text-body-secondary">{l.kind === 'depot' ? 'dépôt' : 'boutique'}</span>
                    </>
                  ),
                },
                {
                  id: 'quantity',
                  label: 'Quantité',
                  role: 'figure',
                  num: true,
                  // null: the user counts this location blind (an open blind count).
                  cellClassName: (l) =>
                    l.quantity !== null && l.quantity < 0
                      ? 'text-danger'
                      : l.below_threshold
                        ? 'text-warning-emphasis'
                        : undefined,
                  cellTitle: (l) =>
                    l.quantity === null
                      ? 'Inventaire à l’aveugle en cours'
                      : l.below_threshold
                        ? 'Sous le seuil d’alerte'
                        : undefined,
                  cell: (l) => (
                    <>
                      {l.below_threshold ? (
                        <>
                          <Icon name="fa-solid fa-triangle-exclamation" className="me-1" />
                          <span className="visually-hidden">Sous le seuil d’alerte : </span>
                        </>
                      ) : null}
                      {formatQty(l.quantity)}
                    </>
                  ),
                },
                {
                  id: 'threshold',
                  label: 'Seuil',
                  role: 'secondary',
                  num: true,
                  cellTitle: (l) => (l.own_threshold === null ? 'Seuil du produit' : 'Seuil propre à cet emplacement'),
                  cell: (l) => (l.threshold > 0 ? formatQty(l.threshold) : '—'),
                },
                show_costs
                  ? {
                      id: 'value',
                      label: 'Valeur',
                      role: 'figure',
                      num: true,
                      cell: (l) => <Money value={l.value} />,
                    }
                  : null,
              ]}
              foot={
                <>
                  {in_transit ? (
                    <tr>
                      <td className="app-col-title fst-italic">En transit (transferts envoyés)</td>
                      <td className="app-col-figure app-num" data-label="Quantité">
                        {formatQty(in_transit)}
                      </td>
                      <td className="app-col-secondary" />
                      {show_costs ? <td className="app-col-figure" /> : null}
                    </tr>
                  ) : null}
                  <tr className="fw-semibold">
                    <td className="app-col-title">Total</td>
                    <td className="app-col-figure app-num" data-label="Quantité" data-testid="stock-locations-total">
                      {formatQty(total_quantity)}
                    </td>
                    <td className="app-col-secondary" />
                    {show_costs ? (
                      <td className="app-col-figure app-num" data-label="Valeur">
                        <Money value={total_value} />
                      </td>
                    ) : null}
                  </tr>
                </>
              }
            />
            {product.alert_threshold > 0 || locations.some((l) => l.threshold > 0) ? (
              <div
                className={`card-footer small ${low.length ? 'text-warning-emphasis' : 'text-body-secondary'}`}
                data-testid="alert-threshold"
              >
                Seuil d’alerte {ALERT_THRESHOLD_RULE}
                {product.alert_threshold > 0 ? ` (${formatQty(product.alert_threshold)})` : ''}
                {low.length ? ` — atteint à ${low.map((l) => l.name).join(', ')}.` : '.'}
              </div>
            ) : null}
          </SectionCard>
        </div>
        {cmup_history ? (
          <div className="col-xxl-7">
            <SectionCard title="Historique du CMUP" icon="fa-solid fa-chart-line" className="h-100 mb-0">
              {cmup_history.length === 0 ? (
                <EmptyState icon="fa-solid fa-chart-line" title="Aucune entrée valorisée">
                  Le CMUP se calcule à chaque entrée de stock de ce produit.
                </EmptyState>
              ) : (
                <ScrollTable
                  caption="Historique du CMUP"
                  testId="cmup-history"
                  rows={cmup_history}
                  rowKey={(h) => h.id}
                  columns={[
                    { id: 'date', label: 'Date', role: 'title', cell: (h) => formatDate(h.business_date) },
                    {
                      id: 'operation',
                      label: 'Opération',
                      role: 'secondary',
                      wrap: true,
                      cell: (h) => (
                        <>
                          {h.type_label}
                          {h.document_number ? (
                            <div className="small">
                              {h.document_url ? (
                                <Link href={h.document_url}>{h.document_number}</Link>
                              ) : (
                                h.document_number
                              )}
                            </div>
                          ) : null}
                        </>
                      ),
                    },
                    {
                      id: 'before',
                      label: 'Stock avant',
                      role: 'secondary',
                      num: true,
                      cell: (h) => formatQty(h.quantity_before),
                    },
                    {
                      id: 'entry',
                      label: 'Quantité × coût',
                      role: 'secondary',
                      num: true,
                      className: 'small',
                      cell: (h) => (
                        <>
                          {formatSigned(h.quantity)} × <Money value={h.unit_cost} />
                        </>
                      ),
                    },
                    {
                      id: 'cmup',
                      label: 'CMUP',
                      role: 'figure',
                      num: true,
                      cell: (h) => (
                        <>
                          <strong>
                            <Money value={h.new_cmup} />
                          </strong>
                          <div className="text-body-secondary small fw-normal">
                            avant : <Money value={h.old_cmup} />
                          </div>
                        </>
                      ),
                    },
                  ]}
                />
              )}
            </SectionCard>
          </div>
        ) : null}
      </div>

      <SectionCard title="Derniers mouvements" icon="fa-solid fa-arrow-right-arrow-left">
        {movements.length === 0 ? (
          <EmptyState icon="fa-solid fa-arrow-right-arrow-left" title="Aucun mouvement de stock" />
        ) : (
          <ScrollTable
            caption="Derniers mouvements"
            testId="stock-movements"
            rows={movements}
            rowKey={(m) => m.id}
            columns={[
              {
                id: 'date',
                label: 'Date',
                role: 'title',
                cell: (m) => (
                  <>
                    {formatDate(m.business_date)}
                    <div className="small text-body-secondary fw-normal">{formatDateTime(m.created_at)}</div>
                  </>
                ),
              },
              { id: 'location', label: 'Emplacement', role: 'secondary', wrap: true, cell: (m) => m.location_name },
              {
                id: 'type',
                label: 'Mouvement',
                role: 'secondary',
                wrap: true,
                cell: (m) => (
                  <>
                    {m.type_label}
                    {m.reason ? <div className="small text-body-secondary">{m.reason}</div> : null}
                  </>
                ),
              },
              {
                id: 'document',
                label: 'Document',
                role: 'secondary',
                cell: (m) =>
                  m.document_number ? (
                    m.document_url ? (
                      <Link href={m.document_url} className="app-doc-number">
                        {m.document_number}
                      </Link>
                    ) : (
                      <span className="app-doc-number">{m.document_number}</span>
                    )
                  ) : (
                    '—'
                  ),
              },
              {
                id: 'quantity',
                label: 'Quantité',
                role: 'figure',
                num: true,
                cellClassName: (m) => diffClass(m.quantity),
                cell: (m) => formatSigned(m.quantity),
              },
              show_costs
                ? {
                    id: 'cost',
                    label: 'Coût',
                    role: 'figure',
                    num: true,
                    cell: (m) => <Money value={m.unit_cost} />,
                  }
                : null,
              {
                id: 'user',
                label: 'Par',
                role: 'secondary',
                wrap: true,
                className: 'small',
                cell: (m) => m.user_name ?? '—',
              },
            ]}
          />
        )}
        <div className="card-footer">
          <Pagination
            currentPage={movements_page.page}
            lastPage={movements_page.last_page}
            url={url}
            total={movements_page.total}
            perPage={movements_page.per_page}
            param="mvt_page"
            label="Pagination des mouvements"
          />
        </div>
      </SectionCard>
    </>
  );
}
