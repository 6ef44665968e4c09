import { router } from '@inertiajs/react';
import { Fragment, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { CounterClient, CounterPageProps, ParkedSaleView } from '@shared/pages/sales/counter';
import { DiscountExceeded, type DiscountEntry, discountAmount, documentTotals } from '@shared/document-totals';
import { LIMITS, LimitExceeded, limitMessage } from '@shared/limits';
import { currencyInfo, formatAmount, formatMoney, minorToInput, parseMoneyInput } from '@shared/money';
import type { PageProps } from '@shared/pages';
import { parsePercent } from '@shared/percent';
import type { ClientPickerItem, ProductPickerItem } from '@shared/pickers';
import { route } from '@shared/routes';
import { PaymentMismatch, allocatePayments, levelPrice } from '@shared/sales';
import type { MobileMoneyOperator } from '@shared/treasury';
import { AppPage } from '@/components/AppPage';
import { FieldError, StatusAlert } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { EmptyState } from '@/components/data/EmptyState';
import { Money } from '@/components/data/Money';
import { MoneyInput } from '@/components/data/MoneyInput';
import { formatQty, formatQuantity, formatTime } from '@/components/data/format';
import { LineQuantity, LineRemove, REMOVE_HEADER } from '@/components/documents/DocumentLines';
import { useDocumentLines } from '@/components/documents/useDocumentLines';
import { ClientPicker } from '@/components/pickers/ClientPicker';
import { ProductPicker } from '@/components/pickers/ProductPicker';
import { useServerForm } from '@/hooks/useServerForm';
import { newIdempotencyKey } from '@/lib/idempotency';
import '../../../../css/screens/counter.scss';

type DiscountKind = DiscountEntry['kind'];

interface CounterLine {
  product_id: number;
  code: string;
  name: string;
  unit_name: string;
  retail_price: number;
  wholesale_price: number;
  min_price: number;
  stock: number | null;
  quantity: number | null;
  /** A price typed by the seller (major units); '' = the client's level price. */
  price: string;
  /** The line's discount as typed: an amount (major units) or a percentage. */
  discount: string;
  discount_kind: DiscountKind;
}

type CounterForm = {
  idempotency_key: string;
  form_loaded_at: string;
  location_id: string;
  client_id: number;
  /** The basket on hold this one was resumed from (replaced when parked again, removed when sold). */
  parked_id: number | null;
  lines: CounterLine[];
  /** The sale's discount, as typed. */
  discount: string;
  discount_kind: DiscountKind;
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
const DISCOUNT_ID = 'counter-discount';
const LOCATION_KEY = 'sdstock:counter:location';

/** A discount as typed → its entry (null: unreadable); empty is no discount. */
function entryOf(text: string, kind: DiscountKind, currency: string): DiscountEntry | null {
  if (text.trim() === '') return { kind: 'amount', value: 0 };
  const value = kind === 'percent' ? parsePercent(text) : parseMoneyInput(text, currency);
  return value === null ? null : { kind, value };
}
/** An entry → the text its field shows ('' for none). */
function entryText(entry: DiscountEntry, currency: string): string {
  if (entry.value === 0) return '';
  return entry.kind === 'percent'
    ? new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2, useGrouping: false }).format(entry.value / 100)
    : minorToInput(entry.value, currency);
}

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
  ['F3', 'Prix et remise de la ligne en cours'],
  ['F4', 'Mobile money'],
  ['F6', 'Changer de client'],
  ['F7', 'Mettre la vente en attente'],
  ['F8', 'Vider la vente'],
  ['Échap', 'Retour au champ de scan'],
];

/** What a line comes to: its unit price, gross, discount and net, or why it cannot be read. */
interface LineFigures {
  unitPrice: number;
  edited: boolean;
  gross: number;
  discount: number;
  net: number;
  priceError: string | null;
  discountError: string | null;
  belowMin: boolean;
}

/**
 * Vente boutique: the till of a shop, made for a USB scanner and the keyboard. The scan field has
 * the focus between actions; a barcode + Enter adds the product (or one more); « + », « − »,
 * « *n » and Suppr act on the line in progress, F3 opens its price and discount; the client is
 * CLIENT COMPTANT unless another is picked (its price level then applies; the counter never sells
 * on credit); a price may be changed and a discount given — an amount or a percentage, per line
 * and on the sale — within the minimum price unless the seller may sell below it (the server
 * checks both); cash tendered gives the change live (shared allocatePayments), mobile money carries
 * its operator, phone and transaction id, and both may split one sale. F7 puts the basket on hold
 * (kept by the server for this cashier: it survives a reload) to serve the next customer, and any
 * basket on hold is resumed or discarded from the bar above the lines. F9 validates, prints the
 * ticket in the print frame and starts the next sale at once; the last sale's number and change
 * stay in a corner. The shop (hence the cash desk the cash lands in) is remembered by this browser.
 * At 1366 × 768 the payment panel, mobile-money fields open, fits beside the lines with « Valider ».
 */
export default function CounterIndex(props: PageProps<'sales/counter/Index'>) {
  const { currency, locations, walk_in, operators, vat, can } = props;
  const fresh = (p: CounterPageProps, location: string): CounterForm => ({
    idempotency_key: newIdempotencyKey(),
    form_loaded_at: p.form_loaded_at,
    location_id: location,
    client_id: p.walk_in.id,
    parked_id: null,
    lines: [],
    discount: '',
    discount_kind: 'amount',
    cash: '',
    mm_amount: '',
    mm_operator: p.operators[0]?.value ?? '',
    mm_phone: '',
    mm_reference: '',
  });
  const form = useServerForm<CounterForm>(
    fresh(props, typeof window === 'undefined' ? String(locations[0]?.id ?? '') : rememberedLocation(locations)),
  );
  const [client, setClient] = useState<CounterClient>(walk_in);
  const [choosingClient, setChoosingClient] = useState(false);
  const [current, setCurrent] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const printFrameRef = useRef<HTMLIFrameElement>(null);
  const printed = useRef(new Set<number>());
  const money = (n: number) => formatMoney(n, currency);

  const lines = useDocumentLines(form, {
    create: (p: ProductPickerItem): CounterLine => ({
      product_id: p.id,
      code: p.code,
      name: p.name,
      unit_name: p.unit,
      retail_price: p.retail_price,
      wholesale_price: p.wholesale_price,
      min_price: p.min_price,
      stock: p.stock,
      quantity: 1,
      price: '',
      discount: '',
      discount_kind: 'amount',
    }),
    increment: (l, p) => ({ ...l, quantity: (l.quantity ?? 0) + 1, stock: p.stock }),
    amount: (l) => (l.quantity ?? 0) * levelPrice(l, client.price_level),
    leaveMessage: 'La vente en cours sera perdue. Quitter la caisse ?',
  });
  const items = lines.items;
  const active = current !== null && current < items.length ? current : items.length - 1;

  // Each line as the server will price it: the typed price or the client's level, less its discount.
  const figures = useMemo(
    () =>
      items.map((l): LineFigures => {
        const level = levelPrice(l, client.price_level);
        const typed = l.price.trim() === '' ? level : parseMoneyInput(l.price, currency);
        const unitPrice = typed ?? level;
        const quantity = l.quantity ?? 0;
        const gross = quantity * unitPrice;
        const entry = entryOf(l.discount, l.discount_kind, currency);
        let discount = 0;
        let discountError: string | null =
          entry === null ? (l.discount_kind === 'percent' ? 'Pourcentage illisible.' : 'Montant illisible.') : null;
        if (entry) {
          if (entry.kind === 'percent' && entry.value > 10_000) discountError = 'Une remise ne peut dépasser 100 %.';
          else discount = discountAmount(entry, gross);
          if (!discountError && discount > gross) discountError = 'La remise dépasse le montant de la ligne.';
        }
        const priceError =
          typed === null
            ? 'Prix illisible.'
            : typed > LIMITS.unitPrice
              ? `Le prix unitaire ne peut dépasser ${money(LIMITS.unitPrice)}.`
              : null;
        const net = Math.max(0, gross - (discountError ? 0 : discount));
        return {
          unitPrice,
          edited: typed !== null && typed !== level,
          gross,
          discount: discountError ? 0 : discount,
          net,
          priceError,
          discountError,
          belowMin: l.min_price > 0 && quantity > 0 && net < l.min_price * quantity,
        };
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [items, client, currency],
  );
  const linesTotal = figures.reduce((s, f) => s + f.net, 0);
  const docEntry = entryOf(form.data.discount, form.data.discount_kind, currency);
  const docDiscountError =
    docEntry === null
      ? form.data.discount_kind === 'percent'
        ? 'Pourcentage illisible.'
        : 'Montant illisible.'
      : docEntry.kind === 'percent' && docEntry.value > 10_000
        ? 'Une remise ne peut dépasser 100 %.'
        : null;
  const docDiscount = docEntry && !docDiscountError ? discountAmount(docEntry, linesTotal) : 0;

  // Live totals, exactly as the server computes them (shared documentTotals).
  const totals = useMemo(() => {
    try {
      const t = documentTotals(
        items.map((l, i) => ({
          quantity: l.quantity ?? 0,
          unitPrice: figures[i].unitPrice,
          discount: figures[i].discount,
        })),
        docDiscount,
        { enabled: vat.enabled, rate: vat.rate_bp, pricesIncludeVat: vat.prices_include_vat },
      );
      return { total: t.totalTTC, ht: t.totalHT, vat: t.vat, error: null as string | null };
    } catch (err) {
      if (err instanceof DiscountExceeded)
        return {
          total: 0,
          ht: 0,
          vat: 0,
          error:
            err.line === null
              ? 'La remise sur la vente dépasse le montant des lignes.'
              : `Ligne ${err.line + 1} : la remise dépasse le montant de la ligne.`,
        };
      if (err instanceof LimitExceeded || err instanceof RangeError)
        return {
          total: 0,
          ht: 0,
          vat: 0,
          error: limitMessage('Le montant total de la vente', 'documentTotal', currency),
        };
      throw err;
    }
  }, [items, figures, docDiscount, vat, currency]);
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
      if (err.reason === 'non_cash_exceeds')
        return {
          change: 0,
          problem: `Le mobile money dépasse le total de ${formatMoney(err.missing, currency)} : aucune monnaie n’est rendue sur ce mode.`,
        };
      return { change: 0, problem: `Il manque ${formatMoney(err.missing, currency)}.` };
    }
  }, [total, cash, mobile, currency]);

  const location = locations.find((l) => String(l.id) === form.data.location_id);
  const errors = form.errors as Record<string, string | undefined>;
  const refusals = [...new Set(Object.values(errors).filter((m): m is string => typeof m === 'string'))];
  // The baskets on hold at this shop (the one resumed is the basket in progress, not on hold).
  const parked = props.parked.filter(
    (p) => String(p.location_id) === form.data.location_id && p.id !== form.data.parked_id,
  );

  const setField = (
    key: 'location_id' | 'cash' | 'mm_amount' | 'mm_operator' | 'mm_phone' | 'mm_reference' | 'discount',
    value: string,
  ) => form.setData(key, value);

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
    setEditing(null);
    focusScan();
  };

  const editLine = (index: number) => {
    if (index < 0 || index >= items.length) return;
    setCurrent(index);
    setEditing(editing === index ? null : index);
    if (editing !== index) setTimeout(() => focusById(`counter-line-${index}-price`), 0);
  };

  const chooseClient = (c: ClientPickerItem | CounterClient) => {
    const next: CounterClient = {
      id: c.id,
      code: c.code,
      name: c.name,
      price_level: c.price_level,
      is_walk_in: c.is_walk_in,
    };
    // A price typed equal to the old level's is no change: it follows the new client's level.
    lines.updateAll((l) =>
      l.price !== '' && parseMoneyInput(l.price, currency) === levelPrice(l, client.price_level)
        ? { ...l, price: '' }
        : l,
    );
    setClient(next);
    form.setData('client_id', next.id);
    setChoosingClient(false);
    form.clearErrors('client_id');
    setTimeout(focusScan, 0);
  };

  const startAfresh = (next: CounterPageProps) => {
    form.setData(fresh(next, form.data.location_id));
    setClient(next.walk_in);
    setCurrent(null);
    setEditing(null);
    setChoosingClient(false);
    setTimeout(focusScan, 0);
  };

  const clearSale = () => {
    form.setData({ ...fresh(props, form.data.location_id), idempotency_key: form.data.idempotency_key });
    form.clearErrors();
    setClient(walk_in);
    setCurrent(null);
    setEditing(null);
    focusScan();
  };

  const printTicket = (id: number) => {
    if (printed.current.has(id)) return;
    printed.current.add(id);
    const frame = printFrameRef.current;
    if (frame) frame.src = route('sales.ticket', { id }, { print: 1 });
  };

  /** The lines as the server reads them: a price only when typed, each discount as an amount. */
  const saleLines = (data: CounterForm) =>
    data.lines.map((l, i) => ({
      product_id: l.product_id,
      unit: 'unit',
      quantity: l.quantity ?? '',
      unit_price: l.price.trim() === '' ? '' : (parseMoneyInput(l.price, currency) ?? l.price),
      discount: figures[i] && !figures[i].discountError ? figures[i].discount : l.discount,
    }));

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
      parked_id: data.parked_id ?? '',
      lines: saleLines(data),
      discount: docDiscountError ? data.discount : docDiscount,
      // Always two payments in this order, so the server's messages land on their field: 0 cash, 1 mobile money.
      payments: [
        { method: 'especes', amount: typedCash === null && data.cash.trim() !== '' ? data.cash : cash },
        {
          method: 'mobile_money',
          amount: mm ? mobile : 0,
          operator: mm ? data.mm_operator : '',
          phone: mm ? data.mm_phone : '',
          reference: mm ? data.mm_reference : '',
        },
      ],
    }));
    form.submit('post', route('counter.store'), {
      preserveScroll: true,
      onSuccess: (page) => {
        const next = page.props as unknown as CounterPageProps & { errors?: Record<string, unknown> };
        if (next.errors && Object.keys(next.errors).length) return;
        if (next.last_sale) printTicket(next.last_sale.id);
        startAfresh(next);
      },
      // The field to fix gets the focus: a mobile-money reference, the cash, else the scan field.
      onError: (errs) => {
        const keys = Object.keys(errs);
        const mmField = keys.find((k) => k.startsWith('payments.1.'));
        setTimeout(
          () =>
            mmField
              ? focusById(mmField === 'payments.1.amount' ? MM_ID : `counter-mm-${mmField.slice('payments.1.'.length)}`)
              : keys.some((k) => k.startsWith('payments.0.') || k === 'payments')
                ? focusById(CASH_ID)
                : focusScan(),
          0,
        );
      },
    });
  };

  /** Puts the basket on hold (the server keeps it for this cashier), then `then` (a basket to resume) or a fresh sale. */
  const park = (then?: ParkedSaleView) => {
    if (form.busy || !can.create || items.length === 0) return;
    const entry = (text: string, kind: DiscountKind) => entryOf(text, kind, currency) ?? { kind, value: text };
    form.transform((data) => ({
      parked_id: data.parked_id ?? '',
      location_id: data.location_id,
      client_id: data.client_id,
      discount: entry(data.discount, data.discount_kind),
      lines: data.lines.map((l) => ({
        product_id: l.product_id,
        quantity: l.quantity ?? '',
        unit_price: l.price.trim() === '' ? '' : (parseMoneyInput(l.price, currency) ?? l.price),
        discount: entry(l.discount, l.discount_kind),
      })),
    }));
    form.submit('post', route('counter.park'), {
      preserveScroll: true,
      onSuccess: (page) => {
        const next = page.props as unknown as CounterPageProps & { errors?: Record<string, unknown> };
        if (next.errors && Object.keys(next.errors).length) return;
        if (then) resume(then, next);
        else startAfresh(next);
      },
    });
  };

  /** A basket on hold becomes the basket in progress, priced as its products are now. */
  const resume = (p: ParkedSaleView, page: CounterPageProps = props) => {
    form.setData({
      ...fresh(page, String(p.location_id)),
      client_id: p.client.id,
      parked_id: p.id,
      discount: entryText(p.discount, currency),
      discount_kind: p.discount.kind,
      lines: p.lines.map((l) => ({
        product_id: l.product_id,
        code: l.code,
        name: l.name,
        unit_name: l.unit,
        retail_price: l.retail_price,
        wholesale_price: l.wholesale_price,
        min_price: l.min_price,
        stock: null,
        quantity: l.quantity,
        price: l.unit_price === null ? '' : minorToInput(l.unit_price, currency),
        discount: entryText(l.discount, currency),
        discount_kind: l.discount.kind,
      })),
    });
    form.clearErrors();
    setClient(p.client);
    setCurrent(null);
    setEditing(null);
    setTimeout(focusScan, 0);
  };

  const resumeParked = (p: ParkedSaleView) => {
    if (form.busy) return;
    // The basket in progress goes on hold first: nothing typed is lost.
    if (items.length > 0) park(p);
    else resume(p);
  };

  const discardParked = (p: ParkedSaleView) => {
    if (
      !window.confirm(
        `Supprimer la vente en attente de ${formatTime(p.parked_at)} (${p.line_count} ligne${p.line_count > 1 ? 's' : ''}, ${money(p.total)}) ?`,
      )
    )
      return;
    router.delete(route('counter.parked', { id: p.id }), {
      preserveScroll: true,
      preserveState: true,
      onSuccess: () => setTimeout(focusScan, 0),
    });
  };

  // The keyboard of the till: handled wherever the focus is.
  const handlers = useRef({ validate, clearSale, park: () => park(), edit: () => editLine(active) });
  handlers.current = { validate, clearSale, park: () => park(), edit: () => editLine(active) };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F9' || (e.key === 'Enter' && (e.ctrlKey || e.metaKey))) {
        e.preventDefault();
        handlers.current.validate();
      } else if (e.key === 'F2') {
        e.preventDefault();
        focusById(CASH_ID);
      } else if (e.key === 'F3') {
        e.preventDefault();
        handlers.current.edit();
      } else if (e.key === 'F4') {
        e.preventDefault();
        focusById(MM_ID);
      } else if (e.key === 'F6') {
        e.preventDefault();
        setChoosingClient(true);
        setTimeout(() => focusById(CLIENT_ID), 0);
      } else if (e.key === 'F7') {
        e.preventDefault();
        handlers.current.park();
      } else if (e.key === 'F8') {
        e.preventDefault();
        if (window.confirm('Vider la vente en cours ?')) handlers.current.clearSale();
      } else if (e.key === 'Escape') {
        setChoosingClient(false);
        setTimeout(focusScan, 0);
      } else if (
        document.activeElement === document.body &&
        e.key.length === 1 &&
        !e.ctrlKey &&
        !e.altKey &&
        !e.metaKey
      ) {
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

  // Enter in a quantity, price, discount or payment field ends that action: back to the scan field.
  const backToScanOnEnter = (e: React.KeyboardEvent<HTMLElement>) => {
    const target = e.target as HTMLElement;
    if (
      e.key === 'Enter' &&
      !e.ctrlKey &&
      !e.metaKey &&
      target.id !== SCAN_ID &&
      target.id !== CLIENT_ID &&
      target.tagName === 'INPUT'
    ) {
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
  const belowMinHint = (l: CounterLine) =>
    can.below_min_price
      ? `Sous le prix minimum (${money(l.min_price)}) : vous y êtes autorisé.`
      : `Sous le prix minimum de ${money(l.min_price)} l’unité : la vente sera refusée.`;

  const last = props.last_sale;
  const lastCorner = last ? (
    <div className="app-counter-last" data-testid="counter-last-sale" aria-live="polite">
      <span className="small text-body-secondary">Dernière vente</span>{' '}
      <span className="app-doc-number">{last.number}</span>
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
        <a
          href={route('sales.ticket', { id: last.id })}
          className="ms-2 small"
          data-testid="counter-reprint"
          title="Réimprimer le ticket : ce sera un DUPLICATA"
        >
          <Icon name="fa-solid fa-print" className="me-1" />
          Réimprimer
        </a>
      ) : null}
    </div>
  ) : null;

  return (
    <AppPage
      title="Vente boutique"
      breadcrumbs={[
        { label: 'Opérations' },
        { label: 'Sortie de stock', href: route('stockExits') },
        { label: 'Vente boutique' },
      ]}
      actions={lastCorner}
    >
      <div className="app-counter" onKeyDown={backToScanOnEnter} onPointerUp={onPointerUp} data-testid="counter">
        {noShop ? (
          <StatusAlert tone="warning" testId="counter-no-shop">
            {props.places_restricted
              ? 'Aucune boutique active ne vous est attribuée : demandez à l’administrateur de vous en attribuer une (Paramètres › Utilisateurs) pour vendre au comptoir.'
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
                  <select
                    id="counter-location"
                    name="location_id"
                    className={`form-select ${errors.location_id ? 'is-invalid' : ''}`}
                    value={form.data.location_id}
                    onChange={(e) => changeLocation(e.target.value)}
                    data-testid="counter-location"
                  >
                    {locations.map((l) => (
                      <option key={l.id} value={l.id}>
                        {l.name}
                      </option>
                    ))}
                  </select>
                  <div
                    className={`small mt-1 ${location?.desk ? 'text-body-secondary' : 'text-danger'}`}
                    data-testid="counter-desk"
                  >
                    <Icon name="fa-solid fa-cash-register" className="me-1" />
                    {location
                      ? location.desk
                        ? `Caisse : ${location.desk}`
                        : 'Aucune caisse à cette boutique : les espèces ne pourront pas être encaissées.'
                      : '—'}
                  </div>
                </div>
                <div className="app-counter-client" data-testid="counter-client">
                  {choosingClient ? (
                    <ClientPicker
                      id={CLIENT_ID}
                      currency={currency}
                      onPick={chooseClient}
                      keepSelection={false}
                      autoFocus
                      label="Client"
                      placeholder="Code, nom ou téléphone… (Échap : annuler)"
                      testId="counter-client-picker"
                      error={errors.client_id}
                    />
                  ) : (
                    <>
                      <div className="form-label small mb-1">Client</div>
                      <div className="d-flex align-items-center gap-2 flex-wrap">
                        <span className="fw-semibold" data-testid="counter-client-name">
                          {client.name}
                        </span>
                        <span
                          className={`badge ${client.price_level === 'gros' ? 'text-bg-info' : 'text-bg-secondary'}`}
                        >
                          {client.price_level === 'gros' ? 'Prix de gros' : 'Prix de détail'}
                        </span>
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-secondary"
                          onClick={() => {
                            setChoosingClient(true);
                            setTimeout(() => focusById(CLIENT_ID), 0);
                          }}
                          data-testid="counter-change-client"
                        >
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

            {parked.length ? (
              <ParkedBar
                parked={parked}
                currency={currency}
                busy={form.busy}
                onResume={resumeParked}
                onDiscard={discardParked}
              />
            ) : null}

            <div className="card mb-3">
              <div className="app-picker-bar app-counter-scan">
                <ProductPicker
                  id={SCAN_ID}
                  currency={currency}
                  locationId={form.data.location_id || null}
                  onPick={pick}
                  onKeyCommand={onScanKey}
                  label="Scanner ou rechercher un produit"
                  placeholder="Code-barres, code ou nom puis Entrée…"
                  autoFocus
                  testId="counter-scan"
                />
                <FieldError id="counter-lines-error" error={lines.listError} />
              </div>
              {form.data.parked_id !== null ? (
                <div className="app-counter-resumed small px-3 py-2" data-testid="counter-resumed">
                  <Icon name="fa-solid fa-clock-rotate-left" className="me-2" />
                  Vente reprise de l’attente : validez-la, ou remettez-la en attente <kbd>F7</kbd>.
                </div>
              ) : null}
              {items.length === 0 ? (
                <EmptyState icon="fa-solid fa-barcode" title="Prêt pour la vente">
                  Scannez le premier article.
                </EmptyState>
              ) : (
                <div className="table-responsive">
                  <table
                    className="table app-doc-table app-lines-table app-stack-sm app-counter-lines"
                    data-testid="counter-lines"
                  >
                    <thead>
                      <tr>
                        <th scope="col">Article</th>
                        <th scope="col" className="num">
                          Quantité
                        </th>
                        <th scope="col" className="num">
                          Prix unitaire
                        </th>
                        <th scope="col" className="num">
                          Montant
                        </th>
                        {REMOVE_HEADER}
                      </tr>
                    </thead>
                    <tbody>
                      {items.map((l, i) => {
                        const row = lines.rowProps(i);
                        const fig = figures[i];
                        const open = editing === i;
                        return (
                          <Fragment key={l.product_id}>
                            <tr
                              {...row}
                              className={`${row.className} ${i === active ? 'is-current' : ''}`}
                              data-testid={`counter-line-${i}`}
                              onFocus={() => setCurrent(i)}
                            >
                              <td className="app-stack-main">
                                <div className="fw-semibold">{l.name}</div>
                                <div className="small text-body-secondary">
                                  <span className="code">{l.code}</span>
                                  {l.stock !== null ? ` · en stock : ${formatQuantity(l.stock, l.unit_name)}` : ''}
                                </div>
                                <FieldError id={`line-${i}-product-error`} error={lines.error(i, 'product_id')} />
                              </td>
                              <LineQuantity
                                id={`counter-line-${i}-quantity`}
                                name={`lines.${i}.quantity`}
                                ariaLabel={`Quantité de ${l.name}`}
                                value={l.quantity}
                                onChange={(v) => setQuantity(i, v)}
                                error={lines.error(i, 'quantity')}
                                stepper
                              />
                              <td className="num app-counter-price" data-label="Prix unitaire">
                                <button
                                  type="button"
                                  className={`btn btn-link p-0 app-counter-price-button ${fig.edited || fig.discount ? 'is-changed' : ''}`}
                                  onClick={() => editLine(i)}
                                  aria-expanded={open}
                                  aria-controls={`counter-line-${i}-edit`}
                                  title="Changer le prix ou faire une remise (F3)"
                                  data-testid={`counter-line-${i}-edit`}
                                >
                                  <Money value={fig.unitPrice} currency={currency} />
                                  <Icon name="fa-solid fa-pen" className="ms-1 small" />
                                </button>
                                {fig.edited ? (
                                  <div className="small text-body-secondary">
                                    au lieu de <s>{money(levelPrice(l, client.price_level))}</s>
                                  </div>
                                ) : null}
                                {fig.discount ? (
                                  <div
                                    className="small text-success-emphasis"
                                    data-testid={`counter-line-${i}-discount`}
                                  >
                                    remise −
                                    {l.discount_kind === 'percent' ? `${l.discount}\u00a0%` : money(fig.discount)}
                                  </div>
                                ) : null}
                                {fig.belowMin ? (
                                  <div
                                    className={`small ${can.below_min_price ? 'text-warning-emphasis' : 'text-danger'}`}
                                  >
                                    {belowMinHint(l)}
                                  </div>
                                ) : null}
                                <FieldError
                                  id={`line-${i}-price-error`}
                                  error={
                                    lines.error(i, 'unit_price') ??
                                    lines.error(i, 'discount') ??
                                    (open ? undefined : (fig.priceError ?? fig.discountError ?? undefined))
                                  }
                                />
                              </td>
                              <td className="num fw-semibold" data-label="Montant">
                                <Money value={fig.net} currency={currency} />
                              </td>
                              <LineRemove name={l.name} onRemove={() => removeLine(i)} />
                            </tr>
                            {open ? (
                              <tr
                                className="app-counter-edit"
                                id={`counter-line-${i}-edit`}
                                data-testid={`counter-line-${i}-editor`}
                              >
                                <td colSpan={5} className="app-stack-main">
                                  <div className="app-counter-edit-fields">
                                    <div>
                                      <label htmlFor={`counter-line-${i}-price`} className="form-label small mb-0">
                                        Prix unitaire ({currencyInfo(currency).label})
                                      </label>
                                      <MoneyInput
                                        id={`counter-line-${i}-price`}
                                        name={`lines.${i}.unit_price`}
                                        size="sm"
                                        currency={currency}
                                        className="text-end"
                                        value={l.price}
                                        placeholder={minorToInput(levelPrice(l, client.price_level), currency)}
                                        onChange={(price) => lines.update(i, { price })}
                                        invalid={Boolean(fig.priceError)}
                                        describedBy={`counter-line-${i}-price-hint`}
                                      />
                                      <div id={`counter-line-${i}-price-hint`} className="form-text mt-0">
                                        {client.price_level === 'gros' ? 'Gros' : 'Détail'} :{' '}
                                        {money(levelPrice(l, client.price_level))}
                                        {l.min_price > 0 ? ` · min. ${money(l.min_price)}` : ''}
                                      </div>
                                      <FieldError
                                        id={`counter-line-${i}-price-error`}
                                        error={fig.priceError ?? undefined}
                                      />
                                    </div>
                                    <DiscountInput
                                      id={`counter-line-${i}-discount`}
                                      name={`lines.${i}.discount`}
                                      label="Remise sur la ligne"
                                      currency={currency}
                                      value={l.discount}
                                      kind={l.discount_kind}
                                      onChange={(discount, discount_kind) =>
                                        lines.update(i, { discount, discount_kind })
                                      }
                                      error={fig.discountError ?? undefined}
                                      size="sm"
                                    />
                                    <div className="d-flex gap-2 align-items-end">
                                      <button
                                        type="button"
                                        className="btn btn-sm btn-outline-secondary"
                                        onClick={() =>
                                          lines.update(i, { price: '', discount: '', discount_kind: 'amount' })
                                        }
                                        disabled={!fig.edited && !l.discount}
                                      >
                                        Prix normal
                                      </button>
                                      <button
                                        type="button"
                                        className="btn btn-sm btn-primary"
                                        onClick={() => {
                                          setEditing(null);
                                          focusScan();
                                        }}
                                      >
                                        OK
                                      </button>
                                    </div>
                                  </div>
                                </td>
                              </tr>
                            ) : null}
                          </Fragment>
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
                  <span className="app-counter-total-amount">{formatAmount(total, currency)}</span>{' '}
                  <span className="app-counter-total-currency">{currencyInfo(currency).label}</span>
                </div>
                {docDiscount > 0 && total > 0 ? (
                  <div className="small" data-testid="counter-total-discount">
                    dont remise <Money value={-docDiscount} currency={currency} />
                  </div>
                ) : null}
                {vat.enabled && total > 0 ? (
                  <div className="small">
                    dont TVA <Money value={totals.vat} currency={currency} /> (HT{' '}
                    <Money value={totals.ht} currency={currency} />)
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

              <div className="card mb-2">
                <div className="card-body app-counter-pay">
                  <DiscountInput
                    id={DISCOUNT_ID}
                    name="discount"
                    label="Remise sur la vente"
                    currency={currency}
                    value={form.data.discount}
                    kind={form.data.discount_kind}
                    onChange={(discount, discount_kind) =>
                      form.setData((d: CounterForm) => ({ ...d, discount, discount_kind }))
                    }
                    error={errors.discount ?? docDiscountError ?? undefined}
                    inline
                  />

                  <PaymentRow id={CASH_ID} label="Espèces reçues" shortcut="F2" error={cashError}>
                    <MoneyInput
                      id={CASH_ID}
                      name="payments.0.amount"
                      currency={currency}
                      value={form.data.cash}
                      onChange={(v) => setField('cash', v)}
                      invalid={Boolean(cashError)}
                      className="app-counter-money"
                      ariaLabel="Espèces reçues"
                      describedBy={cashError ? `${CASH_ID}-error` : `${CASH_ID}-hint`}
                    />
                  </PaymentRow>
                  <div id={`${CASH_ID}-hint`} className="form-text mt-0 mb-1">
                    {form.data.cash.trim() === '' && total > 0
                      ? `Vide : montant exact (${formatMoney(Math.max(0, total - mobile), currency)}).`
                      : ' '}
                  </div>

                  <fieldset className="app-counter-mm">
                    <legend className="small fw-semibold mb-1">
                      Mobile money <kbd>F4</kbd>
                    </legend>
                    {operators.length === 0 ? (
                      <div className="small text-body-secondary" data-testid="counter-no-wallet">
                        {props.places_restricted
                          ? 'Aucun compte mobile money actif ne vous est attribué : demandez-le à l’administrateur (Paramètres › Utilisateurs) pour encaisser ce mode.'
                          : 'Aucun compte mobile money actif : créez-le sous Paramètres › Société pour encaisser ce mode.'}
                      </div>
                    ) : (
                      <div className="app-counter-mm-grid">
                        <div>
                          <label htmlFor={MM_ID} className="form-label small mb-0">
                            Montant
                          </label>
                          <MoneyInput
                            id={MM_ID}
                            name="payments.1.amount"
                            size="sm"
                            currency={currency}
                            value={form.data.mm_amount}
                            onChange={(v) => setField('mm_amount', v)}
                            invalid={Boolean(mmError('amount'))}
                            ariaLabel="Montant mobile money"
                          />
                        </div>
                        <div>
                          <label htmlFor="counter-mm-operator" className="form-label small mb-0">
                            Opérateur
                          </label>
                          <select
                            id="counter-mm-operator"
                            name="payments.1.operator"
                            className={`form-select form-select-sm ${mmError('operator') ? 'is-invalid' : ''}`}
                            value={form.data.mm_operator}
                            onChange={(e) => setField('mm_operator', e.target.value as MobileMoneyOperator)}
                          >
                            {operators.map((o) => (
                              <option key={o.value} value={o.value}>
                                {o.label}
                              </option>
                            ))}
                          </select>
                        </div>
                        {mobile > 0 ? (
                          <>
                            <div>
                              <label htmlFor="counter-mm-phone" className="form-label small mb-0">
                                Téléphone
                              </label>
                              <input
                                id="counter-mm-phone"
                                name="payments.1.phone"
                                className={`form-control form-control-sm ${mmError('phone') ? 'is-invalid' : ''}`}
                                inputMode="tel"
                                autoComplete="off"
                                maxLength={30}
                                value={form.data.mm_phone}
                                onChange={(e) => setField('mm_phone', e.target.value)}
                              />
                            </div>
                            <div>
                              <label htmlFor="counter-mm-reference" className="form-label small mb-0">
                                ID de transaction
                              </label>
                              <input
                                id="counter-mm-reference"
                                name="payments.1.reference"
                                className={`form-control form-control-sm ${mmError('reference') ? 'is-invalid' : ''}`}
                                autoComplete="off"
                                maxLength={80}
                                value={form.data.mm_reference}
                                onChange={(e) => setField('mm_reference', e.target.value)}
                                aria-invalid={mmError('reference') ? true : undefined}
                              />
                            </div>
                          </>
                        ) : null}
                      </div>
                    )}
                  </fieldset>
                </div>
              </div>

              {refusals.length ? (
                <div className="alert alert-danger app-alert py-2 mb-2" role="alert" data-testid="counter-errors">
                  <Icon name="fa-solid fa-triangle-exclamation" className="me-2" />
                  <strong>Vente refusée</strong>
                  <ul className="mb-0 ps-3 mt-1 small">
                    {refusals.map((m) => (
                      <li key={m}>{m}</li>
                    ))}
                  </ul>
                </div>
              ) : null}

              <button
                type="button"
                className="btn btn-success btn-lg w-100 app-counter-validate"
                onClick={validate}
                disabled={form.busy || items.length === 0 || !can.create || noShop}
                data-testid="counter-validate"
              >
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
              <div className="app-counter-secondary">
                <button
                  type="button"
                  className="btn btn-outline-primary"
                  onClick={() => park()}
                  disabled={form.busy || items.length === 0 || !can.create || noShop}
                  data-testid="counter-park"
                >
                  <Icon name="fa-solid fa-pause" className="me-1" />
                  En attente <kbd>F7</kbd>
                </button>
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  onClick={clearSale}
                  disabled={form.busy || (items.length === 0 && form.data.cash === '' && form.data.mm_amount === '')}
                  data-testid="counter-clear"
                >
                  Vider <kbd>F8</kbd>
                </button>
              </div>
              <div className="small text-body-secondary text-center mt-1" data-testid="counter-ticket-width">
                Ticket {props.ticket_width === '58mm' ? '58' : '80'} mm, sur l’imprimante par défaut
              </div>
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
          <button
            type="button"
            className="btn btn-success btn-lg"
            onClick={validate}
            disabled={form.busy || items.length === 0 || !can.create || noShop}
          >
            <Icon name="fa-solid fa-print" className="me-2" />
            Valider
          </button>
        </div>
        {/* The print frame: each validated sale's ticket opens here with ?print=1 and prints itself. */}
        <iframe
          ref={printFrameRef}
          title="Impression du ticket"
          className="app-counter-print-frame"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="counter-print-frame"
        />
      </div>
    </AppPage>
  );
}

/** The baskets on hold at this shop: time, lines, total; resume one (the basket in progress goes on hold) or discard it. */
function ParkedBar({
  parked,
  currency,
  busy,
  onResume,
  onDiscard,
}: {
  parked: ParkedSaleView[];
  currency: string;
  busy: boolean;
  onResume: (p: ParkedSaleView) => void;
  onDiscard: (p: ParkedSaleView) => void;
}) {
  return (
    <section className="app-counter-parked mb-3" aria-label="Ventes en attente" data-testid="counter-parked">
      <div className="app-counter-parked-title small fw-semibold">
        <Icon name="fa-solid fa-clock" className="me-1" />
        En attente ({parked.length})
      </div>
      <ul className="app-counter-parked-list">
        {parked.map((p) => (
          <li key={p.id} data-testid={`counter-parked-${p.id}`}>
            <button
              type="button"
              className="btn btn-sm btn-outline-primary app-counter-parked-resume"
              onClick={() => onResume(p)}
              disabled={busy}
              title="Reprendre cette vente"
            >
              <span className="fw-semibold">{formatTime(p.parked_at)}</span>
              <span>
                {p.line_count} ligne{p.line_count > 1 ? 's' : ''}
              </span>
              <Money value={p.total} currency={currency} />
              {!p.client.is_walk_in ? (
                <span className="text-truncate app-counter-parked-client">{p.client.name}</span>
              ) : null}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              onClick={() => onDiscard(p)}
              disabled={busy}
              aria-label={`Supprimer la vente en attente de ${formatTime(p.parked_at)}`}
              title="Supprimer"
            >
              <Icon name="fa-solid fa-xmark" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A discount typed as an amount or a percentage, with the unit to choose beside it. */
function DiscountInput({
  id,
  name,
  label,
  currency,
  value,
  kind,
  onChange,
  error,
  size,
  inline = false,
}: {
  id: string;
  name: string;
  label: string;
  currency: string;
  value: string;
  kind: DiscountKind;
  onChange: (value: string, kind: DiscountKind) => void;
  error?: string;
  size?: 'sm';
  inline?: boolean;
}) {
  const unit = currencyInfo(currency).label;
  return (
    <div className={inline ? 'app-counter-discount is-inline' : 'app-counter-discount'}>
      <label htmlFor={id} className="form-label small mb-0">
        {label}
      </label>
      <div className={`input-group ${size === 'sm' || inline ? 'input-group-sm' : ''}`}>
        <input
          id={id}
          name={name}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          className={`form-control app-number text-end ${error ? 'is-invalid' : ''}`}
          value={value}
          onChange={(e) => onChange(e.target.value, kind)}
          placeholder="0"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {(['amount', 'percent'] as const).map((k) => (
          <button
            key={k}
            type="button"
            className={`btn ${kind === k ? 'btn-secondary' : 'btn-outline-secondary'}`}
            aria-pressed={kind === k}
            onClick={() => onChange(value, k)}
            data-testid={`${id}-${k}`}
          >
            {k === 'percent' ? '%' : unit}
          </button>
        ))}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

function PaymentRow({
  id,
  label,
  shortcut,
  error,
  children,
}: {
  id: string;
  label: string;
  shortcut: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="app-counter-cash">
      <label htmlFor={id} className="form-label fw-semibold mb-0">
        <span>{label}</span> <kbd>{shortcut}</kbd>
      </label>
      {children}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
