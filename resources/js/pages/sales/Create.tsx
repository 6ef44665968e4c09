import { useMemo, useState } from 'react';
import { type DocumentTotals, documentTotals } from '@shared/document-totals';
import { LIMITS } from '@shared/limits';
import { currencyInfo, formatMoney, minorToInput, parseMoneyInput } from '@shared/money';
import type { PageProps } from '@shared/pages';
import type { ClientPickerItem, ProductPickerItem } from '@shared/records';
import { PRICE_LEVEL_LABELS } from '@shared/records';
import { route } from '@shared/routes';
import { PaymentMismatch, type PaymentMode, allocatePayments, levelPrice } from '@shared/sales';
import {
  MOBILE_MONEY_OPERATORS,
  MOBILE_MONEY_OPERATOR_LABELS,
  type MobileMoneyOperator,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from '@shared/treasury';
import { AppPage } from '@/components/AppPage';
import { FieldError, SelectField, TextField } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { formatQty, formatQuantity } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { MoneyField } from '@/components/data/MoneyField';
import { MoneyInput } from '@/components/data/MoneyInput';
import { baseQuantity, maxEnteredQuantity } from '@/components/documents/document-lines';
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
import { ClientPicker } from '@/components/pickers/ClientPicker';
import { ProductPicker } from '@/components/pickers/ProductPicker';
import { useServerForm } from '@/hooks/useServerForm';
import { newIdempotencyKey } from '@/lib/idempotency';
import { priceBasisLabel } from '@shared/vat';
import { DateField } from '@/components/data/DateField';

interface SaleLine {
  product_id: number;
  code: string;
  name: string;
  unit_name: string;
  pack_size: number;
  stock: number | null;
  retail_price: number;
  wholesale_price: number;
  min_price: number;
  unit: 'unit' | 'pack';
  quantity: number | null;
  /** Per base unit, as typed (major units); the client's level price until edited. */
  unit_price: string;
  price_edited: boolean;
  discount: string;
}

interface PaymentLine {
  method: PaymentMethod;
  amount: string;
  account_id: string;
  operator: MobileMoneyOperator | '';
  phone: string;
  reference: string;
}

type SaleForm = {
  idempotency_key: string;
  client_id: string;
  location_id: string;
  sale_date: string;
  payment_mode: PaymentMode;
  due_date: string;
  discount: string;
  note: string;
  form_loaded_at: string;
  lines: SaleLine[];
  payments: PaymentLine[];
};

const newPayment = (method: PaymentMethod = 'especes'): PaymentLine => ({
  method,
  amount: '',
  account_id: '',
  operator: '',
  phone: '',
  reference: '',
});

/** The client's level price (no client yet: retail). */
const clientPrice = (line: Pick<SaleLine, 'retail_price' | 'wholesale_price'>, client: ClientPickerItem | null) =>
  levelPrice(line, client?.price_level ?? 'detail');

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Vente détaillée: an invoice to a named client — client (balance, credit limit, price level),
 * location, date, lines by product picker or barcode scan (by unit or pack, the client's level
 * price, editable, line discount, the minimum price as a hint), document discount, live totals
 * computed by the shared documentTotals (HT/TVA/TTC when VAT is enabled), then comptant (cash with
 * the change, mobile money, cheque, transfer, card, possibly split in two) or crédit (due date).
 * The server recomputes everything and answers each refusal on its field.
 */
export default function SalesCreate({
  currency,
  today,
  form_loaded_at,
  locations,
  default_location_id,
  vat,
  credit_days,
  rights,
  accounts,
  client: preselected,
}: PageProps<'sales/Create'>) {
  const [client, setClient] = useState<ClientPickerItem | null>(preselected);
  const form = useServerForm<SaleForm>({
    idempotency_key: newIdempotencyKey(),
    client_id: preselected ? String(preselected.id) : '',
    location_id: default_location_id ? String(default_location_id) : '',
    sale_date: today,
    payment_mode: 'cash',
    due_date: addDays(today, credit_days),
    discount: '',
    note: '',
    form_loaded_at,
    lines: [],
    payments: [newPayment()],
  });
  const price = (l: SaleLine) => parseMoneyInput(l.unit_price, currency);
  const lineDiscount = (l: SaleLine) => (l.discount.trim() === '' ? 0 : parseMoneyInput(l.discount, currency));
  const lines = useDocumentLines(form, {
    create: (p: ProductPickerItem): SaleLine => {
      const line = {
        product_id: p.id,
        code: p.code,
        name: p.name,
        unit_name: p.unit,
        pack_size: p.pack_size,
        stock: p.stock,
        retail_price: p.retail_price,
        wholesale_price: p.wholesale_price,
        min_price: p.min_price,
        unit: 'unit' as const,
        quantity: 1,
        price_edited: false,
        discount: '',
      };
      return { ...line, unit_price: minorToInput(clientPrice(line, client), currency) };
    },
    amount: (l) =>
      Math.max(0, baseQuantity(l.quantity, l.unit, l.pack_size) * (price(l) ?? 0) - (lineDiscount(l) ?? 0)),
    leaveMessage: 'Les lignes saisies de cette facture seront perdues. Quitter la page ?',
  });
  const data = form.data;
  const location = locations.find((l) => l.value === data.location_id);
  const currencyLabel = currencyInfo(currency).label;
  const money = (n: number) => formatMoney(n, currency);

  // Live totals, exactly as the server will compute them (shared/document-totals.ts).
  const docDiscount = data.discount.trim() === '' ? 0 : parseMoneyInput(data.discount, currency);
  const totals = useMemo((): { value: DocumentTotals | null; error: string | null } => {
    try {
      const input = data.lines.map((l) => ({
        quantity: baseQuantity(l.quantity, l.unit, l.pack_size),
        unitPrice: price(l) ?? 0,
        discount: lineDiscount(l) ?? 0,
      }));
      return {
        value: documentTotals(input, docDiscount ?? 0, {
          enabled: vat.enabled,
          rate: vat.rate_bp,
          pricesIncludeVat: vat.prices_include_vat,
        }),
        error: null,
      };
    } catch (err) {
      const e = err as { line?: number | null; name?: string };
      if (e && 'line' in e)
        return {
          value: null,
          error:
            e.line === null
              ? 'La remise globale dépasse le montant des lignes.'
              : `Ligne ${Number(e.line) + 1} : la remise dépasse le montant de la ligne.`,
        };
      return { value: null, error: 'Un montant dépasse le plafond autorisé.' };
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data.lines, docDiscount, vat.enabled, vat.rate_bp, vat.prices_include_vat, currency]);
  const total = totals.value?.totalTTC ?? 0;

  // Payment (comptant): what is tendered against the total, the change — the server's allocatePayments.
  const paymentAmounts = data.payments.map((p) => parseMoneyInput(p.amount, currency));
  const allocation = useMemo(() => {
    if (data.payment_mode !== 'cash' || total === 0) return null;
    try {
      return {
        ok: allocatePayments(
          total,
          data.payments.map((p, i) => ({ method: p.method, amount: paymentAmounts[i] ?? 0 })),
        ),
        error: null,
      };
    } catch (err) {
      if (err instanceof PaymentMismatch) {
        if (err.reason === 'non_cash_exceeds')
          return {
            ok: null,
            error: `Ce paiement dépasse de ${money(err.missing)} ce qui reste à payer : aucune monnaie n’est rendue sur ce mode.`,
          };
        return { ok: null, error: `Il manque ${money(err.missing)} sur ${money(total)}.` };
      }
      return { ok: null, error: null };
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data.payment_mode, data.payments, total]);

  const walkIn = client?.is_walk_in ?? false;
  const balanceAfter = client ? client.balance + total : 0;
  const overLimit =
    data.payment_mode === 'credit' && client !== null && !walkIn && total > 0 && balanceAfter > client.credit_limit;

  const pickClient = (c: ClientPickerItem) => {
    setClient(c);
    form.setData((d: SaleForm) => ({
      ...d,
      client_id: String(c.id),
      payment_mode: c.is_walk_in ? 'cash' : d.payment_mode,
      // Prices not typed by hand follow the new client's level.
      lines: d.lines.map((l) => (l.price_edited ? l : { ...l, unit_price: minorToInput(clientPrice(l, c), currency) })),
    }));
    form.clearErrors('client_id', 'payment_mode');
  };
  const setPayment = (i: number, patch: Partial<PaymentLine>) => {
    form.setData(
      'payments',
      data.payments.map((p, k) => (k === i ? { ...p, ...patch } : p)),
    );
    form.clearErrors(
      ...(Object.keys(form.errors).filter((k) => k.startsWith(`payments.${i}.`) || k === 'payments') as never[]),
    );
  };
  const errorOf = (key: string) => (form.errors as Record<string, string | undefined>)[key];
  const paymentFields = data.payments.flatMap((_, i) =>
    ['method', 'amount', 'account_id', 'operator', 'phone', 'reference'].map((f) => `payments.${i}.${f}`),
  );

  const submit = () => {
    form.transform((d) => ({
      ...d,
      discount: docDiscount ?? d.discount,
      due_date: d.payment_mode === 'credit' ? d.due_date : '',
      payments:
        d.payment_mode === 'credit'
          ? []
          : d.payments.map((p) => ({
              method: p.method,
              amount: parseMoneyInput(p.amount, currency) ?? p.amount,
              account_id: p.account_id,
              operator: p.method === 'mobile_money' ? p.operator : '',
              phone: p.method === 'mobile_money' ? p.phone : '',
              reference: p.reference,
            })),
      lines: d.lines.map((l) => ({
        product_id: l.product_id,
        unit: l.unit,
        quantity: l.quantity ?? '',
        unit_price: l.price_edited ? (price(l) ?? l.unit_price) : '',
        discount: l.discount.trim() === '' ? 0 : (lineDiscount(l) ?? l.discount),
      })),
    }));
    form.submit('post', route('sales.invoices'), { preserveScroll: false });
  };

  return (
    <AppPage
      title="Nouvelle facture"
      subtitle="Vente détaillée à un client : la validation sort la marchandise du stock et encaisse la vente ou l’inscrit au compte du client."
      breadcrumbs={[
        { label: 'Opérations' },
        { label: 'Sortie de stock', href: route('stockExits') },
        { label: 'Ventes détaillées', href: route('sales.invoices') },
        { label: 'Nouvelle facture' },
      ]}
    >
      <DocumentForm
        form={form}
        onSubmit={submit}
        errors={lines.formErrors([
          'client_id',
          'location_id',
          'sale_date',
          'payment_mode',
          'due_date',
          'discount',
          'note',
          'payments',
          ...paymentFields,
        ])}
        testId="sale-form"
      >
        <DocumentHead note={form.fieldProps('note')} notePlaceholder="Visible sur la facture">
          <div className="col-md-6 col-xl-5">
            <ClientPicker
              currency={currency}
              keepSelection
              autoFocus={preselected === null}
              onPick={pickClient}
              error={errorOf('client_id')}
              id="sale-client"
              testId="sale-client-picker"
            />
            {client ? (
              <div className="app-sale-client small mt-2" data-testid="sale-client-facts">
                <span>
                  Niveau de prix : <strong>{PRICE_LEVEL_LABELS[client.price_level]}</strong>
                </span>
                {walkIn ? (
                  <span>Client comptant : vente encaissée uniquement</span>
                ) : (
                  <>
                    <span>
                      Solde :{' '}
                      <strong className={client.balance > 0 ? 'text-danger' : ''}>{money(client.balance)}</strong>
                    </span>
                    <span>
                      Plafond de crédit : <strong>{money(client.credit_limit)}</strong>
                    </span>
                  </>
                )}
              </div>
            ) : null}
          </div>
          <div className="col-sm-6 col-xl-4">
            <SelectField
              required
              id="sale-location"
              name="location_id"
              label="Emplacement (sortie du stock)"
              value={data.location_id}
              onChange={(v) => {
                form.setData((d: SaleForm) => ({
                  ...d,
                  location_id: v,
                  lines: d.lines.map((l) => ({ ...l, stock: null })),
                }));
                form.clearErrors('location_id');
              }}
              error={errorOf('location_id')}
              options={locations}
              placeholder="Choisir…"
            />
          </div>
          <div className="col-sm-6 col-xl-3">
            <DateField
              {...form.fieldProps('sale_date')}
              onChange={(v) => {
                form.setData((d: SaleForm) => ({
                  ...d,
                  sale_date: v,
                  due_date: d.due_date && d.due_date >= v ? d.due_date : addDays(v, credit_days),
                }));
                form.clearErrors('sale_date');
              }}
              label="Date de la facture"
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
              currency={currency}
              locationId={data.location_id || null}
              onPick={lines.pick}
              label="Ajouter un produit"
              autoFocus={preselected !== null}
              testId="sale-product-picker"
            />
          }
          hint="Scannez un code-barres ou tapez un code ou un nom puis Entrée : un produit déjà présent voit sa quantité augmenter de 1."
          testId="sale-lines"
          head={
            <tr>
              <th scope="col">Produit</th>
              <th scope="col">Vendu par</th>
              <th scope="col" className="num">
                Quantité
              </th>
              <th scope="col" className="num">
                Prix unitaire{vat.enabled ? ` ${priceBasisLabel(vat.prices_include_vat, true)}` : ''} ({currencyLabel})
              </th>
              <th scope="col" className="num">
                Remise ({currencyLabel})
              </th>
              <th scope="col" className="num">
                Montant
              </th>
              {REMOVE_HEADER}
            </tr>
          }
          footer={
            <>
              <div className="app-sale-summary" data-testid="sale-totals">
                <div className="app-sale-discount">
                  <MoneyField
                    id="sale-discount"
                    name="discount"
                    label="Remise globale"
                    currency={currency}
                    value={data.discount}
                    onChange={(v) => form.setData('discount', v)}
                    error={errorOf('discount') ?? (docDiscount === null ? 'Montant illisible.' : undefined)}
                  />
                </div>
                <dl className="app-sale-figures">
                  <div>
                    <dt>Total des lignes</dt>
                    <dd>{money(totals.value?.linesTotal ?? 0)}</dd>
                  </div>
                  {totals.value && totals.value.discount > 0 ? (
                    <div>
                      <dt>Remise globale</dt>
                      <dd>{money(-totals.value.discount)}</dd>
                    </div>
                  ) : null}
                  {vat.enabled ? (
                    <>
                      <div>
                        <dt>Total HT</dt>
                        <dd data-testid="sale-total-ht">{money(totals.value?.totalHT ?? 0)}</dd>
                      </div>
                      <div>
                        <dt>TVA ({(vat.rate_bp / 100).toLocaleString('fr-FR')} %)</dt>
                        <dd data-testid="sale-vat">{money(totals.value?.vat ?? 0)}</dd>
                      </div>
                    </>
                  ) : null}
                  <div className="app-sale-ttc">
                    <dt>Total {vat.enabled ? 'TTC' : 'à payer'}</dt>
                    <dd data-testid="sale-total">{money(total)}</dd>
                  </div>
                </dl>
                <FieldError id="sale-totals-error" error={totals.error ?? undefined} />
              </div>

              <fieldset className="app-sale-payment" data-testid="sale-payment">
                <legend className="h6">Paiement</legend>
                <div className="btn-group mb-3" role="radiogroup" aria-label="Mode de paiement">
                  {(['cash', 'credit'] as const).map((mode) => (
                    <label
                      key={mode}
                      className={`btn ${data.payment_mode === mode ? 'btn-primary' : 'btn-outline-primary'} ${mode === 'credit' && walkIn ? 'disabled' : ''}`}
                    >
                      <input
                        type="radio"
                        className="visually-hidden"
                        name="payment_mode"
                        value={mode}
                        checked={data.payment_mode === mode}
                        disabled={mode === 'credit' && walkIn}
                        onChange={() => {
                          form.setData('payment_mode', mode);
                          form.clearErrors('payment_mode', 'payments', 'due_date');
                        }}
                        data-testid={`sale-mode-${mode}`}
                      />
                      <Icon
                        name={mode === 'cash' ? 'fa-solid fa-money-bill-wave' : 'fa-solid fa-hourglass-half'}
                        className="me-2"
                      />
                      {mode === 'cash' ? 'Comptant' : 'Crédit'}
                    </label>
                  ))}
                </div>
                <FieldError id="sale-mode-error" error={errorOf('payment_mode')} />

                {data.payment_mode === 'credit' ? (
                  <div className="row g-3">
                    <div className="col-sm-6 col-lg-3">
                      <DateField
                        {...form.fieldProps('due_date')}
                        label="Échéance"
                        min={data.sale_date}
                        required
                        className="mb-0"
                      />
                    </div>
                    {client && !walkIn ? (
                      <div className="col-sm-6 col-lg-9 small align-self-end" data-testid="sale-credit-after">
                        Solde du client après cette facture :{' '}
                        <strong className={overLimit ? 'text-danger' : ''}>{money(balanceAfter)}</strong> (plafond{' '}
                        {money(client.credit_limit)})
                        {overLimit ? (
                          <div className={rights.beyond_credit_limit ? 'text-warning-emphasis' : 'text-danger'}>
                            {rights.beyond_credit_limit
                              ? 'Au-delà du plafond : vous êtes autorisé à dépasser le plafond de crédit.'
                              : 'Au-delà du plafond de crédit : la facture sera refusée.'}
                          </div>
                        ) : null}
                      </div>
                    ) : null}
                  </div>
                ) : (
                  <>
                    {data.payments.map((p, i) => (
                      <PaymentRow
                        key={i}
                        index={i}
                        payment={p}
                        currency={currency}
                        accounts={accounts}
                        errorOf={errorOf}
                        onChange={(patch) => setPayment(i, patch)}
                        onRemove={
                          data.payments.length > 1
                            ? () =>
                                form.setData(
                                  'payments',
                                  data.payments.filter((_, k) => k !== i),
                                )
                            : undefined
                        }
                        onExact={() => {
                          const others = data.payments.reduce(
                            (s, q, k) => (k === i ? s : s + (parseMoneyInput(q.amount, currency) ?? 0)),
                            0,
                          );
                          setPayment(i, { amount: minorToInput(Math.max(0, total - others), currency) });
                        }}
                      />
                    ))}
                    <FieldError id="sale-payments-error" error={errorOf('payments')} />
                    <div className="d-flex flex-wrap align-items-center gap-3">
                      {data.payments.length < 2 ? (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-secondary"
                          onClick={() => form.setData('payments', [...data.payments, newPayment('mobile_money')])}
                          data-testid="sale-split"
                        >
                          <Icon name="fa-solid fa-code-branch" className="me-2" />
                          Partager le paiement
                        </button>
                      ) : null}
                      <div className="ms-auto text-end" aria-live="polite" data-testid="sale-change">
                        {allocation?.ok ? (
                          <span>
                            Monnaie à rendre : <strong className="fs-5">{money(allocation.ok.change)}</strong>
                          </span>
                        ) : allocation?.error ? (
                          <span className="text-danger">{allocation.error}</span>
                        ) : null}
                      </div>
                    </div>
                  </>
                )}
              </fieldset>

              <DocumentLinesFooter
                totals={[
                  { value: `${formatQty(lines.totals.count)} ligne${lines.totals.count > 1 ? 's' : ''}` },
                  { label: 'Total', value: <Money value={total} currency={currency} />, testId: 'sale-footer-total' },
                ]}
                hint={
                  data.payment_mode === 'credit'
                    ? 'La validation sort la marchandise du stock et inscrit la facture au solde du client.'
                    : 'La validation sort la marchandise du stock et enregistre l’encaissement.'
                }
                cancelHref={route('sales.invoices')}
                submit={{
                  label: 'Valider la facture',
                  icon: 'fa-solid fa-check',
                  busy: form.busy,
                  busyLabel: 'Validation…',
                  disabled: lines.items.length === 0,
                  testId: 'sale-submit',
                }}
              />
            </>
          }
        >
          {lines.items.map((l, i) => {
            const typed = price(l);
            const discount = lineDiscount(l);
            const base = baseQuantity(l.quantity, l.unit, l.pack_size);
            const net = base * (typed ?? 0) - (discount ?? 0);
            const belowMin = l.min_price > 0 && base > 0 && typed !== null && net < l.min_price * base;
            const priceError =
              lines.error(i, 'unit_price') ??
              (typed === null && l.unit_price !== ''
                ? 'Prix illisible.'
                : typed !== null && typed > LIMITS.unitPrice
                  ? `Le prix unitaire ne peut dépasser ${money(LIMITS.unitPrice)}.`
                  : undefined);
            const discountError =
              lines.error(i, 'discount') ??
              (discount === null
                ? 'Montant illisible.'
                : discount > base * (typed ?? 0)
                  ? 'La remise dépasse le montant de la ligne.'
                  : undefined);
            const list = clientPrice(l, client);
            return (
              <tr key={l.product_id} {...lines.rowProps(i)} data-testid={`sale-line-${i}`}>
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
                  label="Vendu par"
                  ariaLabel={`Unité de vente de ${l.name}`}
                  unitName={l.unit_name}
                  packSize={l.pack_size}
                  unit={l.unit}
                  quantity={l.quantity}
                  onChange={(unit) => lines.update(i, { unit })}
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
                <td className="app-line-cost" data-label={`Prix unitaire (${currencyLabel})`}>
                  <MoneyInput
                    id={`line-${i}-price`}
                    name={`lines.${i}.unit_price`}
                    size="sm"
                    currency={currency}
                    className="text-end"
                    ariaLabel={`Prix unitaire de ${l.name}`}
                    invalid={Boolean(priceError)}
                    describedBy={`line-${i}-price-hint`}
                    value={l.unit_price}
                    onChange={(unit_price) =>
                      lines.update(i, { unit_price, price_edited: parseMoneyInput(unit_price, currency) !== list })
                    }
                  />
                  <div
                    id={`line-${i}-price-hint`}
                    className={`small ${belowMin ? (rights.below_min_price ? 'text-warning-emphasis' : 'text-danger') : 'text-body-secondary'}`}
                  >
                    {l.price_edited
                      ? `Tarif ${client?.price_level === 'gros' ? 'gros' : 'détail'} : ${money(list)}`
                      : `Tarif ${client?.price_level === 'gros' ? 'gros' : 'détail'}`}
                    {l.min_price > 0 ? ` · min. ${money(l.min_price)}` : ''}
                  </div>
                  <FieldError id={`line-${i}-price-error`} error={priceError} />
                </td>
                <td className="app-line-cost" data-label={`Remise (${currencyLabel})`}>
                  <MoneyInput
                    id={`line-${i}-discount`}
                    name={`lines.${i}.discount`}
                    size="sm"
                    currency={currency}
                    className="text-end"
                    ariaLabel={`Remise sur ${l.name}`}
                    invalid={Boolean(discountError)}
                    value={l.discount}
                    onChange={(d) => lines.update(i, { discount: d })}
                  />
                  <FieldError id={`line-${i}-discount-error`} error={discountError} />
                </td>
                <td className="num" data-label="Montant">
                  <Money value={Math.max(0, net)} currency={currency} />
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

/** One payment of a cash sale: method, amount (cash: what the customer hands over), and what the method needs. */
function PaymentRow({
  index: i,
  payment: p,
  currency,
  accounts,
  errorOf,
  onChange,
  onRemove,
  onExact,
}: {
  index: number;
  payment: PaymentLine;
  currency: string;
  accounts: PageProps<'sales/Create'>['accounts'];
  errorOf: (key: string) => string | undefined;
  onChange: (patch: Partial<PaymentLine>) => void;
  onRemove?: () => void;
  onExact: () => void;
}) {
  const fitting = accounts.filter((a) =>
    p.method === 'mobile_money'
      ? a.kind === 'mobile_money' && (!p.operator || a.operator === p.operator)
      : a.kind === 'banque',
  );
  const key = (f: string) => `payments.${i}.${f}`;
  return (
    <div className="app-sale-payment-row row g-2 align-items-start mb-3" data-testid={`sale-payment-${i}`}>
      <div className="col-sm-6 col-lg-2">
        <SelectField
          id={`payment-${i}-method`}
          name={key('method')}
          label="Mode"
          value={p.method}
          onChange={(v) => onChange({ method: v as PaymentMethod, account_id: '', operator: '', reference: '' })}
          options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
          error={errorOf(key('method'))}
          className="mb-0"
        />
      </div>
      <div className="col-sm-6 col-lg-3">
        <MoneyField
          id={`payment-${i}-amount`}
          name={key('amount')}
          label={p.method === 'especes' ? 'Montant reçu' : 'Montant'}
          currency={currency}
          value={p.amount}
          onChange={(amount) => onChange({ amount })}
          error={errorOf(key('amount'))}
        />
        <button
          type="button"
          className="btn btn-link btn-sm p-0"
          onClick={onExact}
          data-testid={`sale-payment-${i}-exact`}
        >
          Montant exact
        </button>
      </div>
      {p.method === 'mobile_money' ? (
        <>
          <div className="col-sm-4 col-lg-2">
            <SelectField
              id={`payment-${i}-operator`}
              name={key('operator')}
              label="Opérateur"
              value={p.operator}
              onChange={(v) => onChange({ operator: v as MobileMoneyOperator, account_id: '' })}
              options={MOBILE_MONEY_OPERATORS.map((o) => ({ value: o, label: MOBILE_MONEY_OPERATOR_LABELS[o] }))}
              placeholder="Choisir…"
              error={errorOf(key('operator'))}
              required
              className="mb-0"
            />
          </div>
          <div className="col-sm-4 col-lg-2">
            <TextField
              id={`payment-${i}-phone`}
              name={key('phone')}
              label="Téléphone"
              type="tel"
              value={p.phone}
              onChange={(phone) => onChange({ phone })}
              error={errorOf(key('phone'))}
              maxLength={30}
              className="mb-0"
            />
          </div>
          <div className="col-sm-4 col-lg-3">
            <TextField
              id={`payment-${i}-reference`}
              name={key('reference')}
              label="ID de transaction"
              value={p.reference}
              onChange={(reference) => onChange({ reference })}
              error={errorOf(key('reference'))}
              maxLength={80}
              required
              className="mb-0"
            />
          </div>
        </>
      ) : p.method === 'especes' ? null : (
        <div className="col-sm-6 col-lg-3">
          <TextField
            id={`payment-${i}-reference`}
            name={key('reference')}
            label={p.method === 'cheque' ? 'N° du chèque' : 'Référence'}
            value={p.reference}
            onChange={(reference) => onChange({ reference })}
            error={errorOf(key('reference'))}
            maxLength={80}
            required={p.method === 'cheque'}
            className="mb-0"
          />
        </div>
      )}
      {p.method !== 'especes' ? (
        <div className="col-sm-6 col-lg-2">
          <SelectField
            id={`payment-${i}-account`}
            name={key('account_id')}
            label="Compte"
            value={p.account_id}
            onChange={(account_id) => onChange({ account_id })}
            options={fitting.map((a) => ({ value: String(a.id), label: a.name }))}
            placeholder="Automatique"
            error={errorOf(key('account_id'))}
            className="mb-0"
          />
        </div>
      ) : (
        <FieldError id={`payment-${i}-account-error`} error={errorOf(key('account_id'))} />
      )}
      {onRemove ? (
        <div className="col-auto align-self-end">
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            onClick={onRemove}
            aria-label={`Retirer le paiement ${i + 1}`}
          >
            <Icon name="fa-solid fa-trash-can" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
