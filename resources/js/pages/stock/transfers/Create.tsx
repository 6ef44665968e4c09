import { Link } from '@inertiajs/react';
import { useState } from 'react';
import type { ProductPickerItem } from '@shared/master-data';
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

const BASE = '/operations/sortiestock/transferts';

interface TransferLine {
  product_id: number;
  code: string;
  name: string;
  unit_name: string;
  /** Stock at the source when the product was picked (a hint; the server checks again). */
  stock: number | null;
  quantity: number | null;
}

type TransferForm = {
  idempotency_key: string;
  from_location_id: string;
  to_location_id: string;
  transfer_date: string;
  note: string;
  lines: TransferLine[];
};

/** Nouveau transfert: from a location to another, lines with the product picker; validation sends the goods. */
export default function TransfersCreate({ currency, today, locations, default_from_id, default_to_id }: PageProps<'stock/transfers/Create'>) {
  const form = useServerForm<TransferForm>({
    idempotency_key: newIdempotencyKey(),
    from_location_id: default_from_id ? String(default_from_id) : '',
    to_location_id: default_to_id ? String(default_to_id) : '',
    transfer_date: today,
    note: '',
    lines: [],
  });
  const [flashIndex, setFlashIndex] = useState<number | null>(null);
  const errors = form.errors as Record<string, string>;
  const lines = form.data.lines;
  useLeaveGuard(lines.length > 0 && !form.processing, 'Les lignes saisies de ce transfert seront perdues. Quitter la page ?');
  const options = locations.map((l) => ({ value: l.value, label: l.label }));
  const sameLocation = form.data.from_location_id !== '' && form.data.from_location_id === form.data.to_location_id;
  const source = locations.find((l) => l.value === form.data.from_location_id);

  const pick = (p: ProductPickerItem) => {
    const result = addOrIncrement<TransferLine>(
      lines,
      p.id,
      () => ({ product_id: p.id, code: p.code, name: p.name, unit_name: p.unit, stock: p.stock, quantity: 1 }),
      (l) => ({ ...l, quantity: (l.quantity ?? 0) + 1, stock: p.stock ?? l.stock }),
    );
    form.setData('lines', result.lines);
    setFlashIndex(result.index);
    if (errors.lines) form.clearErrors('lines' as never);
  };

  const setLine = (index: number, patch: Partial<TransferLine>) => {
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

  const changeSource = (value: string) => {
    form.setData((d) => ({ ...d, from_location_id: value, lines: d.lines.map((l) => ({ ...l, stock: null })) }));
    if (errors.from_location_id) form.clearErrors('from_location_id');
  };

  const total = lines.reduce((s, l) => s + (l.quantity ?? 0), 0);
  const others = formLevelErrors(errors, ['lines', 'from_location_id', 'to_location_id', 'transfer_date', 'note']);

  return (
    <AppPage title="Nouveau transfert" breadcrumbs={[{ label: 'Opérations' }, { label: 'Transferts', href: BASE }, { label: 'Nouveau transfert' }]}>
      <form
        ref={form.formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.transform((d) => ({ ...d, lines: d.lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity ?? '' })) }));
          form.submit('post', BASE, { preserveScroll: false });
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') e.preventDefault();
        }}
        data-testid="transfer-form"
      >
        <FormErrors messages={others} />
        <div className="card mb-3">
          <div className="card-body">
            <div className="row g-3 align-items-start app-stock-head">
              <div className="col-md-5 col-xl-4">
                <SelectField required id="transfer-from" name="from_location_id" label="Départ (emplacement qui envoie)" value={form.data.from_location_id} onChange={changeSource} error={errors.from_location_id} options={options} placeholder="Choisir…" />
              </div>
              <div className="col-md-2 col-xl-1 d-none d-md-flex justify-content-center pt-md-4">
                <button
                  type="button"
                  className="btn btn-outline-secondary mt-md-2"
                  aria-label="Inverser départ et destination"
                  title="Inverser"
                  onClick={() => form.setData((d) => ({ ...d, from_location_id: d.to_location_id, to_location_id: d.from_location_id, lines: d.lines.map((l) => ({ ...l, stock: null })) }))}
                >
                  <Icon name="fa-solid fa-right-left" />
                </button>
              </div>
              <div className="col-md-5 col-xl-4">
                <SelectField
                  required
                  id="transfer-to"
                  name="to_location_id"
                  label="Destination"
                  value={form.data.to_location_id}
                  onChange={(v) => form.setData('to_location_id', v)}
                  error={errors.to_location_id ?? (sameLocation ? 'La destination doit être différente du départ.' : undefined)}
                  options={options}
                  placeholder="Choisir…"
                />
              </div>
              <div className="col-sm-6 col-xl-3">
                <TextField {...form.fieldProps('transfer_date')} label="Date du transfert" type="date" max={today} required className="mb-0" />
              </div>
            </div>
          </div>
        </div>

        <div className="card mb-3">
          <div className="app-picker-bar">
            <ProductPicker currency={currency} locationId={form.data.from_location_id || null} onPick={pick} label="Ajouter un produit" autoFocus testId="transfer-product-picker" />
            <div className="form-text">Scannez ou recherchez un produit : un produit déjà présent voit sa quantité augmenter de 1. Le stock affiché est celui du départ.</div>
            <FieldError id="transfer-lines-error" error={linesMessage(errors)} />
          </div>
          {lines.length === 0 ? (
            <EmptyState icon="fa-solid fa-barcode" title="Aucun produit pour l'instant">Ajoutez-en avec la recherche ci-dessus.</EmptyState>
          ) : (
            <div className="table-responsive">
              <table className="table app-stock-table app-lines-table app-stack-sm" data-testid="transfer-lines">
                <thead>
                  <tr>
                    <th scope="col">Produit</th>
                    <th scope="col" className="num">Stock au départ</th>
                    <th scope="col" className="num">Quantité à envoyer</th>
                    <th scope="col">
                      <span className="visually-hidden">Retirer</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((l, i) => {
                    const short = l.stock !== null && l.quantity !== null && l.quantity > l.stock;
                    return (
                      <tr key={l.product_id} className={`${lineHasError(errors, i) ? 'has-error' : ''} ${flashIndex === i ? 'is-flash' : ''}`} onAnimationEnd={() => setFlashIndex(null)} data-testid={`transfer-line-${i}`}>
                        <td>
                          <div className="fw-semibold">{l.name}</div>
                          <div className="small text-body-secondary code">{l.code}</div>
                          <FieldError id={`line-${i}-product-error`} error={lineError(errors, i, 'product_id')} />
                        </td>
                        <td className="num" data-label="Stock au départ">
                          {l.stock === null ? '—' : `${formatQty(l.stock)} ${l.unit_name}`}
                          {short ? <div className="small text-warning-emphasis">Stock insuffisant à {source?.label ?? 'ce départ'}</div> : null}
                        </td>
                        <td className="app-line-qty" data-label="Quantité à envoyer">
                          <NumberInput id={`line-${i}-quantity`} name={`lines.${i}.quantity`} label={<span className="visually-hidden">Quantité de {l.name}</span>} value={l.quantity} min={1} onChange={(v) => setLine(i, { quantity: v })} error={lineError(errors, i, 'quantity')} suffix={l.unit_name} className="mb-0" />
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
          <div className="app-doc-total">
            <span>
              {formatQty(lines.length)} ligne{lines.length > 1 ? 's' : ''}
            </span>
            <span>
              Quantité totale : <strong data-testid="transfer-total">{formatQty(total)}</strong>
            </span>
          </div>
        </div>

        <div className="card mb-3">
          <div className="card-body">
            <label htmlFor="transfer-note" className="form-label">
              Observation
            </label>
            <textarea id="transfer-note" name="note" className={`form-control ${errors.note ? 'is-invalid' : ''}`} rows={2} maxLength={500} value={form.data.note} onChange={(e) => form.setData('note', e.target.value)} />
            <FieldError id="transfer-note-error" error={errors.note} />
          </div>
        </div>

        <div className="app-form-actions">
          <Link href={BASE} className="btn btn-outline-secondary">
            Annuler
          </Link>
          <SubmitButton busy={form.busy} icon="fa-solid fa-truck-fast" busyLabel="Envoi…" disabled={lines.length === 0 || sameLocation} testId="transfer-submit">
            Envoyer le transfert
          </SubmitButton>
        </div>
        <p className="small text-body-secondary text-end mt-2">À l'envoi, la marchandise sort du stock du départ et reste en transit jusqu'à sa réception à destination.</p>
      </form>
    </AppPage>
  );
}
