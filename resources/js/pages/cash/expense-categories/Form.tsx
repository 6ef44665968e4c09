import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { CheckboxField, TextAreaField, TextField } from '@/components/Field';
import { AuditHistory } from '@/components/data/AuditHistory';
import { RecordForm } from '@/components/data/RecordForm';
import { RecordLifecycle } from '@/components/data/RecordLifecycle';
import { RecordPage } from '@/components/data/RecordPage';
import { StatusBadge } from '@/components/data/StatusBadge';
import { useServerForm } from '@/hooks/useServerForm';

/** One expense category: its form (read-only without cash.expense_categories), usage and history. */
export default function ExpenseCategoryForm({ category, usage, can, history }: PageProps<'cash/expense-categories/Form'>) {
  const form = useServerForm({
    code: category?.code ?? '',
    name: category?.name ?? '',
    description: category?.description ?? '',
    active: category?.active ?? true,
  });
  return (
    <RecordPage
      title={category ? category.name : 'Nouvelle catégorie de dépenses'}
      subtitle={
        category ? (
          <>
            {category.code} · {category.expense_count.toLocaleString('fr-FR')} décaissement{category.expense_count > 1 ? 's' : ''} <StatusBadge active={category.active} feminine />
          </>
        ) : undefined
      }
      breadcrumbs={[{ label: 'Opérations' }, { label: 'Caisse', href: route('cash.index') }, { label: 'Catégories de dépenses', href: route('expenseCategories.index') }, { label: category ? category.code : 'Nouvelle' }]}
      mainClassName={category ? 'col-xl-8' : 'col-xl-8 col-xxl-6'}
      aside={category && usage ? <RecordLifecycle resource="expenseCategories" id={category.id} active={category.active} usage={usage} noun="cette catégorie" canDelete={can.delete} /> : null}
    >
      <RecordForm
        form={form}
        method={category ? 'put' : 'post'}
        url={category ? route('expenseCategories.show', { id: category.id }) : route('expenseCategories.index')}
        cancelHref={route('expenseCategories.index')}
        cancelLabel={category ? 'Retour à la liste' : 'Annuler'}
        editable={category ? can.update : can.create}
        legend="Catégorie de dépenses"
        className="mb-4"
        testId="expense-category-form"
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
        <CheckboxField id="expense-category-active" name="active" label="Catégorie active" checked={form.data.active} onChange={(v) => form.setData('active', v)} error={form.errorOf('active')} />
      </RecordForm>
      {category ? <AuditHistory items={history} /> : null}
    </RecordPage>
  );
}
