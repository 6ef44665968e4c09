import { Link } from '@inertiajs/react';
import type { MasterDataPages } from '@shared/records';
import { AppPage } from '@/components/AppPage';
import { CheckboxField, StatusAlert, TextField } from '@/components/Field';
import { SubmitButton } from '@/components/SubmitButton';
import { FormActions, SelectField } from '@/components/data/FormFields';
import { Money } from '@/components/data/Money';
import { RecordLifecycle } from '@/components/data/RecordLifecycle';
import { Badge, StatusBadge } from '@/components/data/StatusBadge';
import { useServerForm } from '@/hooks/useServerForm';

const BASE = '/parametres/societe/caisses';

export default function CashDeskForm({ cash_desk, suggested_code, locations, usage, can_manage, currency }: MasterDataPages['settings/cash-desks/Form']) {
  const form = useServerForm({
    code: cash_desk?.code ?? suggested_code,
    name: cash_desk?.name ?? '',
    location_id: cash_desk ? String(cash_desk.location_id) : '',
    active: cash_desk?.active ?? true,
  });
  return (
    <AppPage
      title={cash_desk ? cash_desk.name : 'Nouvelle caisse'}
      subtitle={
        cash_desk ? (
          <>
            {cash_desk.code} · {cash_desk.location_name} {cash_desk.is_main ? <Badge tone="primary">Principale</Badge> : null} <StatusBadge active={cash_desk.active} feminine />
          </>
        ) : undefined
      }
      breadcrumbs={[{ label: 'Paramètres' }, { label: 'Société' }, { label: 'Caisses', href: BASE }, { label: cash_desk ? cash_desk.code : 'Nouvelle' }]}
    >
      <div className="row g-4">
        <div className="col-xl-8">
          <form
            ref={form.formRef}
            noValidate
            className="card app-form-card"
            onSubmit={(e) => {
              e.preventDefault();
              if (cash_desk) form.submit('put', `${BASE}/${cash_desk.id}`);
              else form.submit('post', BASE);
            }}
            data-testid="cash-desk-form"
          >
            <fieldset disabled={!can_manage} className="card-body">
              <legend className="visually-hidden">Fiche caisse</legend>
              {locations.length === 0 ? (
                <StatusAlert tone="warning">
                  Aucun emplacement actif : <Link href="/parametres/societe/emplacements/create">créez d'abord un emplacement</Link>.
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
                  <SelectField {...form.fieldProps('location_id')} label="Emplacement" required options={locations} placeholder="— Choisir un emplacement —" />
                </div>
                {cash_desk ? (
                  <div className="col-sm-6">
                    <div className="mb-3">
                      <span className="form-label d-block">Solde actuel</span>
                      <span className="fs-5 fw-semibold">
                        <Money value={cash_desk.balance} currency={currency} tone="balance" />
                      </span>
                      <div className="form-text">Calculé par les mouvements de caisse ; il ne se saisit pas ici.</div>
                    </div>
                  </div>
                ) : null}
              </div>
              <CheckboxField id="cash-desk-active" name="active" label="Caisse active" checked={form.data.active} onChange={(v) => form.setData('active', v)} error={form.errorOf('active')} />
            </fieldset>
            {can_manage ? (
              <FormActions>
                <Link href={BASE} className="btn btn-outline-secondary">
                  {cash_desk ? 'Retour à la liste' : 'Annuler'}
                </Link>
                <SubmitButton busy={form.busy} icon="fa-solid fa-floppy-disk" busyLabel="Enregistrement…" testId="save">
                  Enregistrer
                </SubmitButton>
              </FormActions>
            ) : null}
          </form>
        </div>
        {cash_desk && usage ? (
          <div className="col-xl-4">
            <RecordLifecycle url={`${BASE}/${cash_desk.id}`} active={cash_desk.active} usage={usage} noun="cette caisse" canDelete={can_manage} />
          </div>
        ) : null}
      </div>
    </AppPage>
  );
}
