import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { MANAGED_TREASURY_KINDS, type ManagedTreasuryKind } from '@shared/treasury-accounts';
import { MOBILE_MONEY_OPERATORS, MOBILE_MONEY_OPERATOR_LABELS, TREASURY_KIND_LABELS } from '@shared/treasury';
import { CheckboxField, SelectField, TextField } from '@/components/Field';
import { RecordForm } from '@/components/data/RecordForm';
import { RecordPage } from '@/components/data/RecordPage';
import { StatusBadge } from '@/components/data/StatusBadge';
import { useServerForm } from '@/hooks/useServerForm';

/** A bank account (bank, RIB/IBAN) or a mobile-money wallet (operator, phone number): creation and changes. */
export default function TreasuryAccountForm({
  account,
  suggested_codes,
  has_movements,
}: PageProps<'settings/treasury-accounts/Form'>) {
  const form = useServerForm({
    kind: (account?.kind ?? 'banque') as ManagedTreasuryKind,
    code: account?.code ?? suggested_codes.banque,
    name: account?.name ?? '',
    bank_name: account?.kind === 'banque' ? account.bank_name : '',
    account_number: account?.kind === 'banque' ? account.account_number : '',
    operator: account?.operator ?? '',
    phone: account?.kind === 'mobile_money' ? account.account_number : '',
    active: account?.active ?? true,
  });
  const bank = form.data.kind === 'banque';
  const back = account ? route('treasuryAccounts.show', { id: account.id }) : route('treasuryAccounts.index');
  return (
    <RecordPage
      title={account ? `Modifier ${account.name}` : 'Nouveau compte'}
      subtitle={
        account ? (
          <>
            {account.code} · {TREASURY_KIND_LABELS[account.kind]} <StatusBadge active={account.active} />
          </>
        ) : (
          'Un compte bancaire ou un compte mobile money de la société.'
        )
      }
      breadcrumbs={[
        { label: 'Paramètres' },
        { label: 'Société' },
        { label: 'Banques et mobile money', href: route('treasuryAccounts.index') },
        { label: account ? account.code : 'Nouveau' },
      ]}
    >
      <RecordForm
        form={form}
        method={account ? 'put' : 'post'}
        url={account ? route('treasuryAccounts.show', { id: account.id }) : route('treasuryAccounts.index')}
        cancelHref={back}
        legend="Fiche compte"
        testId="treasury-account-form"
      >
        <div className="row">
          <div className="col-sm-6">
            <SelectField
              {...form.fieldProps('kind')}
              onChange={(value: string) => {
                const kind = value as ManagedTreasuryKind;
                // A new account's code follows its kind while the user has not typed one.
                if (!account && form.data.code === suggested_codes[form.data.kind])
                  form.setData('code', suggested_codes[kind]);
                form.setData('kind', kind);
              }}
              label="Type"
              required
              disabled={has_movements}
              options={MANAGED_TREASURY_KINDS.map((k) => ({ value: k, label: TREASURY_KIND_LABELS[k] }))}
              hint={
                has_movements
                  ? 'Le compte a des mouvements : son type ne change plus.'
                  : 'Banque : chèques, virements, cartes. Mobile money : Orange Money, MTN MoMo, Moov Money, Wave.'
              }
            />
          </div>
          <div className="col-sm-6">
            <TextField {...form.fieldProps('code')} label="Code" required maxLength={20} />
          </div>
          <div className="col-12">
            <TextField
              {...form.fieldProps('name')}
              label="Nom"
              required
              maxLength={120}
              autoFocus={!account}
              hint={bank ? 'Par exemple « SGBCI Compte courant ».' : 'Par exemple « Orange Money Boutique ».'}
            />
          </div>
          {bank ? (
            <>
              <div className="col-sm-5">
                <TextField {...form.fieldProps('bank_name')} label="Banque" required maxLength={120} />
              </div>
              <div className="col-sm-7">
                <TextField
                  {...form.fieldProps('account_number')}
                  label="Numéro de compte (RIB ou IBAN)"
                  required
                  maxLength={60}
                  hint="Lettres, chiffres, espaces et tirets."
                />
              </div>
            </>
          ) : (
            <>
              <div className="col-sm-5">
                <SelectField
                  {...form.fieldProps('operator')}
                  label="Opérateur"
                  required
                  placeholder="— Choisir un opérateur —"
                  options={MOBILE_MONEY_OPERATORS.map((o) => ({ value: o, label: MOBILE_MONEY_OPERATOR_LABELS[o] }))}
                />
              </div>
              <div className="col-sm-7">
                <TextField
                  {...form.fieldProps('phone')}
                  label="Numéro de téléphone du compte"
                  required
                  type="tel"
                  maxLength={40}
                  hint="Par exemple +225 07 08 09 10 11."
                />
              </div>
            </>
          )}
        </div>
        <CheckboxField
          id="treasury-account-active"
          name="active"
          label="Compte actif"
          checked={form.data.active}
          onChange={(v) => form.setData('active', v)}
          error={form.errorOf('active')}
        />
      </RecordForm>
    </RecordPage>
  );
}
