import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { AppPage } from '@/components/AppPage';
import { SelectField } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { formatCount, formatQuantity, formatUnitTotals, pluralUnit } from '@/components/data/format';
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
export default function TransfersCreate({
  locations,
  destinations,
  default_from_id,
  default_to_id,
}: PageProps<'stock/transfers/Create'>) {
  const { today } = useCompany();
  const form = useServerForm<TransferForm>({
    idempotency_key: newIdempotencyKey(),
    from_location_id: default_from_id ? String(default_from_id) : '',
    to_location_id: default_to_id ? String(default_to_id) : '',
    transfer_date: today,
    note: '',
    lines: [],
  });
  const lines = useDocumentLines(form, {
    create: (p): TransferLine => ({
      product_id: p.id,
      code: p.code,
      name: p.name,
      unit_name: p.unit,
      stock: p.stock,
      quantity: 1,
    }),
    increment: (l, p) => ({ ...l, quantity: (l.quantity ?? 0) + 1, stock: p.stock ?? l.stock }),
    leaveMessage: 'Les lignes saisies de ce transfert seront perdues. Quitter la page ?',
  });
  const sameLocation = form.data.from_location_id !== '' && form.data.from_location_id === form.data.to_location_id;
  const source = locations.find((l) => l.value === form.data.from_location_id);
  // The stock shown on each line is the source's: another source, another stock.
  const setLocations = (from: string, to: string) => {
    form.setData((d) => ({ ...d, from_location_id: from, to_location_id: to }));
    if (from !== form.data.from_location_id) lines.updateAll((l) => ({ ...l, stock: null }));
    if (form.errorOf('from_location_id')) form.clearErrors('from_location_id');
  };

  return (
    <AppPage
      title="Nouveau transfert"
      breadcrumbs={[
        { label: 'Opérations' },
        { label: 'Transferts', href: route('transfers.index') },
        { label: 'Nouveau transfert' },
      ]}
    >
      <DocumentForm
        form={form}
        onSubmit={() =>
          lines.submit(route('transfers.index'), (l) => ({ product_id: l.product_id, quantity: l.quantity ?? '' }))
        }
        errors={lines.formErrors(['from_location_id', 'to_location_id', 'transfer_date', 'note'])}
        testId="transfer-form"
      >
        <DocumentHead note={form.fieldProps('note')}>
          <div className="col-md-5 col-xl-4">
            <SelectField
              required
              id="transfer-from"
              name="from_location_id"
              label="Départ (emplacement qui envoie)"
              value={form.data.from_location_id}
              onChange={(v) => setLocations(v, form.data.to_location_id)}
              error={form.errorOf('from_location_id')}
              options={locations}
              placeholder="Choisir…"
            />
          </div>
          <div className="col-md-2 col-xl-1 d-none d-md-flex justify-content-center pt-md-4">
            <button
              type="button"
              className="btn btn-outline-secondary mt-md-2"
              aria-label="Inverser départ et destination"
              title="Inverser"
              onClick={() => setLocations(form.data.to_location_id, form.data.from_location_id)}
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
              error={
                form.errorOf('to_location_id') ??
                (sameLocation ? 'La destination doit être différente du départ.' : undefined)
              }
              options={destinations}
              placeholder="Choisir…"
            />
          </div>
          <div className="col-sm-6 col-xl-3">
            <DateField
              {...form.fieldProps('transfer_date')}
              label="Date du transfert"
              max={today}
              required
              className="mb-0"
            />
          </div>
        </DocumentHead>

        <DocumentLines
          lines={lines}
          picker={
            <ProductPicker
              locationId={form.data.from_location_id || null}
              onPick={lines.pick}
              label="Ajouter un produit"
              autoFocus
              testId="transfer-product-picker"
            />
          }
          hint="Scannez ou recherchez un produit : un produit déjà présent voit sa quantité augmenter de 1. Le stock affiché est celui du départ."
          testId="transfer-lines"
          head={
            <tr>
              <th scope="col">Produit</th>
              <th scope="col" className="num">
                Stock au départ
              </th>
              <th scope="col" className="num">
                Quantité à envoyer
              </th>
              {REMOVE_HEADER}
            </tr>
          }
          footer={
            <DocumentLinesFooter
              totals={[
                { value: formatCount(lines.totals.count, 'ligne') },
                {
                  label: 'À envoyer',
                  value: formatUnitTotals(lines.items.map((l) => ({ quantity: l.quantity, unit: l.unit_name }))),
                  testId: 'transfer-total',
                },
              ]}
              hint="À l’envoi, la marchandise sort du stock du départ et reste en transit jusqu’à sa réception à destination."
              cancelHref={route('transfers.index')}
              submit={{
                label: 'Envoyer le transfert',
                icon: 'fa-solid fa-truck-fast',
                busy: form.busy,
                busyLabel: 'Envoi…',
                disabled: lines.items.length === 0 || sameLocation,
                testId: 'transfer-submit',
              }}
            />
          }
        >
          {lines.items.map((l, i) => {
            const short = l.stock !== null && l.quantity !== null && l.quantity > l.stock;
            return (
              <tr key={l.product_id} {...lines.rowProps(i)} data-testid={`transfer-line-${i}`}>
                <LineProduct index={i} name={l.name} code={l.code} error={lines.error(i, 'product_id')} />
                <td className="num" data-label="Stock au départ">
                  {formatQuantity(l.stock, l.unit_name)}
                  {short ? (
                    <div className="small text-warning-emphasis">
                      Stock insuffisant à {source?.label ?? 'ce départ'}
                    </div>
                  ) : null}
                </td>
                <LineQuantity
                  id={`line-${i}-quantity`}
                  name={`lines.${i}.quantity`}
                  ariaLabel={`Quantité de ${l.name}`}
                  value={l.quantity}
                  onChange={(v) => lines.update(i, { quantity: v })}
                  error={lines.error(i, 'quantity')}
                  suffix={pluralUnit(l.unit_name, Number(l.quantity) || 0)}
                  label="Quantité à envoyer"
                />
                <LineRemove name={l.name} onRemove={() => lines.remove(i)} />
              </tr>
            );
          })}
        </DocumentLines>
      </DocumentForm>
    </AppPage>
  );
}
