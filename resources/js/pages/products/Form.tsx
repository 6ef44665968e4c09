import { Link } from '@inertiajs/react';
import type { MasterDataPages } from '@shared/pages/master-data';
import { route } from '@shared/routes';
import { currencyInfo, minorToInput } from '@shared/money';
import { AppPage } from '@/components/AppPage';
import { CheckboxField, SelectField, StatusAlert, TextField } from '@/components/Field';
import { Money } from '@/components/data/Money';
import { MoneyField } from '@/components/data/MoneyField';
import { RecordForm } from '@/components/data/RecordForm';
import { useServerForm } from '@/hooks/useServerForm';
import { useCompany } from '@/hooks/useCompany';
import { taxGroupOptions } from '@shared/tax-groups';

export default function ProductForm({
  product,
  suggested_code,
  categories,
  units,
  show_costs,
  can_change_prices,
  location_thresholds,
  default_tax_group,
}: MasterDataPages['products/Form']) {
  const { currency } = useCompany();
  const money = (v: number | null | undefined) => minorToInput(v ?? 0, currency);
  const form = useServerForm({
    code: product?.code ?? suggested_code,
    barcode: product?.barcode ?? '',
    name: product?.name ?? '',
    category_id: product ? String(product.category_id) : '',
    unit: product?.unit ?? 'pièce',
    pack_size: String(product?.pack_size ?? 1),
    // Sent back unchanged when the user may not see it (the server keeps the stored value anyway).
    purchase_price: money(product?.purchase_price),
    retail_price: money(product?.retail_price),
    wholesale_price: money(product?.wholesale_price),
    min_price: money(product?.min_price),
    alert_threshold: String(product?.alert_threshold ?? 0),
    // '' : the company's default group (stored null).
    tax_group: product?.tax_group ?? '',
    // Location id → its own threshold as typed; blank: the product's.
    location_thresholds: Object.fromEntries(
      location_thresholds.map((l) => [String(l.location_id), l.threshold === null ? '' : String(l.threshold)]),
    ) as Record<string, string>,
    active: product?.active ?? true,
  });
  const errors = form.errors as Record<string, string | undefined>;
  const title = product ? `Modifier ${product.name}` : 'Nouveau produit';
  const pricesLocked = !can_change_prices;
  return (
    <AppPage
      title={title}
      breadcrumbs={[
        { label: 'Fichiers' },
        { label: 'Produits', href: route('products.index') },
        ...(product ? [{ label: product.code, href: route('products.show', { id: product.id }) }] : []),
        { label: product ? 'Modifier' : 'Nouveau' },
      ]}
    >
      <RecordForm
        form={form}
        method={product ? 'put' : 'post'}
        url={product ? route('products.show', { id: product.id }) : route('products.index')}
        cancelHref={product ? route('products.show', { id: product.id }) : route('products.index')}
        testId="product-form"
      >
        {categories.length === 0 ? (
          <StatusAlert tone="warning">
            Aucune catégorie active : <Link href={route('categories.create')}>créez d’abord une catégorie</Link>.
          </StatusAlert>
        ) : null}
        <h2 className="app-form-section-title">Identification</h2>
        <div className="row">
          <div className="col-sm-4 col-lg-3">
            <TextField
              {...form.fieldProps('code')}
              label="Code"
              required
              maxLength={30}
              hint={product ? undefined : 'Proposé automatiquement ; modifiable.'}
            />
          </div>
          <div className="col-sm-8 col-lg-5">
            <TextField {...form.fieldProps('name')} label="Désignation" required maxLength={160} autoFocus={!product} />
          </div>
          <div className="col-lg-4">
            <TextField
              {...form.fieldProps('barcode')}
              label="Code-barres"
              icon="fa-solid fa-barcode"
              inputMode="numeric"
              autoComplete="off"
              maxLength={64}
              hint="Facultatif ; unique. Scannez-le directement dans ce champ."
              // A scanner ends with Enter: go to the next field instead of submitting the form.
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  document.getElementById(form.fieldProps('category_id').id)?.focus();
                }
              }}
            />
          </div>
          <div className="col-md-6 col-lg-4">
            <SelectField
              {...form.fieldProps('category_id')}
              label="Catégorie"
              required
              options={categories}
              placeholder="— Choisir une catégorie —"
            />
          </div>
          <div className="col-sm-6 col-md-3 col-lg-4">
            <TextField
              {...form.fieldProps('unit')}
              label="Unité"
              required
              maxLength={20}
              list="product-units"
              hint="Pièce, carton, sac, kg…"
            />
            <datalist id="product-units">
              {units.map((u) => (
                <option key={u} value={u} />
              ))}
            </datalist>
          </div>
          <div className="col-sm-6 col-md-3 col-lg-4">
            <TextField
              {...form.fieldProps('pack_size')}
              label="Colisage"
              inputMode="numeric"
              maxLength={7}
              hint="Unités par colis (1 si vendu à l’unité)."
            />
          </div>
        </div>
        <h2 className="app-form-section-title">Prix ({currencyInfo(currency).label})</h2>
        {pricesLocked ? (
          <StatusAlert tone="info">
            Vous n’avez pas la permission de modifier les prix : ils sont affichés pour information.
          </StatusAlert>
        ) : null}
        <div className="row">
          {show_costs ? (
            <div className="col-sm-6 col-lg-3">
              <MoneyField {...form.fieldProps('purchase_price')} label="Prix d’achat" disabled={pricesLocked} />
            </div>
          ) : null}
          <div className="col-sm-6 col-lg-3">
            <MoneyField {...form.fieldProps('retail_price')} label="Prix de détail" disabled={pricesLocked} />
          </div>
          <div className="col-sm-6 col-lg-3">
            <MoneyField {...form.fieldProps('wholesale_price')} label="Prix de gros" disabled={pricesLocked} />
          </div>
          <div className="col-sm-6 col-lg-3">
            <MoneyField
              {...form.fieldProps('min_price')}
              label="Prix minimum"
              disabled={pricesLocked}
              hint="Plancher de vente ; au plus les prix de détail et de gros."
            />
          </div>
        </div>
        {show_costs && product ? (
          <p className="small text-body-secondary">
            CMUP actuel (calculé par les entrées de stock) : <Money value={product.cmup} />
          </p>
        ) : null}
        <div className="row">
          <div className="col-md-6 col-lg-5">
            <SelectField
              {...form.fieldProps('tax_group')}
              label="Groupe de taxe"
              options={taxGroupOptions(default_tax_group)}
              hint="La TVA de ses lignes de vente et le code transmis à la DGI (facture certifiée)."
            />
          </div>
        </div>
        <h2 className="app-form-section-title">Stock</h2>
        <div className="row">
          <div className="col-sm-6 col-lg-3">
            <TextField
              {...form.fieldProps('alert_threshold')}
              label="Seuil d’alerte par défaut"
              inputMode="numeric"
              maxLength={10}
              hint="Alerte quand le stock d’un emplacement descend à ce niveau (0 = aucune), sauf où l’emplacement a le sien."
            />
          </div>
        </div>
        {location_thresholds.length ? (
          <fieldset className="mb-3" data-testid="location-thresholds">
            <legend className="fs-6 fw-semibold mb-1">Seuils d’alerte par emplacement</legend>
            <p className="small text-body-secondary mb-2">
              Chaque emplacement compare son stock au seuil saisi ici ; vide : il suit le seuil du produit ; 0 : aucune
              alerte dans cet emplacement.
            </p>
            <div className="row">
              {location_thresholds.map((l) => {
                const key = String(l.location_id);
                const name = `location_thresholds.${key}`;
                return (
                  <div key={key} className="col-sm-6 col-lg-3">
                    <TextField
                      id={`product-threshold-${key}`}
                      name={name}
                      label={`${l.name} (${l.code})`}
                      inputMode="numeric"
                      maxLength={10}
                      value={form.data.location_thresholds[key] ?? ''}
                      placeholder={`Produit : ${form.data.alert_threshold || '0'}`}
                      onChange={(v) => {
                        form.setData('location_thresholds', { ...form.data.location_thresholds, [key]: v });
                        if (errors[name]) form.clearErrors(name as never);
                      }}
                      error={errors[name]}
                    />
                  </div>
                );
              })}
            </div>
          </fieldset>
        ) : null}
        <CheckboxField
          id="product-active"
          name="active"
          label="Produit actif (proposé dans les ventes et les opérations de stock)"
          checked={form.data.active}
          onChange={(v) => form.setData('active', v)}
          error={form.errorOf('active')}
        />
      </RecordForm>
    </AppPage>
  );
}
