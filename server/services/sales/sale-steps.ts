import type { Knex } from 'knex';
import { lockForUpdate, toBool } from '../../db/dialect.js';
import { Refusal } from '../../domain/errors.js';
import { LimitExceeded, addWithin } from '../../domain/limits.js';
import { linesBelowMinimum } from '../../domain/pricing/discount-allocation.js';
import { mergeDuplicateLines, toBaseQuantity } from '../../domain/stock/lines.js';
import { DiscountExceeded, type DocumentTotals, documentTotals } from '../../../shared/document-totals.js';
import { limitMessage } from '../../../shared/limits.js';
import { PaymentMismatch, type PaymentAllocation, allocatePayments, levelPrice } from '../../../shared/sales.js';
import { type TaxGroup, productTaxGroup } from '../../../shared/tax-groups.js';
import { PAYMENT_METHOD_LABELS } from '../../../shared/treasury.js';
import { type VatSetting, lineVatRate } from '../../../shared/vat.js';
import {
  checkBusinessDate,
  requireActiveLocation,
  type requireActiveProducts,
  throwIfErrors,
} from '../stock/common.js';
import { readOperatorReference } from '../treasury/mobile-money-references.js';
import type { SaleInput, SalePaymentInput, SaleRights } from './sale-input.js';

/*
 * The steps of validateSale (create-sale.ts), in its order: each checks, prices or charges one
 * thing inside the caller's transaction; refusals land on the form's fields.
 */

type SaleRequest = Omit<SaleInput, 'idempotencyKey'>;
type Money = (minor: number) => string;
type LockedProducts = Awaited<ReturnType<typeof requireActiveProducts>>;
export type PricedLine = Awaited<ReturnType<typeof priceSaleLines>>[number];
export type SaleLine = ReturnType<typeof mergeSaleLines>[number];

const PRICE_FIELDS = { detail: 'retail_price', gros: 'wholesale_price' } as const;

/**
 * The sale's head: the client (existing, active; the walk-in client never on credit), the location,
 * the date, the due date, no payment on a credit sale. Errors are added to `errors`.
 */
export async function checkSaleHead(
  trx: Knex.Transaction,
  input: SaleRequest,
  timeZone: string,
  errors: Record<string, string>,
) {
  const client = await trx('clients')
    .where({ id: input.clientId })
    .first('id', 'code', 'name', 'active', 'is_walk_in', 'price_level', 'credit_limit', 'balance');
  if (!client) errors.client_id = 'Le client choisi n’existe pas.';
  else if (!toBool(client.active)) errors.client_id = `Le client « ${client.name} » est archivé.`;
  const walkIn = client ? toBool(client.is_walk_in) : false;
  if (client && walkIn && input.paymentMode === 'credit')
    errors.payment_mode =
      'Le CLIENT COMPTANT ne peut pas acheter à crédit : choisissez le client en compte, ou encaissez la vente.';
  const location = await requireActiveLocation(trx, input.locationId, 'location_id', errors);
  checkBusinessDate(input.saleDate, timeZone, 'sale_date', errors, 'La date de vente');
  if (input.paymentMode === 'credit' && input.dueDate && input.dueDate < input.saleDate)
    errors.due_date = 'La date d’échéance ne peut pas précéder la date de vente.';
  if (input.paymentMode === 'credit' && input.payments.some((p) => p.amount > 0))
    errors.payments = 'Une vente à crédit n’est pas encaissée à la validation : le client la réglera par un règlement.';
  return { client, location };
}

/** What the sale taxes its lines by: the company's VAT and the group of a product without one. */
export interface SaleTaxes {
  vat: VatSetting;
  defaultTaxGroup: TaxGroup;
}

/**
 * Each line priced: its quantity in base units, the client's level price (shared levelPrice) unless
 * the seller typed one, its product's tax group and the rate it is taxed at (lineVatRate); a price
 * changed since the form was opened is refused on its line.
 */
export async function priceSaleLines(
  trx: Knex.Transaction,
  input: SaleRequest,
  products: LockedProducts,
  priceLevel: 'detail' | 'gros',
  taxes: SaleTaxes,
  errors: Record<string, string>,
) {
  // Stale form: a price of one of these products changed after the form was opened.
  const changed = await trx('price_history')
    .whereIn('product_id', [...new Set(input.lines.map((l) => l.productId))])
    .whereIn('field', [PRICE_FIELDS[priceLevel], 'min_price'])
    .where('changed_at', '>', input.formLoadedAt)
    .distinct('product_id');
  const changedIds = new Set(changed.map((r) => Number(r.product_id)));

  const priced = input.lines.map((l, i) => {
    const p = products.get(l.productId);
    let quantity = 0;
    let listPrice = 0;
    if (p) {
      try {
        quantity = toBaseQuantity(l.quantity, l.unit, p.pack_size);
      } catch {
        errors[`lines.${i}.quantity`] =
          `Ligne ${i + 1} : ${limitMessage('la quantité', 'quantity').replace(/\.$/, '')} unités.`;
      }
      listPrice = levelPrice(p, priceLevel);
      if (changedIds.has(p.id))
        errors[`lines.${i}.unit_price`] =
          `Ligne ${i + 1} : le prix de « ${p.name} » a changé depuis l’ouverture du formulaire. Rechargez la page pour vendre au prix actuel.`;
    }
    const unitPrice = l.unitPrice ?? listPrice;
    const taxGroup = productTaxGroup(p?.tax_group, taxes.defaultTaxGroup);
    return {
      index: i,
      productId: l.productId,
      quantity,
      unitPrice,
      listPrice,
      discount: l.discount,
      unit: l.unit,
      entered: l.quantity,
      packSize: p?.pack_size ?? 1,
      taxGroup,
      vatRate: lineVatRate(taxGroup, taxes.vat),
      mergeKey: `${unitPrice}`,
    };
  });
  return priced;
}

/** The same product twice at the same price becomes one line; at two prices it is refused. */
export function mergeSaleLines(priced: PricedLine[], products: LockedProducts) {
  const errors: Record<string, string> = {};
  // The same product twice at the same price is one line (quantities and discounts added).
  const merged = mergeDuplicateLines(priced);
  for (const c of merged.conflicts) {
    errors[`lines.${c.index}.unit_price`] =
      `Ligne ${c.index + 1} : « ${products.get(priced[c.index].productId)?.name ?? 'ce produit'} » figure déjà à la ligne ${c.firstIndex + 1} à un autre prix. Regroupez les deux lignes ou corrigez le prix.`;
  }
  throwIfErrors(errors);
  const lines = merged.lines.map((l) => {
    const sources = l.sourceIndexes.map((i) => priced[i]);
    const sameUnit = sources.every((s) => s.unit === l.unit);
    return {
      ...l,
      at: l.sourceIndexes[0],
      discount: sources.reduce((s, x) => s + x.discount, 0),
      unit: sameUnit ? l.unit : ('unit' as const),
      entered: sameUnit ? sources.reduce((s, x) => s + x.entered, 0) : l.quantity,
    };
  });
  return lines;
}

/** The sale's totals (shared documentTotals, the live forms' too); a discount or an amount beyond the limits refused on its field. */
export function saleTotals(
  lines: SaleLine[],
  discount: number,
  vat: VatSetting,
  money: Money,
  currency: string,
): DocumentTotals {
  try {
    return documentTotals(lines, discount, vat);
  } catch (err) {
    if (err instanceof DiscountExceeded) {
      if (err.line === null)
        throw new Refusal({
          discount: `La remise globale (${money(err.discount)}) dépasse le montant des lignes (${money(err.amount)}).`,
        });
      const at = lines[err.line].at;
      throw new Refusal({
        [`lines.${at}.discount`]: `Ligne ${at + 1} : la remise (${money(err.discount)}) dépasse le montant de la ligne (${money(err.amount)}).`,
      });
    }
    if (err instanceof LimitExceeded)
      throw new Refusal(
        err.limit === 'lineAmount'
          ? { lines: limitMessage('Le montant d’une ligne', 'lineAmount', currency) }
          : { lines: limitMessage('Le montant total de la vente', 'documentTotal', currency) },
      );
    throw err;
  }
}

/** Refuses a line sold under its minimum price, by its price, its discount or its share of the document discount. */
export function refuseBelowMinimum(
  lines: SaleLine[],
  totals: DocumentTotals,
  products: LockedProducts,
  money: Money,
): void {
  const errors: Record<string, string> = {};
  const below = linesBelowMinimum(
    lines.map((l, k) => ({
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      discount: totals.lines[k].discount,
      minPrice: products.get(l.productId)!.min_price,
    })),
    totals.lines.map((l) => l.allocatedDiscount),
  );
  const byDocument: string[] = [];
  for (const b of below) {
    const l = lines[b.index];
    const p = products.get(l.productId)!;
    if (b.cause === 'document_discount')
      byDocument.push(`« ${p.name} » (ligne ${l.at + 1}, minimum ${money(p.min_price)} l’unité)`);
    else
      errors[`lines.${l.at}.${b.cause === 'unit_price' ? 'unit_price' : 'discount'}`] =
        `Ligne ${l.at + 1} : « ${p.name} » ne peut pas être vendu sous son prix minimum de ${money(p.min_price)} l’unité${b.cause === 'line_discount' ? ' (remise comprise)' : ''}.`;
  }
  if (byDocument.length) {
    const names =
      byDocument.length === 1 ? byDocument[0] : `${byDocument.slice(0, -1).join(', ')} et ${byDocument.at(-1)}`;
    errors.discount = `La remise globale (${money(totals.discount)}) ferait vendre ${names} sous ${byDocument.length === 1 ? 'son' : 'leur'} prix minimum : réduisez-la.`;
  }
  throwIfErrors(errors);
}

/** The payments of a sale paid now, each with what its method needs (operator, transaction id in its stored form, phone, cheque number). */
export function checkSalePayments(input: SaleRequest): SalePaymentInput[] {
  const errors: Record<string, string> = {};
  // A mobile-money transaction id in its stored form (readOperatorReference: a disguised id is the
  // same id); other references as typed.
  const payments = (input.paymentMode === 'cash' ? input.payments : []).map((p) => ({ ...p }));
  payments.forEach((p, i) => {
    if (p.amount === 0) return;
    if (p.method === 'mobile_money') {
      if (!p.operator) errors[`payments.${i}.operator`] = 'Choisissez l’opérateur mobile money.';
      p.reference = readOperatorReference(
        p.reference,
        `payments.${i}.reference`,
        errors,
        'Indiquez l’identifiant de la transaction mobile money.',
      );
      if (p.phone && !/^\+?[\d\s.-]{6,20}$/.test(p.phone))
        errors[`payments.${i}.phone`] = 'Ce numéro de téléphone n’est pas valide.';
    }
    if (p.method === 'cheque' && !p.reference.trim())
      errors[`payments.${i}.reference`] = 'Indiquez le numéro du chèque.';
  });
  throwIfErrors(errors);
  return payments;
}

/** What each payment pays of the total and the change (shared allocatePayments); a payment that does not cover it refused. */
export function allocateSalePayments(total: number, payments: SalePaymentInput[], money: Money): PaymentAllocation {
  try {
    return allocatePayments(total, payments);
  } catch (err) {
    if (!(err instanceof PaymentMismatch)) throw err;
    const field = err.index === null ? 'payments' : `payments.${err.index}.amount`;
    throw new Refusal({
      [field]:
        err.reason === 'non_cash_exceeds'
          ? `Le paiement par ${PAYMENT_METHOD_LABELS[payments[err.index!].method].toLowerCase()} dépasse de ${money(err.missing)} ce qui reste à payer : aucune monnaie n’est rendue sur ce mode.`
          : err.reason === 'empty'
            ? `Encaissez la vente : ${money(total)} à payer.`
            : `Le paiement ne couvre pas la vente : il manque ${money(err.missing)} sur ${money(total)}.`,
    });
  }
}

/** A credit sale adds its total to the client's balance, locked (after the products), within the credit limit unless allowed beyond it. */
export async function chargeClientCredit(
  trx: Knex.Transaction,
  clientId: number,
  clientName: string,
  total: number,
  rights: SaleRights,
  money: Money,
  currency: string,
): Promise<void> {
  const locked = await lockForUpdate(
    trx,
    trx('clients').where({ id: clientId }).select('balance', 'credit_limit'),
  ).first();
  const before = Number(locked.balance);
  let after: number;
  try {
    after = addWithin('balance', before, total);
  } catch (err) {
    if (!(err instanceof LimitExceeded)) throw err;
    throw new Refusal({
      client_id: `Le solde du client « ${clientName} » ${limitMessage('', 'balance', currency).trim()}`,
    });
  }
  const limit = Number(locked.credit_limit);
  if (after > limit && !rights.beyondCreditLimit) {
    throw new Refusal({
      payment_mode:
        limit === 0
          ? `« ${clientName} » n’a pas de crédit autorisé (plafond 0) : encaissez la vente, ou faites relever son plafond.`
          : `Cette vente porterait le solde de « ${clientName} » à ${money(after)}, au-delà de son plafond de crédit de ${money(limit)} (solde actuel ${money(before)}).`,
    });
  }
  await trx('clients').where({ id: clientId }).update({ balance: after });
}
