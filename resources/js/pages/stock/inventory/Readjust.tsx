import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import type { ReadjustmentReason } from '@shared/stock';
import { AppPage } from '@/components/AppPage';
import { FieldError, SelectField } from '@/components/Field';
import { formatQuantity, formatUnitTotals, pluralUnit } from '@/components/data/format';
import { DocumentForm } from '@/components/documents/DocumentForm';
import { DocumentHead } from '@/components/documents/DocumentHead';
import {
  DocumentLines,
  LineProduct,
  LineQuantity,
  LineRemove,
  REMOVE_HEADER,
} from '@/components/documents/DocumentLines';
import { DocumentLinesFooter } from '@/components/documents/DocumentLinesFooter';
import { useDocumentLines } from '@/components/documents/useDocumentLines';
import { ProductPicker } from '@/components/pickers/ProductPicker';
import { useServerForm } from '@/hooks/useServerForm';
import { newIdempotencyKey } from '@/lib/idempotency';
import { DateField } from '@/components/data/DateField';
import { useCompany } from '@/hooks/useCompany';

interface ReadjustLine {
  product_id: number;
  code: string;
  name: string;
  unit_name: string;
  stock: number | null;
  direction: 'in' | 'out';
  quantity: number | null;
}

type ReadjustForm = {
  idempotency_key: string;
  location_id: string;
  adjustment_date: string;
  reason: ReadjustmentReason | '';
  note: string;
  lines: ReadjustLine[];
};

/**
 * Réajustement direct (without a count): breakage, loss, theft, expiry take stock out; only an
 * input error may also put some back. Valued at the current CMUP.
 */
export default function InventoryReadjust({
  locations,
  reasons,
  default_location_id,
}: PageProps<'stock/inventory/Readjust'>) {
  const { today } = useCompany();
  const form = useServerForm<ReadjustForm>({
    idempotency_key: newIdempotencyKey(),
    location_id: default_location_id ? String(default_location_id) : '',
    adjustment_date: today,
    reason: '',
    note: '',
    lines: [],
  });
  const lines = useDocumentLines(form, {
    create: (p): ReadjustLine => ({
      product_id: p.id,
      code: p.code,
      name: p.name,
      unit_name: p.unit,
      stock: p.stock,
      direction: 'out',
      quantity: 1,
    }),
    leaveMessage: 'Les lignes saisies de ce réajustement seront perdues. Quitter la page ?',
  });
  const allowsIncrease = reasons.find((r) => r.value === form.data.reason)?.allows_increase ?? false;
  const changeReason = (value: string) => {
    form.setData('reason', value as ReadjustmentReason | '');
    // Breakage, loss, theft, expiry only take stock out: lines set to "in" switch back.
    if (!reasons.find((r) => r.value === value)?.allows_increase) lines.updateAll((l) => ({ ...l, direction: 'out' }));
    if (form.errorOf('reason')) form.clearErrors('reason');
  };
  const changeLocation = (value: string) => {
    form.setData('location_id', value);
    lines.updateAll((l) => ({ ...l, stock: null }));
  };
  // Per unit (« 3 sacs, 2 seaux »): quantities of different units are never added.
  const moved = (direction: 'in' | 'out') =>
    formatUnitTotals(
      lines.items.filter((l) => l.direction === direction).map((l) => ({ quantity: l.quantity, unit: l.unit_name })),
    );

  return (
    <AppPage
      title="Réajustement de stock"
      subtitle="Corriger le stock d’un emplacement sans inventaire complet : casse, perte, vol, péremption ou erreur de saisie."
      breadcrumbs={[
        { label: 'Opérations' },
        { label: 'Inventaire', href: route('inventory.index') },
        { label: 'Réajustement' },
      ]}
    >
      <DocumentForm
        form={form}
        onSubmit={() =>
          lines.submit(route('inventory.readjust'), (l) => ({
            product_id: l.product_id,
            direction: l.direction,
            quantity: l.quantity ?? '',
          }))
        }
        errors={lines.formErrors(['location_id', 'adjustment_date', 'reason', 'note'])}
        testId="readjust-form"
      >
        <DocumentHead note={form.fieldProps('note')} notePlaceholder="Circonstances, n° de constat…">
          <div className="col-md-4">
            <SelectField
              required
              id="readjust-location"
              name="location_id"
              label="Emplacement"
              value={form.data.location_id}
              onChange={changeLocation}
              error={form.errorOf('location_id')}
              options={locations}
              placeholder="Choisir…"
            />
          </div>
          <div className="col-md-4">
            <SelectField
              required
              id="readjust-reason"
              name="reason"
              label="Motif"
              value={form.data.reason}
              onChange={changeReason}
              error={form.errorOf('reason')}
              options={reasons}
              placeholder="Choisir le motif…"
            />
          </div>
          <div className="col-md-4">
            <DateField {...form.fieldProps('adjustment_date')} label="Date" max={today} required className="mb-0" />
          </div>
        </DocumentHead>

        <DocumentLines
          lines={lines}
          picker={
            <ProductPicker
              locationId={form.data.location_id || null}
              onPick={lines.pick}
              label="Ajouter un produit"
              testId="readjust-product-picker"
            />
          }
          emptyText="Ajoutez les produits à corriger avec la recherche ci-dessus."
          testId="readjust-lines"
          head={
            <tr>
              <th scope="col">Produit</th>
              <th scope="col" className="num">
                Stock actuel
              </th>
              <th scope="col">Sens</th>
              <th scope="col" className="num">
                Quantité
              </th>
              {REMOVE_HEADER}
            </tr>
          }
          footer={
            <DocumentLinesFooter
              totals={[
                { label: 'Sorties', value: moved('out'), className: 'app-diff-neg' },
                ...(allowsIncrease ? [{ label: 'Entrées', value: moved('in'), className: 'app-diff-pos' }] : []),
              ]}
              cancelHref={route('inventory.index', { tab: 'readjustments' })}
              submit={{
                label: 'Enregistrer le réajustement',
                icon: 'fa-solid fa-check',
                busy: form.busy,
                busyLabel: 'Enregistrement…',
                disabled: lines.items.length === 0,
                testId: 'readjust-submit',
              }}
            />
          }
        >
          {lines.items.map((l, i) => (
            <tr key={l.product_id} {...lines.rowProps(i)}>
              <LineProduct index={i} name={l.name} code={l.code} error={lines.error(i, 'product_id')} />
              <td className="num" data-label="Stock actuel">
                {formatQuantity(l.stock, l.unit_name)}
              </td>
              <td className="app-line-unit" data-label="Sens">
                <select
                  className={`form-select form-select-sm ${lines.error(i, 'direction') ? 'is-invalid' : ''}`}
                  aria-label={`Sens du réajustement de ${l.name}`}
                  value={l.direction}
                  onChange={(e) => lines.update(i, { direction: e.target.value as 'in' | 'out' })}
                >
                  <option value="out">Sortie (−)</option>
                  <option value="in" disabled={!allowsIncrease}>
                    Entrée (+)
                  </option>
                </select>
                <FieldError id={`line-${i}-direction-error`} error={lines.error(i, 'direction')} />
              </td>
              <LineQuantity
                id={`line-${i}-quantity`}
                name={`lines.${i}.quantity`}
                ariaLabel={`Quantité de ${l.name}`}
                value={l.quantity}
                onChange={(v) => lines.update(i, { quantity: v })}
                error={lines.error(i, 'quantity')}
                suffix={pluralUnit(l.unit_name, Number(l.quantity) || 0)}
              />
              <LineRemove name={l.name} onRemove={() => lines.remove(i)} />
            </tr>
          ))}
        </DocumentLines>
      </DocumentForm>
    </AppPage>
  );
}
