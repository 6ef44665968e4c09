import { useRef, useState } from 'react';
import type { CounterClient, CounterPageProps } from '@shared/pages/sales/counter';
import { LIMITS } from '@shared/limits';
import { parseMoneyInput } from '@shared/money';
import type { ClientPickerItem, ProductPickerItem } from '@shared/pickers';
import { levelPrice } from '@shared/sales';
import { useDocumentLines } from '@/components/documents/useDocumentLines';
import { useCompany, useMoney } from '@/hooks/useCompany';
import { useServerForm } from '@/hooks/useServerForm';
import {
  type CounterForm,
  type CounterLine,
  CLIENT_ID,
  focusById,
  focusScan,
  freshCounterForm,
  rememberLocation,
  rememberedLocation,
} from './counter-form';
import { useCounterFigures } from './useCounterFigures';
import { useCounterSale } from './useCounterSale';

/** What the counter's panels share: the form and its lines, the client, live figures and the actions. */
export type CounterState = ReturnType<typeof useCounter>;

/**
 * The state of the till: the sale in progress (its lines through useDocumentLines, the line in
 * progress and the one whose price is open), the client and their price level, the live figures
 * (useCounterFigures), and what the cashier does — validate, put on hold, resume (useCounterSale).
 */
export function useCounter(props: CounterPageProps) {
  const core = useCounterCore(props);
  return { ...core, ...useCounterSale(core) };
}

/** The sale in progress and what acts on it line by line; useCounterSale adds what ends it. */
export type CounterCore = ReturnType<typeof useCounterCore>;

function useCounterCore(props: CounterPageProps) {
  const { locations, walk_in, can } = props;
  const { currency, vat } = useCompany();
  const money = useMoney();
  const form = useServerForm<CounterForm>(freshCounterForm(props, rememberedLocation(locations)));
  const [client, setClient] = useState<CounterClient>(walk_in);
  const [choosingClient, setChoosingClient] = useState(false);
  const [current, setCurrent] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const printFrameRef = useRef<HTMLIFrameElement>(null);

  const lines = useDocumentLines(form, {
    create: (p: ProductPickerItem): CounterLine => ({
      product_id: p.id,
      code: p.code,
      name: p.name,
      unit_name: p.unit,
      retail_price: p.retail_price,
      wholesale_price: p.wholesale_price,
      min_price: p.min_price,
      tax_group: p.tax_group,
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
  const figures = useCounterFigures(form.data, client);

  const location = locations.find((l) => String(l.id) === form.data.location_id);
  const errors = form.errors as Record<string, string | undefined>;
  const refusals = [...new Set(Object.values(errors).filter((m): m is string => typeof m === 'string'))];
  // The baskets on hold at this shop (the one resumed is the basket in progress, not on hold).
  const parked = props.parked.filter(
    (p) => String(p.location_id) === form.data.location_id && p.id !== form.data.parked_id,
  );
  const noShop = locations.length === 0;
  const blocked = form.busy || items.length === 0 || !can.create || noShop;

  const setField = (
    key: 'location_id' | 'cash' | 'mm_amount' | 'mm_operator' | 'mm_phone' | 'mm_reference' | 'discount',
    value: string,
  ) => form.setData(key, value);

  const changeLocation = (value: string) => {
    setField('location_id', value);
    rememberLocation(value);
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

  const closeEditor = () => {
    setEditing(null);
    focusScan();
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

  /** The client picker opens (F6 or « Changer »). */
  const openClientPicker = () => {
    setChoosingClient(true);
    setTimeout(() => focusById(CLIENT_ID), 0);
  };

  const clearSale = () => {
    form.setData({ ...freshCounterForm(props, form.data.location_id), idempotency_key: form.data.idempotency_key });
    form.clearErrors();
    setClient(walk_in);
    setCurrent(null);
    setEditing(null);
    focusScan();
  };

  return {
    props,
    can,
    currency,
    vat,
    money,
    form,
    lines,
    items,
    active,
    client,
    setClient,
    choosingClient,
    setChoosingClient,
    current,
    setCurrent,
    editing,
    setEditing,
    printFrameRef,
    location,
    errors,
    refusals,
    parked,
    noShop,
    blocked,
    ...figures,
    setField,
    changeLocation,
    pick,
    setQuantity,
    removeLine,
    editLine,
    closeEditor,
    chooseClient,
    openClientPicker,
    clearSale,
  };
}
