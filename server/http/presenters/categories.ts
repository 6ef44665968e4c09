import type { CategoryRow } from '../../../shared/categories.js';
import { toBool } from '../../db/dialect.js';
import type { CategoriesRow } from '../../db/tables.generated.js';

export function presentCategoryRow(
  row: Pick<CategoriesRow, 'id' | 'code' | 'name' | 'description' | 'active'> & { product_count?: number | null },
): CategoryRow {
  return {
    id: Number(row.id),
    code: row.code,
    name: row.name,
    description: row.description,
    active: toBool(row.active),
    product_count: Number(row.product_count ?? 0),
  };
}
