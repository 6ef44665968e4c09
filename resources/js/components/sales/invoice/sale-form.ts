import type { ClientPickerItem } from '@shared/pickers';
import type { PaymentMode } from '@shared/sales';
import type { TaxGroup } from '@shared/tax-groups';
import { levelPrice } from '@shared/sales';
import type { MobileMoneyOperator, PaymentMethod } from '@shared/treasury';

/** The invoice form's data: its lines and payments as typed (amounts in major units, as the fields show them). */
export interface SaleLine {
  product_id: number;
  code: string;
  name: string;
  unit_name: string;
  pack_size: number;
  stock: number | null;
  retail_price: number;
  wholesale_price: number;
  min_price: number;
  /** The product's tax group as the sale will take it (the picker's). */
  tax_group: TaxGroup;
  unit: 'unit' | 'pack';
  quantity: number | null;
  /** Per base unit, as typed (major units); the client's level price until edited. */
  unit_price: string;
  price_edited: boolean;
  discount: string;
}

export interface PaymentLine {
  method: PaymentMethod;
  amount: string;
  account_id: string;
  operator: MobileMoneyOperator | '';
  phone: string;
  reference: string;
}

export type SaleForm = {
  idempotency_key: string;
  client_id: string;
  location_id: string;
  sale_date: string;
  payment_mode: PaymentMode;
  due_date: string;
  discount: string;
  note: string;
  form_loaded_at: string;
  lines: SaleLine[];
  payments: PaymentLine[];
};

export const newPayment = (method: PaymentMethod = 'especes'): PaymentLine => ({
  method,
  amount: '',
  account_id: '',
  operator: '',
  phone: '',
  reference: '',
});

/** The client's level price (no client yet: retail). */
export const clientPrice = (
  line: Pick<SaleLine, 'retail_price' | 'wholesale_price'>,
  client: ClientPickerItem | null,
) => levelPrice(line, client?.price_level ?? 'detail');
