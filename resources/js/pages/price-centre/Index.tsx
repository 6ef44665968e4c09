import { Link, router } from '@inertiajs/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { MasterDataPages } from '@shared/pages/master-data';
import { currencyInfo } from '@shared/money';
import { route } from '@shared/routes';
import { SubmitButton } from '@/components/SubmitButton';
import { RowLink } from '@/components/data/DataTable';
import { ListActions } from '@/components/data/ListActions';
import { ListPage } from '@/components/data/ListPage';
import { FilterSelect, STATUS_OPTIONS } from '@/components/data/ListToolbar';
import { Money } from '@/components/data/Money';
import { MoneyInput } from '@/components/data/MoneyInput';
import {
  type GridEdits,
  type GridPriceField,
  cellChanged,
  cellText,
  errorsByRow,
  gridPayload,
  rowChanged,
} from '@/components/data/price-grid';
import { useList } from '@/components/data/useList';
import { PriceRuleForm } from '@/components/data/PriceRuleForm';
import { useCompany } from '@/hooks/useCompany';

const LEAVE_WARNING = 'Des prix modifiés ne sont pas enregistrés. Quitter sans enregistrer ?';

const COLUMNS: Array<{ field: GridPriceField; label: string }> = [
  { field: 'purchase_price', label: 'Achat' },
  { field: 'retail_price', label: 'Détail' },
  { field: 'wholesale_price', label: 'Gros' },
  { field: 'min_price', label: 'Minimum' },
];

export default function PriceCentre({
  products,
  params,
  categories,
  can_update,
  can_export,
}: MasterDataPages['price-centre/Index']) {
  const { currency } = useCompany();
  const list = useList(route('priceCentre.index'), params);
  const [edits, setEdits] = useState<GridEdits>({});
  const [errors, setErrors] = useState<Record<number, Partial<Record<string, string>>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const allowLeave = useRef(false);

  const changedCount = useMemo(
    () => products.data.filter((r) => rowChanged(r, edits, currency)).length,
    [products.data, edits, currency],
  );
  const dirty = changedCount > 0;

  // Unsaved prices: ask before another visit (page, filter, menu) or closing the tab.
  useEffect(() => {
    if (!dirty) return;
    const offBefore = router.on('before', (event) => {
      if (allowLeave.current) return;
      if (!window.confirm(LEAVE_WARNING)) event.preventDefault();
      else allowLeave.current = true;
    });
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => {
      offBefore();
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [dirty]);

  // New rows from the server (another page, a filter, after saving): the edits belonged to the old
  // ones. A refused save comes back with the same rows and versions, so the edits stay.
  const rowsKey = products.data.map((r) => `${r.id}@${r.updated_at}`).join(',');
  useEffect(() => {
    allowLeave.current = false;
    setEdits({});
    setErrors({});
    setFormError(null);
  }, [rowsKey]);

  const setCell = (id: number, field: GridPriceField, value: string) => {
    setEdits((e) => ({ ...e, [id]: { ...e[id], [field]: value } }));
    setErrors((e) => (e[id]?.[field] ? { ...e, [id]: { ...e[id], [field]: undefined } } : e));
  };

  const save = () => {
    const rows = gridPayload(products.data, edits, currency);
    if (rows.length === 0 || saving) return;
    const sentIds = rows.map((r) => r.id);
    allowLeave.current = true;
    router.put(
      route('priceCentre.index'),
      { rows },
      {
        preserveScroll: true,
        preserveState: true,
        onStart: () => setSaving(true),
        onError: (errs) => {
          allowLeave.current = false;
          setErrors(errorsByRow(errs, sentIds));
          setFormError(
            typeof errs.rows === 'string'
              ? errs.rows
              : Object.keys(errs).length
                ? 'Certains prix sont invalides : corrigez les cases en rouge.'
                : null,
          );
          requestAnimationFrame(() =>
            document.querySelector<HTMLElement>('.app-price-grid [aria-invalid="true"]')?.focus(),
          );
        },
        onFinish: () => setSaving(false),
      },
    );
  };

  const ruleScope = { q: params.q, category_id: params.filters.category_id, status: params.filters.status };

  return (
    <ListPage
      title="Centrale des prix"
      subtitle={`Modifiez les prix (en ${currencyInfo(currency).label}) directement dans la grille, ou appliquez une règle à toute une sélection.`}
      breadcrumbs={[{ label: 'Fichiers' }, { label: 'Centrale des prix' }]}
      list={list}
      search={{ placeholder: 'Code, désignation ou code-barres…', label: 'Rechercher un produit' }}
      perPage
      filters={
        <>
          <FilterSelect
            label="Catégorie"
            value={params.filters.category_id}
            allLabel="Toutes"
            options={categories}
            onChange={(category_id) => list.update({ category_id })}
            testId="filter-category"
          />
          <FilterSelect
            label="Statut"
            value={params.filters.status}
            options={STATUS_OPTIONS}
            onChange={(status) => list.update({ status })}
          />
        </>
      }
      actions={<ListActions exportUrl={can_export ? route('priceCentre.export') : null} state={list.state} />}
      between={can_update ? <PriceRuleForm scope={ruleScope} total={products.total} /> : null}
      page={products}
      caption="Grille des prix"
      pageLabel="Pagination de la grille des prix"
      tableTestId="price-grid"
      tableClassName="app-price-grid"
      empty={{
        icon: 'fa-solid fa-money-bill-trend-up',
        title: 'Aucun produit',
        filteredTitle: 'Aucun produit ne correspond',
        text: 'Créez des produits pour gérer leurs prix ici.',
        action: (
          <Link href={route('products.index')} className="btn btn-primary">
            Aller aux produits
          </Link>
        ),
      }}
      after={
        can_update && (dirty || formError) ? (
          <div className="app-savebar" role="region" aria-label="Prix modifiés" data-testid="price-savebar">
            <div>
              <strong>
                {changedCount} produit{changedCount > 1 ? 's' : ''} modifié{changedCount > 1 ? 's' : ''}
              </strong>
              {formError ? (
                <div className="text-danger small" role="alert">
                  {formError}
                </div>
              ) : (
                <div className="small text-body-secondary">
                  Entrée dans une case enregistre aussi. Chaque changement entre dans l’historique des prix.
                </div>
              )}
            </div>
            <div className="d-flex gap-2">
              <button
                type="button"
                className="btn btn-outline-secondary"
                disabled={saving}
                onClick={() => {
                  setEdits({});
                  setErrors({});
                  setFormError(null);
                }}
              >
                Annuler les modifications
              </button>
              <SubmitButton
                type="button"
                busy={saving}
                icon="fa-solid fa-floppy-disk"
                busyLabel="Enregistrement…"
                onClick={save}
                disabled={!dirty}
                testId="price-save"
              >
                Enregistrer
              </SubmitButton>
            </div>
          </div>
        ) : null
      }
      rowKey={(row) => row.id}
      rowClassName={(row) => (rowChanged(row, edits, currency) ? 'is-changed' : undefined)}
      rowTestId={(row) => `price-row-${row.code}`}
      columns={[
        {
          id: 'code',
          label: 'Code',
          role: 'title',
          sort: true,
          cell: (row) => <RowLink href={route('products.show', { id: row.id })}>{row.code}</RowLink>,
        },
        {
          id: 'name',
          label: 'Désignation',
          role: 'title',
          sort: true,
          wrap: true,
          cell: (row) => (
            <>
              {row.name}
              <div className="small text-body-secondary">
                {row.category_name} · {row.unit}
                {row.barcode ? ` · ${row.barcode}` : ''}
              </div>
            </>
          ),
        },
        {
          id: 'cmup',
          label: 'CMUP',
          role: 'secondary',
          num: true,
          className: 'text-body-secondary',
          cell: (row) => <Money value={row.cmup} />,
        },
        ...COLUMNS.map((c) => ({
          id: c.field,
          label: c.label,
          role: 'figure' as const,
          sort: true as const,
          num: true,
          cell: (row: (typeof products.data)[number]) => {
            const error = errors[row.id]?.[c.field];
            const id = `price-${row.id}-${c.field}`;
            return can_update ? (
              <>
                <label htmlFor={id} className="visually-hidden">
                  {`${c.label} — ${row.name}`}
                </label>
                <MoneyInput
                  id={id}
                  size="sm"
                  className={`app-price-input ${cellChanged(row, edits, c.field, currency) ? 'is-changed' : ''}`}
                  value={cellText(row, edits, c.field, currency)}
                  onChange={(value) => setCell(row.id, c.field, value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      save();
                    }
                  }}
                  invalid={Boolean(error)}
                  describedBy={error ? `${id}-error` : undefined}
                  field={c.field}
                />
                {error ? (
                  <div id={`${id}-error`} className="invalid-feedback d-block text-start app-wrap">
                    {error}
                  </div>
                ) : null}
              </>
            ) : (
              <Money value={row[c.field]} />
            );
          },
        })),
      ]}
    />
  );
}
