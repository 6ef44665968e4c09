import { Link } from '@inertiajs/react';
import type { MasterDataPages } from '@shared/records';
import { route } from '@shared/routes';
import { CheckboxField, TextAreaField, TextField } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { AuditHistory } from '@/components/data/AuditHistory';
import { RecordForm } from '@/components/data/RecordForm';
import { RecordLifecycle } from '@/components/data/RecordLifecycle';
import { RecordPage } from '@/components/data/RecordPage';
import { StatusBadge } from '@/components/data/StatusBadge';
import { useServerForm } from '@/hooks/useServerForm';

/** One page for a category: its form (read-only without the update permission), usage and history. */
export default function CategoryForm({ category, suggested_code, usage, can, history }: MasterDataPages['categories/Form']) {
  const form = useServerForm({
    code: category?.code ?? suggested_code,
    name: category?.name ?? '',
    description: category?.description ?? '',
    active: category?.active ?? true,
  });
  return (
    <RecordPage
      title={category ? category.name : 'Nouvelle catégorie'}
      subtitle={
        category ? (
          <>
            {category.code} · {category.product_count.toLocaleString('fr-FR')} produit{category.product_count > 1 ? 's' : ''} <StatusBadge active={category.active} feminine />
          </>
        ) : undefined
      }
      breadcrumbs={[{ label: 'Fichiers' }, { label: 'Catégories', href: route('categories.index') }, { label: category ? category.code : 'Nouvelle' }]}
      actions={
        category && category.product_count > 0 ? (
          <Link href={route('products.index', { category_id: category.id, status: 'all' })} className="btn btn-outline-secondary">
            <Icon name="fa-solid fa-boxes-stacked" className="me-2" />
            Voir ses produits
          </Link>
        ) : null
      }
      mainClassName={category ? 'col-xl-8' : 'col-xl-8 col-xxl-6'}
      aside={category && usage ? <RecordLifecycle resource="categories" id={category.id} active={category.active} usage={usage} noun="cette catégorie" canDelete={can.delete} /> : null}
    >
      <RecordForm
        form={form}
        method={category ? 'put' : 'post'}
        url={category ? route('categories.show', { id: category.id }) : route('categories.index')}
        cancelHref={route('categories.index')}
        cancelLabel={category ? 'Retour à la liste' : 'Annuler'}
        editable={category ? can.update : can.create}
        legend="Fiche catégorie"
        className="mb-4"
        testId="category-form"
      >
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
      </RecordForm>
      {category ? <AuditHistory items={history} /> : null}
    </RecordPage>
  );
}
