import { Link, usePage } from '@inertiajs/react';
import { useState } from 'react';
import type { MasterDataPages } from '@shared/pages/master-data';
import { route } from '@shared/routes';
import { AppPage } from '@/components/AppPage';
import { StatusAlert } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { ConfirmDialog } from '@/components/data/ConfirmDialog';
import { DataTable } from '@/components/data/DataTable';
import { Money } from '@/components/data/Money';
import { SectionCard } from '@/components/data/SectionCard';
import { Stat, StatRow } from '@/components/data/Stat';
import { PRICE_FIELD_OPTIONS } from '@/components/data/PriceRuleForm';
import { Badge } from '@/components/data/StatusBadge';

export default function PricePreview({
  rule,
  description,
  scope,
  summary,
  rows,
  fingerprint,
  can_update,
}: MasterDataPages['price-centre/Preview']) {
  const { url } = usePage();
  const [confirming, setConfirming] = useState(false);
  const categoryId = new URL(url, 'http://x').searchParams.get('category_id') ?? '';
  const back = route('priceCentre.index', {
    q: scope.q,
    category_id: categoryId,
    status: scope.status === 'active' ? '' : scope.status,
  });
  const fieldLabel = PRICE_FIELD_OPTIONS.find((o) => o.value === rule.field)?.label ?? rule.field;
  const scopeText = [
    scope.category ? `catégorie « ${scope.category} »` : 'toutes catégories',
    scope.q ? `recherche « ${scope.q} »` : null,
    scope.status === 'active'
      ? 'produits actifs'
      : scope.status === 'archived'
        ? 'produits archivés'
        : 'tous les produits',
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <AppPage
      title="Aperçu de la règle de prix"
      subtitle={description}
      breadcrumbs={[{ label: 'Fichiers' }, { label: 'Centrale des prix', href: back }, { label: 'Aperçu' }]}
    >
      <SectionCard title={`${fieldLabel} · ${scopeText}`} testId="rule-summary">
        <div className="card-body">
          <StatRow className="mb-3">
            <Stat label="Produits concernés" value={summary.scope_count} />
            <Stat label="Prix modifiés" value={summary.changed} tone="success" testId="summary-changed" />
            <Stat label="Inchangés" value={summary.unchanged} />
            <Stat label="Ignorés" value={summary.skipped} tone={summary.skipped ? 'danger' : undefined} />
          </StatRow>
          {summary.skipped_by_reason.length ? (
            <div className="small mb-3">
              <p className="mb-1 fw-semibold">Produits ignorés :</p>
              <ul className="mb-0 ps-3">
                {summary.skipped_by_reason.map((r) => (
                  <li key={r.reason}>
                    {r.label} : {r.count.toLocaleString('fr-FR')}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {!can_update ? (
            <StatusAlert tone="info">
              Vous pouvez consulter cet aperçu, mais pas appliquer la règle (permission « Modifier les prix »).
            </StatusAlert>
          ) : summary.changed === 0 ? (
            <StatusAlert tone="warning">Cette règle ne change aucun prix : rien à appliquer.</StatusAlert>
          ) : null}
          <div className="d-flex flex-wrap gap-2">
            <Link href={back} className="btn btn-outline-secondary">
              <Icon name="fa-solid fa-arrow-left" className="me-2" />
              Retour à la grille
            </Link>
            {can_update && summary.changed > 0 ? (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => setConfirming(true)}
                data-testid="rule-apply-open"
              >
                <Icon name="fa-solid fa-check" className="me-2" />
                Appliquer à {summary.changed.toLocaleString('fr-FR')} produit{summary.changed > 1 ? 's' : ''}
              </button>
            ) : null}
          </div>
        </div>
      </SectionCard>

      <DataTable
        caption="Prix avant et après la règle"
        testId="rule-rows"
        page={rows}
        pageLabel="Pagination de l’aperçu"
        emptyTitle="Aucun produit dans la sélection"
        emptyText="Retournez à la grille pour changer la recherche ou la catégorie."
        rows={rows.data}
        rowKey={(r) => r.id}
        rowClassName={(r) => (r.status === 'skip' ? 'app-archived-row' : undefined)}
        rowTestId={(r) => `preview-row-${r.code}`}
        columns={[
          { id: 'code', label: 'Code', role: 'title', cell: (r) => r.code },
          { id: 'name', label: 'Désignation', role: 'title', wrap: true, cell: (r) => r.name },
          { id: 'category', label: 'Catégorie', role: 'secondary', wrap: true, cell: (r) => r.category_name },
          {
            id: 'old',
            label: 'Actuel',
            role: 'figure',
            num: true,
            cell: (r) => <Money value={r.old_value} />,
          },
          {
            id: 'new',
            label: 'Nouveau',
            role: 'figure',
            num: true,
            className: 'fw-semibold',
            cell: (r) =>
              r.status === 'skip' || r.new_value === null ? (
                <Badge tone="light">{r.reason ?? 'Ignoré'}</Badge>
              ) : (
                <Money value={r.new_value} />
              ),
          },
          {
            id: 'diff',
            label: 'Écart',
            role: 'figure',
            num: true,
            cell: (r) =>
              r.new_value !== null && r.status === 'change' ? (
                <span
                  className={
                    r.new_value > r.old_value
                      ? 'text-success'
                      : r.new_value < r.old_value
                        ? 'text-danger'
                        : 'text-body-secondary'
                  }
                >
                  {r.new_value > r.old_value ? '+' : r.new_value < r.old_value ? '−' : ''}
                  <Money value={Math.abs(r.new_value - r.old_value)} />
                </span>
              ) : (
                <span className="text-body-secondary">—</span>
              ),
          },
        ]}
      />

      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Appliquer la règle de prix ?"
        confirmLabel="Appliquer"
        method="post"
        url={route('priceCentre.apply')}
        data={{ ...rule, step: rule.step, fingerprint, q: scope.q, category_id: categoryId, status: scope.status }}
        icon="fa-solid fa-check"
        testId="rule-apply"
      >
        <p className="mb-2">
          {description} : {summary.changed.toLocaleString('fr-FR')} prix seront modifiés en une seule fois et inscrits
          dans l’historique des prix de chaque produit.
        </p>
        <p className="small text-body-secondary mb-0">
          Si un prix a changé entre-temps, l’application est refusée et un nouvel aperçu est proposé.
        </p>
      </ConfirmDialog>
    </AppPage>
  );
}
