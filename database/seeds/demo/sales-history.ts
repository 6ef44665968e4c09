import type { Knex } from 'knex';
import { updateIntegersById } from '../../../server/db/bulk.js';
import { toBool } from '../../../server/db/dialect.js';
import { moneyMovementHash } from '../../../server/services/treasury/ledger.js';
import { paymentStatus } from '../../../shared/sales.js';
import { MOBILE_MONEY_OPERATORS, type MobileMoneyOperator } from '../../../shared/treasury.js';
import type { DemoScale } from './generate.js';
import type { Random } from './random.js';

/**
 * The sales of the demo history (issue 14), simulated day by day inside the stock history's loop so
 * that a sale only takes what is on the shelf that day: counter sales (VB-) at every active location
 * with a cash desk, invoices (FAC-) from the depot to named clients — cash or on credit within the
 * client's limit. Each sale writes exactly the rows createSale writes (sale, lines with the CMUP of
 * the day, payments, stock movements, money movements hash-chained per treasury account, client
 * balances), set-based at the end like the rest of the history. The clients then settle their credit
 * invoices (REG-, issue 15) day after day, as createSettlement would: instalments on the oldest
 * invoices, advances, advances spent — invoices, balances, advances and the money ledger in step.
 */

export const SALES_PROFILES = {
  small: {
    counterPerDay: 12,
    invoicesPerDay: 3,
    counterLines: [1, 4],
    invoiceLines: [2, 8],
    creditShare: 0.35,
    settlementsPerDay: 4,
  },
  // 481 settlements a day over the year's 312 open days: ≈ 150 000 settlements (issue 15 bench), paid
  // in instalments on the credit invoices — most invoices to named clients are on credit there.
  large: {
    counterPerDay: 500,
    invoicesPerDay: 150,
    counterLines: [2, 8],
    invoiceLines: [3, 12],
    creditShare: 0.8,
    settlementsPerDay: 481,
  },
} as const satisfies Record<
  DemoScale,
  {
    counterPerDay: number;
    invoicesPerDay: number;
    counterLines: readonly [number, number];
    invoiceLines: readonly [number, number];
    creditShare: number;
    settlementsPerDay: number;
  }
>;

/** At most this many invoices settled by one settlement of the demo. */
const MAX_ALLOCATIONS = 3;

export interface Account {
  id: number;
  balance: number;
  lastHash: string | null;
}

/** A money movement row as written, with the place of the sale it pays (null for any other document). */
export type MoneyObserver = (row: Record<string, unknown>, saleLocation: number | null) => void;

/** A credit invoice not fully paid yet. */
interface OpenInvoice {
  id: number;
  total: number;
  paid: number;
  /** When it was made: a settlement pays only the invoices made before it. */
  at: string;
}

interface Client {
  id: number;
  level: 'detail' | 'gros';
  limit: number;
  /** Net receivable: Σ remaining of the client's invoices − advance (clients.balance). */
  balance: number;
  advance: number;
  /** Credit invoices still owed, oldest first. */
  open: OpenInvoice[];
}

export interface SaleProduct {
  id: number;
  cmup: number;
  retail: number;
  wholesale: number;
}

export interface SalesContext {
  rng: Random;
  user: { id: number };
  /** Quantity on the shelf at a location. */
  stock: (productId: number, locationId: number) => number;
  /** Records a stock movement (and moves the simulated level). */
  move: (
    doc: { type: string; id: number; number: string },
    date: string,
    at: string,
    productId: number,
    locationId: number,
    quantity: number,
    unitCost: number,
    movementType: string,
  ) => void;
  nextNumber: (series: string, date: string) => string;
  shiftDate: (iso: string, days: number) => string;
  /** Random distinct products, in id order. */
  sample: (k: number) => number[];
  product: (id: number) => SaleProduct;
  out: Record<string, Record<string, unknown>[]>;
}

export interface SalesResult {
  invoices: number;
  counterSales: number;
  lines: number;
  moneyMovements: number;
  settlements: number;
  allocations: number;
}

export class SalesSimulator {
  readonly result: SalesResult = {
    invoices: 0,
    counterSales: 0,
    lines: 0,
    moneyMovements: 0,
    settlements: 0,
    allocations: 0,
  };
  private nextSaleId = 1;
  private nextSettlementId = 1;
  /** Settlements due but not made yet (no client owed anything): made as soon as one does. */
  private settlementBacklog = 0;
  /** Clients owing on a credit invoice, and where each sits in that list (O(1) pick and removal). */
  private readonly debtors: Client[] = [];
  private readonly debtorAt = new Map<number, number>();
  /** What the settlements paid on each invoice and the date of the last one, written to sales.amount_paid and last_settlement_date at the end. */
  private readonly paidBySale = new Map<number, { total: number; paid: number; last?: string }>();
  /** Sees every money movement as it is written (the cash life's closings count them: cash-history.ts). */
  observer: MoneyObserver | null = null;

  private constructor(
    private readonly profile: (typeof SALES_PROFILES)[DemoScale],
    private readonly ctx: SalesContext,
    private readonly walkIn: number,
    private readonly clients: Client[],
    private readonly desks: Map<number, Account>,
    private readonly wallets: Map<MobileMoneyOperator, Account>,
    private readonly bank: Account | null,
    private readonly accounts: Account[],
    private readonly depot: number,
    private readonly counters: number[],
  ) {}

  static async create(db: Knex, scale: DemoScale, ctx: SalesContext, depot: number): Promise<SalesSimulator> {
    const walkIn = Number((await db('clients').where({ is_walk_in: true }).first('id'))!.id);
    const clients = (
      await db('clients')
        .where({ is_walk_in: false, active: true })
        .orderBy('id')
        .select('id', 'price_level', 'credit_limit', 'balance', 'advance')
    ).map((c): Client => ({
      id: Number(c.id),
      level: c.price_level === 'gros' ? 'gros' : 'detail',
      limit: Number(c.credit_limit),
      balance: Number(c.balance),
      advance: Number(c.advance ?? 0),
      open: [],
    }));
    const rows = (
      await db('treasury_accounts')
        .orderBy('id')
        .select('id', 'kind', 'location_id', 'operator', 'balance', 'last_hash', 'active')
    ).filter((a) => toBool(a.active));
    const accounts: Account[] = [];
    const account = (r: Record<string, any>) => {
      const a = { id: Number(r.id), balance: Number(r.balance), lastHash: r.last_hash ?? null };
      accounts.push(a);
      return a;
    };
    const desks = new Map<number, Account>();
    const wallets = new Map<MobileMoneyOperator, Account>();
    let bank: Account | null = null;
    for (const r of rows) {
      if (r.kind === 'caisse' && r.location_id && !desks.has(Number(r.location_id)))
        desks.set(Number(r.location_id), account(r));
      else if (
        r.kind === 'mobile_money' &&
        r.operator !== null &&
        (MOBILE_MONEY_OPERATORS as readonly string[]).includes(r.operator) &&
        !wallets.has(r.operator)
      )
        wallets.set(r.operator, account(r));
      else if (r.kind === 'banque' && !bank) bank = account(r);
    }
    const locations = (await db('locations').where({ active: true }).orderBy('id').select('id'))
      .map((l) => Number(l.id))
      .filter((id) => desks.has(id));
    const sim = new SalesSimulator(
      SALES_PROFILES[scale],
      ctx,
      walkIn,
      clients,
      desks,
      wallets,
      bank,
      accounts,
      depot,
      locations,
    );
    sim.nextSaleId = Number((await db('sales').max({ m: 'id' }).first())?.m ?? 0) + 1;
    sim.nextSettlementId = Number((await db('settlements').max({ m: 'id' }).first())?.m ?? 0) + 1;
    return sim;
  }

  /** The treasury accounts the history moves money in (shared with the cash life, cash-history.ts). */
  get treasury(): {
    desks: ReadonlyMap<number, Account>;
    wallets: ReadonlyMap<MobileMoneyOperator, Account>;
    bank: Account | null;
  } {
    return { desks: this.desks, wallets: this.wallets, bank: this.bank };
  }

  /** One day of sales at every counter, then the depot's invoices. */
  day(date: string, at: (h: number, m: number) => string): void {
    const { rng } = this.ctx;
    const shops = this.counters.filter((l) => l !== this.depot);
    const counterLocations = shops.length ? shops : this.counters;
    for (let i = 0; i < this.profile.counterPerDay; i++) {
      const location = counterLocations[i % counterLocations.length];
      const minute = Math.floor((i * 600) / this.profile.counterPerDay);
      this.sale(
        'counter',
        date,
        at(8 + Math.floor(minute / 60), minute % 60),
        location,
        this.walkIn,
        'detail',
        rng.int(this.profile.counterLines[0], this.profile.counterLines[1]),
      );
    }
    if (this.desks.has(this.depot)) {
      for (let i = 0; i < this.profile.invoicesPerDay; i++) {
        const client = rng.pick(this.clients);
        const minute = Math.floor((i * 540) / this.profile.invoicesPerDay);
        if (client)
          this.sale(
            'invoice',
            date,
            at(8 + Math.floor(minute / 60), minute % 60),
            this.depot,
            client.id,
            client.level,
            rng.int(this.profile.invoiceLines[0], this.profile.invoiceLines[1]),
            client,
          );
      }
    }
    // Then the day's settlements (REG-) of the clients who owe on credit invoices.
    this.settlementBacklog += this.profile.settlementsPerDay;
    const planned = this.settlementBacklog;
    for (let i = 0; i < planned && this.debtors.length > 0; i++) {
      const minute = Math.floor((i * 540) / planned);
      this.settlement(rng.pick(this.debtors)!, date, at(9 + Math.floor(minute / 60), minute % 60));
      this.settlementBacklog--;
    }
  }

  private sale(
    kind: 'counter' | 'invoice',
    date: string,
    at: string,
    locationId: number,
    clientId: number,
    level: 'detail' | 'gros',
    lineCount: number,
    client?: Client,
  ): void {
    const { rng, out } = this.ctx;
    const chosen = this.ctx
      .sample(lineCount * 3)
      .filter((id) => this.ctx.stock(id, locationId) > 0 && this.ctx.product(id).retail > 0)
      .slice(0, lineCount);
    if (chosen.length === 0) return;
    const id = this.nextSaleId++;
    const number = this.ctx.nextNumber(kind === 'counter' ? 'VB' : 'FAC', date);
    const doc = { type: 'sale', id, number };
    let linesTotal = 0;
    let cost = 0;
    chosen.forEach((productId, i) => {
      const p = this.ctx.product(productId);
      const onShelf = this.ctx.stock(productId, locationId);
      const quantity = Math.min(onShelf, kind === 'counter' ? rng.int(1, 3) : rng.int(1, 12));
      const price = level === 'gros' && p.wholesale > 0 ? p.wholesale : p.retail;
      const gross = quantity * price;
      const discount = kind === 'invoice' && rng.chance(0.05) ? Math.floor(gross * 0.05) : 0;
      const net = gross - discount;
      this.ctx.move(doc, date, at, productId, locationId, -quantity, p.cmup, 'sale');
      out.sale_lines.push({
        sale_id: id,
        position: i + 1,
        product_id: productId,
        sale_unit: 'unit',
        pack_size: 1,
        entered_quantity: quantity,
        quantity,
        list_price: price,
        unit_price: price,
        gross,
        discount,
        net,
        allocated_discount: 0,
        unit_cost: p.cmup,
        returned_quantity: 0,
      });
      linesTotal += net;
      cost += quantity * p.cmup;
    });
    this.result.lines += chosen.length;
    const total = linesTotal;
    // Credit: an invoice to a client whose limit still has room, now and then.
    const credit =
      kind === 'invoice' &&
      client !== undefined &&
      rng.chance(this.profile.creditShare) &&
      client.balance + total <= client.limit;
    let tendered = 0;
    let change = 0;
    if (credit) {
      client!.balance += total;
      client!.open.push({ id, total, paid: 0, at });
      this.paidBySale.set(id, { total, paid: 0 });
      if (!this.debtorAt.has(client!.id)) {
        this.debtorAt.set(client!.id, this.debtors.length);
        this.debtors.push(client!);
      }
    } else {
      const payments: Array<{
        method: 'especes' | 'mobile_money' | 'virement' | 'cheque';
        amount: number;
        account: Account;
        operator?: MobileMoneyOperator;
        reference?: string;
      }> = [];
      const desk = this.desks.get(locationId)!;
      const operator = rng.pick(MOBILE_MONEY_OPERATORS);
      const wallet = this.wallets.get(operator);
      if (kind === 'counter' && wallet && rng.chance(0.15)) {
        // Mobile money, sometimes with the rest in cash.
        const mobile = rng.chance(0.5) ? total : Math.max(1, Math.floor(total / 2));
        payments.push({
          method: 'mobile_money',
          amount: mobile,
          account: wallet,
          operator,
          reference: `${operator.slice(0, 2).toUpperCase()}${date.replaceAll('-', '')}.${rng.digits(4)}.${rng.digits(6)}`,
        });
        if (total > mobile) payments.push({ method: 'especes', amount: total - mobile, account: desk });
      } else if (kind === 'invoice' && this.bank && rng.chance(0.3)) {
        payments.push({
          method: rng.chance(0.5) ? 'virement' : 'cheque',
          amount: total,
          account: this.bank,
          reference: rng.digits(7),
        });
      } else {
        payments.push({ method: 'especes', amount: total, account: desk });
      }
      const cash = payments.find((p) => p.method === 'especes');
      if (cash) {
        tendered = Math.ceil(cash.amount / 500) * 500 + (rng.chance(0.3) ? 1000 : 0);
        change = tendered - cash.amount;
      }
      for (const p of payments) {
        out.sale_payments.push({
          sale_id: id,
          account_id: p.account.id,
          method: p.method,
          amount: p.amount,
          operator: p.operator ?? null,
          phone: null,
          reference: p.reference ?? null,
          created_at: at,
        });
        this.money(
          p.account,
          p.amount,
          p.method,
          p.operator ?? null,
          p.reference ?? null,
          `${kind === 'counter' ? 'Vente boutique' : 'Facture'} ${number}`,
          doc,
          date,
          at,
          'sale',
          locationId,
        );
      }
    }
    out.sales.push({
      id,
      number,
      kind,
      client_id: clientId,
      location_id: locationId,
      sale_date: date,
      payment_mode: credit ? 'credit' : 'cash',
      due_date: credit ? this.ctx.shiftDate(date, 30) : null,
      price_level: level,
      status: 'validated',
      payment_status: credit ? 'unpaid' : 'paid',
      line_count: chosen.length,
      lines_total: linesTotal,
      discount: 0,
      vat_rate_bp: 0,
      prices_include_vat: true,
      total_ht: total,
      vat_amount: 0,
      total_ttc: total,
      amount_paid: credit ? 0 : total,
      amount_credited: 0,
      cash_tendered: tendered,
      change_given: change,
      cost_total: cost,
      note: '',
      created_by: this.ctx.user.id,
      created_at: at,
      cancelled_by: null,
      cancelled_at: null,
      cancel_reason: null,
      version: 1,
      updated_at: at,
    });
    if (kind === 'counter') this.result.counterSales++;
    else this.result.invoices++;
  }

  /**
   * One settlement (REG-) of a client who owes, as createSettlement writes it: an instalment on the
   * oldest invoices (at most three), now and then everything owed and a little more (the rest an
   * explicit advance), or the client's advance spent on their invoices (no money moves). The money
   * lands in the depot's desk (espèces), a wallet (mobile money, its transaction id registered) or
   * the bank (chèque, virement); invoices, client balance and advance move in step.
   */
  private settlement(client: Client, date: string, at: string): void {
    const { rng, out } = this.ctx;
    // Only the invoices made before the settlement can be paid by it (oldest first: they lead the
    // list) — a statement of account never shows a payment before the invoice it pays.
    const later = client.open.findIndex((inv) => inv.at >= at);
    const payable = later === -1 ? client.open.length : later;
    if (payable === 0) return;
    const due = client.open.slice(0, payable).reduce((s, inv) => s + inv.total - inv.paid, 0);
    const reach = Math.min(payable, MAX_ALLOCATIONS);
    const reachable = client.open.slice(0, reach).reduce((s, inv) => s + inv.total - inv.paid, 0);
    const fromAdvance = client.advance > 0 && rng.chance(0.5);
    let amount: number;
    if (fromAdvance) amount = Math.min(client.advance, reachable);
    else if (payable === client.open.length && client.open.length <= MAX_ALLOCATIONS && rng.chance(0.04))
      amount = due + 500 * rng.int(1, 40); // pays all, and leaves an advance
    else if (reachable <= 1_000 || rng.chance(0.02)) amount = reachable;
    else amount = Math.min(reachable, Math.max(500, Math.round((reachable * rng.int(2, 8)) / 100 / 500) * 500));
    if (amount <= 0) return;

    const id = this.nextSettlementId++;
    const number = this.ctx.nextNumber('REG', date);
    const doc = { type: 'settlement', id, number };
    let left = amount;
    let position = 0;
    while (left > 0 && client.open.length > 0 && position < reach) {
      const inv = client.open[0];
      const part = Math.min(left, inv.total - inv.paid);
      inv.paid += part;
      const settled = this.paidBySale.get(inv.id)!;
      settled.paid = inv.paid;
      if (!settled.last || date > settled.last) settled.last = date;
      left -= part;
      out.settlement_allocations.push({
        settlement_id: id,
        sale_id: inv.id,
        position: ++position,
        amount: part,
        cancelled_at: null,
      });
      if (inv.paid >= inv.total) client.open.shift();
      else break;
    }
    const allocated = amount - left;
    const advance = fromAdvance ? 0 : left;
    this.result.allocations += position;

    let account: Account | null = null;
    let method: 'especes' | 'mobile_money' | 'cheque' | 'virement' | null = null;
    let operator: MobileMoneyOperator | null = null;
    let reference: string | null = null;
    let phone: string | null = null;
    if (fromAdvance) {
      client.advance -= allocated;
    } else {
      const roll = rng.next();
      const wallet = this.wallets.get((operator = rng.pick(MOBILE_MONEY_OPERATORS)));
      if (roll < 0.35 && wallet) {
        method = 'mobile_money';
        account = wallet;
        reference = `${operator.slice(0, 2).toUpperCase()}${date.replaceAll('-', '')}.R${id}`;
        phone = `07 ${rng.digits(2)} ${rng.digits(2)} ${rng.digits(2)} ${rng.digits(2)}`;
        out.mobile_money_references.push({
          operator,
          reference,
          document_type: 'settlement',
          document_id: id,
          document_number: number,
          created_at: at,
        });
      } else if (roll < 0.55 && this.bank) {
        operator = null;
        method = rng.chance(0.5) ? 'cheque' : 'virement';
        account = this.bank;
        reference = rng.digits(7);
      } else {
        operator = null;
        method = 'especes';
        account = this.desks.get(this.depot)!;
      }
      client.balance -= amount;
      client.advance += advance;
      this.money(account, amount, method, operator, reference, `Règlement ${number}`, doc, date, at, 'settlement');
    }
    if (client.open.length === 0) this.dropDebtor(client);
    out.settlements.push({
      id,
      number,
      client_id: client.id,
      source: fromAdvance ? 'advance' : 'payment',
      account_id: account?.id ?? null,
      method,
      operator: method === 'mobile_money' ? operator : null,
      phone,
      reference,
      cheque_date: method === 'cheque' ? date : null,
      settlement_date: date,
      amount,
      allocated,
      advance,
      allocation_mode: 'oldest',
      status: 'validated',
      note: '',
      created_by: this.ctx.user.id,
      created_at: at,
      cancelled_by: null,
      cancelled_at: null,
      cancelled_on: null,
      cancel_reason: null,
      version: 1,
      updated_at: at,
    });
    this.result.settlements++;
  }

  private dropDebtor(client: Client): void {
    const at = this.debtorAt.get(client.id);
    if (at === undefined) return;
    const last = this.debtors.pop()!;
    if (last !== client) {
      this.debtors[at] = last;
      this.debtorAt.set(last.id, at);
    }
    this.debtorAt.delete(client.id);
  }

  /** Appends one money movement to the account's chain (as postMoneyMovements writes it) and moves its balance. */
  money(
    account: Account,
    amount: number,
    method: string,
    operator: string | null,
    reference: string | null,
    label: string,
    doc: { type: string; id: number; number: string | null },
    date: string,
    at: string,
    movementType = 'sale',
    saleLocation: number | null = null,
  ) {
    account.balance += amount;
    const row: Record<string, unknown> = {
      account_id: account.id,
      amount,
      balance_after: account.balance,
      movement_type: movementType,
      payment_method: method,
      operator,
      phone: null,
      reference,
      label,
      document_type: doc.type,
      document_id: doc.id,
      document_number: doc.number,
      user_id: this.ctx.user.id,
      business_date: date,
      occurred_at: at,
      prev_hash: account.lastHash,
    };
    row.hash = moneyMovementHash(row);
    account.lastHash = row.hash as string;
    this.ctx.out.money_movements.push(row);
    this.result.moneyMovements++;
    this.observer?.(row, saleLocation);
  }

  /** Balances of the accounts and of the clients on credit, once the history is written. */
  async finish(trx: Knex.Transaction): Promise<void> {
    const now = new Date().toISOString();
    for (const a of this.accounts)
      await trx('treasury_accounts')
        .where({ id: a.id })
        .update({ balance: a.balance, last_hash: a.lastHash, updated_at: now });
    await updateIntegersById(
      trx,
      'clients',
      'balance',
      this.clients.filter((c) => c.balance !== 0).map((c) => [c.id, c.balance]),
      { updated_at: now },
    );
    await updateIntegersById(
      trx,
      'clients',
      'advance',
      this.clients.filter((c) => c.advance !== 0).map((c) => [c.id, c.advance]),
    );
    // What the settlements paid on each credit invoice, and its payment status.
    const settled = [...this.paidBySale].filter(([, s]) => s.paid > 0);
    await updateIntegersById(
      trx,
      'sales',
      'amount_paid',
      settled.map(([id, s]) => [id, s.paid]),
    );
    for (const status of ['paid', 'partial'] as const) {
      const ids = settled.filter(([, s]) => paymentStatus(s.total, s.paid, 0) === status).map(([id]) => id);
      for (let i = 0; i < ids.length; i += 5_000)
        await trx('sales')
          .whereIn('id', ids.slice(i, i + 5_000))
          .update({ payment_status: status });
    }
    // The latest settlement of each invoice (État des créances at a past date), one update per date.
    const byDate = new Map<string, number[]>();
    for (const [id, x] of settled) if (x.last) byDate.set(x.last, [...(byDate.get(x.last) ?? []), id]);
    for (const [date, ids] of byDate)
      for (let i = 0; i < ids.length; i += 5_000)
        await trx('sales')
          .whereIn('id', ids.slice(i, i + 5_000))
          .update({ last_settlement_date: date });
  }
}
