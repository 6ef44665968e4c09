import type { ClientDetail, ClientRow } from '../../../shared/clients.js';
import type { ClientPickerItem } from '../../../shared/pickers.js';
import { toBool } from '../../db/dialect.js';
import type { ClientsRow } from '../../db/tables.generated.js';

/** The columns a client's list row reads. */
export type ClientListSource = Pick<
  ClientsRow,
  | 'id'
  | 'code'
  | 'name'
  | 'kind'
  | 'phone'
  | 'email'
  | 'city'
  | 'price_level'
  | 'credit_limit'
  | 'balance'
  | 'is_walk_in'
  | 'active'
>;

export function presentClientRow(row: ClientListSource): ClientRow {
  return {
    id: Number(row.id),
    code: row.code,
    name: row.name,
    kind: row.kind,
    phone: row.phone,
    email: row.email,
    city: row.city,
    price_level: row.price_level,
    credit_limit: Number(row.credit_limit),
    balance: Number(row.balance),
    is_walk_in: toBool(row.is_walk_in),
    active: toBool(row.active),
  };
}

export function presentClient(
  row: ClientListSource &
    Pick<ClientsRow, 'address' | 'tax_number' | 'created_at' | 'updated_at'> & { advance?: number | null },
): ClientDetail {
  return {
    ...presentClientRow(row),
    advance: Number(row.advance ?? 0),
    address: row.address,
    tax_number: row.tax_number,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A client as the pickers offer it. */
export function presentClientPickerItem(
  row: Pick<ClientsRow, 'id' | 'code' | 'name' | 'phone' | 'price_level' | 'credit_limit' | 'balance' | 'is_walk_in'>,
): ClientPickerItem {
  return {
    id: Number(row.id),
    code: row.code,
    name: row.name,
    phone: row.phone,
    price_level: row.price_level,
    credit_limit: Number(row.credit_limit),
    balance: Number(row.balance),
    is_walk_in: toBool(row.is_walk_in),
  };
}
