import { LIMITS, limitMessage } from '@shared/limits';
import { currencyInfo, minorToInput, parseMoneyInput } from '@shared/money';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { packCostMessage, unitCostOfPack } from '@shared/stock';
import { AppPage } from '@/components/AppPage';
import { Link } from '@inertiajs/react';
import { FieldError, SelectField, StatusAlert, TextField } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { formatQty, formatQuantity } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { MoneyInput } from '@/components/data/MoneyInput';
import { lineAmount, maxEnteredQuantity } from '@/components/documents/document-lines';
import { LineUnit } from '@/components/documents/LineUnit';
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

interface EntryLine {
  product_id: number;
  code: string;
  name: string;
  unit_name: string;
  pack_size: number;
  stock: number | null;
  unit: 'unit' | 'pack';
  quantity: number | null;
  /**
   * The cost as typed, in major units, per unit of entry: per base unit, or per colis when the
   * line is entered by colis (sent as pack_cost; the server keeps the cost per base unit).
   */
  unit_cost: string;
}

type EntryForm = {
  idempotency_key: string;
  kind: 'supplier' | 'opening';
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
 * by unit or by pack, cost prefilled with the last purchase price — per unit, or per colis on a line
 * entered by colis (with its cost per unit beside it; refused when it does not divide exactly,
 * unitCostOfPack) — live totals.
 * With kind "opening" it is the « Stock initial » form: no supplier (no supplier debt), a link to
 * the import of a whole file.
 */
export default function EntriesCreate({
  kind,
  suppliers,
  locations,
  default_location_id,
}: PageProps<'stock/entries/Create'>) {
  const { currency, today } = useCompany();
  const opening = kind === 'opening';
  const title = opening ? 'Stock initial' : 'Nouvelle entrée de stock';
  const form = useServerForm<EntryForm>({
    idempotency_key: newIdempotencyKey(),
    kind,
    supplier_id: '',
    location_id: default_location_id ? String(default_location_id) : '',
    entry_date: today,
    supplier_ref: '',
    note: '',
    lines: [],
  });
  /** The cost typed, in minor units (per unit of entry), or null when unreadable. */
  const cost = (l: EntryLine) => parseMoneyInput(l.unit_cost, currency);
  const byPack = (l: EntryLine) => l.unit === 'pack' && l.pack_size > 1;
  /** The cost per base unit: the typed one, or a colis's divided by its size when exact (else null). */
  const unitCost = (l: EntryLine): number | null => {
    const typed = cost(l);
    if (typed === null || !byPack(l)) return typed;
    const split = unitCostOfPack(typed, l.pack_size);
    return split.exact ? split.unitCost : null;
  };
  /** Switching a line between unit and colis carries its cost over (× or ÷ the pack size when exact). */
  const switchUnit = (l: EntryLine, unit: 'unit' | 'pack'): Partial<EntryLine> => {
    const typed = cost(l);
    if (typed === null || unit === l.unit) return { unit };
    if (unit === 'pack') return { unit, unit_cost: minorToInput(typed * l.pack_size, currency) };
    const split = unitCostOfPack(typed, l.pack_size);
    return { unit, unit_cost: split.exact ? minorToInput(split.unitCost, currency) : l.unit_cost };
  };
  const amountOf = (l: EntryLine) =>
    byPack(l) ? (l.quantity ?? 0) * (cost(l) ?? 0) : lineAmount(l.quantity, l.unit, l.pack_size, cost(l));
  const lines = useDocumentLines(form, {
    create: (p): EntryLine => ({
      product_id: p.id,
      code: p.code,
      name: p.name,
      unit_name: p.unit,
      pack_size: p.pack_size,
      stock: p.stock,
      unit: 'unit',
      quantity: 1,
      unit_cost: minorToInput(p.purchase_price ?? 0, currency),
    }),
    amount: amountOf,
    leaveMessage: 'Les lignes saisies de cette entrée seront perdues. Quitter la page ?',
  });
  const location = locations.find((l) => l.value === form.data.location_id);
  const currencyLabel = currencyInfo(currency).label;

  return (
    <AppPage
      title={title}
      breadcrumbs={[
        { label: 'Opérations' },
        { label: 'Entrées de stock', href: route('entries.index') },
        { label: opening ? 'Stock initial' : 'Nouvelle entrée' },
      ]}
      actions={
        opening ? (
          <Link
            href={route('openingStock.import')}
            className="btn btn-outline-secondary"
            data-testid="opening-import-link"
          >
            <Icon name="fa-solid fa-file-import" className="me-2" />
            Importer un fichier
          </Link>
        ) : undefined
      }
    >
      {opening ? (
        <StatusAlert tone="info" testId="opening-intro">
          Saisissez ici le stock que vous détenez déjà en commençant avec le logiciel : quantités et coût unitaire de
          chaque produit. Il entre en stock et fixe le CMUP comme une entrée, sans fournisseur ni dette fournisseur.
          Pour de nombreux produits, importez plutôt un fichier CSV ou Excel.
        </StatusAlert>
      ) : null}
      <DocumentForm
        form={form}
        // An unreadable cost is sent as typed: the server answers with a French error on the cell.
        onSubmit={() =>
          lines.submit(route('entries.index'), (l) => ({
            product_id: l.product_id,
            unit: l.unit,
            quantity: l.quantity ?? '',
            ...(byPack(l) ? { pack_cost: cost(l) ?? l.unit_cost } : { unit_cost: cost(l) ?? l.unit_cost }),
          }))
        }
        errors={lines.formErrors(['kind', 'supplier_id', 'location_id', 'entry_date', 'supplier_ref', 'note'])}
        testId="entry-form"
      >
        <DocumentHead note={form.fieldProps('note')}>
          {opening ? null : (
            <div className="col-md-6 col-xl-4">
              <SelectField
                required
                id="entry-supplier"
                name="supplier_id"
                label="Fournisseur"
                value={form.data.supplier_id}
                onChange={(v) => form.setData('supplier_id', v)}
                error={form.errorOf('supplier_id')}
                options={suppliers}
                placeholder="Choisir le fournisseur…"
              />
            </div>
          )}
          <div className="col-md-6 col-xl-3">
            <SelectField
              required
              id="entry-location"
              name="location_id"
              label="Emplacement qui reçoit"
              value={form.data.location_id}
              onChange={(v) => {
                form.setData('location_id', v);
                lines.updateAll((l) => ({ ...l, stock: null }));
              }}
              error={form.errorOf('location_id')}
              options={locations}
              placeholder="Choisir…"
            />
          </div>
          <div className="col-sm-6 col-xl-2">
            <DateField {...form.fieldProps('entry_date')} label="Date d’entrée" max={today} required className="mb-0" />
          </div>
          {opening ? null : (
            <div className="col-sm-6 col-xl-3">
              <TextField
                {...form.fieldProps('supplier_ref')}
                label="Référence fournisseur"
                maxLength={80}
                placeholder="N° de BL ou de facture"
                className="mb-0"
              />
            </div>
          )}
        </DocumentHead>

        <DocumentLines
          lines={lines}
          picker={
            <ProductPicker
              locationId={form.data.location_id || null}
              onPick={lines.pick}
              label="Ajouter un produit"
              autoFocus
              testId="entry-product-picker"
            />
          }
          hint="Scannez un code-barres ou tapez un code ou un nom puis Entrée : un produit déjà présent voit sa quantité augmenter de 1."
          testId="entry-lines"
          head={
            <tr>
              <th scope="col">Produit</th>
              <th scope="col">Saisie par</th>
              <th scope="col" className="num">
                Quantité
              </th>
              <th scope="col" className="num">
                Coût d’achat ({currencyLabel})
              </th>
              <th scope="col" className="num">
                Montant
              </th>
              {REMOVE_HEADER}
            </tr>
          }
          footer={
            <DocumentLinesFooter
              testId="entry-totals"
              totals={[
                // Lines, not a quantity: sacks, bottles and boxes do not add up.
                { value: `${formatQty(lines.totals.count)} ligne${lines.totals.count > 1 ? 's' : ''}` },
                {
                  label: 'Total',
                  value: <Money value={lines.totals.amount} />,
                  testId: 'entry-total',
                },
              ]}
              hint={
                opening
                  ? 'La validation met le stock en place et fixe le coût moyen (CMUP), sans fournisseur.'
                  : 'La validation met à jour le stock, le coût moyen (CMUP), le dernier prix d’achat et le solde du fournisseur.'
              }
              cancelHref={route('entries.index')}
              submit={{
                label: opening ? 'Valider le stock initial' : 'Valider l’entrée',
                icon: 'fa-solid fa-check',
                busy: form.busy,
                busyLabel: 'Validation…',
                disabled: lines.items.length === 0,
                testId: 'entry-submit',
              }}
            />
          }
        >
          {lines.items.map((l, i) => {
            const typedCost = cost(l);
            const pack = byPack(l);
            const perUnit = unitCost(l);
            // The server's ceilings (shared/limits.ts) and its rule for a colis's cost, said before sending.
            const costError =
              lines.error(i, 'unit_cost') ??
              lines.error(i, 'pack_cost') ??
              (typedCost === null
                ? undefined
                : pack
                  ? (packCostMessage(typedCost, l.pack_size, currency) ??
                    (perUnit !== null && perUnit > LIMITS.unitPrice
                      ? limitMessage('Le coût unitaire', 'unitPrice', currency)
                      : undefined))
                  : typedCost > LIMITS.unitPrice
                    ? limitMessage('Le coût unitaire', 'unitPrice', currency)
                    : undefined);
            const costLabel = pack
              ? `Coût du colis de ${formatQty(l.pack_size)} (${currencyLabel})`
              : `Coût unitaire (${currencyLabel})`;
            return (
              <tr key={l.product_id} {...lines.rowProps(i)} data-testid={`entry-line-${i}`}>
                <LineProduct
                  index={i}
                  name={l.name}
                  code={l.code}
                  detail={
                    l.stock !== null
                      ? ` · en stock${location ? ` à ${location.label}` : ''} : ${formatQuantity(l.stock, l.unit_name)}`
                      : ''
                  }
                  error={lines.error(i, 'product_id')}
                />
                <LineUnit
                  label="Saisie par"
                  ariaLabel={`Unité de saisie de ${l.name}`}
                  unitName={l.unit_name}
                  packSize={l.pack_size}
                  unit={l.unit}
                  quantity={l.quantity}
                  onChange={(unit) => lines.update(i, switchUnit(l, unit))}
                />
                <LineQuantity
                  id={`line-${i}-quantity`}
                  name={`lines.${i}.quantity`}
                  ariaLabel={`Quantité de ${l.name}`}
                  value={l.quantity}
                  onChange={(v) => lines.update(i, { quantity: v })}
                  error={lines.error(i, 'quantity')}
                  max={maxEnteredQuantity(l.unit, l.pack_size)}
                  stepper
                />
                <td className="app-line-cost" data-label={costLabel}>
                  <MoneyInput
                    id={`line-${i}-cost`}
                    name={`lines.${i}.${pack ? 'pack_cost' : 'unit_cost'}`}
                    size="sm"
                    className="text-end"
                    ariaLabel={pack ? `Coût du colis de ${l.name}` : `Coût unitaire de ${l.name}`}
                    invalid={Boolean(costError) || (l.unit_cost !== '' && cost(l) === null)}
                    describedBy={costError ? `line-${i}-cost-error` : pack ? `line-${i}-cost-unit` : undefined}
                    value={l.unit_cost}
                    onChange={(unit_cost) => lines.update(i, { unit_cost })}
                  />
                  {pack ? (
                    <div
                      className="small text-body-secondary mt-1"
                      id={`line-${i}-cost-unit`}
                      data-testid={`entry-line-${i}-unit-cost`}
                    >
                      le colis
                      {perUnit !== null ? (
                        <>
                          {' '}
                          · soit <Money value={perUnit} /> l’unité
                        </>
                      ) : null}
                    </div>
                  ) : null}
                  <FieldError id={`line-${i}-cost-error`} error={costError} />
                </td>
                <td className="num" data-label="Montant">
                  <Money value={amountOf(l)} />
                </td>
                <LineRemove name={l.name} onRemove={() => lines.remove(i)} />
              </tr>
            );
          })}
        </DocumentLines>
      </DocumentForm>
    </AppPage>
  );
}
