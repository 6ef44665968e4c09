import { Link, usePage } from '@inertiajs/react';
import { LOCATION_KIND_LABELS } from '@shared/locations';
import type { MasterDataPages } from '@shared/pages/master-data';
import { ALERT_THRESHOLD_RULE, type PriceMarginView } from '@shared/products';
import { route } from '@shared/routes';
import { productTaxGroupLabel } from '@shared/tax-groups';
import { Icon } from '@/components/Icon';
import { AuditHistory } from '@/components/data/AuditHistory';
import { Fact, FactsCard } from '@/components/data/Fact';
import { formatDateTime, formatQty, formatQuantity, formatRate, pluralUnit } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { RecordLifecycle } from '@/components/data/RecordLifecycle';
import { EditLink, RecordPage } from '@/components/data/RecordPage';
import { SectionCard } from '@/components/data/SectionCard';
import { Stat, StatRow } from '@/components/data/Stat';
import { Badge, StatusBadge } from '@/components/data/StatusBadge';
import { ScrollTable } from '@/components/data/DataTable';
import { Pagination } from '@/components/Pagination';

export default function ProductShow({
  product,
  margins,
  stock,
  price_history,
  usage,
  history,
  can,
  show_costs,
  default_tax_group,
}: MasterDataPages['products/Show']) {
  const { url } = usePage();
  // Under the threshold in force at one of the locations shown (ALERT_THRESHOLD_RULE).
  const low = stock.some((s) => s.below_threshold);
  return (
    <RecordPage
      title={product.name}
      subtitle={
        <>
          {product.code} · {product.category_name} <StatusBadge active={product.active} />
        </>
      }
      breadcrumbs={[
        { label: 'Fichiers' },
        { label: 'Produits', href: route('products.index') },
        { label: product.code },
      ]}
      actions={
        <div className="d-flex flex-wrap gap-2">
          <Link href={route('products.stock', { id: product.id })} className="btn btn-outline-secondary">
            <Icon name="fa-solid fa-right-left" className="me-2" />
            Mouvements de stock
          </Link>
          <EditLink href={can.update ? route('products.edit', { id: product.id }) : null} />
        </div>
      }
      aside={
        <RecordLifecycle
          resource="products"
          id={product.id}
          active={product.active}
          usage={usage}
          noun="ce produit"
          canDelete={can.delete}
        />
      }
    >
      <StatRow>
        {show_costs ? (
          <>
            <Stat label="Prix d’achat" value={<Money value={product.purchase_price} />} />
            <Stat label="CMUP" value={<Money value={product.cmup} />} />
          </>
        ) : null}
        <Stat
          label="Prix de détail"
          value={<Money value={product.retail_price} />}
          extra={margins ? <PriceMargin m={margins.retail} includeVat={margins.prices_include_vat} /> : null}
          testId="retail-price"
        />
        <Stat
          label="Prix de gros"
          value={<Money value={product.wholesale_price} />}
          extra={margins ? <PriceMargin m={margins.wholesale} includeVat={margins.prices_include_vat} /> : null}
          testId="wholesale-price"
        />
        <Stat label="Prix minimum" value={<Money value={product.min_price} />} />
        <Stat
          label="Stock total"
          value={
            <span
              className={
                product.stock_total !== null && product.stock_total <= 0
                  ? 'text-danger'
                  : low
                    ? 'text-warning-emphasis'
                    : ''
              }
            >
              {formatQty(product.stock_total)}
            </span>
          }
        />
      </StatRow>
      <FactsCard title="Fiche produit">
        <Fact
          label="Code-barres"
          value={product.barcode ? <span className="font-monospace">{product.barcode}</span> : null}
        />
        <Fact
          label="Catégorie"
          value={<Link href={route('categories.show', { id: product.category_id })}>{product.category_name}</Link>}
        />
        <Fact label="Unité" value={product.unit} />
        <Fact label="Colisage" value={formatQty(product.pack_size)} />
        <Fact label="Groupe de taxe" value={productTaxGroupLabel(product.tax_group, default_tax_group)} />
        <Fact
          label="Seuil d’alerte par défaut"
          value={
            <>
              {product.alert_threshold > 0 ? formatQuantity(product.alert_threshold, product.unit) : 'Aucun'}
              <span className="d-block small text-body-secondary">Seuil {ALERT_THRESHOLD_RULE}.</span>
            </>
          }
        />
        <Fact label="Créé le" value={formatDateTime(product.created_at)} />
        <Fact label="Modifié le" value={formatDateTime(product.updated_at)} />
      </FactsCard>

      <SectionCard title="Stock par emplacement" icon="fa-solid fa-warehouse">
        {stock.length === 0 ? (
          <div className="card-body small text-body-secondary">Aucun emplacement n’est défini.</div>
        ) : (
          <ScrollTable
            caption="Stock par emplacement"
            testId="stock-table"
            rows={stock}
            rowKey={(s) => s.location_id}
            rowClassName={(s) => (s.active ? undefined : 'app-archived-row')}
            columns={[
              {
                id: 'location',
                label: 'Emplacement',
                role: 'title',
                wrap: true,
                cell: (s) => (
                  <>
                    {s.location_name} <span className="text-body-secondary small">({s.location_code})</span>
                    {!s.active ? <Badge className="ms-2">Archivé</Badge> : null}
                  </>
                ),
              },
              { id: 'kind', label: 'Type', role: 'secondary', cell: (s) => LOCATION_KIND_LABELS[s.kind] },
              {
                id: 'quantity',
                label: 'Quantité',
                role: 'figure',
                num: true,
                cellClassName: (s) =>
                  s.quantity !== null && s.quantity < 0
                    ? 'text-danger'
                    : s.below_threshold
                      ? 'text-warning-emphasis'
                      : undefined,
                cellTitle: (s) =>
                  s.quantity === null
                    ? 'Inventaire à l’aveugle en cours'
                    : s.below_threshold
                      ? 'Sous le seuil d’alerte'
                      : undefined,
                cell: (s) => (
                  <>
                    {s.below_threshold ? (
                      <>
                        <Icon name="fa-solid fa-triangle-exclamation" className="me-1" />
                        <span className="visually-hidden">Sous le seuil d’alerte : </span>
                      </>
                    ) : null}
                    {formatQty(s.quantity)}{' '}
                    <span className="text-body-secondary small">{pluralUnit(product.unit, s.quantity)}</span>
                  </>
                ),
              },
              {
                id: 'threshold',
                label: 'Seuil d’alerte',
                role: 'secondary',
                num: true,
                cell: (s) => (
                  <span data-testid={`threshold-${s.location_code}`}>
                    {s.threshold > 0 ? formatQty(s.threshold) : 'Aucun'}
                    {s.own_threshold === null ? (
                      <span className="d-block small text-body-secondary">celui du produit</span>
                    ) : null}
                  </span>
                ),
              },
            ]}
            foot={
              <tr className="fw-semibold">
                <td className="app-col-title">Total</td>
                <td className="app-col-secondary" />
                <td className="app-col-figure app-num" data-label="Total">
                  {formatQty(product.stock_total)}
                </td>
                <td className="app-col-secondary" />
              </tr>
            }
          />
        )}
      </SectionCard>

      <SectionCard
        title="Historique des prix"
        icon="fa-solid fa-tag"
        testId="price-history"
        aside={
          can.prices ? (
            <Link
              href={route('priceCentre.index', { q: product.code, status: 'all' })}
              className="btn btn-sm btn-outline-secondary"
            >
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
              rows={price_history.data}
              rowKey={(h) => h.id}
              columns={[
                // Five columns that fit beside the record's aside at 1366 px: the time under the date, the origin under the author.
                {
                  id: 'date',
                  label: 'Date',
                  role: 'title',
                  cell: (h) => {
                    const [day, time] = formatDateTime(h.changed_at).split(' ');
                    return (
                      <>
                        {day} <span className="small text-body-secondary">{time}</span>
                      </>
                    );
                  },
                },
                { id: 'field', label: 'Prix', role: 'secondary', cell: (h) => h.field_label },
                {
                  id: 'old',
                  label: 'Ancien',
                  role: 'figure',
                  num: true,
                  className: 'text-body-secondary',
                  cell: (h) => <Money value={h.old_value} />,
                },
                {
                  id: 'new',
                  label: 'Nouveau',
                  role: 'figure',
                  num: true,
                  className: 'fw-semibold',
                  cell: (h) => (
                    <>
                      <Money value={h.new_value} />
                      <Icon
                        name={h.new_value > h.old_value ? 'fa-solid fa-arrow-trend-up' : 'fa-solid fa-arrow-trend-down'}
                        className={`ms-2 ${h.new_value > h.old_value ? 'text-success' : 'text-danger'}`}
                      />
                    </>
                  ),
                },
                {
                  id: 'user',
                  label: 'Par',
                  role: 'secondary',
                  wrap: true,
                  cell: (h) => (
                    <>
                      {h.user_name ?? 'Système'}
                      <div className="small text-body-secondary">{h.source_label}</div>
                    </>
                  ),
                },
              ]}
            />
            <div className="card-footer app-data-footer">
              <Pagination
                currentPage={price_history.page}
                lastPage={price_history.last_page}
                url={url}
                total={price_history.total}
                perPage={price_history.per_page}
                param="history_page"
                label="Pagination de l’historique des prix"
              />
            </div>
          </>
        )}
      </SectionCard>

      <AuditHistory items={history} />
    </RecordPage>
  );
}

/** A price's margin over the CMUP, VAT excluded (with the price's HT when prices are typed VAT included). */
function PriceMargin({ m, includeVat }: { m: PriceMarginView; includeVat: boolean }) {
  return (
    <span className={m.margin < 0 ? 'text-danger' : 'text-body-secondary'} data-testid="price-margin">
      {includeVat ? (
        <>
          <Money value={m.ht} /> HT ·{' '}
        </>
      ) : null}
      marge <Money value={m.margin} /> ({formatRate(m.rate)})
    </span>
  );
}
