import type { Knex } from 'knex';
import { type Write, insertWrites, writeOf, writeTogether } from '../../db/bulk.js';
import { nextDocumentNumber } from '../../db/counters.js';
import { insertReturningId, lockForUpdate, nowIso, toBool } from '../../db/dialect.js';
import { yearOf } from '../../domain/dates.js';
import { Refusal } from '../../domain/errors.js';
import { LimitExceeded, addWithin } from '../../domain/limits.js';
import { allocateDocumentDiscount, linesBelowMinimum } from '../../domain/pricing/discount-allocation.js';
import { mergeDuplicateLines, toBaseQuantity } from '../../domain/stock/lines.js';
import { DiscountExceeded, documentTotals } from '../../../shared/document-totals.js';
import { limitMessage } from '../../../shared/limits.js';
import { formatMoney } from '../../../shared/money.js';
import {
  PaymentMismatch,
  type PaymentMode,
  SALE_SERIES,
  type SaleKind,
  allocatePayments,
  levelPrice,
  paymentStatus,
} from '../../../shared/sales.js';
import {
  MOBILE_MONEY_OPERATOR_LABELS,
  type MobileMoneyOperator,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from '../../../shared/treasury.js';
import { type Actor, auditUser } from '../actor.js';
import { auditWrite } from '../audit/record-audit.js';
import { companyVat, getCompany } from '../company/get-company.js';
import { withIdempotency } from '../idempotency.js';
import { checkBusinessDate, requireActiveLocation, requireActiveProducts, throwIfErrors } from '../stock/common.js';
import { postStockMovements } from '../stock/ledger.js';
import { prepareMoneyMovements } from '../treasury/ledger.js';
import { readOperatorReference, registerMobileMoneyReferences } from '../treasury/mobile-money-references.js';
import { resolvePaymentAccounts } from './payment-accounts.js';
import { type PlaceScope, refuseUnallowedLocation } from '../../policies/places.js';

/**
 * A sale (issue 14): an invoice to a named client (FAC-, vente détaillée) or a counter sale (VB-,
 * vente boutique), validated in one transaction:
 * - the lines are priced from the client's price level unless the seller typed a price; a line
 *   paid below minimum × quantity — after its own discount and its share of the document discount
 *   (allocateDocumentDiscount, server/domain/pricing) — needs `sales.below_min_price`;
 * - totals are recomputed here with the shared documentTotals (prices VAT included or excluded as
 *   the company says: companyVat); a client total is never trusted;
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

export interface SaleLineInput {
  productId: number;
  unit: 'unit' | 'pack';
  quantity: number;
  /** Per base unit; null → the client's price level. */
  unitPrice: number | null;
  discount: number;
}

export interface SalePaymentInput {
  method: PaymentMethod;
  /** Cash: what the customer handed over; otherwise the amount paid. */
  amount: number;
  accountId: number | null;
  operator: MobileMoneyOperator | null;
  phone: string;
  reference: string;
}

export interface SaleInput {
  idempotencyKey: string;
  kind: SaleKind;
  clientId: number;
  locationId: number;
  saleDate: string;
  paymentMode: PaymentMode;
  dueDate: string | null;
  discount: number;
  note: string;
  formLoadedAt: string;
  lines: SaleLineInput[];
  payments: SalePaymentInput[];
  /**
   * The places the seller works in (server/policies/places.ts): the location and every payment
   * account are refused on their field when not theirs. Absent: no restriction (the demo seed).
   */
  places?: PlaceScope;
  /**
   * The seller's basket on hold this counter sale was resumed from (parked-sales.ts): it leaves the
   * list in the sale's own transaction, so a basket is never both sold and still on hold.
   */
  parkedSaleId?: number | null;
}

/** What the seller may do beyond the rules (their permissions). */
export interface SaleRights {
  belowMinPrice: boolean;
  beyondCreditLimit: boolean;
}

export interface CreatedSale {
  id: number;
  number: string;
  total: number;
  change: number;
}

const PRICE_FIELDS = { detail: 'retail_price', gros: 'wholesale_price' } as const;

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
  checkBusinessDate(input.saleDate, company.time_zone, 'sale_date', errors, 'La date de vente');
  if (input.paymentMode === 'credit' && input.dueDate && input.dueDate < input.saleDate)
    errors.due_date = 'La date d’échéance ne peut pas précéder la date de vente.';
  if (input.paymentMode === 'credit' && input.payments.some((p) => p.amount > 0))
    errors.payments = 'Une vente à crédit n’est pas encaissée à la validation : le client la réglera par un règlement.';
  // Locked here (the ledger's lock order: products first) and handed to the ledger, which then does not read them again.
  const products = await requireActiveProducts(trx, input.lines, errors, { lock: true });
  const priceLevel: 'detail' | 'gros' = client?.price_level === 'gros' ? 'gros' : 'detail';

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
      mergeKey: `${unitPrice}`,
    };
  });
  throwIfErrors(errors);

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

  let totals;
  try {
    totals = documentTotals(lines, input.discount, companyVat(company));
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

  // The document discount's share of each line (stored with the line: returns, reports and printouts read it).
  const shares = allocateDocumentDiscount(
    totals.lines.map((l) => l.net),
    totals.discount,
  );

  // Minimum price: what the customer pays for each line, after its discount and its share of the
  // document discount, is at least the minimum × the quantity.
  if (!rights.belowMinPrice) {
    const below = linesBelowMinimum(
      lines.map((l, k) => ({
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        discount: totals.lines[k].discount,
        minPrice: products.get(l.productId)!.min_price,
      })),
      shares,
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
  const total = totals.totalTTC;

  // Payments of a sale paid now: they must cover the total; each lands in its treasury account.
  let allocation = { applied: [] as number[], tendered: 0, change: 0 };
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
  if (input.paymentMode === 'cash') {
    try {
      allocation = allocatePayments(total, payments);
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
  const accounts = await resolvePaymentAccounts(trx, payments, allocation.applied, input.locationId, input.places);

  const { number } = await nextDocumentNumber(trx, SALE_SERIES[input.kind], yearOf(input.saleDate));
  const now = nowIso();
  // The document's VAT shared over its lines as they are paid (sale_lines.vat_amount): lines, reports by product and refunds add up to its HT, VAT and TTC.
  const vatShares = allocateDocumentDiscount(
    totals.lines.map((l, k) => l.net - shares[k]),
    totals.vat,
  );
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
      allocated_discount: shares[k],
      vat_amount: vatShares[k],
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

  if (input.paymentMode === 'credit') {
    const locked = await lockForUpdate(
      trx,
      trx('clients').where({ id: input.clientId }).select('balance', 'credit_limit'),
    ).first();
    const before = Number(locked.balance);
    let after: number;
    try {
      after = addWithin('balance', before, total);
    } catch (err) {
      if (!(err instanceof LimitExceeded)) throw err;
      throw new Refusal({
        client_id: `Le solde du client « ${client!.name} » ${limitMessage('', 'balance', currency).trim()}`,
      });
    }
    const limit = Number(locked.credit_limit);
    if (after > limit && !rights.beyondCreditLimit) {
      throw new Refusal({
        payment_mode:
          limit === 0
            ? `« ${client!.name} » n’a pas de crédit autorisé (plafond 0) : encaissez la vente, ou faites relever son plafond.`
            : `Cette vente porterait le solde de « ${client!.name} » à ${money(after)}, au-delà de son plafond de crédit de ${money(limit)} (solde actuel ${money(before)}).`,
      });
    }
    await trx('clients').where({ id: input.clientId }).update({ balance: after });
  }

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
