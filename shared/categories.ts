/**
 * Product categories as their pages and the server presenters see them.
 */
import type { StatusFilter } from './lists.js';

export interface CategoryRow {
  id: number;
  code: string;
  name: string;
  description: string;
  active: boolean;
  product_count: number;
}

export interface CategoryFilters {
  status: StatusFilter;
}
