import { router } from '@inertiajs/react';
import { useRef } from 'react';
import type { CounterPageProps, ParkedSaleView } from '@shared/pages/sales/counter';
import { minorToInput, parseMoneyInput } from '@shared/money';
import { route } from '@shared/routes';
import { formatTime } from '@/components/data/format';
import {
  CASH_ID,
  type CounterForm,
  type DiscountKind,
  MM_ID,
  entryOf,
  entryText,
  focusById,
  focusScan,
  freshCounterForm,
} from './counter-form';
import type { CounterCore } from './useCounter';

type NextPage = CounterPageProps & { errors?: Record<string, unknown> };

/**
 * What ends the sale in progress: F9 validates it (then prints the ticket in the print frame and
 * starts the next sale at once), F7 puts it on hold on the server, a basket on hold is resumed
 * (the one in progress goes on hold first) or discarded.
 */
export function useCounterSale(core: CounterCore) {
  const { props, can, currency, money, form, items, figures, docDiscount, docDiscountError } = core;
  const { mobile, typedCash, cash, printFrameRef } = core;
  const printed = useRef(new Set<number>());

  const startAfresh = (next: CounterPageProps) => {
    form.setData(freshCounterForm(next, form.data.location_id));
    core.setClient(next.walk_in);
    core.setCurrent(null);
    core.setEditing(null);
    core.setChoosingClient(false);
    setTimeout(focusScan, 0);
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
        const next = page.props as unknown as NextPage;
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
        const next = page.props as unknown as NextPage;
        if (next.errors && Object.keys(next.errors).length) return;
        if (then) resume(then, next);
        else startAfresh(next);
      },
    });
  };

  /** A basket on hold becomes the basket in progress, priced as its products are now. */
  const resume = (p: ParkedSaleView, page: CounterPageProps = props) => {
    form.setData({
      ...freshCounterForm(page, String(p.location_id)),
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
        tax_group: l.tax_group,
        stock: null,
        quantity: l.quantity,
        price: l.unit_price === null ? '' : minorToInput(l.unit_price, currency),
        discount: entryText(l.discount, currency),
        discount_kind: l.discount.kind,
      })),
    });
    form.clearErrors();
    core.setClient(p.client);
    core.setCurrent(null);
    core.setEditing(null);
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

  return { validate, park, resumeParked, discardParked };
}
