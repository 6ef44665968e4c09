import { useMemo } from 'react';
import { router } from '@inertiajs/react';
import { parseMoneyInput } from '@shared/money';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import type { OpenInvoiceView } from '@shared/pages/settlements';
import {
  type AllocationMode,
  type AllocationResult,
  type SettlementSource,
  allocateChosen,
  allocateOldestFirst,
  allocationIssues,
} from '@shared/settlements';
import { type MobileMoneyOperator, PAYMENT_METHOD_ACCOUNT_KIND, type PaymentMethod } from '@shared/treasury';
import { useCompany, useMoney } from '@/hooks/useCompany';
import { useServerForm } from '@/hooks/useServerForm';
import { newIdempotencyKey } from '@/lib/idempotency';

export type SettlementPageProps = Pick<PageProps<'settlements/Create'>, 'client' | 'invoices' | 'accounts'>;

type SettlementForm = {
  idempotency_key: string;
  client_id: string;
  settlement_date: string;
  source: SettlementSource;
  method: PaymentMethod;
  account_id: string;
  operator: MobileMoneyOperator | '';
  phone: string;
  reference: string;
  cheque_date: string;
  amount: string;
  allocation_mode: AllocationMode;
  /** Ticked invoices (chosen mode): id → the amount typed ('' = what is left, oldest first). */
  chosen: Record<string, string>;
  note: string;
};

/** What the settlement form's panels share: the form, the allocation preview and its refusals. */
export type SettlementState = ReturnType<typeof useSettlementForm>;

/**
 * The state of a new settlement: the form, the amount received, the allocation preview computed by
 * the same shared functions the server checks with (shared/settlements.ts), each invoice's and the
 * whole preview's refusal, the accounts the chosen method may land in, and the submission.
 */
export function useSettlementForm({ client, invoices, accounts }: SettlementPageProps) {
  const { currency, today } = useCompany();
  const money = useMoney();
  const form = useServerForm<SettlementForm>({
    idempotency_key: newIdempotencyKey(),
    client_id: client ? String(client.id) : '',
    settlement_date: today,
    source: 'payment',
    method: 'especes',
    account_id: firstAccount(accounts, 'especes', '') ?? '',
    operator: '',
    phone: client?.phone ?? '',
    reference: '',
    cheque_date: '',
    amount: '',
    allocation_mode: 'oldest',
    chosen: {},
    note: '',
  });
  const data = form.data;
  const errorOf = (key: string) => (form.errors as Record<string, string | undefined>)[key];
  const amount = parseMoneyInput(data.amount, currency);
  const isPayment = data.source === 'payment';
  const due = invoices.reduce((s, i) => s + i.remaining, 0);

  const openInvoices = useMemo(
    () => invoices.map((i) => ({ id: i.id, saleDate: i.sale_date, dueDate: i.due_date, remaining: i.remaining })),
    [invoices],
  );
  const chosenList = invoices
    .filter((i) => data.chosen[String(i.id)] !== undefined)
    .map((i) => ({
      saleId: i.id,
      amount: data.chosen[String(i.id)].trim() === '' ? null : parseMoneyInput(data.chosen[String(i.id)], currency),
    }));
  const typedUnreadable = chosenList.some((c) => c.amount === null && data.chosen[String(c.saleId)].trim() !== '');
  const preview: AllocationResult | null = useMemo(() => {
    if (amount === null || amount <= 0 || typedUnreadable) return null;
    try {
      return data.allocation_mode === 'oldest'
        ? allocateOldestFirst(amount, openInvoices)
        : allocateChosen(amount, openInvoices, chosenList);
    } catch {
      return null;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [amount, data.allocation_mode, data.chosen, openInvoices, typedUnreadable]);
  const issues =
    preview && amount !== null ? allocationIssues(amount, data.source, preview.allocations, openInvoices) : [];
  const allocatedTo = new Map((preview?.allocations ?? []).map((a) => [a.saleId, a.amount]));
  const submitted = preview?.allocations ?? [];
  const rowError = (saleId: number) => {
    const k = submitted.findIndex((a) => a.saleId === saleId);
    if (k < 0) return undefined;
    const issue = issues.find((x) => x.index === k);
    const local =
      issue?.reason === 'above_remaining'
        ? `Plus que le reste à payer (${money(issue.remaining)}).`
        : issue?.reason === 'not_positive'
          ? 'Le montant doit être supérieur à zéro.'
          : undefined;
    return errorOf(`allocations.${k}.amount`) ?? errorOf(`allocations.${k}.sale_id`) ?? local;
  };
  const globalIssue = issues.find((x) => x.index === null);
  const previewError =
    globalIssue?.reason === 'above_amount'
      ? `Les montants saisis totalisent ${money(globalIssue.allocated)}, plus que ${isPayment ? 'le montant reçu' : 'le montant pris sur l’acompte'}.`
      : globalIssue?.reason === 'advance_not_spent'
        ? `Un acompte dépensé va entièrement aux factures : seuls ${money(globalIssue.allocated)} trouvent une facture. Réduisez le montant.`
        : undefined;
  const balanceAfter = client ? client.balance - (isPayment ? (amount ?? 0) : 0) : 0;

  const fitting = accounts.filter(
    (a) =>
      a.kind === PAYMENT_METHOD_ACCOUNT_KIND[data.method] &&
      (data.method !== 'mobile_money' || !data.operator || a.operator === data.operator),
  );
  const set = (patch: Partial<SettlementForm>, ...clear: string[]) => {
    form.setData((d: SettlementForm) => ({ ...d, ...patch }));
    if (clear.length) form.clearErrors(...(clear as never[]));
  };
  const pickClient = (id: number) =>
    router.get(route('settlements.create', { client_id: id }), {}, { preserveScroll: false });
  const tick = (inv: OpenInvoiceView, on: boolean) => {
    const chosen = { ...data.chosen };
    if (on) chosen[String(inv.id)] = '';
    else delete chosen[String(inv.id)];
    set({ chosen, allocation_mode: 'chosen' }, 'allocations');
  };

  const submit = () => {
    form.transform((d) => ({
      idempotency_key: d.idempotency_key,
      client_id: d.client_id,
      settlement_date: d.settlement_date,
      source: d.source,
      method: d.source === 'payment' ? d.method : '',
      account_id: d.source === 'payment' ? d.account_id : '',
      operator: d.source === 'payment' && d.method === 'mobile_money' ? d.operator : '',
      phone: d.source === 'payment' && d.method === 'mobile_money' ? d.phone : '',
      reference: d.source === 'payment' && d.method !== 'especes' ? d.reference : '',
      cheque_date: d.source === 'payment' && d.method === 'cheque' ? d.cheque_date : '',
      amount: amount ?? d.amount,
      allocation_mode: d.allocation_mode,
      allocations: (preview?.allocations ?? []).map((a) => ({ sale_id: a.saleId, amount: a.amount })),
      note: d.note,
    }));
    form.submit('post', route('settlements.index'), { preserveScroll: false });
  };

  const shownErrors = ['client_id', 'allocations', 'settlement_date', 'source']
    .map(errorOf)
    .filter((e): e is string => Boolean(e));
  return {
    client,
    invoices,
    accounts,
    currency,
    today,
    money,
    form,
    data,
    errorOf,
    amount,
    isPayment,
    due,
    preview,
    issues,
    allocatedTo,
    rowError,
    previewError,
    balanceAfter,
    fitting,
    set,
    pickClient,
    tick,
    submit,
    shownErrors,
  };
}

/** The first account a payment by this method (and operator) can land in. */
export function firstAccount(
  accounts: SettlementPageProps['accounts'],
  method: PaymentMethod,
  operator: string,
): string | null {
  const kind = PAYMENT_METHOD_ACCOUNT_KIND[method];
  if (kind === 'mobile_money' && !operator) return null;
  const a = accounts.find((x) => x.kind === kind && (kind !== 'mobile_money' || !operator || x.operator === operator));
  return a ? String(a.id) : null;
}
