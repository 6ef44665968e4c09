import { Link } from '@inertiajs/react';
import { useState } from 'react';
import type { ProductPickerItem } from '@shared/master-data';
import { currencyInfo, minorToInput, parseMoneyInput } from '@shared/money';
import type { PageProps } from '@shared/pages';
import { AppPage } from '@/components/AppPage';
import { Money } from '@/components/data/Money';
import { FieldError, TextField } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { NumberInput } from '@/components/NumberInput';
import { ProductPicker } from '@/components/pickers/ProductPicker';
import { SubmitButton } from '@/components/SubmitButton';
import { useServerForm } from '@/hooks/useServerForm';
import { useLeaveGuard } from '@/components/documents/useLeaveGuard';
import { EmptyState } from '@/components/data/EmptyState';
import { FormErrors } from '@/components/data/FormErrors';
import { SelectField } from '@/components/data/FormFields';
import { addOrIncrement, baseQuantity, lineAmount, removeAt, updateAt } from '@/components/documents/document-lines';
import { formatQty } from '@/components/data/format';
import { errorsAfterRemoval, formLevelErrors, lineError, lineHasError, linesMessage } from '@/components/data/form-errors';
import { newIdempotencyKey } from '@/lib/idempotency';

const BASE = '/operations/entreestock';

interface EntryLine {
  product_id: number;
  code: string;
  name: string;
  unit_name: string;
  pack_size: number;
  stock: number | null;
  unit: 'unit' | 'pack';
  quantity: number | null;
  /** As typed, in major units; turned into minor units on submit. */
  unit_cost: string;
}

type EntryForm = {
  idempotency_key: string;
  supplier_id: string;
  location_id: string;
  entry_date: string;
  supplier_ref: string;
  note: string;
  lines: EntryLine[];
};

/**
 * Nouvelle entrée de stock: supplier, receiving location, date, supplier reference, then lines
 * added with the product picker (a scanned barcode adds the product or one more of it), quantity
 * by unit or by pack, unit cost prefilled with the last purchase price, live totals.
 */
export default function EntriesCreate({ currency, today, suppliers, locations, default_location_id }: PageProps<'stock/entries/Create'>) {
  const form = useServerForm<EntryForm>({
    idempotency_key: newIdempotencyKey(),
    supplier_id: '',
    location_id: default_location_id ? String(default_location_id) : '',
    entry_date: today,
    supplier_ref: '',
    note: '',
    lines: [],
  });
  const [flashIndex, setFlashIndex] = useState<number | null>(null);
  const errors = form.errors as Record<string, string>;
  const lines = form.data.lines;
  useLeaveGuard(lines.length > 0 && !form.processing, 'Les lignes saisies de cette entrée seront perdues. Quitter la page ?');

  const pick = (p: ProductPickerItem) => {
    const result = addOrIncrement<EntryLine>(
      lines,
      p.id,
      () => ({ product_id: p.id, code: p.code, name: p.name, unit_name: p.unit, pack_size: p.pack_size, stock: p.stock, unit: 'unit', quantity: 1, unit_cost: minorToInput(p.purchase_price ?? 0, currency) }),
      (l) => ({ ...l, quantity: (l.quantity ?? 0) + 1 }),
    );
    form.setData('lines', result.lines);
    setFlashIndex(result.index);
    if (errors.lines) form.clearErrors('lines' as never);
  };

  const setLine = (index: number, patch: Partial<EntryLine>) => {
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

  const totalQuantity = lines.reduce((s, l) => s + baseQuantity(l.quantity, l.unit, l.pack_size), 0);
  const totalAmount = lines.reduce((s, l) => s + lineAmount(l.quantity, l.unit, l.pack_size, parseMoneyInput(l.unit_cost, currency)), 0);
  const location = locations.find((l) => l.value === form.data.location_id);

  const submit = () => {
    form.transform((data) => ({
      ...data,
      lines: data.lines.map((l) => {
        const cost = parseMoneyInput(l.unit_cost, currency);
        // An unreadable amount is sent as typed: the server answers with a French error on the cell.
        return { product_id: l.product_id, unit: l.unit, quantity: l.quantity ?? '', unit_cost: cost ?? l.unit_cost };
      }),
    }));
    form.submit('post', BASE, { preserveScroll: false });
  };

  const others = formLevelErrors(errors, ['lines', 'supplier_id', 'location_id', 'entry_date', 'supplier_ref', 'note'], false);

  return (
    <AppPage title="Nouvelle entrée de stock" breadcrumbs={[{ label: 'Opérations' }, { label: 'Entrées de stock', href: BASE }, { label: 'Nouvelle entrée' }]}>
      <form
        ref={form.formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        onKeyDown={(e) => {
          // Enter in a field must not validate the whole entry (scanners end with Enter).
          if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') e.preventDefault();
        }}
        data-testid="entry-form"
      >
        <FormErrors messages={others} />
        <div className="card mb-3">
          <div className="card-body">
            <div className="row g-3 app-stock-head">
              <div className="col-md-6 col-xl-4">
                <SelectField required id="entry-supplier" name="supplier_id" label="Fournisseur" value={form.data.supplier_id} onChange={(v) => form.setData('supplier_id', v)} error={errors.supplier_id} options={suppliers.map((s) => ({ value: s.value, label: s.label }))} placeholder="Choisir le fournisseur…" />
              </div>
              <div className="col-md-6 col-xl-3">
                <SelectField required id="entry-location" name="location_id" label="Emplacement qui reçoit" value={form.data.location_id} onChange={(v) => form.setData((d) => ({ ...d, location_id: v, lines: d.lines.map((l) => ({ ...l, stock: null })) }))} error={errors.location_id} options={locations.map((l) => ({ value: l.value, label: l.label }))} placeholder="Choisir…" />
              </div>
              <div className="col-sm-6 col-xl-2">
                <TextField {...form.fieldProps('entry_date')} label="Date d'entrée" type="date" max={today} required className="mb-0" />
              </div>
              <div className="col-sm-6 col-xl-3">
                <TextField {...form.fieldProps('supplier_ref')} label="Référence fournisseur" maxLength={80} placeholder="N° de BL ou de facture" className="mb-0" />
              </div>
            </div>
          </div>
        </div>

        <div className="card mb-3">
          <div className="app-picker-bar">
            <ProductPicker currency={currency} locationId={form.data.location_id || null} onPick={pick} label="Ajouter un produit" autoFocus testId="entry-product-picker" />
            <div className="form-text">Scannez un code-barres ou tapez un code ou un nom puis Entrée : un produit déjà présent voit sa quantité augmenter de 1.</div>
            <FieldError id="entry-lines-error" error={linesMessage(errors)} />
          </div>
          {lines.length === 0 ? (
            <EmptyState icon="fa-solid fa-barcode" title="Aucun produit pour l'instant">Ajoutez-en avec la recherche ci-dessus.</EmptyState>
          ) : (
            <div className="table-responsive">
              <table className="table app-stock-table app-lines-table app-stack-sm" data-testid="entry-lines">
                <thead>
                  <tr>
                    <th scope="col">Produit</th>
                    <th scope="col">Saisie par</th>
                    <th scope="col" className="num">Quantité</th>
                    <th scope="col" className="num">Coût unitaire ({currencyInfo(currency).label})</th>
                    <th scope="col" className="num">Montant</th>
                    <th scope="col">
                      <span className="visually-hidden">Retirer</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((l, i) => {
                    const qtyError = lineError(errors, i, 'quantity');
                    const costError = lineError(errors, i, 'unit_cost');
                    const productError = lineError(errors, i, 'product_id');
                    const cost = parseMoneyInput(l.unit_cost, currency);
                    return (
                      <tr key={l.product_id} className={`${lineHasError(errors, i) ? 'has-error' : ''} ${flashIndex === i ? 'is-flash' : ''}`} onAnimationEnd={() => setFlashIndex(null)} data-testid={`entry-line-${i}`}>
                        <td>
                          <div className="fw-semibold">{l.name}</div>
                          <div className="small text-body-secondary">
                            <span className="code">{l.code}</span>
                            {l.stock !== null ? ` · en stock${location ? ` à ${location.label}` : ''} : ${formatQty(l.stock)} ${l.unit_name}` : ''}
                          </div>
                          <FieldError id={`line-${i}-product-error`} error={productError} />
                        </td>
                        <td className="app-line-unit" data-label="Saisie par">
                          {l.pack_size > 1 ? (
                            <select className="form-select form-select-sm" aria-label={`Unité de saisie de ${l.name}`} value={l.unit} onChange={(e) => setLine(i, { unit: e.target.value as 'unit' | 'pack' })}>
                              <option value="unit">{l.unit_name}</option>
                              <option value="pack">colis de {formatQty(l.pack_size)}</option>
                            </select>
                          ) : (
                            <span className="small">{l.unit_name}</span>
                          )}
                          {l.unit === 'pack' && l.quantity ? <div className="small text-body-secondary mt-1">= {formatQty(baseQuantity(l.quantity, l.unit, l.pack_size))} {l.unit_name}</div> : null}
                        </td>
                        <td className="app-line-qty" data-label="Quantité">
                          <NumberInput id={`line-${i}-quantity`} name={`lines.${i}.quantity`} label={<span className="visually-hidden">Quantité de {l.name}</span>} value={l.quantity} min={1} onChange={(v) => setLine(i, { quantity: v })} error={qtyError} stepper className="mb-0" />
                        </td>
                        <td className="app-line-cost" data-label={`Coût unitaire (${currencyInfo(currency).label})`}>
                          <input
                            id={`line-${i}-cost`}
                            name={`lines.${i}.unit_cost`}
                            type="text"
                            inputMode={currencyInfo(currency).decimals > 0 ? 'decimal' : 'numeric'}
                            autoComplete="off"
                            className={`form-control form-control-sm app-number text-end ${costError || (l.unit_cost !== '' && cost === null) ? 'is-invalid' : ''}`}
                            aria-label={`Coût unitaire de ${l.name}`}
                            aria-invalid={costError ? true : undefined}
                            aria-describedby={costError ? `line-${i}-cost-error` : undefined}
                            value={l.unit_cost}
                            onChange={(e) => setLine(i, { unit_cost: e.target.value })}
                          />
                          <FieldError id={`line-${i}-cost-error`} error={costError} />
                        </td>
                        <td className="num" data-label="Montant">
                          <Money value={lineAmount(l.quantity, l.unit, l.pack_size, cost)} currency={currency} />
                        </td>
                        <td className="text-end app-line-remove">
                          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => removeLine(i)} aria-label={`Retirer ${l.name}`}>
                            <Icon name="fa-solid fa-trash-can" />
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          <div className="app-doc-total" data-testid="entry-totals">
            <span>
              {formatQty(lines.length)} ligne{lines.length > 1 ? 's' : ''}
            </span>
            <span>
              Quantité : <strong>{formatQty(totalQuantity)}</strong>
            </span>
            <span>
              Total : <strong data-testid="entry-total">{<Money value={totalAmount} currency={currency} />}</strong>
            </span>
          </div>
        </div>

        <div className="card mb-3">
          <div className="card-body">
            <label htmlFor="entry-note" className="form-label">
              Observation
            </label>
            <textarea id="entry-note" name="note" className={`form-control ${errors.note ? 'is-invalid' : ''}`} rows={2} maxLength={500} value={form.data.note} onChange={(e) => form.setData('note', e.target.value)} />
            <FieldError id="entry-note-error" error={errors.note} />
          </div>
        </div>

        <div className="app-form-actions">
          <Link href={BASE} className="btn btn-outline-secondary">
            Annuler
          </Link>
          <SubmitButton busy={form.busy} icon="fa-solid fa-check" busyLabel="Validation…" disabled={lines.length === 0} testId="entry-submit">
            Valider l'entrée
          </SubmitButton>
        </div>
        <p className="small text-body-secondary text-end mt-2">La validation met à jour le stock, le coût moyen (CMUP), le dernier prix d'achat et le solde du fournisseur.</p>
      </form>
    </AppPage>
  );
}
