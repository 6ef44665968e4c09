import { CLIENT_KIND_LABELS, CLIENT_KINDS, PRICE_LEVEL_LABELS, PRICE_LEVELS } from '@shared/clients';
import type { MasterDataPages } from '@shared/pages/master-data';
import { route } from '@shared/routes';
import { minorToInput } from '@shared/money';
import { AppPage } from '@/components/AppPage';
import { CheckboxField, SelectField, TextAreaField, TextField } from '@/components/Field';
import { MoneyField } from '@/components/data/MoneyField';
import { RecordForm } from '@/components/data/RecordForm';
import { useServerForm } from '@/hooks/useServerForm';
import { useCompany } from '@/hooks/useCompany';

export default function ClientForm({ client, suggested_code }: MasterDataPages['clients/Form']) {
  const { currency } = useCompany();
  const form = useServerForm({
    code: client?.code ?? suggested_code,
    name: client?.name ?? '',
    kind: client?.kind ?? 'particulier',
    phone: client?.phone ?? '',
    email: client?.email ?? '',
    address: client?.address ?? '',
    city: client?.city ?? '',
    tax_number: client?.tax_number ?? '',
    price_level: client?.price_level ?? 'detail',
    credit_limit: minorToInput(client?.credit_limit ?? 0, currency),
    active: client?.active ?? true,
  });
  const title = client ? `Modifier ${client.name}` : 'Nouveau client';
  const walkIn = client?.is_walk_in ?? false;
  return (
    <AppPage
      title={title}
      breadcrumbs={[
        { label: 'Fichiers' },
        { label: 'Clients', href: route('clients.index') },
        ...(client ? [{ label: client.name, href: route('clients.show', { id: client.id }) }] : []),
        { label: client ? 'Modifier' : 'Nouveau' },
      ]}
    >
      <RecordForm
        form={form}
        method={client ? 'put' : 'post'}
        url={client ? route('clients.show', { id: client.id }) : route('clients.index')}
        cancelHref={client ? route('clients.show', { id: client.id }) : route('clients.index')}
        testId="client-form"
      >
        <h2 className="app-form-section-title">Identité</h2>
        <div className="row">
          <div className="col-sm-4 col-lg-3">
            <TextField
              {...form.fieldProps('code')}
              label="Code"
              required
              maxLength={20}
              hint={client ? undefined : 'Proposé automatiquement ; modifiable.'}
            />
          </div>
          <div className="col-sm-8 col-lg-6">
            <TextField {...form.fieldProps('name')} label="Nom" required maxLength={160} autoFocus={!client} />
          </div>
          <div className="col-lg-3">
            <SelectField
              {...form.fieldProps('kind')}
              label="Type"
              options={CLIENT_KINDS.map((k) => ({ value: k, label: CLIENT_KIND_LABELS[k] }))}
            />
          </div>
        </div>
        <h2 className="app-form-section-title">Coordonnées</h2>
        <div className="row">
          <div className="col-md-4">
            <TextField
              {...form.fieldProps('phone')}
              label="Téléphone"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              maxLength={30}
              hint="Ex. +225 07 08 09 10 11"
            />
          </div>
          <div className="col-md-4">
            <TextField
              {...form.fieldProps('email')}
              label="Adresse e-mail"
              type="email"
              inputMode="email"
              autoComplete="off"
              maxLength={160}
            />
          </div>
          <div className="col-md-4">
            <TextField {...form.fieldProps('city')} label="Ville" maxLength={120} />
          </div>
          <div className="col-md-8">
            <TextAreaField {...form.fieldProps('address')} label="Adresse" rows={2} maxLength={255} />
          </div>
          <div className="col-md-4">
            <TextField {...form.fieldProps('tax_number')} label="N° contribuable" maxLength={80} />
          </div>
        </div>
        <h2 className="app-form-section-title">Conditions commerciales</h2>
        <div className="row">
          <div className="col-md-4">
            <SelectField
              {...form.fieldProps('price_level')}
              label="Niveau de prix"
              options={PRICE_LEVELS.map((k) => ({ value: k, label: PRICE_LEVEL_LABELS[k] }))}
              hint="Prix appliqués à ses ventes."
            />
          </div>
          <div className="col-md-4">
            <MoneyField
              {...form.fieldProps('credit_limit')}
              label="Plafond de crédit"
              disabled={walkIn}
              hint={walkIn ? 'Le CLIENT COMPTANT ne peut pas acheter à crédit.' : '0 = aucune vente à crédit.'}
            />
          </div>
        </div>
        {!walkIn ? (
          <CheckboxField
            id="client-active"
            name="active"
            label="Client actif (proposé dans les ventes et les règlements)"
            checked={form.data.active}
            onChange={(v) => form.setData('active', v)}
            error={form.errorOf('active')}
          />
        ) : null}
      </RecordForm>
    </AppPage>
  );
}
