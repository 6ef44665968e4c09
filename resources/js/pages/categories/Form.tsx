import { Link } from '@inertiajs/react';
import type { MasterDataPages } from '@shared/records';
import { AppPage } from '@/components/AppPage';
import { CheckboxField, TextField } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { SubmitButton } from '@/components/SubmitButton';
import { AuditHistory } from '@/components/data/AuditHistory';
import { FormActions, TextAreaField } from '@/components/data/FormFields';
import { RecordLifecycle } from '@/components/data/RecordLifecycle';
import { StatusBadge } from '@/components/data/StatusBadge';
import { useServerForm } from '@/hooks/useServerForm';

const BASE = '/fichiers/categories';

/** One page for a category: its form (read-only without the update permission), usage and history. */
export default function CategoryForm({ category, suggested_code, usage, can, history }: MasterDataPages['categories/Form']) {
  const form = useServerForm({
    code: category?.code ?? suggested_code,
    name: category?.name ?? '',
    description: category?.description ?? '',
    active: category?.active ?? true,
  });
  const editable = category ? can.update : can.create;
  const title = category ? category.name : 'Nouvelle catégorie';
  return (
    <AppPage
      title={title}
      subtitle={
        category ? (
          <>
            {category.code} · {category.product_count.toLocaleString('fr-FR')} produit{category.product_count > 1 ? 's' : ''} <StatusBadge active={category.active} feminine />
          </>
        ) : undefined
      }
      breadcrumbs={[{ label: 'Fichiers' }, { label: 'Catégories', href: BASE }, { label: category ? category.code : 'Nouvelle' }]}
      actions={
        category && category.product_count > 0 ? (
          <Link href={`/fichiers/produits?category_id=${category.id}&status=all`} className="btn btn-outline-secondary">
            <Icon name="fa-solid fa-boxes-stacked" className="me-2" />
            Voir ses produits
          </Link>
        ) : null
      }
    >
      <div className="row g-4">
        <div className={category ? 'col-xl-8' : 'col-xl-8 col-xxl-6'}>
          <form
            ref={form.formRef}
            noValidate
            className="card app-form-card mb-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (category) form.submit('put', `${BASE}/${category.id}`);
              else form.submit('post', BASE);
            }}
            data-testid="category-form"
          >
            <fieldset disabled={!editable} className="card-body">
              <legend className="visually-hidden">Fiche catégorie</legend>
              <div className="row">
                <div className="col-sm-4">
                  <TextField {...form.fieldProps('code')} label="Code" required maxLength={20} />
                </div>
                <div className="col-sm-8">
                  <TextField {...form.fieldProps('name')} label="Nom" required maxLength={120} autoFocus={!category} />
                </div>
              </div>
              <TextAreaField {...form.fieldProps('description')} label="Description" rows={3} maxLength={500} />
              <CheckboxField id="category-active" name="active" label="Catégorie active" checked={form.data.active} onChange={(v) => form.setData('active', v)} error={form.errorOf('active')} />
            </fieldset>
            {editable ? (
              <FormActions>
                <Link href={BASE} className="btn btn-outline-secondary">
                  {category ? 'Retour à la liste' : 'Annuler'}
                </Link>
                <SubmitButton busy={form.busy} icon="fa-solid fa-floppy-disk" busyLabel="Enregistrement…" testId="save">
                  Enregistrer
                </SubmitButton>
              </FormActions>
            ) : null}
          </form>
          {category ? <AuditHistory items={history} /> : null}
        </div>
        {category && usage ? (
          <div className="col-xl-4">
            <RecordLifecycle url={`${BASE}/${category.id}`} active={category.active} usage={usage} noun="cette catégorie" canDelete={can.delete} />
          </div>
        ) : null}
      </div>
    </AppPage>
  );
}
