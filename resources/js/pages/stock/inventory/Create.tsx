import { Link } from '@inertiajs/react';
import { AppPage } from '@/components/AppPage';
import { CheckboxField, FieldError, SelectField, TextAreaField } from '@/components/Field';
import { Icon } from '@/components/Icon';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { SubmitButton } from '@/components/SubmitButton';
import { useServerForm } from '@/hooks/useServerForm';
import { FormErrors } from '@/components/data/FormErrors';
import { formatQty } from '@/components/data/format';
import { formLevelErrors } from '@/components/data/form-errors';
import { newIdempotencyKey } from '@/lib/idempotency';
import { DateField } from '@/components/data/DateField';
import { useCompany } from '@/hooks/useCompany';

/** Nouvel inventaire: location, count date, optional categories, blind count; opening freezes the theoretical quantities. */
export default function InventoryCreate({ locations, categories, open_sessions }: PageProps<'stock/inventory/Create'>) {
  const { today } = useCompany();
  const form = useServerForm<{
    idempotency_key: string;
    location_id: string;
    count_date: string;
    blind: boolean;
    category_ids: number[];
    note: string;
  }>({
    idempotency_key: newIdempotencyKey(),
    location_id: locations.length === 1 ? locations[0].value : '',
    count_date: today,
    blind: false,
    category_ids: [],
    note: '',
  });
  const errors = form.errors as Record<string, string>;
  const openHere = open_sessions.filter((s) => String(s.location_id) === form.data.location_id);
  const selected = new Set(form.data.category_ids);
  const productCount =
    form.data.category_ids.length === 0
      ? categories.reduce((s, c) => s + c.product_count, 0)
      : categories.filter((c) => selected.has(Number(c.value))).reduce((s, c) => s + c.product_count, 0);
  const toggle = (id: number) => {
    form.setData(
      'category_ids',
      selected.has(id) ? form.data.category_ids.filter((x) => x !== id) : [...form.data.category_ids, id],
    );
    if (errors.category_ids) form.clearErrors('category_ids');
  };
  const others = formLevelErrors(errors, ['location_id', 'count_date', 'blind', 'category_ids', 'note']);

  return (
    <AppPage
      title="Nouvel inventaire"
      breadcrumbs={[
        { label: 'Opérations' },
        { label: 'Inventaire', href: route('inventory.index') },
        { label: 'Nouvel inventaire' },
      ]}
    >
      <form
        ref={form.formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.submit('post', route('inventory.index'));
        }}
        data-testid="count-create-form"
      >
        <FormErrors messages={others} />
        <div className="row g-3">
          <div className="col-lg-5">
            <div className="card h-100">
              <div className="card-body">
                <SelectField
                  required
                  className="mb-0"
                  id="count-location"
                  name="location_id"
                  label="Emplacement à compter"
                  value={form.data.location_id}
                  onChange={(v) => form.setData('location_id', v)}
                  error={errors.location_id}
                  options={locations.map((l) => ({ value: l.value, label: l.label }))}
                  placeholder="Choisir…"
                />
                {openHere.length ? (
                  <div className="alert alert-warning small mt-2" role="status">
                    Inventaire déjà en cours à cet emplacement :{' '}
                    {openHere.map((s, i) => (
                      <span key={s.id}>
                        {i ? ', ' : ''}
                        <Link href={route('inventory.show', { id: s.id })}>n° {s.id}</Link> ({s.categories})
                      </span>
                    ))}
                    . Un nouvel inventaire ne peut porter que sur d’autres catégories.
                  </div>
                ) : null}
                <div className="mt-3">
                  <DateField
                    {...form.fieldProps('count_date')}
                    label="Date du comptage"
                    max={today}
                    required
                    hint="Les ajustements seront datés de ce jour."
                  />
                </div>
                <CheckboxField
                  id="count-blind"
                  name="blind"
                  label="Comptage à l’aveugle (les compteurs ne voient pas les quantités théoriques)"
                  checked={form.data.blind}
                  onChange={(v) => form.setData('blind', v)}
                  error={errors.blind}
                />
                <TextAreaField
                  {...form.fieldProps('note')}
                  label="Observation"
                  rows={2}
                  maxLength={500}
                  className="mb-0"
                />
              </div>
            </div>
          </div>
          <div className="col-lg-7">
            <fieldset className="card h-100" aria-describedby="count-categories-hint">
              <div className="card-header d-flex justify-content-between align-items-center gap-2">
                <legend className="h6 mb-0 float-none w-auto">Catégories</legend>
                {form.data.category_ids.length ? (
                  <button
                    type="button"
                    className="btn btn-sm btn-link"
                    onClick={() => form.setData('category_ids', [])}
                  >
                    Tout le stock
                  </button>
                ) : null}
              </div>
              <div className="card-body">
                <p id="count-categories-hint" className="small text-body-secondary">
                  Aucune case cochée : tous les produits actifs sont comptés. Cochez des catégories pour un inventaire
                  partiel.
                </p>
                <FieldError id="count-categories-error" error={errors.category_ids} />
                <div className="row row-cols-1 row-cols-sm-2 g-1" style={{ maxHeight: '22rem', overflowY: 'auto' }}>
                  {categories.map((c) => (
                    <div className="col" key={Number(c.value)}>
                      <div className="form-check">
                        <input
                          className="form-check-input"
                          type="checkbox"
                          id={`cat-${Number(c.value)}`}
                          checked={selected.has(Number(c.value))}
                          onChange={() => toggle(Number(c.value))}
                        />
                        <label className="form-check-label" htmlFor={`cat-${Number(c.value)}`}>
                          {c.label} <span className="text-body-secondary small">({formatQty(c.product_count)})</span>
                        </label>
                      </div>
                    </div>
                  ))}
                </div>
              </div>
              <div className="card-footer small">
                <Icon name="fa-solid fa-boxes-stacked" className="me-1" />
                {formatQty(productCount)} produit{productCount > 1 ? 's' : ''} à compter
              </div>
            </fieldset>
          </div>
        </div>
        <div className="app-form-actions mt-3">
          <Link href={route('inventory.index')} className="btn btn-outline-secondary">
            Annuler
          </Link>
          <SubmitButton busy={form.busy} icon="fa-solid fa-camera" busyLabel="Ouverture…" testId="count-open">
            Ouvrir l’inventaire
          </SubmitButton>
        </div>
        <p className="small text-body-secondary text-end mt-2">
          L’ouverture prend un instantané du stock théorique : les ventes et transferts continuent pendant le comptage.
        </p>
      </form>
    </AppPage>
  );
}
