import type { SupplierDetail, SupplierRow } from '../../../shared/suppliers.js';
import { toBool } from '../../db/dialect.js';
import type { SuppliersRow } from '../../db/tables.generated.js';

/** Suppliers: rows → props. */
type SupplierListSource = Pick<
  SuppliersRow,
  'id' | 'code' | 'name' | 'phone' | 'email' | 'address' | 'tax_number' | 'balance' | 'active'
>;

export function presentSupplierRow(row: SupplierListSource): SupplierRow {
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

export function presentSupplier(
  row: SupplierListSource & Pick<SuppliersRow, 'created_at' | 'updated_at'>,
): SupplierDetail {
  return { ...presentSupplierRow(row), created_at: row.created_at, updated_at: row.updated_at };
}
