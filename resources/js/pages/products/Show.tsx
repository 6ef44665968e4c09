import { Link, usePage } from '@inertiajs/react';
import { LOCATION_KIND_LABELS, type MasterDataPages } from '@shared/records';
import { AppPage } from '@/components/AppPage';
import { Icon } from '@/components/Icon';
import { Pagination } from '@/components/Pagination';
import { AuditHistory } from '@/components/data/AuditHistory';
import { Fact } from '@/components/data/Fact';
import { formatDateTime, formatQty } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { RecordLifecycle } from '@/components/data/RecordLifecycle';
import { Badge, StatusBadge } from '@/components/data/StatusBadge';

const BASE = '/fichiers/produits';

export default function ProductShow({ product, stock, price_history, usage, history, can, currency, show_costs }: MasterDataPages['products/Show']) {
  const { url } = usePage();
  const low = product.alert_threshold > 0 && product.stock_total <= product.alert_threshold;
  return (
    <AppPage
      title={product.name}
      subtitle={
        <>
          {product.code} · {product.category_name} <StatusBadge active={product.active} />
        </>
      }
      breadcrumbs={[{ label: 'Fichiers' }, { label: 'Produits', href: BASE }, { label: product.code }]}
      actions={
        <div className="d-flex flex-wrap gap-2">
          <Link href={`${BASE}/${product.id}/stock`} className="btn btn-outline-secondary">
            <Icon name="fa-solid fa-right-left" className="me-2" />
            Mouvements de stock
          </Link>
          {can.update ? (
            <Link href={`${BASE}/${product.id}/edit`} className="btn btn-primary" data-testid="edit-link">
              <Icon name="fa-solid fa-pen" className="me-2" />
              Modifier
            </Link>
          ) : null}
        </div>
      }
    >
      <div className="row g-4">
        <div className="col-xl-8">
          <div className="app-stat-row mb-4">
            {show_costs ? (
              <>
                <Stat label="Prix d'achat" value={<Money value={product.purchase_price} currency={currency} />} />
                <Stat label="CMUP" value={<Money value={product.cmup} currency={currency} />} />
              </>
            ) : null}
            <Stat label="Prix de détail" value={<Money value={product.retail_price} currency={currency} />} testId="retail-price" />
            <Stat label="Prix de gros" value={<Money value={product.wholesale_price} currency={currency} />} />
            <Stat label="Prix minimum" value={<Money value={product.min_price} currency={currency} />} />
            <Stat label="Stock total" value={<span className={product.stock_total <= 0 ? 'text-danger' : low ? 'text-warning-emphasis' : ''}>{formatQty(product.stock_total)}</span>} />
          </div>
          <section className="card app-section-card" aria-labelledby="product-facts">
            <div className="card-header">
              <h2 id="product-facts" className="h6 mb-0">
                Fiche produit
              </h2>
            </div>
            <div className="card-body">
              <dl className="app-facts">
                <Fact label="Code-barres" value={product.barcode ? <span className="font-monospace">{product.barcode}</span> : null} />
                <Fact label="Catégorie" value={<Link href={`/fichiers/categories/${product.category_id}`}>{product.category_name}</Link>} />
                <Fact label="Unité" value={product.unit} />
                <Fact label="Colisage" value={formatQty(product.pack_size)} />
                <Fact label="Seuil d'alerte" value={product.alert_threshold > 0 ? formatQty(product.alert_threshold) : 'Aucun'} />
                <Fact label="Créé le" value={formatDateTime(product.created_at)} />
                <Fact label="Modifié le" value={formatDateTime(product.updated_at)} />
              </dl>
            </div>
          </section>

          <section className="card app-section-card" aria-labelledby="product-stock">
            <div className="card-header">
              <h2 id="product-stock" className="h6 mb-0">
                <Icon name="fa-solid fa-warehouse" className="me-2" />
                Stock par emplacement
              </h2>
            </div>
            {stock.length === 0 ? (
              <div className="card-body small text-body-secondary">Aucun emplacement n'est défini.</div>
            ) : (
              <div className="table-responsive app-table-scroll" tabIndex={0} role="region" aria-label="Stock par emplacement">
                <table className="table align-middle mb-0 app-table" data-testid="stock-table">
                  <thead>
                    <tr>
                      <th scope="col">Emplacement</th>
                      <th scope="col" className="d-none d-sm-table-cell">
                        Type
                      </th>
                      <th scope="col" className="app-num">
                        Quantité
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {stock.map((s) => (
                      <tr key={s.location_id} className={s.active ? undefined : 'app-archived-row'}>
                        <td>
                          {s.location_name} <span className="text-body-secondary small">({s.location_code})</span>
                          {!s.active ? <Badge className="ms-2">Archivé</Badge> : null}
                        </td>
                        <td className="d-none d-sm-table-cell">{LOCATION_KIND_LABELS[s.kind]}</td>
                        <td className={`app-num ${s.quantity < 0 ? 'text-danger' : ''}`}>
                          {formatQty(s.quantity)} <span className="text-body-secondary small">{product.unit}</span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr className="fw-semibold">
                      <td>Total</td>
                      <td className="d-none d-sm-table-cell" />
                      <td className="app-num">{formatQty(product.stock_total)}</td>
                    </tr>
                  </tfoot>
                </table>
              </div>
            )}
          </section>

          <section className="card app-section-card" aria-labelledby="price-history-title" data-testid="price-history">
            <div className="card-header d-flex justify-content-between align-items-center gap-2 flex-wrap">
              <h2 id="price-history-title" className="h6 mb-0">
                <Icon name="fa-solid fa-tag" className="me-2" />
                Historique des prix
              </h2>
              {can.prices ? (
                <Link href={`/fichiers/centraleprix?q=${encodeURIComponent(product.code)}&status=all`} className="btn btn-sm btn-outline-secondary">
                  Centrale des prix
                </Link>
              ) : null}
            </div>
            {price_history.data.length === 0 ? (
              <div className="card-body small text-body-secondary">Aucun changement de prix depuis la création.</div>
            ) : (
              <>
                <div className="table-responsive app-table-scroll" tabIndex={0} role="region" aria-label="Historique des prix">
                  <table className="table align-middle mb-0 app-table">
                    <thead>
                      <tr>
                        <th scope="col">Date</th>
                        <th scope="col">Prix</th>
                        <th scope="col" className="app-num">
                          Ancien
                        </th>
                        <th scope="col" className="app-num">
                          Nouveau
                        </th>
                        <th scope="col">Origine</th>
                        <th scope="col">Par</th>
                      </tr>
                    </thead>
                    <tbody>
                      {price_history.data.map((h) => (
                        <tr key={h.id}>
                          <td>{formatDateTime(h.changed_at)}</td>
                          <td>{h.field_label}</td>
                          <td className="app-num text-body-secondary">
                            <Money value={h.old_value} currency={currency} />
                          </td>
                          <td className="app-num fw-semibold">
                            <Money value={h.new_value} currency={currency} />
                            <Icon name={h.new_value > h.old_value ? 'fa-solid fa-arrow-trend-up' : 'fa-solid fa-arrow-trend-down'} className={`ms-2 ${h.new_value > h.old_value ? 'text-success' : 'text-danger'}`} />
                          </td>
                          <td>{h.source_label}</td>
                          <td>{h.user_name ?? 'Système'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <div className="card-footer app-data-footer">
                  <Pagination currentPage={price_history.page} lastPage={price_history.last_page} url={url} total={price_history.total} perPage={price_history.per_page} param="history_page" label="Pagination de l'historique des prix" />
                </div>
              </>
            )}
          </section>

          <AuditHistory items={history} />
        </div>
        <div className="col-xl-4">
          <RecordLifecycle url={`${BASE}/${product.id}`} active={product.active} usage={usage} noun="ce produit" canDelete={can.delete} />
        </div>
      </div>
    </AppPage>
  );
}

function Stat({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="app-stat" data-testid={testId}>
      <div className="app-stat-value">{value}</div>
      <div className="app-stat-label">{label}</div>
    </div>
  );
}
