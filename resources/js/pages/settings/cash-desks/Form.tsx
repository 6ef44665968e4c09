import { Link } from '@inertiajs/react';
import type { MasterDataPages } from '@shared/pages/master-data';
import { route } from '@shared/routes';
import { CheckboxField, SelectField, StatusAlert, TextField } from '@/components/Field';
import { Money } from '@/components/data/Money';
import { RecordForm } from '@/components/data/RecordForm';
import { RecordLifecycle } from '@/components/data/RecordLifecycle';
import { RecordPage } from '@/components/data/RecordPage';
import { Badge, StatusBadge } from '@/components/data/StatusBadge';
import { AccountLedger } from '@/components/treasury/AccountLedger';
import { useServerForm } from '@/hooks/useServerForm';

export default function CashDeskForm({
  cash_desk,
  suggested_code,
  locations,
  usage,
  can_manage,
  ledger,
  fiscal,
}: MasterDataPages['settings/cash-desks/Form']) {
  const form = useServerForm(
    {
      code: cash_desk?.code ?? suggested_code,
      name: cash_desk?.name ?? '',
      location_id: cash_desk ? String(cash_desk.location_id) : '',
      fiscal_point_of_sale: cash_desk?.fiscal_point_of_sale ?? '',
      fiscal_machine_token: '',
      clear_machine_token: false,
      active: cash_desk?.active ?? true,
    },
    { resetOnSuccess: ['fiscal_machine_token', 'clear_machine_token'] },
  );
  const token = fiscal.machine_token;
  return (
    <RecordPage
      title={cash_desk ? cash_desk.name : 'Nouvelle caisse'}
      subtitle={
        cash_desk ? (
          <>
            {cash_desk.code} · {cash_desk.location_name}{' '}
            {cash_desk.is_main ? <Badge tone="primary">Principale</Badge> : null}{' '}
            <StatusBadge active={cash_desk.active} feminine />
          </>
        ) : undefined
      }
      breadcrumbs={[
        { label: 'Paramètres' },
        { label: 'Société' },
        { label: 'Caisses', href: route('cashDesks.index') },
        { label: cash_desk ? cash_desk.code : 'Nouvelle' },
      ]}
      aside={
        cash_desk && usage ? (
          <RecordLifecycle
            resource="cashDesks"
            id={cash_desk.id}
            active={cash_desk.active}
            usage={usage}
            noun="cette caisse"
            canDelete={can_manage}
          />
        ) : null
      }
      below={
        cash_desk && ledger ? (
          <AccountLedger
            ledger={ledger}
            url={route('cashDesks.show', { id: cash_desk.id })}
            balance={cash_desk.balance}
          />
        ) : null
      }
    >
      <RecordForm
        form={form}
        method={cash_desk ? 'put' : 'post'}
        url={cash_desk ? route('cashDesks.show', { id: cash_desk.id }) : route('cashDesks.index')}
        cancelHref={route('cashDesks.index')}
        cancelLabel={cash_desk ? 'Retour à la liste' : 'Annuler'}
        editable={can_manage}
        legend="Fiche caisse"
        testId="cash-desk-form"
      >
        {locations.length === 0 ? (
          <StatusAlert tone="warning">
            Aucun emplacement actif : <Link href={route('locations.create')}>créez d’abord un emplacement</Link>.
          </StatusAlert>
        ) : null}
        <div className="row">
          <div className="col-sm-4">
            <TextField {...form.fieldProps('code')} label="Code" required maxLength={20} />
          </div>
          <div className="col-sm-8">
            <TextField {...form.fieldProps('name')} label="Nom" required maxLength={120} autoFocus={!cash_desk} />
          </div>
          <div className="col-sm-6">
            <SelectField
              {...form.fieldProps('location_id')}
              label="Emplacement"
              required
              options={locations}
              placeholder="— Choisir un emplacement —"
            />
          </div>
          <div className="col-sm-6">
            <TextField
              {...form.fieldProps('fiscal_point_of_sale')}
              label="Point de vente DGI"
              maxLength={80}
              hint={
                fiscal.inherited_point_of_sale
                  ? `Vide : celui de son emplacement ou par défaut (${fiscal.inherited_point_of_sale}).`
                  : 'Le point de vente déclaré à la DGI pour cette caisse (facturation électronique).'
              }
            />
          </div>
          {fiscal.provider === 'emecef' || token.state !== 'none' ? (
            <div className="col-sm-6">
              <TextField
                {...form.fieldProps('fiscal_machine_token')}
                type="password"
                label="Jeton e-MECeF de la machine"
                autoComplete="new-password"
                spellCheck={false}
                placeholder={token.state === 'set' ? token.masked : ''}
                hint={
                  token.state === 'set'
                    ? `Un jeton est enregistré (${token.masked}). Laisser vide pour garder le jeton actuel.`
                    : 'Vide : le jeton de la société (Facturation électronique).'
                }
              />
              {token.state === 'unreadable' ? <StatusAlert tone="warning">{token.message}</StatusAlert> : null}
              {token.state !== 'none' ? (
                <CheckboxField
                  id="cash-desk-clear-token"
                  name="clear_machine_token"
                  label="Effacer le jeton enregistré"
                  checked={form.data.clear_machine_token}
                  onChange={(v) => form.setData('clear_machine_token', v)}
                  error={form.errorOf('clear_machine_token')}
                />
              ) : null}
            </div>
          ) : null}
          {cash_desk ? (
            <div className="col-sm-6">
              <div className="mb-3">
                <span className="form-label d-block">Solde actuel</span>
                <span className="fs-5 fw-semibold">
                  <Money value={cash_desk.balance} tone="balance" />
                </span>
                <div className="form-text">Calculé par les mouvements de caisse ; il ne se saisit pas ici.</div>
              </div>
            </div>
          ) : null}
        </div>
        <CheckboxField
          id="cash-desk-active"
          name="active"
          label="Caisse active"
          checked={form.data.active}
          onChange={(v) => form.setData('active', v)}
          error={form.errorOf('active')}
        />
      </RecordForm>
    </RecordPage>
  );
}
