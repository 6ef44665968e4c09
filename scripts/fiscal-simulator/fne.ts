import { randomUUID } from 'node:crypto';
import { field, isObject, nonEmptyString, positiveNumber, type Reply, type SimulatorRequest } from './http.js';
import type { FneInvoiceRecord, FneItemRecord, FneRefundRecord, SimulatorStore, Totals } from './state.js';

/**
 * The FNE side (Côte d'Ivoire), under /fne: `POST /external/invoices/sign`,
 * `POST /external/invoices/{id}/refund`, and the verification page its tokens point to. Errors
 * have the DGI's shape and wording ({ message, error, statusCode }, English messages).
 * Discounts are percentages, as the DGI reads them. Client phone and email are not required here
 * (a walk-in client has none); the client's name is.
 */

const TAX_RATES: Record<string, number> = { TVA: 0.18, TVAB: 0.09, TVAC: 0, TVAD: 0 };
const PAYMENT_METHODS = ['cash', 'card', 'check', 'mobile-money', 'transfer', 'deferred'];
const TEMPLATES = ['B2B', 'B2C', 'B2G', 'B2F'];
/** Below this many stickers the answer carries `warning: true`. */
const LOW_STICKERS = 50;

const badRequest = (message: string): Reply => ({
  status: 400,
  body: { message, error: 'bad_request', statusCode: 400 },
});
const unauthorized: Reply = {
  status: 401,
  body: { message: 'Invalid API Key', error: 'unauthorized_exception', statusCode: 401 },
};

export interface ServiceContext {
  store: SimulatorStore;
  /** The simulator's own address, for the verification URLs. */
  baseUrl: string;
  now: Date;
}

export function handleFne(req: SimulatorRequest, ctx: ServiceContext): Reply | null {
  const verify = /^\/fne\/verify\/([\w-]+)$/.exec(req.path);
  if (verify && req.method === 'GET') return verification(verify[1], ctx);
  if (req.path === '/fne/external/invoices/sign' && req.method === 'POST') return guarded(req, ctx, sign);
  const refund = /^\/fne\/external\/invoices\/([\w-]+)\/refund$/.exec(req.path);
  if (refund && req.method === 'POST') return guarded(req, ctx, (body, c) => refundInvoice(refund[1], body, c));
  return null;
}

function guarded(
  req: SimulatorRequest,
  ctx: ServiceContext,
  handler: (body: unknown, ctx: ServiceContext) => Reply,
): Reply {
  if (!ctx.store.config.keys.includes(req.token)) return unauthorized;
  if (req.body === undefined) return badRequest('Request body is required');
  if (!isObject(req.body)) return badRequest('Request body must be a JSON object');
  return handler(req.body, ctx);
}

function sign(body: unknown, ctx: ServiceContext): Reply {
  const problem = invoiceProblem(body, ctx);
  if (problem) return badRequest(problem);
  const { store } = ctx;
  if (store.data.fne.stickerBalance <= 0) return badRequest('Insufficient sticker balance');
  const b = body as Record<string, unknown>;
  const items: FneItemRecord[] = (b.items as Array<Record<string, unknown>>).map((item) => ({
    id: randomUUID(),
    reference: typeof item.reference === 'string' ? item.reference : '',
    description: item.description as string,
    quantity: item.quantity as number,
    amount: item.amount as number,
    discount: typeof item.discount === 'number' ? item.discount : 0,
    taxes: item.taxes as string[],
    measurementUnit: typeof item.measurementUnit === 'string' ? item.measurementUnit : '',
    refunded: 0,
  }));
  const ncc = store.config.fneTaxId;
  const yy = String(ctx.now.getUTCFullYear()).slice(2);
  const reference = `${ncc}${yy}${String(store.next(`${ncc}${yy}`)).padStart(10, '0')}`;
  const record: FneInvoiceRecord = {
    id: randomUUID(),
    reference,
    token: `${ctx.baseUrl}/fne/verify/${randomUUID()}`,
    ncc,
    template: b.template as string,
    paymentMethod: b.paymentMethod as string,
    pointOfSale: b.pointOfSale as string,
    establishment: b.establishment as string,
    clientNcc: typeof b.clientNcc === 'string' ? b.clientNcc : '',
    clientCompanyName: b.clientCompanyName as string,
    items,
    totals: totalsOf(items, typeof b.discount === 'number' ? b.discount : 0),
    stickerBalance: --store.data.fne.stickerBalance,
    createdAt: ctx.now.toISOString(),
    request: body,
  };
  store.data.fne.invoices.push(record);
  store.save();
  return {
    status: 200,
    body: {
      ncc,
      reference,
      token: record.token,
      warning: record.stickerBalance < LOW_STICKERS,
      balance_sticker: record.stickerBalance,
      invoice: invoiceView(record),
    },
  };
}

function invoiceProblem(body: unknown, ctx: ServiceContext): string | null {
  const b = body as Record<string, unknown>;
  if (b.invoiceType !== 'sale' && b.invoiceType !== 'purchase') return 'invoiceType must be one of: sale, purchase';
  if (typeof b.paymentMethod !== 'string' || !PAYMENT_METHODS.includes(b.paymentMethod))
    return `paymentMethod must be one of: ${PAYMENT_METHODS.join(', ')}`;
  if (typeof b.template !== 'string' || !TEMPLATES.includes(b.template))
    return `template must be one of: ${TEMPLATES.join(', ')}`;
  if (b.template === 'B2B' && !nonEmptyString(b.clientNcc)) return 'clientNcc is required for a B2B invoice';
  if (b.template === 'B2F' && !nonEmptyString(b.foreignCurrency))
    return 'foreignCurrency is required for a B2F invoice';
  if (!nonEmptyString(b.clientCompanyName)) return 'clientCompanyName is required';
  if (b.clientPhone !== undefined && typeof b.clientPhone !== 'string') return 'clientPhone must be a string';
  if (!nonEmptyString(b.pointOfSale)) return 'pointOfSale is required';
  if (!ctx.store.data.fne.pointsOfSale.includes(b.pointOfSale)) return 'Point of sale is not valid';
  if (!nonEmptyString(b.establishment)) return 'establishment is required';
  if (b.discount !== undefined && !percentage(b.discount)) return 'discount must be a number between 0 and 100';
  if (!Array.isArray(b.items) || b.items.length === 0) return 'items must contain at least one item';
  for (const [index, item] of b.items.entries()) {
    const at = `items[${index}]`;
    if (!isObject(item)) return `${at} must be an object`;
    if (!nonEmptyString(item.description)) return `${at}.description is required`;
    if (!positiveNumber(item.quantity)) return `${at}.quantity must be a positive number`;
    if (typeof item.amount !== 'number' || !Number.isFinite(item.amount) || item.amount < 0)
      return `${at}.amount must be a number greater than or equal to 0`;
    if (item.discount !== undefined && !percentage(item.discount))
      return `${at}.discount must be a number between 0 and 100`;
    if (b.invoiceType === 'sale') {
      if (!Array.isArray(item.taxes) || item.taxes.length === 0) return `${at}.taxes is required`;
      const unknown = item.taxes.find((t) => typeof t !== 'string' || !(t in TAX_RATES));
      if (unknown !== undefined) return `${at}.taxes: unknown tax ${String(unknown)}`;
    }
  }
  return null;
}

const percentage = (value: unknown): boolean =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100;

function refundInvoice(invoiceId: string, body: unknown, ctx: ServiceContext): Reply {
  const { store } = ctx;
  const invoice = store.data.fne.invoices.find((i) => i.id === invoiceId);
  if (!invoice) return badRequest('Invoice not found');
  const items = field(body, 'items');
  if (!Array.isArray(items) || items.length === 0) return badRequest('items must contain at least one item');
  const wanted = new Map<string, number>();
  for (const [index, item] of items.entries()) {
    const id = field(item, 'id');
    const quantity = field(item, 'quantity');
    if (!nonEmptyString(id)) return badRequest(`items[${index}].id is required`);
    if (!positiveNumber(quantity)) return badRequest(`items[${index}].quantity must be a positive number`);
    const original = invoice.items.find((i) => i.id === id);
    if (!original) return badRequest(`items[${index}].id is not an item of this invoice`);
    const total = (wanted.get(id) ?? 0) + quantity;
    if (total > original.quantity - original.refunded)
      return badRequest(
        `items[${index}].quantity exceeds the quantity left to refund (${original.quantity - original.refunded})`,
      );
    wanted.set(id, total);
  }
  if (store.data.fne.stickerBalance <= 0) return badRequest('Insufficient sticker balance');
  const refunded = invoice.items.flatMap((item) => {
    const quantity = wanted.get(item.id);
    if (!quantity) return [];
    item.refunded += quantity;
    return [{ ...item, quantity }];
  });
  const yy = String(ctx.now.getUTCFullYear()).slice(2);
  const sequence = `A${invoice.ncc}${yy}`;
  const record: FneRefundRecord = {
    id: randomUUID(),
    invoiceId,
    reference: `${sequence}${String(store.next(sequence)).padStart(10, '0')}`,
    token: `${ctx.baseUrl}/fne/verify/${randomUUID()}`,
    items: [...wanted].map(([id, quantity]) => ({ id, quantity })),
    totals: totalsOf(refunded, discountOf(invoice)),
    stickerBalance: --store.data.fne.stickerBalance,
    createdAt: ctx.now.toISOString(),
    request: body,
  };
  store.data.fne.refunds.push(record);
  store.save();
  return {
    status: 201,
    body: {
      ncc: invoice.ncc,
      reference: record.reference,
      token: record.token,
      warning: record.stickerBalance < LOW_STICKERS,
      balance_sticker: record.stickerBalance,
    },
  };
}

const discountOf = (invoice: FneInvoiceRecord): number => {
  const d = field(invoice.request, 'discount');
  return typeof d === 'number' ? d : 0;
};

/**
 * The DGI's totals: each item quantity × unit HT less its discount (%), the invoice's discount (%)
 * on the HT, the VAT of each tax code on its HT rounded once, everything to the franc.
 */
export function totalsOf(
  items: Array<Pick<FneItemRecord, 'quantity' | 'amount' | 'discount' | 'taxes'>>,
  discountPercent: number,
): Totals {
  const htByTax = new Map<string, number>();
  for (const item of items) {
    const ht = item.quantity * item.amount * (1 - item.discount / 100) * (1 - discountPercent / 100);
    const tax = item.taxes[0] ?? 'TVAD';
    htByTax.set(tax, (htByTax.get(tax) ?? 0) + ht);
  }
  let ht = 0;
  let vat = 0;
  for (const [tax, amount] of htByTax) {
    ht += amount;
    vat += Math.round(amount * (TAX_RATES[tax] ?? 0));
  }
  return { ht: Math.round(ht), vat, ttc: Math.round(ht) + vat };
}

function invoiceView(record: FneInvoiceRecord) {
  return {
    id: record.id,
    reference: record.reference,
    template: record.template,
    paymentMethod: record.paymentMethod,
    pointOfSale: record.pointOfSale,
    establishment: record.establishment,
    clientNcc: record.clientNcc,
    clientCompanyName: record.clientCompanyName,
    totalHT: record.totals.ht,
    totalVAT: record.totals.vat,
    totalTTC: record.totals.ttc,
    items: record.items.map(({ refunded: _refunded, ...item }) => item),
    createdAt: record.createdAt,
  };
}

function verification(tokenId: string, ctx: ServiceContext): Reply {
  const suffix = `/fne/verify/${tokenId}`;
  const invoice = ctx.store.data.fne.invoices.find((i) => i.token.endsWith(suffix));
  if (invoice) return { status: 200, body: { valid: true, kind: 'invoice', ...invoiceView(invoice) } };
  const refund = ctx.store.data.fne.refunds.find((r) => r.token.endsWith(suffix));
  if (refund) return { status: 200, body: { valid: true, kind: 'refund', ...refund, request: undefined } };
  return { status: 404, body: { valid: false, message: 'Invoice not found' } };
}
