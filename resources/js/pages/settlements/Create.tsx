import { useMemo } from 'react';
import { Link, router } from '@inertiajs/react';
import { formatMoney, minorToInput, parseMoneyInput } from '@shared/money';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import type { OpenInvoiceView } from '@shared/settlement-pages';
import {
  type AllocationMode,
  type AllocationResult,
  type SettlementSource,
  allocateChosen,
  allocateOldestFirst,
  allocationIssues,
} from '@shared/settlements';
import {
  MOBILE_MONEY_OPERATORS,
  MOBILE_MONEY_OPERATOR_LABELS,
  type MobileMoneyOperator,
  PAYMENT_METHOD_ACCOUNT_KIND,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from '@shared/treasury';
import { AppPage } from '@/components/AppPage';
import { FieldError, SelectField, TextAreaField, TextField } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { SubmitButton } from '@/components/SubmitButton';
import { ScrollTable } from '@/components/data/DataTable';
import { formatDate } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { MoneyField } from '@/components/data/MoneyField';
import { MoneyInput } from '@/components/data/MoneyInput';
import { SectionCard } from '@/components/data/SectionCard';
import { Stat, StatRow } from '@/components/data/Stat';
import { DocumentForm } from '@/components/documents/DocumentForm';
import { ClientPicker } from '@/components/pickers/ClientPicker';
import { useServerForm } from '@/hooks/useServerForm';
import { newIdempotencyKey } from '@/lib/idempotency';
import { DateField } from '@/components/data/DateField';

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

/** « en retard de 12 j », « échéance aujourd'hui », « échéance dans 5 j ». */
function ageLabel(age: number): string {
  if (age > 0) return `en retard de ${age} j`;
  if (age === 0) return 'échéance aujourd’hui';
  return `échéance dans ${-age} j`;
}

/**
 * Trésorerie › Nouveau règlement: the client (balance, advance), their open invoices (date, due
 * date, age, amount, already paid, remaining), the amount received and how (espèces, mobile money
 * with operator / phone / transaction id, chèque, virement, carte — into an account the user works
 * on — or the client's acompte), then the allocation: oldest due first or the invoices ticked, with
 * the amounts shown before validation. What is left over becomes an explicit advance. The preview
 * is computed by the same shared functions the server checks with (shared/settlements.ts).
 */
export default function SettlementsCreate({
  currency,
  today,
  client,
  invoices,
  accounts,
}: PageProps<'settlements/Create'>) {
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
  const money = (n: number) => formatMoney(n, currency);
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
  return (
    <AppPage
      title="Nouveau règlement"
      subtitle="Un client paie ses factures à crédit : le montant reçu entre en caisse, en banque ou sur un compte mobile money et solde ses factures, les plus anciennes d’abord ou celles que vous cochez."
      breadcrumbs={[
        { label: 'Opérations' },
        { label: 'Trésorerie' },
        { label: 'Règlements', href: route('settlements.index') },
        { label: 'Nouveau règlement' },
      ]}
    >
      <DocumentForm form={form} onSubmit={submit} errors={shownErrors} testId="settlement-form">
        <SectionCard title="Client" icon="fa-solid fa-user" testId="settlement-client">
          <div className="card-body">
            <div className="row g-3 align-items-end">
              {client ? (
                <div className="col-md-6 col-xl-7" data-testid="settlement-client-name">
                  <div className="small text-body-secondary">Client</div>
                  <div className="fs-5 fw-semibold">
                    <span className="code me-2">{client.code}</span>
                    {client.name}
                  </div>
                  {client.phone ? <div className="small text-body-secondary">{client.phone}</div> : null}
                </div>
              ) : null}
              <div className={client ? 'col-md-6 col-xl-5' : 'col-md-8 col-xl-6'}>
                <ClientPicker
                  currency={currency}
                  label={client ? 'Changer de client' : 'Client'}
                  placeholder="Code, nom ou téléphone…"
                  keepSelection={false}
                  autoFocus={client === null}
                  onPick={(c) => pickClient(c.id)}
                  error={errorOf('client_id')}
                  id="settlement-client"
                  testId="settlement-client-picker"
                />
              </div>
            </div>
            {client ? (
              <StatRow className="mt-3 mb-0" testId="settlement-client-facts">
                <Stat
                  label="Solde (reste dû net de l’acompte)"
                  value={<Money value={client.balance} currency={currency} />}
                  tone={client.balance > 0 ? 'danger' : undefined}
                  testId="settlement-client-balance"
                />
                <Stat
                  label="Factures ouvertes"
                  value={<Money value={due} currency={currency} />}
                  extra={`${invoices.length} facture${invoices.length > 1 ? 's' : ''}`}
                />
                <Stat
                  label="Acompte disponible"
                  value={<Money value={client.advance} currency={currency} />}
                  tone={client.advance > 0 ? 'success' : undefined}
                  testId="settlement-client-advance"
                />
              </StatRow>
            ) : (
              <p className="small text-body-secondary mt-2 mb-0">
                Choisissez le client qui paie : ses factures ouvertes s’affichent, les plus anciennes échéances en
                premier.
              </p>
            )}
          </div>
        </SectionCard>

        {client ? (
          <>
            <SectionCard
              title="Paiement"
              icon="fa-solid fa-hand-holding-dollar"
              className="mt-3"
              testId="settlement-payment"
            >
              <div className="card-body">
                <div className="btn-group mb-3 flex-wrap" role="radiogroup" aria-label="Origine du règlement">
                  {(['payment', 'advance'] as const).map((source) => {
                    const disabled = source === 'advance' && client.advance <= 0;
                    return (
                      <label
                        key={source}
                        className={`btn ${data.source === source ? 'btn-primary' : 'btn-outline-primary'} ${disabled ? 'disabled' : ''}`}
                      >
                        <input
                          type="radio"
                          className="visually-hidden"
                          name="source"
                          value={source}
                          checked={data.source === source}
                          disabled={disabled}
                          onChange={() =>
                            set(
                              {
                                source,
                                amount:
                                  source === 'advance'
                                    ? minorToInput(Math.min(client.advance, due), currency)
                                    : data.amount,
                              },
                              'source',
                              'amount',
                              'allocations',
                            )
                          }
                          data-testid={`settlement-source-${source}`}
                        />
                        <Icon
                          name={source === 'payment' ? 'fa-solid fa-money-bill-wave' : 'fa-solid fa-piggy-bank'}
                          className="me-2"
                        />
                        {source === 'payment' ? 'Le client paie' : `Utiliser son acompte (${money(client.advance)})`}
                      </label>
                    );
                  })}
                </div>
                <div className="row g-3">
                  <div className="col-sm-6 col-lg-3">
                    <MoneyField
                      id="settlement-amount"
                      name="amount"
                      label={isPayment ? 'Montant reçu' : 'Pris sur l’acompte'}
                      currency={currency}
                      value={data.amount}
                      onChange={(v) => set({ amount: v }, 'amount', 'allocations')}
                      error={
                        errorOf('amount') ??
                        (data.amount.trim() !== '' && amount === null ? 'Montant illisible.' : undefined)
                      }
                      required
                    />
                    {due > 0 ? (
                      <button
                        type="button"
                        className="btn btn-link btn-sm p-0"
                        onClick={() =>
                          set(
                            { amount: minorToInput(isPayment ? due : Math.min(due, client.advance), currency) },
                            'amount',
                          )
                        }
                        data-testid="settlement-amount-all"
                      >
                        Tout le reste dû ({money(isPayment ? due : Math.min(due, client.advance))})
                      </button>
                    ) : null}
                  </div>
                  <div className="col-sm-6 col-lg-3">
                    <DateField
                      {...form.fieldProps('settlement_date')}
                      label="Date du règlement"
                      max={today}
                      required
                      className="mb-0"
                    />
                  </div>
                  {isPayment ? (
                    <>
                      <div className="col-sm-6 col-lg-3">
                        <SelectField
                          id="settlement-method"
                          name="method"
                          label="Mode de paiement"
                          value={data.method}
                          onChange={(v) => {
                            const method = v as PaymentMethod;
                            set(
                              {
                                method,
                                operator: '',
                                reference: '',
                                cheque_date: '',
                                account_id: firstAccount(accounts, method, '') ?? '',
                              },
                              'method',
                              'account_id',
                              'reference',
                              'operator',
                              'cheque_date',
                            );
                          }}
                          options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
                          error={errorOf('method')}
                          required
                          className="mb-0"
                        />
                      </div>
                      {data.method === 'mobile_money' ? (
                        <div className="col-sm-6 col-lg-3">
                          <SelectField
                            id="settlement-operator"
                            name="operator"
                            label="Opérateur"
                            value={data.operator}
                            onChange={(v) =>
                              set(
                                {
                                  operator: v as MobileMoneyOperator,
                                  account_id: firstAccount(accounts, 'mobile_money', v) ?? '',
                                },
                                'operator',
                                'account_id',
                              )
                            }
                            options={MOBILE_MONEY_OPERATORS.map((o) => ({
                              value: o,
                              label: MOBILE_MONEY_OPERATOR_LABELS[o],
                            }))}
                            placeholder="Choisir…"
                            error={errorOf('operator')}
                            required
                            className="mb-0"
                          />
                        </div>
                      ) : null}
                      <div className="col-sm-6 col-lg-3">
                        <SelectField
                          id="settlement-account"
                          name="account_id"
                          label={data.method === 'especes' ? 'Caisse' : 'Compte'}
                          value={data.account_id}
                          onChange={(v) => set({ account_id: v }, 'account_id')}
                          options={fitting.map((a) => ({ value: String(a.id), label: a.name }))}
                          placeholder={fitting.length ? 'Choisir…' : 'Aucun compte disponible'}
                          error={errorOf('account_id')}
                          required
                          className="mb-0"
                        />
                      </div>
                      {data.method === 'mobile_money' ? (
                        <>
                          <div className="col-sm-6 col-lg-3">
                            <TextField
                              id="settlement-phone"
                              name="phone"
                              label="Téléphone du payeur"
                              type="tel"
                              value={data.phone}
                              onChange={(phone) => set({ phone }, 'phone')}
                              error={errorOf('phone')}
                              maxLength={30}
                              className="mb-0"
                            />
                          </div>
                          <div className="col-sm-6 col-lg-3">
                            <TextField
                              id="settlement-reference"
                              name="reference"
                              label="ID de transaction"
                              value={data.reference}
                              onChange={(reference) => set({ reference }, 'reference')}
                              error={errorOf('reference')}
                              maxLength={80}
                              required
                              hint="Sur le SMS de confirmation : un identifiant ne sert qu’une fois."
                              className="mb-0"
                            />
                          </div>
                        </>
                      ) : data.method === 'especes' ? null : (
                        <div className="col-sm-6 col-lg-3">
                          <TextField
                            id="settlement-reference"
                            name="reference"
                            label={
                              data.method === 'cheque'
                                ? 'N° du chèque'
                                : data.method === 'virement'
                                  ? 'Référence du virement'
                                  : 'Référence (facultative)'
                            }
                            value={data.reference}
                            onChange={(reference) => set({ reference }, 'reference')}
                            error={errorOf('reference')}
                            maxLength={80}
                            required={data.method !== 'carte'}
                            className="mb-0"
                          />
                        </div>
                      )}
                      {data.method === 'cheque' ? (
                        <div className="col-sm-6 col-lg-3">
                          <DateField
                            id="settlement-cheque-date"
                            name="cheque_date"
                            label="Date du chèque"
                            value={data.cheque_date}
                            onChange={(cheque_date) => set({ cheque_date }, 'cheque_date')}
                            error={errorOf('cheque_date')}
                            required
                            className="mb-0"
                          />
                        </div>
                      ) : null}
                    </>
                  ) : (
                    <p className="col-lg-6 small text-body-secondary align-self-center mb-0">
                      L’acompte a déjà été encaissé : aucun argent ne bouge, il solde les factures choisies.
                    </p>
                  )}
                </div>
              </div>
            </SectionCard>

            <SectionCard
              title="Factures réglées"
              icon="fa-solid fa-file-invoice"
              className="mt-3"
              testId="settlement-invoices"
              aside={
                <div className="btn-group btn-group-sm" role="radiogroup" aria-label="Répartition">
                  {(['oldest', 'chosen'] as const).map((mode) => (
                    <label
                      key={mode}
                      className={`btn ${data.allocation_mode === mode ? 'btn-secondary' : 'btn-outline-secondary'}`}
                    >
                      <input
                        type="radio"
                        className="visually-hidden"
                        name="allocation_mode"
                        value={mode}
                        checked={data.allocation_mode === mode}
                        onChange={() => set({ allocation_mode: mode }, 'allocations')}
                        data-testid={`settlement-mode-${mode}`}
                      />
                      {mode === 'oldest' ? 'Les plus anciennes d’abord' : 'Factures cochées'}
                    </label>
                  ))}
                </div>
              }
            >
              {invoices.length === 0 ? (
                <p className="card-body mb-0 text-body-secondary" data-testid="settlement-no-invoice">
                  Ce client n’a aucune facture ouverte : un paiement sera gardé en acompte, à utiliser sur une prochaine
                  facture.
                </p>
              ) : (
                <ScrollTable
                  caption={`Factures ouvertes de ${client.name}`}
                  testId="settlement-invoice-table"
                  rows={invoices}
                  rowKey={(i) => i.id}
                  rowTestId={(i) => `settlement-invoice-${i.number}`}
                  columns={[
                    {
                      id: 'tick',
                      label: 'Régler',
                      role: 'secondary',
                      cell: (i) => (
                        <input
                          type="checkbox"
                          className="form-check-input"
                          aria-label={`Régler la facture ${i.number}`}
                          checked={data.chosen[String(i.id)] !== undefined}
                          onChange={(e) => tick(i, e.target.checked)}
                          data-testid={`settlement-tick-${i.number}`}
                        />
                      ),
                    },
                    { id: 'number', label: 'Facture', role: 'title', className: 'code', cell: (i) => i.number },
                    { id: 'date', label: 'Date', role: 'secondary', cell: (i) => formatDate(i.sale_date) },
                    {
                      id: 'due',
                      label: 'Échéance',
                      role: 'secondary',
                      cell: (i) => (
                        <>
                          {i.due_date ? formatDate(i.due_date) : '—'}
                          <div className={`small ${i.age > 0 ? 'text-danger' : 'text-body-secondary'}`}>
                            {ageLabel(i.age)}
                          </div>
                        </>
                      ),
                    },
                    {
                      id: 'total',
                      label: 'Montant',
                      role: 'secondary',
                      num: true,
                      cell: (i) => <Money value={i.total} currency={currency} />,
                    },
                    {
                      id: 'paid',
                      label: 'Déjà payé',
                      role: 'secondary',
                      num: true,
                      cell: (i) => <Money value={i.paid} currency={currency} />,
                    },
                    {
                      id: 'remaining',
                      label: 'Reste à payer',
                      role: 'figure',
                      num: true,
                      cell: (i) => <Money value={i.remaining} currency={currency} tone="debt" />,
                      foot: <Money value={due} currency={currency} />,
                    },
                    {
                      id: 'allocated',
                      label: 'Ce règlement',
                      role: 'figure',
                      num: true,
                      cell: (i) => {
                        const ticked = data.chosen[String(i.id)] !== undefined;
                        const error = rowError(i.id);
                        return (
                          <div data-testid={`settlement-allocated-${i.number}`}>
                            {data.allocation_mode === 'chosen' && ticked ? (
                              <MoneyInput
                                id={`settlement-alloc-${i.id}`}
                                size="sm"
                                currency={currency}
                                className="text-end"
                                ariaLabel={`Montant réglé sur ${i.number}`}
                                value={data.chosen[String(i.id)]}
                                onChange={(v) => set({ chosen: { ...data.chosen, [String(i.id)]: v } }, 'allocations')}
                                invalid={Boolean(error)}
                              />
                            ) : null}
                            <strong className={allocatedTo.get(i.id) ? '' : 'text-body-secondary'}>
                              {allocatedTo.get(i.id) ? (
                                <Money value={allocatedTo.get(i.id)!} currency={currency} />
                              ) : (
                                '—'
                              )}
                            </strong>
                            {allocatedTo.get(i.id) === i.remaining ? (
                              <div className="small text-success">soldée</div>
                            ) : null}
                            <FieldError id={`settlement-alloc-${i.id}-error`} error={error} />
                          </div>
                        );
                      },
                      foot: <Money value={preview?.allocated ?? 0} currency={currency} />,
                    },
                  ]}
                />
              )}
              <div className="px-3">
                <FieldError id="settlement-preview-error" error={previewError} />
              </div>
              {preview && preview.advance > 0 && isPayment ? (
                <div className="alert alert-info m-3" role="status" data-testid="settlement-advance-notice">
                  <Icon name="fa-solid fa-piggy-bank" className="me-2" />
                  {preview.allocated === 0 ? 'Aucune facture réglée : ' : ''}
                  <strong>{money(preview.advance)}</strong>{' '}
                  {preview.allocated === 0 ? 'seront gardés' : 'au-delà des factures seront gardés'} en{' '}
                  <strong>acompte</strong> au client, utilisable sur un prochain règlement ou une prochaine facture.
                </div>
              ) : null}
            </SectionCard>

            <SectionCard
              title="Récapitulatif"
              icon="fa-solid fa-list-check"
              className="mt-3"
              testId="settlement-summary"
            >
              <div className="card-body">
                <StatRow className="mb-3">
                  <Stat
                    label={isPayment ? 'Reçu' : 'Pris sur l’acompte'}
                    value={<Money value={amount ?? 0} currency={currency} />}
                    testId="settlement-summary-amount"
                  />
                  <Stat
                    label="Affecté aux factures"
                    value={<Money value={preview?.allocated ?? 0} currency={currency} />}
                    tone="success"
                    testId="settlement-summary-allocated"
                  />
                  {isPayment ? (
                    <Stat
                      label="Gardé en acompte"
                      value={<Money value={preview?.advance ?? 0} currency={currency} />}
                      testId="settlement-summary-advance"
                    />
                  ) : null}
                  <Stat
                    label="Solde du client après"
                    value={<Money value={balanceAfter} currency={currency} />}
                    tone={balanceAfter > 0 ? 'danger' : undefined}
                    testId="settlement-summary-balance"
                  />
                </StatRow>
                <TextAreaField {...form.fieldProps('note')} label="Observation" rows={2} maxLength={500} />
                <div className="d-flex flex-wrap justify-content-end gap-2">
                  <Link href={route('settlements.index')} className="btn btn-outline-secondary">
                    Annuler
                  </Link>
                  <SubmitButton
                    busy={form.busy}
                    busyLabel="Validation…"
                    icon="fa-solid fa-check"
                    disabled={!preview || Boolean(previewError) || issues.some((x) => x.index !== null)}
                    testId="settlement-submit"
                  >
                    Valider le règlement
                  </SubmitButton>
                </div>
              </div>
            </SectionCard>
          </>
        ) : null}
      </DocumentForm>
    </AppPage>
  );
}

/** The first account a payment by this method (and operator) can land in. */
function firstAccount(
  accounts: PageProps<'settlements/Create'>['accounts'],
  method: PaymentMethod,
  operator: string,
): string | null {
  const kind = PAYMENT_METHOD_ACCOUNT_KIND[method];
  if (kind === 'mobile_money' && !operator) return null;
  const a = accounts.find((x) => x.kind === kind && (kind !== 'mobile_money' || !operator || x.operator === operator));
  return a ? String(a.id) : null;
}
