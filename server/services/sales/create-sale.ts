import type { Knex } from 'knex';
import { type Write, insertWrites, writeOf, writeTogether } from '../../db/bulk.js';
import { nextDocumentNumber } from '../../db/counters.js';
import { insertReturningId, nowIso } from '../../db/dialect.js';
import { yearOf } from '../../domain/dates.js';
import { formatMoney } from '../../../shared/money.js';
import { SALE_SERIES, paymentStatus } from '../../../shared/sales.js';
import { MOBILE_MONEY_OPERATOR_LABELS } from '../../../shared/treasury.js';
import { type Actor, auditUser } from '../actor.js';
import { auditWrite } from '../audit/record-audit.js';
import { companyVat, getCompany } from '../company/get-company.js';
import { withIdempotency } from '../idempotency.js';
import { requireActiveProducts, throwIfErrors } from '../stock/common.js';
import { postStockMovements } from '../stock/ledger.js';
import { prepareMoneyMovements } from '../treasury/ledger.js';
import { registerMobileMoneyReferences } from '../treasury/mobile-money-references.js';
import { resolvePaymentAccounts } from './payment-accounts.js';
import { refuseUnallowedLocation } from '../../policies/places.js';
import type { SaleInput, SaleRights } from './sale-input.js';
import {
  allocateSalePayments,
  chargeClientCredit,
  checkSaleHead,
  checkSalePayments,
  mergeSaleLines,
  priceSaleLines,
  refuseBelowMinimum,
  saleTotals,
} from './sale-steps.js';
/**
 * A sale (issue 14): an invoice to a named client (FAC-, vente détaillée) or a counter sale (VB-,
 * vente boutique), validated in one transaction:
 * - the lines are priced from the client's price level unless the seller typed a price; a line
 *   paid below minimum × quantity — after its own discount and its share of the document discount
 *   (documentTotals' allocatedDiscount) — needs `sales.below_min_price`;
 * - each line is taxed at its product's tax group's rate (its own group, else the company's
 *   default: lineVatRate), both kept on the line (sale_lines.tax_group, vat_rate_bp);
 * - totals are recomputed here with the shared documentTotals (prices VAT included or excluded as
 *   the company says: companyVat; the VAT per rate, shared over the lines); a client total is
 *   never trusted;
 * - the goods leave the location through the stock ledger (no oversell), each line keeping the
 *   CMUP of the moment (margins);
 * - comptant: the payments (possibly split cash / mobile money / …) must cover the total; each lands
 *   in its treasury account through the money ledger, cash net of the change given;
 * - crédit: the client's balance grows, refused beyond the credit limit without
 *   `sales.beyond_credit_limit`; CLIENT COMPTANT never buys on credit.
 * A mobile-money transaction id already recorded for its operator (mobile_money_references) is
 * refused on its payment's reference.
 * The number is taken from the gap-free counter in the same transaction; the idempotency key makes
 * a replay return the first sale. A form opened before a price of one of its products changed is
 * refused (stale form).
 */

export type { SaleInput, SaleLineInput, SalePaymentInput, SaleRights } from './sale-input.js';

export interface CreatedSale {
  id: number;
  number: string;
  total: number;
  change: number;
}

export async function createSale(
  db: Knex,
  input: SaleInput,
  rights: SaleRights,
  actor: Actor,
): Promise<CreatedSale & { replayed: boolean }> {
  return db.transaction(async (trx) => {
    const { result, replayed } = await withIdempotency(
      trx,
      { userId: actor.id, scope: 'sale.create', key: input.idempotencyKey },
      () => validateSale(trx, input, rights, actor),
    );
    return { ...result, replayed };
  });
}

/** Validates one sale in the caller's transaction (the form's, or the demo seed's). */
export async function validateSale(
  trx: Knex.Transaction,
  input: Omit<SaleInput, 'idempotencyKey'>,
  rights: SaleRights,
  actor: Actor,
): Promise<CreatedSale> {
  if (input.places) refuseUnallowedLocation(input.places, input.locationId);
  const errors: Record<string, string> = {};
  const company = await getCompany(trx);
  const currency = company.currency;
  const money = (n: number) => formatMoney(n, currency);

  const { client, location } = await checkSaleHead(trx, input, company.time_zone, errors);
  // Locked here (the ledger's lock order: products first) and handed to the ledger, which then does not read them again.
  const products = await requireActiveProducts(trx, input.lines, errors, { lock: true });
  const priceLevel: 'detail' | 'gros' = client?.price_level === 'gros' ? 'gros' : 'detail';

  const vat = companyVat(company);
  const taxes = { vat, defaultTaxGroup: company.default_tax_group };
  const priced = await priceSaleLines(trx, input, products, priceLevel, taxes, errors);
  throwIfErrors(errors);

  const lines = mergeSaleLines(priced, products);

  // With each line's share of the document discount and of its rate's VAT (stored with the line:
  // returns, reports by product and printouts read them, and they add up to the sale's HT, VAT, TTC).
  const totals = saleTotals(lines, input.discount, vat, money, currency);

  // Minimum price: what the customer pays for each line, after its discount and its share of the
  // document discount, is at least the minimum × the quantity.
  if (!rights.belowMinPrice) refuseBelowMinimum(lines, totals, products, money);
  const total = totals.totalTTC;

  // Payments of a sale paid now: they must cover the total; each lands in its treasury account.
  const payments = checkSalePayments(input);
  const allocation =
    input.paymentMode === 'cash'
      ? allocateSalePayments(total, payments, money)
      : { applied: [], tendered: 0, change: 0 };
  const accounts = await resolvePaymentAccounts(trx, payments, allocation.applied, input.locationId, input.places);

  const { number } = await nextDocumentNumber(trx, SALE_SERIES[input.kind], yearOf(input.saleDate));
  const now = nowIso();
  const saleId = await insertReturningId(trx, 'sales', {
    number,
    kind: input.kind,
    client_id: input.clientId,
    location_id: input.locationId,
    sale_date: input.saleDate,
    payment_mode: input.paymentMode,
    due_date: input.paymentMode === 'credit' ? input.dueDate : null,
    price_level: priceLevel,
    status: 'validated',
    payment_status: input.paymentMode === 'cash' ? 'paid' : paymentStatus(total, 0, 0),
    line_count: lines.length,
    lines_total: totals.linesTotal,
    discount: totals.discount,
    vat_rate_bp: company.vat_enabled ? company.vat_rate_bp : 0,
    prices_include_vat: company.prices_include_vat,
    total_ht: totals.totalHT,
    vat_amount: totals.vat,
    total_ttc: total,
    amount_paid: input.paymentMode === 'cash' ? total : 0,
    amount_credited: 0,
    cash_tendered: allocation.tendered,
    change_given: allocation.change,
    cost_total: 0,
    note: input.note,
    created_by: actor.id,
    created_at: now,
    version: 1,
    updated_at: now,
  });

  // Lock order (ledger.ts): products (stock), then the client, then the treasury accounts.
  const posted = await postStockMovements(
    trx,
    {
      documentType: 'sale',
      documentId: saleId,
      documentNumber: number,
      userId: actor.id,
      businessDate: input.saleDate,
      lockedProducts: products,
      allowNegative: company.allow_negative_stock,
    },
    lines.map((l) => ({
      productId: l.productId,
      locationId: input.locationId,
      quantity: -l.quantity,
      movementType: 'sale',
      field: `lines.${l.at}.quantity`,
    })),
  );
  let costTotal = 0n;
  const lineRows = lines.map((l, k) => {
    costTotal += BigInt(posted[k].unitCost) * BigInt(l.quantity);
    return {
      sale_id: saleId,
      position: k + 1,
      product_id: l.productId,
      sale_unit: l.unit,
      pack_size: l.packSize,
      entered_quantity: l.entered,
      quantity: l.quantity,
      list_price: l.listPrice,
      unit_price: l.unitPrice,
      gross: totals.lines[k].gross,
      discount: totals.lines[k].discount,
      net: totals.lines[k].net,
      allocated_discount: totals.lines[k].allocatedDiscount,
      vat_amount: totals.lines[k].vat,
      tax_group: l.taxGroup,
      vat_rate_bp: totals.lines[k].vatRate,
      unit_cost: posted[k].unitCost,
      returned_quantity: 0,
    };
  });
  // The sale's own last writes (its lines, its cost, payments, money and audit) go together at the end (writeTogether).
  const lastWrites: Write[] = [
    ...insertWrites(trx, 'sale_lines', lineRows),
    writeOf(
      trx('sales')
        .where({ id: saleId })
        .update({ cost_total: Number(costTotal) }),
    ),
  ];
  if (input.parkedSaleId)
    lastWrites.push(writeOf(trx('parked_sales').where({ id: input.parkedSaleId, user_id: actor.id }).delete()));

  if (input.paymentMode === 'credit')
    await chargeClientCredit(trx, input.clientId, client!.name, total, rights, money, currency);

  // Mobile-money transaction ids: each once per operator (a reused id is refused on its field).
  // Before the treasury accounts, in the lock order.
  const mobileRefs = payments
    .map((p, i) => ({ p, i }))
    .filter(({ p, i }) => p.method === 'mobile_money' && p.operator && allocation.applied[i] > 0)
    .map(({ p, i }) => ({ operator: p.operator!, reference: p.reference, field: `payments.${i}.reference` }));
  if (mobileRefs.length) await registerMobileMoneyReferences(trx, mobileRefs, { type: 'sale', id: saleId, number });

  if (payments.length) {
    const label = `${input.kind === 'counter' ? 'Vente boutique' : 'Facture'} ${number}`;
    const movements = payments
      .map((p, i) => ({ p, i, applied: allocation.applied[i] }))
      .filter((x) => x.applied > 0)
      .map(({ p, i, applied }) => ({
        accountId: accounts[i]!,
        amount: applied,
        movementType: 'sale',
        paymentMethod: p.method,
        operator: p.method === 'mobile_money' ? p.operator : null,
        phone: p.phone || null,
        reference: p.reference || null,
        label,
        field: `payments.${i}.amount`,
      }));
    // A closed day of the desk moves the payment to its next open day (the sale keeps its date).
    const money = await prepareMoneyMovements(trx, movements, {
      documentType: 'sale',
      documentId: saleId,
      documentNumber: number,
      userId: actor.id,
      businessDate: input.saleDate,
      onClosedDay: 'next_open_day',
    });
    lastWrites.push(
      ...money.writes,
      ...insertWrites(
        trx,
        'sale_payments',
        movements.map((m) => ({
          sale_id: saleId,
          account_id: m.accountId,
          method: m.paymentMethod,
          amount: m.amount,
          operator: m.operator,
          phone: m.phone,
          reference: m.reference,
          created_at: now,
        })),
      ),
    );
  }

  const audit = await auditWrite(trx, {
    action: input.kind === 'counter' ? 'sale.counter_validated' : 'sale.invoice_validated',
    user: auditUser(actor),
    subject: { type: 'sale', id: saleId, label: number },
    places: { locations: [input.locationId] },
    details: {
      after: {
        client: client!.name,
        location: location!.name,
        sale_date: input.saleDate,
        payment_mode: input.paymentMode,
        lines: lines.length,
        total_ttc: total,
        payments: payments
          .map((p, i) => ({
            method: p.method,
            operator: p.operator ? MOBILE_MONEY_OPERATOR_LABELS[p.operator] : undefined,
            amount: allocation.applied[i],
            reference: p.reference || undefined,
          }))
          .filter((p) => p.amount > 0),
      },
    },
    ip: actor.ip,
  });
  // One statement on PostgreSQL (every lock above already taken, the audit chain's last); in order on SQLite.
  await writeTogether(trx, [...lastWrites, audit]);
  return { id: saleId, number, total, change: allocation.change };
}
