import type { Knex } from 'knex';
import type { Option } from '../../../shared/lists.js';
import { orderByFrench } from '../../db/french-order.js';

/** Names the report filters show: the picked products, the categories. */
export async function productLabels(db: Knex, ids: readonly number[]): Promise<Array<{ id: number; label: string }>> {
  if (ids.length === 0) return [];
  const rows = (await db('products')
    .whereIn('id', [...ids])
    .select('id', 'code', 'name')) as Array<{ id: number; code: string; name: string }>;
  return ids
    .map((id) => rows.find((r) => Number(r.id) === id))
    .filter((r): r is { id: number; code: string; name: string } => !!r)
    .map((r) => ({ id: Number(r.id), label: `${r.code} — ${r.name}` }));
}

export async function categoryOptions(db: Knex): Promise<Option[]> {
  const rows = (await orderByFrench(db('categories'), db, { folded: 'search_name' }).select('id', 'name')) as Array<{
    id: number;
    name: string;
  }>;
  return rows.map((r) => ({ value: String(r.id), label: r.name }));
}
