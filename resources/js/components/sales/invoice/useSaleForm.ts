import { useMemo, useState } from 'react';
import { addDays } from '@shared/dates';
import { type DocumentTotals, documentTotals } from '@shared/document-totals';
import { currencyInfo, minorToInput, parseMoneyInput } from '@shared/money';
import type { PageProps } from '@shared/pages';
import type { ClientPickerItem, ProductPickerItem } from '@shared/pickers';
import { route } from '@shared/routes';
import { PaymentMismatch, allocatePayments } from '@shared/sales';
import { type VatSetting, lineVatRate } from '@shared/vat';
import { baseQuantity } from '@/components/documents/document-lines';
import { useDocumentLines } from '@/components/documents/useDocumentLines';
import { useCompany, useMoney } from '@/hooks/useCompany';
import { useServerForm } from '@/hooks/useServerForm';
import { newIdempotencyKey } from '@/lib/idempotency';
import { type PaymentLine, type SaleForm, type SaleLine, clientPrice, newPayment } from './sale-form';

export type SaleFormProps = Pick<
  PageProps<'sales/Create'>,
  'form_loaded_at' | 'locations' | 'default_location_id' | 'vat' | 'credit_days' | 'rights' | 'accounts' | 'client'
>;

/** What the invoice form's panels share: the form and its lines, the client, live totals and payments. */
export type SaleState = ReturnType<typeof useSaleForm>;

/**
 * The state of a new invoice: the client and their price level, the lines (useDocumentLines), the
 * live totals exactly as the server computes them (shared documentTotals), the payments against
 * the total with the change (shared allocatePayments), the credit limit, and the submission.
 */
export function useSaleForm(props: SaleFormProps) {
  const {
    form_loaded_at,
    locations,
    default_location_id,
    vat,
    credit_days,
    rights,
    accounts,
    client: preselected,
  } = props;
  const { currency, today } = useCompany();
  const money = useMoney();
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
        tax_group: p.tax_group,
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

  // Live totals, exactly as the server will compute them (shared/document-totals.ts).
  const docDiscount = data.discount.trim() === '' ? 0 : parseMoneyInput(data.discount, currency);
  const totals = useMemo((): { value: DocumentTotals | null; error: string | null } => {
    try {
      const setting: VatSetting = { enabled: vat.enabled, rate: vat.rate_bp, pricesIncludeVat: vat.prices_include_vat };
      const input = data.lines.map((l) => ({
        quantity: baseQuantity(l.quantity, l.unit, l.pack_size),
        unitPrice: price(l) ?? 0,
        discount: lineDiscount(l) ?? 0,
        vatRate: lineVatRate(l.tax_group, setting),
      }));
      return { value: documentTotals(input, docDiscount ?? 0, setting), error: null };
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

  return {
    preselected,
    locations,
    vat,
    credit_days,
    rights,
    accounts,
    currency,
    today,
    money,
    currencyLabel,
    form,
    data,
    lines,
    client,
    walkIn,
    location,
    price,
    lineDiscount,
    docDiscount,
    totals,
    total,
    allocation,
    balanceAfter,
    overLimit,
    pickClient,
    setPayment,
    errorOf,
    paymentFields,
    submit,
  };
}
