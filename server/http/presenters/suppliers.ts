import type { SupplierDetail, SupplierRow } from '../../../shared/records.js';
import { toBool } from '../../db/dialect.js';

/** Suppliers: rows → props. */
export function presentSupplierRow(row: any): SupplierRow {
  return {
    id: Number(row.id),
    code: row.code,
    name: row.name,
    phone: row.phone,
    email: row.email,
    address: row.address,
    tax_number: row.tax_number,
    balance: Number(row.balance),
    active: toBool(row.active),
  };
}

export function presentSupplier(row: any): SupplierDetail {
  return { ...presentSupplierRow(row), created_at: row.created_at, updated_at: row.updated_at };
}
