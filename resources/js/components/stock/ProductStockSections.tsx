/**
 * The stock sections of a product: quantity per location (and in transit), the last movements
 * (paged with ?mvt_page=), the CMUP history. Used by the product stock page and reusable in the
 * product detail page (server: productStockSections() in routes/stock/product-stock.ts).
 */
import { Link, usePage } from '@inertiajs/react';
import { ALERT_THRESHOLD_RULE, belowAlertThreshold } from '@shared/records';
import type { ProductStockSectionsProps } from '@shared/stock-pages';
import { Money } from '@/components/data/Money';
import { Pagination } from '@/components/Pagination';
import { SectionCard } from '@/components/data/SectionCard';
import { Stat, StatRow } from '@/components/data/Stat';
import { EmptyState } from '@/components/data/EmptyState';
import { diffClass, formatDate, formatDateTime, formatQty, formatSigned } from '@/components/data/format';

export function ProductStockSections({ currency, show_costs, product, locations, in_transit, total_quantity, total_value, movements, movements_page, cmup_history }: ProductStockSectionsProps) {
  const { url } = usePage();
  const low = belowAlertThreshold(total_quantity, product.alert_threshold);
  return (
    <>
      <StatRow className="mb-3">
        <Stat
          label="Stock total"
          value={
            <>
              {formatQty(total_quantity)} <span className="fs-6 fw-normal">{product.unit}</span>
            </>
          }
          testId="stock-total"
        />
        {in_transit ? <Stat label="Dont en transit" value={formatQty(in_transit)} /> : null}
        {show_costs ? (
          <>
            <Stat label="CMUP" value={<Money value={product.cmup} currency={currency} />} />
            <Stat label="Valeur du stock" value={<Money value={total_value} currency={currency} />} />
            <Stat label="Dernier prix d'achat" value={<Money value={product.purchase_price} currency={currency} />} />
          </>
        ) : null}
      </StatRow>

      <div className="row g-3 mb-3">
        <div className="col-xl-5">
          <SectionCard title="Stock par emplacement" icon="fa-solid fa-warehouse" className="h-100 mb-0">
            <div className="table-responsive">
              <table className="table app-doc-table" data-testid="stock-locations">
                <thead>
                  <tr>
                    <th scope="col">Emplacement</th>
                    <th scope="col" className="num">Quantité</th>
                    {show_costs ? <th scope="col" className="num">Valeur</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {locations.map((l) => (
                    <tr key={l.id}>
                      <td>
                        {l.name} <span className="small text-body-secondary">{l.kind === 'depot' ? 'dépôt' : 'boutique'}</span>
                      </td>
                      <td className={`num ${l.quantity < 0 ? 'text-danger' : ''}`}>{formatQty(l.quantity)}</td>
                      {show_costs ? (
                        <td className="num">
                          <Money value={l.value} currency={currency} />
                        </td>
                      ) : null}
                    </tr>
                  ))}
                  {in_transit ? (
                    <tr>
                      <td className="fst-italic">En transit (transferts envoyés)</td>
                      <td className="num">{formatQty(in_transit)}</td>
                      {show_costs ? <td /> : null}
                    </tr>
                  ) : null}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">Total</th>
                    <td className={`num ${low ? 'text-warning-emphasis fw-semibold' : ''}`} data-testid="stock-locations-total">
                      {formatQty(total_quantity)}
                    </td>
                    {show_costs ? (
                      <td className="num">
                        <Money value={total_value} currency={currency} />
                      </td>
                    ) : null}
                  </tr>
                </tfoot>
              </table>
            </div>
            {product.alert_threshold > 0 ? (
              <div className={`card-footer small ${low ? 'text-warning-emphasis' : 'text-body-secondary'}`} data-testid="alert-threshold">
                Seuil d'alerte : {formatQty(product.alert_threshold)} {ALERT_THRESHOLD_RULE}
                {low ? ' — atteint.' : '.'}
              </div>
            ) : null}
          </SectionCard>
        </div>
        {cmup_history ? (
          <div className="col-xl-7">
            <SectionCard title="Historique du CMUP" icon="fa-solid fa-chart-line" className="h-100 mb-0">
              {cmup_history.length === 0 ? (
                <EmptyState icon="fa-solid fa-chart-line" title="Aucune entrée valorisée">Le CMUP se calcule à chaque entrée de stock de ce produit.</EmptyState>
              ) : (
                <div className="table-responsive">
                  <table className="table table-sm app-doc-table" data-testid="cmup-history">
                    <thead>
                      <tr>
                        <th scope="col">Date</th>
                        <th scope="col">Opération</th>
                        <th scope="col" className="num">Stock avant</th>
                        <th scope="col" className="num">Quantité × coût</th>
                        <th scope="col" className="num">CMUP</th>
                      </tr>
                    </thead>
                    <tbody>
                      {cmup_history.map((h) => (
                        <tr key={h.id}>
                          <td>{formatDate(h.business_date)}</td>
                          <td>
                            {h.type_label}
                            {h.document_number ? (
                              <div className="small">{h.document_url ? <Link href={h.document_url}>{h.document_number}</Link> : h.document_number}</div>
                            ) : null}
                          </td>
                          <td className="num">{formatQty(h.quantity_before)}</td>
                          <td className="num small">
                            {formatSigned(h.quantity)} × <Money value={h.unit_cost} currency={currency} />
                          </td>
                          <td className="num">
                            <strong>
                              <Money value={h.new_cmup} currency={currency} />
                            </strong>
                            <div className="text-body-secondary small">
                              avant : <Money value={h.old_cmup} currency={currency} />
                            </div>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </SectionCard>
          </div>
        ) : null}
      </div>

      <SectionCard title="Derniers mouvements" icon="fa-solid fa-arrow-right-arrow-left">
        {movements.length === 0 ? (
          <EmptyState icon="fa-solid fa-arrow-right-arrow-left" title="Aucun mouvement de stock" />
        ) : (
          <div className="table-responsive">
            <table className="table table-sm app-doc-table" data-testid="stock-movements">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Emplacement</th>
                  <th scope="col">Mouvement</th>
                  <th scope="col">Document</th>
                  <th scope="col" className="num">Quantité</th>
                  {show_costs ? <th scope="col" className="num">Coût</th> : null}
                  <th scope="col">Par</th>
                </tr>
              </thead>
              <tbody>
                {movements.map((m) => (
                  <tr key={m.id}>
                    <td>
                      {formatDate(m.business_date)}
                      <div className="small text-body-secondary">{formatDateTime(m.created_at)}</div>
                    </td>
                    <td>{m.location_name}</td>
                    <td>
                      {m.type_label}
                      {m.reason ? <div className="small text-body-secondary">{m.reason}</div> : null}
                    </td>
                    <td>{m.document_number ? m.document_url ? <Link href={m.document_url} className="app-doc-number">{m.document_number}</Link> : <span className="app-doc-number">{m.document_number}</span> : '—'}</td>
                    <td className={`num ${diffClass(m.quantity)}`}>{formatSigned(m.quantity)}</td>
                    {show_costs ? (
                      <td className="num">
                        <Money value={m.unit_cost} currency={currency} />
                      </td>
                    ) : null}
                    <td className="small">{m.user_name ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="card-footer">
          <Pagination currentPage={movements_page.page} lastPage={movements_page.last_page} url={url} total={movements_page.total} perPage={movements_page.per_page} param="mvt_page" label="Pagination des mouvements" />
        </div>
      </SectionCard>
    </>
  );
}
