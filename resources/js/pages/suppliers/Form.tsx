import { Link } from '@inertiajs/react';
import type { MasterDataPages } from '@shared/records';
import { AppPage } from '@/components/AppPage';
import { CheckboxField, TextField } from '@/components/Field';
import { SubmitButton } from '@/components/SubmitButton';
import { FormActions, TextAreaField } from '@/components/data/FormFields';
import { useServerForm } from '@/hooks/useServerForm';

const BASE = '/fichiers/fournisseurs';

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
    <AppPage title={title} breadcrumbs={[{ label: 'Fichiers' }, { label: 'Fournisseurs', href: BASE }, ...(supplier ? [{ label: supplier.name, href: `${BASE}/${supplier.id}` }] : []), { label: supplier ? 'Modifier' : 'Nouveau' }]}>
      <form
        ref={form.formRef}
        noValidate
        className="card app-form-card"
        onSubmit={(e) => {
          e.preventDefault();
          if (supplier) form.submit('put', `${BASE}/${supplier.id}`);
          else form.submit('post', BASE);
        }}
        data-testid="supplier-form"
      >
        <div className="card-body">
          <div className="row">
            <div className="col-sm-4 col-lg-3">
              <TextField {...form.fieldProps('code')} label="Code" required maxLength={20} hint={supplier ? undefined : 'Proposé automatiquement ; modifiable.'} />
            </div>
            <div className="col-sm-8 col-lg-9">
              <TextField {...form.fieldProps('name')} label="Nom" required maxLength={160} autoFocus={!supplier} />
            </div>
            <div className="col-md-4">
              <TextField {...form.fieldProps('phone')} label="Téléphone" type="tel" inputMode="tel" autoComplete="off" maxLength={30} />
            </div>
            <div className="col-md-4">
              <TextField {...form.fieldProps('email')} label="Adresse e-mail" type="email" inputMode="email" autoComplete="off" maxLength={160} />
            </div>
            <div className="col-md-4">
              <TextField {...form.fieldProps('tax_number')} label="N° contribuable" maxLength={80} />
            </div>
            <div className="col-12">
              <TextAreaField {...form.fieldProps('address')} label="Adresse" rows={2} maxLength={255} />
            </div>
          </div>
          <CheckboxField id="supplier-active" name="active" label="Fournisseur actif (proposé dans les entrées de stock)" checked={form.data.active} onChange={(v) => form.setData('active', v)} error={form.errorOf('active')} />
        </div>
        <FormActions>
          <Link href={supplier ? `${BASE}/${supplier.id}` : BASE} className="btn btn-outline-secondary">
            Annuler
          </Link>
          <SubmitButton busy={form.busy} icon="fa-solid fa-floppy-disk" busyLabel="Enregistrement…" testId="save">
            Enregistrer
          </SubmitButton>
        </FormActions>
      </form>
    </AppPage>
  );
}
