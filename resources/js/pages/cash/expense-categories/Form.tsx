import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { CodeNameRecordPage } from '@/components/data/CodeNameRecordPage';

/** One expense category: its form (read-only without cash.expense_categories), usage and history. */
export default function ExpenseCategoryForm({
  category,
  usage,
  can,
  history,
}: PageProps<'cash/expense-categories/Form'>) {
  return (
    <CodeNameRecordPage
      resource="expenseCategories"
      record={category}
      usage={usage}
      can={can}
      history={history}
      usedBy={
        category
          ? `${category.expense_count.toLocaleString('fr-FR')} décaissement${category.expense_count > 1 ? 's' : ''}`
          : ''
      }
      trail={[{ label: 'Opérations' }, { label: 'Caisse', href: route('cash.index') }]}
      listLabel="Catégories de dépenses"
      newTitle="Nouvelle catégorie de dépenses"
      legend="Catégorie de dépenses"
      activeLabel="Catégorie active"
      testId="expense-category-form"
    />
  );
}
