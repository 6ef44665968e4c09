/**
 * Suppliers as their pages and the server presenters see them: list rows, detail and filters.
 */
import type { StatusFilter } from './lists.js';

export interface SupplierRow {
  id: number;
  code: string;
  name: string;
  phone: string;
  email: string;
  address: string;
  tax_number: string;
  balance: number;
  active: boolean;
}

export interface SupplierDetail extends SupplierRow {
  created_at: string;
  updated_at: string;
}

export interface SupplierFilters {
  status: StatusFilter;
  balance: 'owed' | '';
}
