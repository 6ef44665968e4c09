import type { CashDeskRow, CategoryRow, LocationRow, PriceGridRow, PriceHistoryItem, ProductDetail, ProductRow, StockAtLocation, SupplierDetail, SupplierRow } from '../../../shared/master-data.js';
import { PRICE_SOURCE_LABELS, type PriceSource } from '../../../shared/master-data.js';
import { toBool } from '../../db/dialect.js';
import { PRICE_FIELD_LABELS, type PriceField } from '../../domain/pricing/price-rule.js';

/** Rows → props for suppliers, categories and products (never raw rows; costs only when allowed). */

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

export function presentCategoryRow(row: any): CategoryRow {
  return { id: Number(row.id), code: row.code, name: row.name, description: row.description, active: toBool(row.active), product_count: Number(row.product_count ?? 0) };
}

export function presentProductRow(row: any, showCosts: boolean, stockTotal = 0): ProductRow {
  return {
    id: Number(row.id),
    code: row.code,
    barcode: row.barcode ?? null,
    name: row.name,
    category_id: Number(row.category_id),
    category_name: row.category_name,
    unit: row.unit,
    pack_size: Number(row.pack_size),
    purchase_price: showCosts ? Number(row.purchase_price) : null,
    cmup: showCosts ? Number(row.cmup) : null,
    retail_price: Number(row.retail_price),
    wholesale_price: Number(row.wholesale_price),
    min_price: Number(row.min_price),
    alert_threshold: Number(row.alert_threshold),
    stock_total: stockTotal,
    active: toBool(row.active),
  };
}

export function presentProduct(row: any, showCosts: boolean, stockTotal = 0): ProductDetail {
  return { ...presentProductRow(row, showCosts, stockTotal), created_at: row.created_at, updated_at: row.updated_at };
}

export function presentPriceGridRow(row: any): PriceGridRow {
  return {
    id: Number(row.id),
    code: row.code,
    barcode: row.barcode ?? null,
    name: row.name,
    category_name: row.category_name,
    unit: row.unit,
    purchase_price: Number(row.purchase_price),
    cmup: Number(row.cmup),
    retail_price: Number(row.retail_price),
    wholesale_price: Number(row.wholesale_price),
    min_price: Number(row.min_price),
    updated_at: row.updated_at,
  };
}

export function presentStock(row: any): StockAtLocation {
  return { location_id: Number(row.id), location_code: row.code, location_name: row.name, kind: row.kind, active: toBool(row.active), quantity: Number(row.quantity) };
}

/** Price history; purchase price changes are hidden from users who may not see costs. */
export function presentPriceHistory(row: any): PriceHistoryItem {
  return {
    id: Number(row.id),
    field: row.field,
    field_label: PRICE_FIELD_LABELS[row.field as PriceField] ?? row.field,
    old_value: Number(row.old_value),
    new_value: Number(row.new_value),
    user_name: row.user_name ?? null,
    source: row.source,
    source_label: PRICE_SOURCE_LABELS[row.source as PriceSource] ?? row.source,
    changed_at: row.changed_at,
  };
}

export function presentLocationRow(row: any): LocationRow {
  return { id: Number(row.id), code: row.code, name: row.name, kind: row.kind, address: row.address, active: toBool(row.active), cash_desk_count: Number(row.cash_desk_count ?? 0) };
}

export function presentCashDeskRow(row: any): CashDeskRow {
  return {
    id: Number(row.id),
    code: row.code,
    name: row.name,
    location_id: Number(row.location_id),
    location_name: row.location_name,
    is_main: toBool(row.is_main),
    balance: Number(row.balance),
    active: toBool(row.active),
  };
}
