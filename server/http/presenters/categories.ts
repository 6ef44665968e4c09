import type { CategoryRow } from '../../../shared/records.js';
import { toBool } from '../../db/dialect.js';

export function presentCategoryRow(row: any): CategoryRow {
  return {
    id: Number(row.id),
    code: row.code,
    name: row.name,
    description: row.description,
    active: toBool(row.active),
    product_count: Number(row.product_count ?? 0),
  };
}
