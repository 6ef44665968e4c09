import { Link } from '@inertiajs/react';
import type { MasterDataPages } from '@shared/pages/master-data';
import { route } from '@shared/routes';
import { Icon } from '@/components/Icon';
import { CodeNameRecordPage } from '@/components/data/CodeNameRecordPage';

/** One page for a category: its form (read-only without the update permission), usage and history. */
export default function CategoryForm({
  category,
  suggested_code,
  usage,
  can,
  history,
}: MasterDataPages['categories/Form']) {
  return (
    <CodeNameRecordPage
      resource="categories"
      record={category}
      suggestedCode={suggested_code}
      usage={usage}
      can={can}
      history={history}
      usedBy={
        category
          ? `${category.product_count.toLocaleString('fr-FR')} produit${category.product_count > 1 ? 's' : ''}`
          : ''
      }
      trail={[{ label: 'Fichiers' }]}
      listLabel="Catégories"
      newTitle="Nouvelle catégorie"
      legend="Fiche catégorie"
      activeLabel="Catégorie active"
      testId="category-form"
      actions={
        category && category.product_count > 0 ? (
          <Link
            href={route('products.index', { category_id: category.id, status: 'all' })}
            className="btn btn-outline-secondary"
          >
            <Icon name="fa-solid fa-boxes-stacked" className="me-2" />
            Voir ses produits
          </Link>
        ) : null
      }
    />
  );
}
