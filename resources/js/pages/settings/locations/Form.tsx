import { LOCATION_KIND_LABELS, LOCATION_KINDS, type LocationKind } from '@shared/locations';
import type { MasterDataPages } from '@shared/pages/master-data';
import { route } from '@shared/routes';
import { CheckboxField, SelectField, TextAreaField, TextField } from '@/components/Field';
import { RecordForm } from '@/components/data/RecordForm';
import { RecordLifecycle } from '@/components/data/RecordLifecycle';
import { RecordPage } from '@/components/data/RecordPage';
import { StatusBadge } from '@/components/data/StatusBadge';
import { useServerForm } from '@/hooks/useServerForm';

/** A location: its form (read-only without company.manage), and whether it can be deleted or only archived. */
export default function LocationForm({
  location,
  suggested_codes,
  usage,
  can_manage,
}: MasterDataPages['settings/locations/Form']) {
  const form = useServerForm({
    code: location?.code ?? suggested_codes?.boutique ?? '',
    name: location?.name ?? '',
    kind: (location?.kind ?? 'boutique') as LocationKind,
    address: location?.address ?? '',
    fiscal_point_of_sale: location?.fiscal_point_of_sale ?? '',
    active: location?.active ?? true,
  });
  return (
    <RecordPage
      title={location ? location.name : 'Nouvel emplacement'}
      subtitle={
        location ? (
          <>
            {location.code} · {LOCATION_KIND_LABELS[location.kind]} · {location.cash_desk_count} caisse
            {location.cash_desk_count > 1 ? 's' : ''} <StatusBadge active={location.active} />
          </>
        ) : undefined
      }
      breadcrumbs={[
        { label: 'Paramètres' },
        { label: 'Société' },
        { label: 'Emplacements', href: route('locations.index') },
        { label: location ? location.code : 'Nouveau' },
      ]}
      aside={
        location && usage ? (
          <RecordLifecycle
            resource="locations"
            id={location.id}
            active={location.active}
            usage={usage}
            noun="cet emplacement"
            canDelete={can_manage}
          />
        ) : null
      }
    >
      <RecordForm
        form={form}
        method={location ? 'put' : 'post'}
        url={location ? route('locations.show', { id: location.id }) : route('locations.index')}
        cancelHref={route('locations.index')}
        cancelLabel={location ? 'Retour à la liste' : 'Annuler'}
        editable={can_manage}
        legend="Fiche emplacement"
        testId="location-form"
      >
        <div className="row">
          <div className="col-sm-4">
            <TextField {...form.fieldProps('code')} label="Code" required maxLength={20} />
          </div>
          <div className="col-sm-8">
            <TextField {...form.fieldProps('name')} label="Nom" required maxLength={120} autoFocus={!location} />
          </div>
          <div className="col-sm-6">
            <SelectField
              {...form.fieldProps('kind')}
              onChange={(value: string) => {
                const kind = value as LocationKind;
                // A new location's code follows its kind while the user has not typed one.
                if (!location && suggested_codes && form.data.code === suggested_codes[form.data.kind])
                  form.setData('code', suggested_codes[kind]);
                form.setData('kind', kind);
              }}
              label="Type"
              options={LOCATION_KINDS.map((k) => ({ value: k, label: LOCATION_KIND_LABELS[k] }))}
              hint="Un dépôt stocke ; une boutique vend au comptoir."
            />
          </div>
          <div className="col-12">
            <TextAreaField {...form.fieldProps('address')} label="Adresse" rows={2} maxLength={255} />
          </div>
          <div className="col-sm-6">
            <TextField
              {...form.fieldProps('fiscal_point_of_sale')}
              label="Point de vente DGI"
              maxLength={80}
              hint="Celui des caisses de l’emplacement qui n’ont pas le leur (facturation électronique)."
            />
          </div>
        </div>
        <CheckboxField
          id="location-active"
          name="active"
          label="Emplacement actif"
          checked={form.data.active}
          onChange={(v) => form.setData('active', v)}
          error={form.errorOf('active')}
        />
      </RecordForm>
    </RecordPage>
  );
}
