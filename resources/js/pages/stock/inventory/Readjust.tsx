import { Link } from '@inertiajs/react';
import { useState } from 'react';
import type { ProductPickerItem } from '@shared/master-data';
import type { ReadjustmentReason } from '@shared/stock';
import { AppPage } from '@/components/AppPage';
import { FieldError, TextField } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { NumberInput } from '@/components/NumberInput';
import { ProductPicker } from '@/components/pickers/ProductPicker';
import type { PageProps } from '@shared/pages';
import { SubmitButton } from '@/components/SubmitButton';
import { useServerForm } from '@/hooks/useServerForm';
import { EmptyState } from '@/components/data/EmptyState';
import { FormErrors } from '@/components/data/FormErrors';
import { formatQty } from '@/components/data/format';
import { errorsAfterRemoval, formLevelErrors, lineError, lineHasError, linesMessage } from '@/components/data/form-errors';
import { newIdempotencyKey } from '@/lib/idempotency';
import { addOrIncrement, removeAt, updateAt } from '@/components/documents/document-lines';
import { SelectField } from '@/components/data/FormFields';
import { useLeaveGuard } from '@/components/documents/useLeaveGuard';

const BASE = '/operations/gestionstock';

interface ReadjustLine {
  product_id: number;
  code: string;
  name: string;
  unit_name: string;
  stock: number | null;
  direction: 'in' | 'out';
  quantity: number | null;
}

type ReadjustForm = { idempotency_key: string; location_id: string; adjustment_date: string; reason: ReadjustmentReason | ''; note: string; lines: ReadjustLine[] };

/**
 * Réajustement direct (without a count): breakage, loss, theft, expiry take stock out; only an
 * input error may also put some back. Valued at the current CMUP.
 */
export default function InventoryReadjust({ currency, today, locations, reasons, default_location_id }: PageProps<'stock/inventory/Readjust'>) {
  const form = useServerForm<ReadjustForm>({
    idempotency_key: newIdempotencyKey(),
    location_id: default_location_id ? String(default_location_id) : '',
    adjustment_date: today,
    reason: '',
    note: '',
    lines: [],
  });
  const [flashIndex, setFlashIndex] = useState<number | null>(null);
  const errors = form.errors as Record<string, string>;
  const lines = form.data.lines;
  useLeaveGuard(lines.length > 0 && !form.processing, 'Les lignes saisies de ce réajustement seront perdues. Quitter la page ?');
  const reason = reasons.find((r) => r.value === form.data.reason);
  const allowsIncrease = reason?.allows_increase ?? false;

  const pick = (p: ProductPickerItem) => {
    const result = addOrIncrement<ReadjustLine>(
      lines,
      p.id,
      () => ({ product_id: p.id, code: p.code, name: p.name, unit_name: p.unit, stock: p.stock, direction: 'out', quantity: 1 }),
      (l) => ({ ...l, quantity: (l.quantity ?? 0) + 1 }),
    );
    form.setData('lines', result.lines);
    setFlashIndex(result.index);
    if (errors.lines) form.clearErrors('lines' as never);
  };
  const setLine = (index: number, patch: Partial<ReadjustLine>) => {
    form.setData('lines', updateAt(lines, index, patch));
    const keys = Object.keys(errors).filter((k) => k.startsWith(`lines.${index}.`));
    if (keys.length) form.clearErrors(...(keys as never[]));
  };
  const removeLine = (index: number) => {
    form.setData('lines', removeAt(lines, index));
    const kept = errorsAfterRemoval(errors, index);
    const dropped = Object.keys(errors).filter((k) => !(k in kept));
    if (dropped.length) form.clearErrors(...(dropped as never[]));
  };
  const changeReason = (value: string) => {
    const next = reasons.find((r) => r.value === value);
    // Breakage, loss, theft, expiry only take stock out: lines set to "in" switch back.
    form.setData((d) => ({ ...d, reason: value as ReadjustmentReason | '', lines: next?.allows_increase ? d.lines : d.lines.map((l) => ({ ...l, direction: 'out' as const })) }));
    if (errors.reason) form.clearErrors('reason');
  };
  const changeLocation = (value: string) => form.setData((d) => ({ ...d, location_id: value, lines: d.lines.map((l) => ({ ...l, stock: null })) }));

  const out = lines.filter((l) => l.direction === 'out').reduce((s, l) => s + (l.quantity ?? 0), 0);
  const inn = lines.filter((l) => l.direction === 'in').reduce((s, l) => s + (l.quantity ?? 0), 0);
  const others = formLevelErrors(errors, ['lines', 'location_id', 'adjustment_date', 'reason', 'note']);

  return (
    <AppPage title="Réajustement de stock" subtitle="Corriger le stock d'un emplacement sans inventaire complet : casse, perte, vol, péremption ou erreur de saisie." breadcrumbs={[{ label: 'Opérations' }, { label: 'Inventaire', href: BASE }, { label: 'Réajustement' }]}>
      <form
        ref={form.formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.transform((d) => ({ ...d, lines: d.lines.map((l) => ({ product_id: l.product_id, direction: l.direction, quantity: l.quantity ?? '' })) }));
          form.submit('post', `${BASE}/reajustement`, { preserveScroll: false });
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') e.preventDefault();
        }}
        data-testid="readjust-form"
      >
        <FormErrors messages={others} />
        <div className="card mb-3">
          <div className="card-body">
            <div className="row g-3 app-stock-head">
              <div className="col-md-4">
                <SelectField required id="readjust-location" name="location_id" label="Emplacement" value={form.data.location_id} onChange={changeLocation} error={errors.location_id} options={locations.map((l) => ({ value: l.value, label: l.label }))} placeholder="Choisir…" />
              </div>
              <div className="col-md-4">
                <SelectField required id="readjust-reason" name="reason" label="Motif" value={form.data.reason} onChange={changeReason} error={errors.reason} options={reasons.map((r) => ({ value: r.value, label: r.label }))} placeholder="Choisir le motif…" />
              </div>
              <div className="col-md-4">
                <TextField {...form.fieldProps('adjustment_date')} label="Date" type="date" max={today} required className="mb-0" />
              </div>
              <div className="col-12">
                <TextField {...form.fieldProps('note')} label="Observation" maxLength={500} placeholder="Circonstances, n° de constat…" className="mb-0" />
              </div>
            </div>
          </div>
        </div>

        <div className="card mb-3">
          <div className="app-picker-bar">
            <ProductPicker currency={currency} locationId={form.data.location_id || null} onPick={pick} label="Ajouter un produit" testId="readjust-product-picker" />
            <FieldError id="readjust-lines-error" error={linesMessage(errors)} />
          </div>
          {lines.length === 0 ? (
            <EmptyState icon="fa-solid fa-barcode" title="Aucun produit pour l'instant">Ajoutez les produits à corriger avec la recherche ci-dessus.</EmptyState>
          ) : (
            <div className="table-responsive">
              <table className="table app-stock-table app-lines-table app-stack-sm" data-testid="readjust-lines">
                <thead>
                  <tr>
                    <th scope="col">Produit</th>
                    <th scope="col" className="num">Stock actuel</th>
                    <th scope="col">Sens</th>
                    <th scope="col" className="num">Quantité</th>
                    <th scope="col">
                      <span className="visually-hidden">Retirer</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((l, i) => (
                    <tr key={l.product_id} className={`${lineHasError(errors, i) ? 'has-error' : ''} ${flashIndex === i ? 'is-flash' : ''}`} onAnimationEnd={() => setFlashIndex(null)}>
                      <td>
                        <div className="fw-semibold">{l.name}</div>
                        <div className="small text-body-secondary code">{l.code}</div>
                        <FieldError id={`line-${i}-product-error`} error={lineError(errors, i, 'product_id')} />
                      </td>
                      <td className="num" data-label="Stock actuel">{l.stock === null ? '—' : `${formatQty(l.stock)} ${l.unit_name}`}</td>
                      <td className="app-line-unit" data-label="Sens">
                        <select className={`form-select form-select-sm ${lineError(errors, i, 'direction') ? 'is-invalid' : ''}`} aria-label={`Sens du réajustement de ${l.name}`} value={l.direction} onChange={(e) => setLine(i, { direction: e.target.value as 'in' | 'out' })}>
                          <option value="out">Sortie (−)</option>
                          <option value="in" disabled={!allowsIncrease}>
                            Entrée (+)
                          </option>
                        </select>
                        <FieldError id={`line-${i}-direction-error`} error={lineError(errors, i, 'direction')} />
                      </td>
                      <td className="app-line-qty" data-label="Quantité">
                        <NumberInput id={`line-${i}-quantity`} name={`lines.${i}.quantity`} label={<span className="visually-hidden">Quantité de {l.name}</span>} value={l.quantity} min={1} onChange={(v) => setLine(i, { quantity: v })} error={lineError(errors, i, 'quantity')} suffix={l.unit_name} className="mb-0" />
                      </td>
                      <td className="text-end app-line-remove">
                        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => removeLine(i)} aria-label={`Retirer ${l.name}`}>
                          <Icon name="fa-solid fa-trash-can" />
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="app-doc-total">
            <span>
              Sorties : <strong className="app-diff-neg">{formatQty(out)}</strong>
            </span>
            {allowsIncrease ? (
              <span>
                Entrées : <strong className="app-diff-pos">{formatQty(inn)}</strong>
              </span>
            ) : null}
          </div>
        </div>
        <div className="app-form-actions">
          <Link href={`${BASE}?tab=readjustments`} className="btn btn-outline-secondary">
            Annuler
          </Link>
          <SubmitButton busy={form.busy} icon="fa-solid fa-check" busyLabel="Enregistrement…" disabled={lines.length === 0} testId="readjust-submit">
            Enregistrer le réajustement
          </SubmitButton>
        </div>
      </form>
    </AppPage>
  );
}
