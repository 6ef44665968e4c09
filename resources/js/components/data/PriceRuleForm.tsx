import { useState } from 'react';
import type { PriceRuleInput } from '@shared/price-centre';
import type { StatusFilter } from '@shared/lists';
import { currencyInfo } from '@shared/money';
import { route } from '@shared/routes';
import { FieldFrame, SelectField, describedBy } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { SubmitButton } from '@/components/SubmitButton';
import { useServerForm } from '@/hooks/useServerForm';
import { SectionCard } from './SectionCard';
import { useCompany } from '@/hooks/useCompany';

export const PRICE_FIELD_OPTIONS = [
  { value: 'retail_price', label: 'Prix de détail' },
  { value: 'wholesale_price', label: 'Prix de gros' },
  { value: 'min_price', label: 'Prix minimum' },
  { value: 'purchase_price', label: 'Prix d’achat' },
];
const OPERATIONS = [
  { value: 'percent', label: 'Pourcentage' },
  { value: 'amount', label: 'Montant (+/−)' },
  { value: 'set', label: 'Fixer le prix à' },
];
const DIRECTIONS = [
  { value: 'increase', label: 'Augmenter' },
  { value: 'decrease', label: 'Diminuer' },
];
const BASES = [
  { value: 'current', label: 'Prix actuel' },
  { value: 'purchase_price', label: 'Prix d’achat' },
  { value: 'cmup', label: 'CMUP' },
  { value: 'retail_price', label: 'Prix de détail' },
];
const STEPS = [1, 5, 10, 25, 50, 100];
const ROUNDINGS = [
  { value: 'nearest', label: 'Au plus près' },
  { value: 'up', label: 'Supérieur' },
  { value: 'down', label: 'Inférieur' },
];

/**
 * The bulk price rule of the price centre. It never changes a price itself: it sends the rule and
 * the current selection (search, category, status) to POST /fichiers/centraleprix/apercu, which
 * answers with the preview page (old → new per product) where the user confirms.
 */
export function PriceRuleForm({
  scope,
  total,
  initial,
}: {
  scope: { q: string; category_id: string; status: StatusFilter };
  total: number;
  initial?: PriceRuleInput | null;
}) {
  const { currency } = useCompany();
  const [open, setOpen] = useState(Boolean(initial));
  const form = useServerForm({
    field: initial?.field ?? 'retail_price',
    operation: initial?.operation ?? 'percent',
    direction: initial?.direction ?? 'increase',
    value: initial?.value ?? '',
    base: initial?.base ?? 'current',
    step: String(initial?.step ?? 5),
    rounding: initial?.rounding ?? 'nearest',
  });
  const valueProps = form.fieldProps('value');
  const unit = form.data.operation === 'percent' ? '%' : currencyInfo(currency).label;
  return (
    <SectionCard
      title={
        <>
          Règle de prix sur la sélection
          <span className="fw-normal text-body-secondary ms-2 small">
            ({total.toLocaleString('fr-FR')} produit{total > 1 ? 's' : ''})
          </span>
        </>
      }
      icon="fa-solid fa-wand-magic-sparkles"
      testId="price-rule"
      aside={
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          aria-expanded={open}
          aria-controls="price-rule-body"
          onClick={() => setOpen((o) => !o)}
          data-testid="price-rule-toggle"
        >
          {open ? 'Masquer' : 'Définir une règle'}
          <Icon name={open ? 'fa-solid fa-chevron-up' : 'fa-solid fa-chevron-down'} className="ms-2" />
        </button>
      }
    >
      <div id="price-rule-body" hidden={!open}>
        <form
          ref={form.formRef}
          noValidate
          className="card-body"
          onSubmit={(e) => {
            e.preventDefault();
            form.transform((data) => ({ ...data, ...scope }));
            form.submit('post', route('priceCentre.preview'));
          }}
        >
          <p className="small text-body-secondary">
            La règle s’applique à tous les produits de la sélection actuelle (recherche, catégorie et statut ci-dessus),
            pas seulement à cette page. Un aperçu est affiché avant tout changement.
          </p>
          <div className="row g-3">
            <div className="col-sm-6 col-lg-3">
              <SelectField
                {...form.fieldProps('field')}
                label="Prix à modifier"
                options={PRICE_FIELD_OPTIONS}
                className="mb-0"
              />
            </div>
            <div className="col-sm-6 col-lg-3">
              <SelectField {...form.fieldProps('operation')} label="Opération" options={OPERATIONS} className="mb-0" />
            </div>
            {form.data.operation !== 'set' ? (
              <div className="col-sm-6 col-lg-3">
                <SelectField {...form.fieldProps('direction')} label="Sens" options={DIRECTIONS} className="mb-0" />
              </div>
            ) : null}
            <div className="col-sm-6 col-lg-3">
              <FieldFrame
                id={valueProps.id}
                label={form.data.operation === 'percent' ? 'Pourcentage' : 'Montant'}
                required
                error={valueProps.error}
                className="mb-0"
              >
                <div className={`input-group ${valueProps.error ? 'is-invalid' : ''}`}>
                  <input
                    id={valueProps.id}
                    name="value"
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    maxLength={20}
                    className={`form-control app-number ${valueProps.error ? 'is-invalid' : ''}`}
                    placeholder={form.data.operation === 'percent' ? 'ex. 10' : 'ex. 500'}
                    value={valueProps.value}
                    onChange={(e) => valueProps.onChange(e.target.value)}
                    aria-invalid={valueProps.error ? true : undefined}
                    aria-describedby={describedBy(valueProps.id, valueProps.error)}
                    required
                  />
                  <span className="input-group-text">{unit}</span>
                </div>
              </FieldFrame>
            </div>
            {form.data.operation !== 'set' ? (
              <div className="col-sm-6 col-lg-3">
                <SelectField {...form.fieldProps('base')} label="Calculé sur" options={BASES} className="mb-0" />
              </div>
            ) : null}
            <div className="col-6 col-lg-3">
              <SelectField
                {...form.fieldProps('step')}
                label="Arrondi à"
                options={STEPS.map((s) => ({ value: String(s), label: `${s} ${currencyInfo(currency).label}` }))}
                className="mb-0"
              />
            </div>
            <div className="col-6 col-lg-3">
              <SelectField {...form.fieldProps('rounding')} label="Arrondi" options={ROUNDINGS} className="mb-0" />
            </div>
          </div>
          <div className="mt-3 d-flex flex-wrap align-items-center gap-3">
            <SubmitButton
              busy={form.busy}
              icon="fa-solid fa-eye"
              busyLabel="Calcul de l’aperçu…"
              testId="price-rule-preview"
            >
              Voir l’aperçu
            </SubmitButton>
          </div>
        </form>
      </div>
    </SectionCard>
  );
}
