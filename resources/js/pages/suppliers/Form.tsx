import type { MasterDataPages } from '@shared/pages/master-data';
import { route } from '@shared/routes';
import { AppPage } from '@/components/AppPage';
import { CheckboxField, TextAreaField, TextField } from '@/components/Field';
import { RecordForm } from '@/components/data/RecordForm';
import { useServerForm } from '@/hooks/useServerForm';

export default function SupplierForm({ supplier, suggested_code }: MasterDataPages['suppliers/Form']) {
  const form = useServerForm({
    code: supplier?.code ?? suggested_code,
    name: supplier?.name ?? '',
    phone: supplier?.phone ?? '',
    email: supplier?.email ?? '',
    address: supplier?.address ?? '',
    tax_number: supplier?.tax_number ?? '',
    active: supplier?.active ?? true,
  });
  const title = supplier ? `Modifier ${supplier.name}` : 'Nouveau fournisseur';
  return (
    <AppPage
      title={title}
      breadcrumbs={[
        { label: 'Fichiers' },
        { label: 'Fournisseurs', href: route('suppliers.index') },
        ...(supplier ? [{ label: supplier.name, href: route('suppliers.show', { id: supplier.id }) }] : []),
        { label: supplier ? 'Modifier' : 'Nouveau' },
      ]}
    >
      <RecordForm
        form={form}
        method={supplier ? 'put' : 'post'}
        url={supplier ? route('suppliers.show', { id: supplier.id }) : route('suppliers.index')}
        cancelHref={supplier ? route('suppliers.show', { id: supplier.id }) : route('suppliers.index')}
        testId="supplier-form"
      >
        <div className="row">
          <div className="col-sm-4 col-lg-3">
            <TextField
              {...form.fieldProps('code')}
              label="Code"
              required
              maxLength={20}
              hint={supplier ? undefined : 'Proposé automatiquement ; modifiable.'}
            />
          </div>
          <div className="col-sm-8 col-lg-9">
            <TextField {...form.fieldProps('name')} label="Nom" required maxLength={160} autoFocus={!supplier} />
          </div>
          <div className="col-md-4">
            <TextField
              {...form.fieldProps('phone')}
              label="Téléphone"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              maxLength={30}
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
            <TextField {...form.fieldProps('tax_number')} label="N° contribuable" maxLength={80} />
          </div>
          <div className="col-12">
            <TextAreaField {...form.fieldProps('address')} label="Adresse" rows={2} maxLength={255} />
          </div>
        </div>
        <CheckboxField
          id="supplier-active"
          name="active"
          label="Fournisseur actif (proposé dans les entrées de stock)"
          checked={form.data.active}
          onChange={(v) => form.setData('active', v)}
          error={form.errorOf('active')}
        />
      </RecordForm>
    </AppPage>
  );
}
