import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { CounterClient, CounterPageProps } from '@shared/counter-pages';
import { DiscountExceeded, documentTotals } from '@shared/document-totals';
import { LIMITS, LimitExceeded, limitMessage } from '@shared/limits';
import { currencyInfo, formatAmount, formatMoney, parseMoneyInput } from '@shared/money';
import type { PageProps } from '@shared/pages';
import type { ClientPickerItem, ProductPickerItem } from '@shared/records';
import { route } from '@shared/routes';
import { PaymentMismatch, allocatePayments } from '@shared/sales';
import type { MobileMoneyOperator } from '@shared/treasury';
import { AppPage } from '@/components/AppPage';
import { FieldError, StatusAlert } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { EmptyState } from '@/components/data/EmptyState';
import { Money } from '@/components/data/Money';
import { MoneyInput } from '@/components/data/MoneyInput';
import { formatQty, formatQuantity } from '@/components/data/format';
import { LineQuantity, LineRemove, REMOVE_HEADER } from '@/components/documents/DocumentLines';
import { useDocumentLines } from '@/components/documents/useDocumentLines';
import { ClientPicker } from '@/components/pickers/ClientPicker';
import { ProductPicker } from '@/components/pickers/ProductPicker';
import { useServerForm } from '@/hooks/useServerForm';
import { newIdempotencyKey } from '@/lib/idempotency';
import '../../../../css/screens/counter.scss';

interface CounterLine {
  product_id: number;
  code: string;
  name: string;
  unit_name: string;
  retail_price: number;
  wholesale_price: number;
  stock: number | null;
  quantity: number | null;
}

type CounterForm = {
  idempotency_key: string;
  form_loaded_at: string;
  location_id: string;
  client_id: number;
  lines: CounterLine[];
  /** Cash handed over, as typed (empty: the exact amount left to pay). */
  cash: string;
  mm_amount: string;
  mm_operator: string;
  mm_phone: string;
  mm_reference: string;
};

const SCAN_ID = 'counter-scan';
const CASH_ID = 'counter-cash';
const MM_ID = 'counter-mm-amount';
const CLIENT_ID = 'counter-client';
const LOCATION_KEY = 'sdstock:counter:location';

/** The unit price a client pays (the server's rule, create-sale.ts listPriceOf): wholesale for « gros » when set. */
const priceOf = (l: CounterLine, client: CounterClient) => (client.price_level === 'gros' && l.wholesale_price > 0 ? l.wholesale_price : l.retail_price);

function rememberedLocation(locations: CounterPageProps['locations']): string {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(LOCATION_KEY);
  } catch {
    stored = null;
  }
  const found = locations.find((l) => String(l.id) === stored) ?? locations[0];
  return found ? String(found.id) : '';
}

const focusById = (id: string) => {
  const el = document.getElementById(id) as HTMLInputElement | null;
  el?.focus();
  el?.select?.();
};
const focusScan = () => focusById(SCAN_ID);

/** The shortcuts shown on screen (and handled below). */
const SHORTCUTS: Array<[string, string]> = [
  ['F9 / Ctrl+Entrée', 'Valider et imprimer le ticket'],
  ['Code-barres + Entrée', 'Ajouter le produit (ou +1)'],
  ['+ / −', 'Quantité de la ligne en cours ±1'],
  ['* 5 Entrée', 'Quantité de la ligne en cours = 5'],
  ['Suppr', 'Retirer la ligne en cours'],
  ['F2', 'Espèces reçues'],
  ['F4', 'Mobile money'],
  ['F6', 'Changer de client'],
  ['F8', 'Vider la vente'],
  ['Échap', 'Retour au champ de scan'],
];

/**
 * Vente boutique: the till of a shop, made for a USB scanner and the keyboard. The scan field has
 * the focus between actions; a barcode + Enter adds the product (or one more); « + », « − »,
 * « *n » and Suppr act on the line in progress; the client is CLIENT COMPTANT unless another is
 * picked (its price level then applies; the counter never sells on credit); cash tendered gives
 * the change live (shared allocatePayments), mobile money carries its operator, phone and
 * transaction id, and both may split one sale. F9 validates, prints the ticket in the print frame
 * (an invisible frame opening the ticket with ?print=1) and starts the next sale at once; the last
 * sale's number and change stay in a corner. The shop (hence the cash desk the cash lands in) is
 * chosen once and remembered by this browser.
 */
export default function CounterIndex(props: PageProps<'sales/counter/Index'>) {
  const { currency, locations, walk_in, operators, vat, can } = props;
  const fresh = (p: CounterPageProps, location: string): CounterForm => ({
    idempotency_key: newIdempotencyKey(),
    form_loaded_at: p.form_loaded_at,
    location_id: location,
    client_id: p.walk_in.id,
    lines: [],
    cash: '',
    mm_amount: '',
    mm_operator: p.operators[0]?.value ?? '',
    mm_phone: '',
    mm_reference: '',
  });
  const form = useServerForm<CounterForm>(fresh(props, typeof window === 'undefined' ? String(locations[0]?.id ?? '') : rememberedLocation(locations)));
  const [client, setClient] = useState<CounterClient>(walk_in);
  const [choosingClient, setChoosingClient] = useState(false);
  const [current, setCurrent] = useState<number | null>(null);
  const printFrameRef = useRef<HTMLIFrameElement>(null);
  const printed = useRef(new Set<number>());

  const lines = useDocumentLines(form, {
    create: (p: ProductPickerItem): CounterLine => ({ product_id: p.id, code: p.code, name: p.name, unit_name: p.unit, retail_price: p.retail_price, wholesale_price: p.wholesale_price, stock: p.stock, quantity: 1 }),
    increment: (l, p) => ({ ...l, quantity: (l.quantity ?? 0) + 1, stock: p.stock }),
    amount: (l) => (l.quantity ?? 0) * priceOf(l, client),
    leaveMessage: 'La vente en cours sera perdue. Quitter la caisse ?',
  });
  const items = lines.items;
  const active = current !== null && current < items.length ? current : items.length - 1;

  // Live totals, exactly as the server computes them (shared documentTotals).
  const totals = useMemo(() => {
    try {
      const t = documentTotals(
        items.map((l) => ({ quantity: l.quantity ?? 0, unitPrice: priceOf(l, client), discount: 0 })),
        0,
        { enabled: vat.enabled, rate: vat.rate_bp, pricesIncludeVat: vat.prices_include_vat },
      );
      return { total: t.totalTTC, ht: t.totalHT, vat: t.vat, error: null as string | null };
    } catch (err) {
      if (err instanceof LimitExceeded || err instanceof DiscountExceeded || err instanceof RangeError) return { total: 0, ht: 0, vat: 0, error: limitMessage('Le montant total de la vente', 'documentTotal', currency) };
      throw err;
    }
  }, [items, client, vat, currency]);
  const total = totals.total;

  // Payments: mobile money at its amount, cash for the rest (empty cash field: the exact rest).
  const mobile = parseMoneyInput(form.data.mm_amount, currency) ?? 0;
  const typedCash = form.data.cash.trim() === '' ? null : parseMoneyInput(form.data.cash, currency);
  const cash = typedCash ?? Math.max(0, total - mobile);
  const payment = useMemo(() => {
    if (total === 0) return { change: 0, problem: null as string | null };
    try {
      const a = allocatePayments(total, [
        { method: 'especes', amount: cash },
        { method: 'mobile_money', amount: mobile },
      ]);
      return { change: a.change, problem: null };
    } catch (err) {
      if (!(err instanceof PaymentMismatch)) return { change: 0, problem: 'Montant illisible.' };
      if (err.reason === 'non_cash_exceeds') return { change: 0, problem: `Le mobile money dépasse le total de ${formatMoney(err.missing, currency)} : aucune monnaie n'est rendue sur ce mode.` };
      return { change: 0, problem: `Il manque ${formatMoney(err.missing, currency)}.` };
    }
  }, [total, cash, mobile, currency]);

  const location = locations.find((l) => String(l.id) === form.data.location_id);
  const errors = form.errors as Record<string, string | undefined>;
  const refusals = [...new Set(Object.values(errors).filter((m): m is string => typeof m === 'string'))];

  const setField = (key: 'location_id' | 'cash' | 'mm_amount' | 'mm_operator' | 'mm_phone' | 'mm_reference', value: string) => form.setData(key, value);

  const changeLocation = (value: string) => {
    setField('location_id', value);
    try {
      window.localStorage.setItem(LOCATION_KEY, value);
    } catch {
      // Private browsing: the choice lasts for this page only.
    }
    lines.updateAll((l) => ({ ...l, stock: null }));
    focusScan();
  };

  const pick = (p: ProductPickerItem) => {
    const at = items.findIndex((l) => l.product_id === p.id);
    setCurrent(at >= 0 ? at : items.length);
    lines.pick(p);
  };

  const setQuantity = (index: number, quantity: number | null) => {
    if (index < 0 || index >= items.length) return;
    lines.update(index, { quantity: quantity === null ? null : Math.min(Math.max(quantity, 1), LIMITS.quantity) });
    setCurrent(index);
  };

  const removeLine = (index: number) => {
    if (index < 0 || index >= items.length) return;
    lines.remove(index);
    setCurrent(null);
    focusScan();
  };

  const chooseClient = (c: ClientPickerItem | CounterClient) => {
    const next: CounterClient = { id: c.id, code: c.code, name: c.name, price_level: c.price_level, is_walk_in: c.is_walk_in };
    setClient(next);
    form.setData('client_id', next.id);
    setChoosingClient(false);
    form.clearErrors('client_id');
    setTimeout(focusScan, 0);
  };

  const clearSale = () => {
    form.setData({ ...fresh(props, form.data.location_id), idempotency_key: form.data.idempotency_key });
    form.clearErrors();
    setClient(walk_in);
    setCurrent(null);
    focusScan();
  };

  const printTicket = (id: number) => {
    if (printed.current.has(id)) return;
    printed.current.add(id);
    const frame = printFrameRef.current;
    if (frame) frame.src = route('sales.ticket', { id }, { print: 1 });
  };

  const validate = () => {
    if (form.busy || !can.create) return;
    if (items.length === 0) {
      focusScan();
      return;
    }
    const mm = mobile > 0;
    form.transform((data) => ({
      idempotency_key: data.idempotency_key,
      form_loaded_at: data.form_loaded_at,
      location_id: data.location_id,
      client_id: data.client_id,
      lines: data.lines.map((l) => ({ product_id: l.product_id, unit: 'unit', quantity: l.quantity ?? '' })),
      // Always two payments in this order, so the server's messages land on their field: 0 cash, 1 mobile money.
      payments: [
        { method: 'especes', amount: typedCash === null && data.cash.trim() !== '' ? data.cash : cash },
        { method: 'mobile_money', amount: mm ? mobile : 0, operator: mm ? data.mm_operator : '', phone: mm ? data.mm_phone : '', reference: mm ? data.mm_reference : '' },
      ],
    }));
    form.submit('post', route('counter.store'), {
      preserveScroll: true,
      onSuccess: (page) => {
        const next = page.props as unknown as CounterPageProps & { errors?: Record<string, unknown> };
        if (next.errors && Object.keys(next.errors).length) return;
        if (next.last_sale) printTicket(next.last_sale.id);
        form.setData(fresh(next, form.data.location_id));
        setClient(next.walk_in);
        setCurrent(null);
        setChoosingClient(false);
        setTimeout(focusScan, 0);
      },
      // The field to fix gets the focus: a mobile-money reference, the cash, else the scan field.
      onError: (errs) => {
        const keys = Object.keys(errs);
        const mmField = keys.find((k) => k.startsWith('payments.1.'));
        setTimeout(() => (mmField ? focusById(mmField === 'payments.1.amount' ? MM_ID : `counter-mm-${mmField.slice('payments.1.'.length)}`) : keys.some((k) => k.startsWith('payments.0.') || k === 'payments') ? focusById(CASH_ID) : focusScan()), 0);
      },
    });
  };

  // The keyboard of the till: handled wherever the focus is.
  const handlers = useRef({ validate, clearSale });
  handlers.current = { validate, clearSale };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F9' || (e.key === 'Enter' && (e.ctrlKey || e.metaKey))) {
        e.preventDefault();
        handlers.current.validate();
      } else if (e.key === 'F2') {
        e.preventDefault();
        focusById(CASH_ID);
      } else if (e.key === 'F4') {
        e.preventDefault();
        focusById(MM_ID);
      } else if (e.key === 'F6') {
        e.preventDefault();
        setChoosingClient(true);
        setTimeout(() => focusById(CLIENT_ID), 0);
      } else if (e.key === 'F8') {
        e.preventDefault();
        if (window.confirm('Vider la vente en cours ?')) handlers.current.clearSale();
      } else if (e.key === 'Escape') {
        setChoosingClient(false);
        setTimeout(focusScan, 0);
      } else if (document.activeElement === document.body && e.key.length === 1 && !e.ctrlKey && !e.altKey && !e.metaKey) {
        // Nothing has the focus (a click on the page): the scanner's characters go to the scan field.
        focusScan();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // The scan field's own keys: quantity of the line in progress, removal.
  const onScanKey = (e: React.KeyboardEvent<HTMLInputElement>, query: string): boolean => {
    const text = query.trim();
    if (text === '' && (e.key === '+' || e.key === '-' || e.key === '−')) {
      if (active < 0) return true;
      setQuantity(active, (items[active].quantity ?? 0) + (e.key === '+' ? 1 : -1));
      return true;
    }
    if (text === '' && e.key === 'Delete') {
      removeLine(active);
      return true;
    }
    if (e.key === 'Enter' && /^\*\s*\d+$/.test(text)) {
      const quantity = Number(text.replace(/\D/g, ''));
      if (active >= 0 && quantity > 0) setQuantity(active, quantity);
      return true;
    }
    return false;
  };

  // Enter in a quantity or payment field ends that action: back to the scan field.
  const backToScanOnEnter = (e: React.KeyboardEvent<HTMLElement>) => {
    const target = e.target as HTMLElement;
    if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey && target.id !== SCAN_ID && target.id !== CLIENT_ID && target.tagName === 'INPUT') {
      e.preventDefault();
      focusScan();
    }
  };

  // A click on the page outside a control gives the focus back to the scan field.
  const onPointerUp = (e: React.PointerEvent<HTMLElement>) => {
    if (!(e.target as HTMLElement).closest('input, select, textarea, button, a, label, [role="listbox"]')) focusScan();
  };

  const cashError = errors['payments.0.amount'] ?? errors['payments.0.account_id'];
  const mmError = (field: string) => errors[`payments.1.${field}`];
  const noShop = locations.length === 0;

  const last = props.last_sale;
  const lastCorner = last ? (
    <div className="app-counter-last" data-testid="counter-last-sale" aria-live="polite">
      <span className="small text-body-secondary">Dernière vente</span> <span className="app-doc-number">{last.number}</span>
      <span className="text-body-secondary"> · </span>
      <Money value={last.total} currency={currency} />
      <span className="text-body-secondary"> · </span>
      <span>
        Monnaie rendue{' '}
        <strong data-testid="counter-last-change">
          <Money value={last.change} currency={currency} />
        </strong>
      </span>
      {can.reprint ? (
        <a href={route('sales.ticket', { id: last.id })} className="ms-2 small" data-testid="counter-reprint" title="Réimprimer le ticket : ce sera un DUPLICATA">
          <Icon name="fa-solid fa-print" className="me-1" />
          Réimprimer
        </a>
      ) : null}
    </div>
  ) : null;

  return (
    <AppPage title="Vente boutique" breadcrumbs={[{ label: 'Opérations' }, { label: 'Sortie de stock', href: route('stockExits') }, { label: 'Vente boutique' }]} actions={lastCorner}>
      <div className="app-counter" onKeyDown={backToScanOnEnter} onPointerUp={onPointerUp} data-testid="counter">
        {noShop ? (
          <StatusAlert tone="warning" testId="counter-no-shop">
            {props.places_restricted
              ? "Aucune boutique active ne vous est attribuée : demandez à l'administrateur de vous en attribuer une (Paramètres › Utilisateurs) pour vendre au comptoir."
              : 'Aucune boutique active : créez un emplacement de type boutique sous Paramètres › Société › Emplacements pour vendre au comptoir.'}
          </StatusAlert>
        ) : null}
        {!can.create ? (
          <StatusAlert tone="info" testId="counter-read-only">
            Vous pouvez consulter la caisse mais pas valider de vente : il faut le droit « Créer des ventes ».
          </StatusAlert>
        ) : null}
        <div className="row g-3">
          <div className="col-lg-8">
            <div className="card mb-3">
              <div className="card-body app-counter-head">
                <div className="app-counter-shop">
                  <label htmlFor="counter-location" className="form-label small mb-1">
                    Boutique
                  </label>
                  <select id="counter-location" name="location_id" className={`form-select ${errors.location_id ? 'is-invalid' : ''}`} value={form.data.location_id} onChange={(e) => changeLocation(e.target.value)} data-testid="counter-location">
                    {locations.map((l) => (
                      <option key={l.id} value={l.id}>
                        {l.name}
                      </option>
                    ))}
                  </select>
                  <div className={`small mt-1 ${location?.desk ? 'text-body-secondary' : 'text-danger'}`} data-testid="counter-desk">
                    <Icon name="fa-solid fa-cash-register" className="me-1" />
                    {location ? (location.desk ? `Caisse : ${location.desk}` : 'Aucune caisse à cette boutique : les espèces ne pourront pas être encaissées.') : '—'}
                  </div>
                </div>
                <div className="app-counter-client" data-testid="counter-client">
                  {choosingClient ? (
                    <ClientPicker id={CLIENT_ID} currency={currency} onPick={chooseClient} keepSelection={false} autoFocus label="Client" placeholder="Code, nom ou téléphone… (Échap : annuler)" testId="counter-client-picker" error={errors.client_id} />
                  ) : (
                    <>
                      <div className="form-label small mb-1">Client</div>
                      <div className="d-flex align-items-center gap-2 flex-wrap">
                        <span className="fw-semibold" data-testid="counter-client-name">
                          {client.name}
                        </span>
                        <span className={`badge ${client.price_level === 'gros' ? 'text-bg-info' : 'text-bg-secondary'}`}>{client.price_level === 'gros' ? 'Prix de gros' : 'Prix de détail'}</span>
                        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => { setChoosingClient(true); setTimeout(() => focusById(CLIENT_ID), 0); }} data-testid="counter-change-client">
                          Changer <kbd>F6</kbd>
                        </button>
                        {!client.is_walk_in ? (
                          <button type="button" className="btn btn-sm btn-link" onClick={() => chooseClient(walk_in)}>
                            Client comptant
                          </button>
                        ) : null}
                      </div>
                      <FieldError id="counter-client-error" error={errors.client_id} />
                    </>
                  )}
                </div>
              </div>
            </div>

            <div className="card mb-3">
              <div className="app-picker-bar app-counter-scan">
                <ProductPicker id={SCAN_ID} currency={currency} locationId={form.data.location_id || null} onPick={pick} onKeyCommand={onScanKey} label="Scanner ou rechercher un produit" placeholder="Code-barres, code ou nom puis Entrée…" autoFocus testId="counter-scan" />
                <FieldError id="counter-lines-error" error={lines.listError} />
              </div>
              {items.length === 0 ? (
                <EmptyState icon="fa-solid fa-barcode" title="Prêt pour la vente">
                  Scannez le premier article.
                </EmptyState>
              ) : (
                <div className="table-responsive">
                  <table className="table app-doc-table app-lines-table app-stack-sm app-counter-lines" data-testid="counter-lines">
                    <thead>
                      <tr>
                        <th scope="col">Article</th>
                        <th scope="col" className="num">Quantité</th>
                        <th scope="col" className="num">Prix unitaire</th>
                        <th scope="col" className="num">Montant</th>
                        {REMOVE_HEADER}
                      </tr>
                    </thead>
                    <tbody>
                      {items.map((l, i) => {
                        const row = lines.rowProps(i);
                        return (
                          <tr key={l.product_id} {...row} className={`${row.className} ${i === active ? 'is-current' : ''}`} data-testid={`counter-line-${i}`} onFocus={() => setCurrent(i)}>
                            <td className="app-stack-main">
                              <div className="fw-semibold">{l.name}</div>
                              <div className="small text-body-secondary">
                                <span className="code">{l.code}</span>
                                {l.stock !== null ? ` · en stock : ${formatQuantity(l.stock, l.unit_name)}` : ''}
                              </div>
                              <FieldError id={`line-${i}-product-error`} error={lines.error(i, 'product_id') ?? lines.error(i, 'unit_price')} />
                            </td>
                            <LineQuantity id={`counter-line-${i}-quantity`} name={`lines.${i}.quantity`} ariaLabel={`Quantité de ${l.name}`} value={l.quantity} onChange={(v) => setQuantity(i, v)} error={lines.error(i, 'quantity')} stepper />
                            <td className="num" data-label="Prix unitaire">
                              <Money value={priceOf(l, client)} currency={currency} />
                            </td>
                            <td className="num fw-semibold" data-label="Montant">
                              <Money value={(l.quantity ?? 0) * priceOf(l, client)} currency={currency} />
                            </td>
                            <LineRemove name={l.name} onRemove={() => removeLine(i)} />
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              )}
              <div className="card-footer small text-body-secondary d-flex justify-content-between flex-wrap gap-2">
                <span data-testid="counter-line-count">
                  {formatQty(items.length)} ligne{items.length > 1 ? 's' : ''}
                </span>
                <span>Prix TTC{client.price_level === 'gros' ? ', niveau gros' : ''}</span>
              </div>
            </div>
            <details className="app-counter-keys d-none d-lg-block" open>
              <summary className="small fw-semibold">Raccourcis clavier</summary>
              <dl className="app-counter-keys-list" data-testid="counter-shortcuts">
                {SHORTCUTS.map(([k, v]) => (
                  <div key={k}>
                    <dt>
                      <kbd>{k}</kbd>
                    </dt>
                    <dd>{v}</dd>
                  </div>
                ))}
              </dl>
            </details>
          </div>

          <div className="col-lg-4">
            <div className="app-counter-side">
              <div className="app-counter-total" data-testid="counter-total-box">
                <div className="app-counter-total-label">Total à payer</div>
                <div className="app-counter-total-value" data-testid="counter-total" aria-live="polite">
                  <span className="app-counter-total-amount">{formatAmount(total, currency)}</span> <span className="app-counter-total-currency">{currencyInfo(currency).label}</span>
                </div>
                {vat.enabled && total > 0 ? (
                  <div className="small">
                    dont TVA <Money value={totals.vat} currency={currency} /> (HT <Money value={totals.ht} currency={currency} />)
                  </div>
                ) : null}
                {totals.error ? <div className="small text-danger">{totals.error}</div> : null}
                <div className={`app-counter-change ${payment.problem ? 'is-short' : ''}`} data-testid="counter-change">
                  {payment.problem ? (
                    <span>{payment.problem}</span>
                  ) : (
                    <>
                      <span>À rendre</span>
                      <strong>
                        <Money value={payment.change} currency={currency} />
                      </strong>
                    </>
                  )}
                </div>
              </div>

              <div className="card mb-3">
                <div className="card-body">
                  <PaymentRow id={CASH_ID} label="Espèces reçues" shortcut="F2" error={cashError}>
                    <MoneyInput id={CASH_ID} name="payments.0.amount" currency={currency} value={form.data.cash} onChange={(v) => setField('cash', v)} invalid={Boolean(cashError)} className="app-counter-money" ariaLabel="Espèces reçues" describedBy={cashError ? `${CASH_ID}-error` : `${CASH_ID}-hint`} />
                  </PaymentRow>
                  <div id={`${CASH_ID}-hint`} className="form-text mt-0 mb-2">
                    {form.data.cash.trim() === '' && total > 0 ? `Vide : montant exact (${formatMoney(Math.max(0, total - mobile), currency)}).` : ' '}
                  </div>

                  <fieldset className="app-counter-mm">
                    <legend className="small fw-semibold mb-1">
                      Mobile money <kbd>F4</kbd>
                    </legend>
                    {operators.length === 0 ? (
                      <div className="small text-body-secondary" data-testid="counter-no-wallet">
                        {props.places_restricted
                          ? "Aucun compte mobile money actif ne vous est attribué : demandez-le à l'administrateur (Paramètres › Utilisateurs) pour encaisser ce mode."
                          : 'Aucun compte mobile money actif : créez-le sous Paramètres › Société pour encaisser ce mode.'}
                      </div>
                    ) : (
                      <div className="row g-2">
                        <div className="col-5">
                          <label htmlFor={MM_ID} className="form-label small mb-0">
                            Montant
                          </label>
                          <MoneyInput id={MM_ID} name="payments.1.amount" currency={currency} value={form.data.mm_amount} onChange={(v) => setField('mm_amount', v)} invalid={Boolean(mmError('amount'))} ariaLabel="Montant mobile money" />
                        </div>
                        <div className="col-7">
                          <label htmlFor="counter-mm-operator" className="form-label small mb-0">
                            Opérateur
                          </label>
                          <select id="counter-mm-operator" name="payments.1.operator" className={`form-select ${mmError('operator') ? 'is-invalid' : ''}`} value={form.data.mm_operator} onChange={(e) => setField('mm_operator', e.target.value as MobileMoneyOperator)}>
                            {operators.map((o) => (
                              <option key={o.value} value={o.value}>
                                {o.label}
                              </option>
                            ))}
                          </select>
                        </div>
                        {mobile > 0 ? (
                          <>
                            <div className="col-12 col-sm-5 col-lg-12 col-xxl-5">
                              <label htmlFor="counter-mm-phone" className="form-label small mb-0">
                                Téléphone
                              </label>
                              <input id="counter-mm-phone" name="payments.1.phone" className={`form-control ${mmError('phone') ? 'is-invalid' : ''}`} inputMode="tel" autoComplete="off" maxLength={30} value={form.data.mm_phone} onChange={(e) => setField('mm_phone', e.target.value)} />
                            </div>
                            <div className="col-12 col-sm-7 col-lg-12 col-xxl-7">
                              <label htmlFor="counter-mm-reference" className="form-label small mb-0">
                                ID transaction
                              </label>
                              <input id="counter-mm-reference" name="payments.1.reference" className={`form-control ${mmError('reference') ? 'is-invalid' : ''}`} autoComplete="off" maxLength={80} value={form.data.mm_reference} onChange={(e) => setField('mm_reference', e.target.value)} aria-invalid={mmError('reference') ? true : undefined} />
                            </div>
                          </>
                        ) : null}
                      </div>
                    )}
                  </fieldset>

                </div>
              </div>

              {refusals.length ? (
                <div className="alert alert-danger app-alert" role="alert" data-testid="counter-errors">
                  <Icon name="fa-solid fa-triangle-exclamation" className="me-2" />
                  <strong>Vente refusée</strong>
                  <ul className="mb-0 ps-3 mt-1">
                    {refusals.map((m) => (
                      <li key={m}>{m}</li>
                    ))}
                  </ul>
                </div>
              ) : null}

              <button type="button" className="btn btn-success btn-lg w-100 app-counter-validate" onClick={validate} disabled={form.busy || items.length === 0 || !can.create || noShop} data-testid="counter-validate">
                {form.busy ? (
                  <>
                    <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                    Validation…
                  </>
                ) : (
                  <>
                    <Icon name="fa-solid fa-print" className="me-2" />
                    Valider et imprimer <kbd>F9</kbd>
                  </>
                )}
              </button>
              <div className="small text-body-secondary text-center mt-1" data-testid="counter-ticket-width">
                Ticket {props.ticket_width === '58mm' ? '58' : '80'} mm, sur l'imprimante par défaut
              </div>
              <button type="button" className="btn btn-outline-secondary w-100 mt-2" onClick={clearSale} disabled={form.busy || (items.length === 0 && form.data.cash === '' && form.data.mm_amount === '')} data-testid="counter-clear">
                Vider la vente <kbd>F8</kbd>
              </button>
            </div>
          </div>
        </div>
        {/* On a phone the total and the validation stay in reach at the bottom of the screen. */}
        <div className="app-counter-bar d-lg-none" data-testid="counter-bar">
          <div>
            <div className="small text-body-secondary">Total</div>
            <strong className="app-counter-bar-total">
              <Money value={total} currency={currency} />
            </strong>
          </div>
          <button type="button" className="btn btn-success btn-lg" onClick={validate} disabled={form.busy || items.length === 0 || !can.create || noShop}>
            <Icon name="fa-solid fa-print" className="me-2" />
            Valider
          </button>
        </div>
        {/* The print frame: each validated sale's ticket opens here with ?print=1 and prints itself. */}
        <iframe ref={printFrameRef} title="Impression du ticket" className="app-counter-print-frame" tabIndex={-1} aria-hidden="true" data-testid="counter-print-frame" />
      </div>
    </AppPage>
  );
}

function PaymentRow({ id, label, shortcut, error, children }: { id: string; label: string; shortcut: string; error?: string; children: ReactNode }) {
  return (
    <div className="mb-1">
      <label htmlFor={id} className="form-label fw-semibold mb-1 d-flex justify-content-between">
        <span>{label}</span>
        <kbd>{shortcut}</kbd>
      </label>
      {children}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
