import { Link, usePage } from '@inertiajs/react';
import { LOCATION_KIND_LABELS, type MasterDataPages } from '@shared/records';
import { route } from '@shared/routes';
import { Icon } from '@/components/Icon';
import { AuditHistory } from '@/components/data/AuditHistory';
import { Fact, FactsCard } from '@/components/data/Fact';
import { formatDateTime, formatQty, pluralUnit } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { RecordLifecycle } from '@/components/data/RecordLifecycle';
import { EditLink, RecordPage } from '@/components/data/RecordPage';
import { SectionCard } from '@/components/data/SectionCard';
import { Stat, StatRow } from '@/components/data/Stat';
import { Badge, StatusBadge } from '@/components/data/StatusBadge';
import { ScrollTable } from '@/components/data/DataTable';
import { Pagination } from '@/components/Pagination';

export default function ProductShow({ product, stock, price_history, usage, history, can, currency, show_costs }: MasterDataPages['products/Show']) {
  const { url } = usePage();
  const low = product.alert_threshold > 0 && product.stock_total <= product.alert_threshold;
  return (
    <RecordPage
      title={product.name}
      subtitle={
        <>
          {product.code} · {product.category_name} <StatusBadge active={product.active} />
        </>
      }
      breadcrumbs={[{ label: 'Fichiers' }, { label: 'Produits', href: route('products.index') }, { label: product.code }]}
      actions={
        <div className="d-flex flex-wrap gap-2">
          <Link href={route('products.stock', { id: product.id })} className="btn btn-outline-secondary">
            <Icon name="fa-solid fa-right-left" className="me-2" />
            Mouvements de stock
          </Link>
          <EditLink href={can.update ? route('products.edit', { id: product.id }) : null} />
        </div>
      }
      aside={<RecordLifecycle resource="products" id={product.id} active={product.active} usage={usage} noun="ce produit" canDelete={can.delete} />}
    >
      <StatRow>
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
      </StatRow>
      <FactsCard title="Fiche produit">
        <Fact label="Code-barres" value={product.barcode ? <span className="font-monospace">{product.barcode}</span> : null} />
        <Fact label="Catégorie" value={<Link href={route('categories.show', { id: product.category_id })}>{product.category_name}</Link>} />
        <Fact label="Unité" value={product.unit} />
        <Fact label="Colisage" value={formatQty(product.pack_size)} />
        <Fact label="Seuil d'alerte" value={product.alert_threshold > 0 ? formatQty(product.alert_threshold) : 'Aucun'} />
        <Fact label="Créé le" value={formatDateTime(product.created_at)} />
        <Fact label="Modifié le" value={formatDateTime(product.updated_at)} />
      </FactsCard>

      <SectionCard title="Stock par emplacement" icon="fa-solid fa-warehouse">
        {stock.length === 0 ? (
          <div className="card-body small text-body-secondary">Aucun emplacement n'est défini.</div>
        ) : (
          <ScrollTable
            caption="Stock par emplacement"
            testId="stock-table"
            head={
              <tr>
                <th scope="col">Emplacement</th>
                <th scope="col" className="d-none d-sm-table-cell">
                  Type
                </th>
                <th scope="col" className="app-num">
                  Quantité
                </th>
              </tr>
            }
            foot={
              <tr className="fw-semibold">
                <td>Total</td>
                <td className="d-none d-sm-table-cell" />
                <td className="app-num">{formatQty(product.stock_total)}</td>
              </tr>
            }
          >
            {stock.map((s) => (
              <tr key={s.location_id} className={s.active ? undefined : 'app-archived-row'}>
                <td>
                  {s.location_name} <span className="text-body-secondary small">({s.location_code})</span>
                  {!s.active ? <Badge className="ms-2">Archivé</Badge> : null}
                </td>
                <td className="d-none d-sm-table-cell">{LOCATION_KIND_LABELS[s.kind]}</td>
                <td className={`app-num ${s.quantity < 0 ? 'text-danger' : ''}`}>
                  {formatQty(s.quantity)} <span className="text-body-secondary small">{pluralUnit(product.unit, s.quantity)}</span>
                </td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </SectionCard>

      <SectionCard
        title="Historique des prix"
        icon="fa-solid fa-tag"
        testId="price-history"
        aside={
          can.prices ? (
            <Link href={route('priceCentre.index', { q: product.code, status: 'all' })} className="btn btn-sm btn-outline-secondary">
              Centrale des prix
            </Link>
          ) : null
        }
      >
        {price_history.data.length === 0 ? (
          <div className="card-body small text-body-secondary">Aucun changement de prix depuis la création.</div>
        ) : (
          <>
            <ScrollTable
              caption="Historique des prix"
              head={
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
              }
            >
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
            </ScrollTable>
            <div className="card-footer app-data-footer">
              <Pagination currentPage={price_history.page} lastPage={price_history.last_page} url={url} total={price_history.total} perPage={price_history.per_page} param="history_page" label="Pagination de l'historique des prix" />
            </div>
          </>
        )}
      </SectionCard>

      <AuditHistory items={history} />
    </RecordPage>
  );
}
