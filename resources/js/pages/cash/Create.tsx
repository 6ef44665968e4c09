import { Link } from '@inertiajs/react';
import { useMemo, useRef } from 'react';
import { BANK_PAYMENT_METHODS, CASH_OPERATION_KINDS_DEF, type CashOperationKind } from '@shared/cash-operations';
import type { CashAccountOption } from '@shared/pages/cash';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { PAYMENT_METHOD_LABELS, TREASURY_KIND_LABELS, type TreasuryKind } from '@shared/treasury';
import { AppPage } from '@/components/AppPage';
import { SelectField, StatusAlert, TextAreaField, TextField } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { SubmitButton } from '@/components/SubmitButton';
import { FormErrors } from '@/components/data/FormErrors';
import { formLevelErrors } from '@/components/data/form-errors';
import { MoneyField } from '@/components/data/MoneyField';
import { useServerForm } from '@/hooks/useServerForm';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useMoney } from '@/hooks/useCompany';

const FIELDS = [
  'kind',
  'amount',
  'from_account_id',
  'to_account_id',
  'expense_category_id',
  'supplier_id',
  'bank_method',
  'beneficiary',
  'reference',
  'note',
  'idempotency_key',
];

/**
 * A caisse operation (CAI-): one form, its fields following the kind chosen in the tabs (those the
 * user may record). The server checks everything again — the accounts and their balances, the
 * category, the supplier's balance — and answers on the fields; the idempotency key makes a double
 * click record one operation.
 */
export default function CashCreate({
  kind,
  kinds,
  accounts,
  desks,
  categories,
  suppliers,
  defaults,
}: PageProps<'cash/Create'>) {
  const money = useMoney();
  const def = CASH_OPERATION_KINDS_DEF[kind];
  const fromOptions = def.from ? accounts.filter((a) => def.from!.includes(a.kind)) : [];
  const toSource = kind === 'transfer' ? desks : accounts;
  const toOptions = def.to ? toSource.filter((a) => def.to!.includes(a.kind)) : [];
  const firstOf = (list: CashAccountOption[], preferred: number | null) =>
    String((list.find((a) => a.id === preferred) ?? list[0])?.id ?? '');
  const initialFrom = firstOf(fromOptions, defaults.from_account_id);
  const key = useRef(newIdempotencyKey());
  const form = useServerForm({
    idempotency_key: key.current,
    kind,
    amount: '',
    from_account_id: initialFrom,
    to_account_id:
      kind === 'transfer'
        ? String(toOptions.find((a) => String(a.id) !== initialFrom)?.id ?? '')
        : firstOf(toOptions, kind === 'cash_in' || kind === 'bank_withdrawal' ? defaults.from_account_id : null),
    expense_category_id: '',
    supplier_id: defaults.supplier_id ? String(defaults.supplier_id) : '',
    bank_method: '',
    beneficiary: '',
    reference: '',
    note: '',
  });
  const from = accounts.find((a) => String(a.id) === form.data.from_account_id) ?? null;
  const supplier = suppliers.find((s) => String(s.id) === form.data.supplier_id) ?? null;
  // The account's name and balance (its kind only when the list mixes kinds): short enough for a phone.
  const option = (list: CashAccountOption[]) => {
    const severalKinds = new Set(list.map((a) => a.kind)).size > 1;
    return (a: CashAccountOption) => ({
      value: String(a.id),
      label: `${a.name}${severalKinds ? ` (${TREASURY_KIND_LABELS[a.kind]})` : ''} — ${money(a.balance)}`,
    });
  };
  const others = formLevelErrors(form.errors, FIELDS);
  const submit = () => form.submit('post', route('cashOperations.index'));
  const title = `Nouvelle opération : ${def.label.toLowerCase()}`;
  const missing = (def.from && fromOptions.length === 0) || (def.to && toOptions.length === 0);
  const hint = useMemo(() => explanation(kind), [kind]);
  return (
    <AppPage
      title={title}
      heading={def.label}
      subtitle={hint}
      breadcrumbs={[{ label: 'Opérations' }, { label: 'Caisse', href: route('cash.index') }, { label: def.label }]}
    >
      <nav className="nav nav-pills flex-wrap gap-1 mb-3" aria-label="Type d’opération" data-testid="cash-kind-tabs">
        {kinds.map((k) => (
          <Link
            key={k}
            href={route('cashOperations.create', {
              kind: k,
              account_id: defaults.from_account_id ? String(defaults.from_account_id) : '',
            })}
            className={`nav-link ${k === kind ? 'active' : ''}`}
            aria-current={k === kind ? 'page' : undefined}
          >
            <Icon name={CASH_OPERATION_KINDS_DEF[k].icon} className="me-1" />
            {CASH_OPERATION_KINDS_DEF[k].label}
          </Link>
        ))}
      </nav>
      {missing ? (
        <StatusAlert tone="warning" icon="fa-solid fa-triangle-exclamation" testId="cash-missing-account">
          Aucun compte ne vous permet cette opération : il faut {needs(def.from, def.to)} parmi vos comptes. Demandez à
          un administrateur de vous en attribuer un.
        </StatusAlert>
      ) : null}
      <div className="row">
        <div className="col-xl-8 col-xxl-7">
          <form
            ref={form.formRef}
            className="card"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
            noValidate
            data-testid="cash-operation-form"
          >
            <div className="card-body">
              <FormErrors messages={others} />
              <div className="row">
                {def.from ? (
                  <div className={def.to ? 'col-md-6' : 'col-12'}>
                    <SelectField
                      {...form.fieldProps('from_account_id')}
                      label={kind === 'transfer' ? 'Caisse de départ' : 'Compte d’où sort l’argent'}
                      options={fromOptions.map(option(fromOptions))}
                      required
                      placeholder="Choisissez un compte"
                    />
                  </div>
                ) : null}
                {def.to ? (
                  <div className={def.from ? 'col-md-6' : 'col-12'}>
                    <SelectField
                      {...form.fieldProps('to_account_id')}
                      label={
                        kind === 'transfer'
                          ? 'Caisse de destination'
                          : kind === 'cash_in'
                            ? 'Caisse'
                            : 'Compte où entre l’argent'
                      }
                      options={(kind === 'transfer'
                        ? toOptions.filter((a) => String(a.id) !== form.data.from_account_id)
                        : toOptions
                      ).map((a) =>
                        kind === 'transfer' ? { value: String(a.id), label: a.name } : option(toOptions)(a),
                      )}
                      required
                      placeholder="Choisissez un compte"
                      hint={
                        kind === 'transfer'
                          ? 'L’argent quitte la caisse de départ à l’envoi et entre dans celle de destination quand elle confirme la réception.'
                          : undefined
                      }
                    />
                  </div>
                ) : null}
              </div>
              {kind === 'expense' ? (
                <SelectField
                  {...form.fieldProps('expense_category_id')}
                  label="Catégorie de dépense"
                  options={categories}
                  required
                  placeholder="Choisissez une catégorie"
                />
              ) : null}
              {kind === 'supplier_payment' ? (
                <SelectField
                  {...form.fieldProps('supplier_id')}
                  label="Fournisseur"
                  options={suppliers.map((s) => ({
                    value: String(s.id),
                    label: `${s.name} (${s.code}) — solde dû ${money(s.balance)}`,
                  }))}
                  required
                  placeholder={suppliers.length ? 'Choisissez un fournisseur' : 'Aucun fournisseur à payer'}
                  hint={
                    supplier
                      ? `Le paiement est imputé sur ses entrées de stock non soldées, de la plus ancienne à la plus récente.`
                      : undefined
                  }
                />
              ) : null}
              {kind === 'supplier_payment' && from?.kind === 'banque' ? (
                <SelectField
                  {...form.fieldProps('bank_method')}
                  label="Mode de paiement"
                  options={BANK_PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
                  required
                  placeholder="Virement ou chèque"
                />
              ) : null}
              <div className="row">
                <div className="col-md-6">
                  <MoneyField
                    {...form.fieldProps('amount')}
                    label="Montant"
                    required
                    hint={
                      from && (from.kind === 'caisse' || from.kind === 'mobile_money')
                        ? `Disponible : ${money(from.balance)}`
                        : undefined
                    }
                  />
                </div>
                {def.reference ? (
                  <div className="col-md-6">
                    <TextField
                      {...form.fieldProps('reference')}
                      label={def.reference}
                      required={def.referenceRequired}
                      maxLength={80}
                    />
                  </div>
                ) : null}
              </div>
              {def.beneficiary ? (
                <TextField
                  {...form.fieldProps('beneficiary')}
                  label={def.beneficiary}
                  required={kind === 'expense'}
                  maxLength={120}
                />
              ) : null}
              <TextAreaField {...form.fieldProps('note')} label="Observation" rows={2} maxLength={500} />
            </div>
            <div className="card-footer d-flex justify-content-end gap-2 flex-wrap">
              <Link href={route('cash.index')} className="btn btn-outline-secondary">
                Annuler
              </Link>
              <SubmitButton
                busy={form.busy}
                icon="fa-solid fa-check"
                busyLabel="Enregistrement…"
                testId="cash-operation-submit"
              >
                {kind === 'transfer' ? 'Envoyer le transfert' : 'Enregistrer l’opération'}
              </SubmitButton>
            </div>
          </form>
        </div>
      </div>
    </AppPage>
  );
}

function needs(from: readonly TreasuryKind[] | null, to: readonly TreasuryKind[] | null): string {
  const words = (kinds: readonly TreasuryKind[]) =>
    kinds
      .map((k) => (k === 'caisse' ? 'une caisse' : k === 'banque' ? 'un compte bancaire' : 'un compte mobile money'))
      .join(' ou ');
  return [from ? words(from) : null, to && to !== from ? words(to) : null].filter(Boolean).join(' et ');
}

function explanation(kind: CashOperationKind): string {
  switch (kind) {
    case 'expense':
      return 'Une dépense payée en espèces depuis une caisse : jamais plus que ce qu’elle contient.';
    case 'cash_in':
      return 'De l’argent apporté dans une caisse (fonds de caisse, apport de l’exploitant).';
    case 'transfer':
      return 'De l’argent envoyé d’une caisse à une autre : en transit jusqu’à la confirmation de la caisse qui le reçoit.';
    case 'bank_deposit':
      return 'Des espèces de la caisse versées sur un compte bancaire, avec le numéro du bordereau.';
    case 'bank_withdrawal':
      return 'Des espèces retirées d’un compte bancaire et mises en caisse.';
    case 'supplier_payment':
      return 'Un paiement à un fournisseur depuis une caisse, une banque ou un compte mobile money : son solde diminue d’autant.';
    case 'mobile_money':
      return 'De l’argent passé d’un compte mobile money à une caisse, ou d’une caisse à un compte mobile money.';
  }
}
