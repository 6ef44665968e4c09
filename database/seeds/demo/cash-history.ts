import type { Knex } from 'knex';
import {
  CASH_OPERATION_KINDS_DEF,
  CASH_OPERATION_SERIES,
  type CashOperationKind,
} from '../../../shared/cash-operations.js';
import { denominationsOf } from '../../../shared/cash-closings.js';
import { MONEY_MOVEMENT_TYPE_LABELS } from '../../../shared/treasury.js';
import { updateIntegersById } from '../../../server/db/bulk.js';
import { toBool } from '../../../server/db/dialect.js';
import type { DemoScale } from './generate.js';
import { Random } from './random.js';
import type { Account, SalesSimulator } from './sales-history.js';

/**
 * A year (large) or three months (small) of cash life (issue 16), simulated day by day inside the
 * stock history's loop with the sales, on the same treasury accounts (balances and hash chains
 * shared with sales-history.ts): décaissements with the managed expense categories (the day's
 * small expenses, the monthly rent, bills and salaries), apports, inter-desk transfers (sent in the
 * evening, received the next open day; the last ones still « en transit »), the evening bank
 * deposit of each desk down to its float (slip numbers), bank withdrawals for the month's payroll
 * and when a desk must pay more than it holds, supplier payments from a desk, the bank or a wallet allocated to the supplier's
 * stock entries oldest first, mobile money ↔ caisse, and the daily closing (arrêté) of every desk
 * after the day's last movement: counted = expected most days, a few with an écart and its reason.
 *
 * Each operation writes exactly the rows recordCashOperation / receiveCashTransfer / closeDay
 * write (cash_operations, supplier_payment_allocations, the money movements with their labels,
 * stock_entries.amount_paid, suppliers.balance, cash_closings with its figures and summary as
 * closingFigures computes them) — no desk or wallet ever below zero, every CAI- number gap-free
 * after the counters —, set-based with the rest of the history. History documents carry no audit
 * entries (nobody acted on them here).
 */

export const CASH_PROFILES = {
  small: {
    supplierPaymentsPerDay: 1,
    paymentDelayDays: 20,
    floats: { depot: 150_000, boutique: 100_000 },
    scale: 0.25,
    differenceShare: 0.04,
  },
  large: {
    supplierPaymentsPerDay: 6,
    paymentDelayDays: 30,
    floats: { depot: 300_000, boutique: 200_000 },
    scale: 1,
    differenceShare: 0.03,
  },
} as const satisfies Record<DemoScale, unknown>;

export interface CashLifeResult {
  operations: number;
  expenses: number;
  cashIns: number;
  transfers: number;
  inTransit: number;
  deposits: number;
  withdrawals: number;
  supplierPayments: number;
  allocations: number;
  mobileMoney: number;
  closings: number;
  differences: number;
}

/** The accounts' details the labels and rules need. */
interface AccountMeta {
  name: string;
  kind: 'caisse' | 'banque' | 'mobile_money';
  operator: string | null;
}

interface Desk {
  account: Account;
  name: string;
  locationId: number;
  depot: boolean;
  /** What the cashier keeps in the drawer after the evening deposit (fonds de caisse). */
  float: number;
  cashier: string;
}

interface OpenEntry {
  id: number;
  supplierId: number;
  date: string;
  total: number;
  paid: number;
}

interface TypeTotal {
  total_in: number;
  total_out: number;
  count: number;
}

interface DayFigures {
  opening: number;
  byType: Map<string, TypeTotal>;
}

interface NonCashRow {
  method: string;
  operator: string | null;
  accountId: number;
  amount: number;
  documentType: string | null;
  saleLocation: number | null;
}

/** The day's small expenses: category (by its name in the managed list), chance a day, amount range, who was paid. */
const DAILY_EXPENSES: Array<{
  category: string;
  chance: number;
  depotOnly?: boolean;
  range: [number, number];
  step: number;
  beneficiaries: string[];
}> = [
  {
    category: 'Transport et livraison',
    chance: 0.45,
    range: [1_500, 15_000],
    step: 500,
    beneficiaries: ['Taxi-moto', 'Tricycle de livraison Adjamé', 'Pousse-pousse du marché', 'Gbaka Yopougon'],
  },
  {
    category: 'Carburant',
    chance: 0.5,
    depotOnly: true,
    range: [10_000, 40_000],
    step: 1_000,
    beneficiaries: ['Station Total Yopougon', 'Station Shell Plateau', 'Petro Ivoire Abobo'],
  },
  {
    category: 'Fournitures de bureau',
    chance: 0.08,
    range: [1_500, 20_000],
    step: 500,
    beneficiaries: ['Librairie de France', 'Papeterie du Marché', 'Carnets de reçus — imprimerie Nouvelle'],
  },
  {
    category: 'Entretien et réparations',
    chance: 0.05,
    range: [5_000, 75_000],
    step: 2_500,
    beneficiaries: ['Électricien (dépannage)', 'Plombier', 'Réparation du climatiseur', 'Soudeur (rideau métallique)'],
  },
  {
    category: 'Divers',
    chance: 0.12,
    range: [500, 10_000],
    step: 500,
    beneficiaries: [
      "Eau et café de l'équipe",
      "Sachets d'emballage",
      'Gardien de nuit (prime)',
      'Nettoyage du magasin',
    ],
  },
];

/** What a desk pays once a month (rent on the first open day, bills mid-month, salaries on the last). */
const MONTHLY = {
  rent: { category: 'Loyer', depot: 600_000, boutique: 350_000, beneficiary: 'Propriétaire — M. Yao KOUASSI' },
  bills: [
    {
      category: 'Électricité et eau',
      range: [60_000, 250_000] as [number, number],
      beneficiary: 'CIE / SODECI (facture du mois)',
    },
    {
      category: 'Téléphone et internet',
      range: [25_000, 60_000] as [number, number],
      beneficiary: "Orange Côte d'Ivoire (abonnement)",
    },
  ],
  salaries: {
    category: 'Salaires et primes',
    depot: [4, 1_200_000] as [number, number],
    boutique: [3, 650_000] as [number, number],
  },
  taxes: { category: 'Impôts et taxes', amount: 150_000, beneficiary: 'Direction générale des impôts (patente)' },
};

const DIFFERENCE_REASONS: Array<[number, string]> = [
  [-500, 'Erreur de rendu de monnaie sur une vente'],
  [-1_000, 'Manquant constaté au comptage, caissière informée'],
  [-2_000, 'Billet de 2 000 F contrefait retiré de la caisse'],
  [-250, 'Pièce de 250 F manquante (erreur de rendu)'],
  [-5_000, 'Manquant : avance au livreur non justifiée'],
  [500, 'Excédent : monnaie non reprise par un client'],
  [1_000, 'Excédent : vente encaissée deux fois, client remboursé le lendemain'],
];

const frenchDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const TYPE_ORDER = Object.keys(MONEY_MOVEMENT_TYPE_LABELS);
const typeOrder = (type: string) => (TYPE_ORDER.includes(type) ? TYPE_ORDER.indexOf(type) : TYPE_ORDER.length);

export class CashLifeSimulator {
  readonly result: CashLifeResult = {
    operations: 0,
    expenses: 0,
    cashIns: 0,
    transfers: 0,
    inTransit: 0,
    deposits: 0,
    withdrawals: 0,
    supplierPayments: 0,
    allocations: 0,
    mobileMoney: 0,
    closings: 0,
    differences: 0,
  };
  private readonly rng: Random;
  private nextOperationId = 1;
  private nextClosingId = 1;
  /** Transfers sent and not received yet: their row is written once its fate is known. */
  private pending: Array<{ row: Record<string, unknown>; from: Desk; to: Desk }> = [];
  /** Every validated stock entry still owed, oldest first (all suppliers), and each supplier's. */
  private readonly owed: OpenEntry[] = [];
  private owedHead = 0;
  private readonly owedBySupplier = new Map<number, OpenEntry[]>();
  private readonly paidByEntry = new Map<number, number>();
  private figures = new Map<number, DayFigures>();
  private nonCash: NonCashRow[] = [];

  private constructor(
    private readonly scale: DemoScale,
    private readonly sales: SalesSimulator,
    private readonly ctx: {
      user: { id: number; name: string };
      nextNumber: (series: string, date: string) => string;
      shiftDate: (iso: string, days: number) => string;
      out: Record<string, Record<string, unknown>[]>;
      /** Net change of each supplier's balance (entries +, payments −), written by the stock history. */
      supplierDebt: Map<number, number>;
      currency: string;
    },
    private readonly desks: Desk[],
    private readonly meta: Map<number, AccountMeta>,
    private readonly categories: Map<string, { id: number; name: string }>,
    private readonly suppliers: Map<number, string>,
    seed: number,
  ) {
    this.rng = new Random(seed ^ 0xca54);
  }

  static async create(
    db: Knex,
    scale: DemoScale,
    seed: number,
    sales: SalesSimulator,
    ctx: CashLifeSimulator['ctx'],
  ): Promise<CashLifeSimulator> {
    const profile = CASH_PROFILES[scale];
    const rows = await db('treasury_accounts as a')
      .leftJoin('locations as l', 'l.id', 'a.location_id')
      .select('a.id', 'a.name', 'a.kind', 'a.operator', 'a.location_id', 'l.kind as location_kind');
    const meta = new Map<number, AccountMeta>(
      rows.map((r) => [Number(r.id), { name: r.name, kind: r.kind, operator: r.operator ?? null }]),
    );
    const kindOf = new Map(
      rows.filter((r) => r.location_id !== null).map((r) => [Number(r.location_id), r.location_kind as string]),
    );
    const desks: Desk[] = [...sales.treasury.desks].map(([locationId, account]) => {
      const depot = kindOf.get(locationId) === 'depot';
      return {
        account,
        name: meta.get(account.id)!.name,
        locationId,
        depot,
        float: depot ? profile.floats.depot : profile.floats.boutique,
        cashier: depot ? 'Mariam TRAORÉ (caissière)' : 'Awa KONÉ (caissière)',
      };
    });
    const categories = new Map<string, { id: number; name: string }>();
    for (const c of await db('expense_categories').orderBy('id').select('id', 'name', 'active'))
      if (toBool(c.active)) categories.set(c.name, { id: Number(c.id), name: c.name });
    const suppliers = new Map<number, string>(
      (await db('suppliers').select('id', 'name')).map((s) => [Number(s.id), s.name as string]),
    );
    const sim = new CashLifeSimulator(scale, sales, ctx, desks, meta, categories, suppliers, seed);
    sim.nextOperationId = Number((await db('cash_operations').max({ m: 'id' }).first())?.m ?? 0) + 1;
    sim.nextClosingId = Number((await db('cash_closings').max({ m: 'id' }).first())?.m ?? 0) + 1;
    // The entries already owed (the opening stock, validated by the real service).
    for (const e of await db('stock_entries')
      .where({ status: 'validated' })
      .whereRaw('total_amount > amount_paid')
      .orderBy(['entry_date', 'id'])
      .select('id', 'supplier_id', 'entry_date', 'total_amount', 'amount_paid')) {
      sim.entryReceived({
        id: Number(e.id),
        supplierId: Number(e.supplier_id),
        date: e.entry_date,
        total: Number(e.total_amount),
        paid: Number(e.amount_paid),
      });
    }
    sales.observer = (row, saleLocation) => sim.observe(row, saleLocation);
    return sim;
  }

  /** A validated stock entry the supplier now waits to be paid for. */
  entryReceived(entry: OpenEntry): void {
    if (entry.total <= entry.paid) return;
    this.owed.push(entry);
    const list = this.owedBySupplier.get(entry.supplierId) ?? [];
    list.push(entry);
    this.owedBySupplier.set(entry.supplierId, list);
  }

  /** Every money movement of the day, as the closing's SQL will read it back. */
  private observe(row: Record<string, unknown>, saleLocation: number | null): void {
    const accountId = row.account_id as number;
    const figures = this.figures.get(accountId);
    const amount = row.amount as number;
    if (figures) {
      const type = row.movement_type as string;
      const t = figures.byType.get(type) ?? { total_in: 0, total_out: 0, count: 0 };
      if (amount > 0) t.total_in += amount;
      else t.total_out -= amount;
      t.count += 1;
      figures.byType.set(type, t);
    } else if (row.payment_method !== 'especes' && this.meta.get(accountId)?.kind !== 'caisse') {
      this.nonCash.push({
        method: row.payment_method as string,
        operator: (row.operator as string | null) ?? null,
        accountId,
        amount,
        documentType: (row.document_type as string | null) ?? null,
        saleLocation,
      });
    }
  }

  /** The morning: the day's figures start from each desk's balance; yesterday's transfers arrive. */
  morning(date: string, at: (h: number, m: number) => string): void {
    this.figures = new Map(this.desks.map((d) => [d.account.id, { opening: d.account.balance, byType: new Map() }]));
    this.nonCash = [];
    for (const t of this.pending.splice(0)) {
      const when = at(8, 30);
      this.move(
        t.to.account,
        Number(t.row.amount),
        'transfer_in',
        null,
        this.label('transfer', t.row.number as string, `de ${t.from.name}`),
        t.row,
        date,
        when,
      );
      Object.assign(t.row, {
        status: 'received',
        received_by: this.ctx.user.id,
        received_at: when,
        received_on: date,
        updated_at: when,
      });
      this.ctx.out.cash_operations.push(t.row);
    }
  }

  /** The day's operations, after the day's sales and settlements: expenses, payments, transfers, then each desk's deposit. */
  day(date: string, at: (h: number, m: number) => string, last: boolean): void {
    const rng = this.rng;
    const profile = CASH_PROFILES[this.scale];
    const bank = this.sales.treasury.bank;
    const dayOfMonth = Number(date.slice(8, 10));
    const nextOpen = this.nextOpenDay(date);
    const firstOfMonth = this.previousOpenDay(date).slice(0, 7) !== date.slice(0, 7);
    const lastOfMonth = nextOpen.slice(0, 7) !== date.slice(0, 7);
    const depot = this.desks.find((d) => d.depot) ?? this.desks[0];
    const shop = this.desks.find((d) => !d.depot) ?? null;
    const scaled = (n: number) => Math.max(500, Math.round((n * profile.scale) / 500) * 500);

    for (const desk of this.desks) {
      // Monthly: the rent on the month's first open day, bills after the 10th, salaries on its last open day, the patente each quarter.
      if (firstOfMonth)
        this.expense(
          desk,
          date,
          at(9, 0),
          MONTHLY.rent.category,
          scaled(desk.depot ? MONTHLY.rent.depot : MONTHLY.rent.boutique),
          MONTHLY.rent.beneficiary,
          `Quittance ${date.slice(5, 7)}/${date.slice(0, 4)}`,
        );
      if (desk.depot && dayOfMonth >= 10 && this.previousOpenDay(date) < `${date.slice(0, 8)}10`) {
        for (const bill of MONTHLY.bills)
          this.expense(
            desk,
            date,
            at(10, 30),
            bill.category,
            scaled(rng.int(bill.range[0] / 500, bill.range[1] / 500) * 500),
            bill.beneficiary,
            `Facture ${rng.digits(8)}`,
          );
        if (['01', '04', '07', '10'].includes(date.slice(5, 7)))
          this.expense(
            desk,
            date,
            at(11, 0),
            MONTHLY.taxes.category,
            scaled(MONTHLY.taxes.amount),
            MONTHLY.taxes.beneficiary,
            `Quittance DGI ${rng.digits(6)}`,
          );
      }
      if (lastOfMonth) {
        const [people, total] = desk.depot ? MONTHLY.salaries.depot : MONTHLY.salaries.boutique;
        // The payroll is drawn from the bank in the afternoon (a cheque to the manager), then paid out at the desk.
        this.withdraw(desk, scaled(total), date, at(15, 30));
        this.expense(
          desk,
          date,
          at(17, 0),
          MONTHLY.salaries.category,
          scaled(total),
          `Personnel (${people} salariés) — état de paie du mois`,
          `Paie ${date.slice(5, 7)}/${date.slice(0, 4)}`,
        );
      }
      // The day's small expenses.
      for (const e of DAILY_EXPENSES) {
        if ((e.depotOnly && !desk.depot) || !rng.chance(e.chance)) continue;
        const amount = rng.int(e.range[0] / e.step, e.range[1] / e.step) * e.step;
        this.expense(
          desk,
          date,
          at(rng.int(9, 16), rng.int(0, 59)),
          e.category,
          amount,
          rng.pick(e.beneficiaries),
          rng.chance(0.7) ? `Reçu ${rng.digits(5)}` : '',
        );
      }
    }

    // Now and then the manager brings cash to the shop (change for the float, a busy Saturday).
    if (shop && rng.chance(0.04)) {
      this.operation('cash_in', date, at(8, 45), rng.int(2, 12) * 25_000, null, shop.account, {
        beneficiary: 'Ibrahim OUATTARA (gérant)',
        reference: '',
      });
      this.result.cashIns++;
    }

    // Supplier payments, oldest deliveries first, from the bank, the depot's drawer or a wallet.
    const due = this.ctx.shiftDate(date, -profile.paymentDelayDays);
    for (let i = 0; i < profile.supplierPaymentsPerDay; i++)
      this.supplierPayment(date, at(rng.int(10, 16), rng.int(0, 59)), due, depot);

    // Mobile money ↔ caisse: a wallet's takings withdrawn at the agent into the depot's drawer, or cash put on a wallet.
    const wallets = [...this.sales.treasury.wallets.values()];
    if (wallets.length && rng.chance(0.15)) {
      const wallet = rng.pick(wallets);
      const toDesk = rng.chance(0.8);
      const from = toDesk ? wallet : depot.account;
      const available = toDesk ? wallet.balance : depot.account.balance - depot.float;
      const amount = Math.min(available, rng.int(4, 40) * 25_000);
      if (amount >= 25_000) {
        const operator = this.meta.get(wallet.id)?.operator ?? 'mm';
        this.operation(
          'mobile_money',
          date,
          at(rng.int(11, 16), rng.int(0, 59)),
          amount,
          from,
          toDesk ? depot.account : wallet,
          {
            reference: `${operator.slice(0, 2).toUpperCase()}${date.replaceAll('-', '')}.${rng.digits(4)}.${rng.digits(6)}`,
          },
        );
        this.result.mobileMoney++;
      }
    }

    // Inter-desk transfers in the evening: the shop sends part of its takings to the depot twice a
    // week, the depot sends change to the shop on Mondays; both on the last day (left in transit).
    if (shop) {
      const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
      if (last || weekday === 3 || weekday === 6) {
        const room = shop.account.balance - shop.float;
        const amount = Math.floor((room * rng.int(30, 60)) / 100 / 10_000) * 10_000;
        if (amount >= 10_000) this.transfer(shop, depot, amount, date, at(17, 30));
      }
      if (last || weekday === 1) {
        const amount = scaled(rng.int(2, 6) * 25_000);
        if (depot.account.balance - depot.float >= amount) this.transfer(depot, shop, amount, date, at(17, 40));
      }
    }

    // The evening deposit: each desk takes everything above its float to the bank (the slip's number kept).
    if (bank) {
      for (const desk of this.desks) {
        const amount = desk.account.balance - desk.float;
        if (amount < 5_000) continue;
        this.operation('bank_deposit', date, at(18, 15), amount, desk.account, bank, {
          beneficiary: desk.cashier,
          reference: `BV${rng.digits(8)}`,
        });
        this.result.deposits++;
      }
    }
  }

  /** The closing of every desk, after the day's last movement: counted by notes and coins, now and then an écart explained. */
  close(date: string, at: (h: number, m: number) => string): void {
    const denominations = denominationsOf(this.ctx.currency);
    this.desks.forEach((desk, index) => {
      const figures = this.figures.get(desk.account.id)!;
      const byType = [...figures.byType.entries()]
        .map(([type, t]) => ({
          movement_type: type,
          label: MONEY_MOVEMENT_TYPE_LABELS[type] ?? type,
          total_in: t.total_in,
          total_out: t.total_out,
          count: t.count,
        }))
        .sort((a, b) => typeOrder(a.movement_type) - typeOrder(b.movement_type));
      const totalIn = byType.reduce((s, t) => s + t.total_in, 0);
      const totalOut = byType.reduce((s, t) => s + t.total_out, 0);
      const count = byType.reduce((s, t) => s + t.count, 0);
      const expected = desk.account.balance;
      if (figures.opening + totalIn - totalOut !== expected)
        throw new Error(`historique de caisse : arrêté incohérent (${desk.name}, ${date})`);
      let reason = '';
      let wanted = expected;
      if (this.rng.chance(CASH_PROFILES[this.scale].differenceShare)) {
        const [gap, why] = this.rng.pick(DIFFERENCE_REASONS);
        if (expected + gap >= 0) {
          wanted = expected + gap;
          reason = why;
        }
      }
      // The drawer counted note by note, largest first (what is below the smallest coin cannot be counted).
      const counts: Array<{ key: string; count: number }> = [];
      let left = wanted;
      for (const d of denominations) {
        const n = Math.floor(left / d.value);
        if (n > 0) counts.push({ key: d.key, count: n });
        left -= n * d.value;
      }
      const counted = wanted - left;
      const difference = counted - expected;
      if (difference !== 0 && !reason) reason = 'Appoint : pièces de moins de 5 F, impossibles à compter';
      // The day's non-cash takings of this desk: the sales of its place, the other documents of its cashiers.
      const groups = new Map<
        string,
        {
          method: string;
          operator: string | null;
          account_id: number;
          account_name: string;
          total: number;
          count: number;
        }
      >();
      for (const m of this.nonCash) {
        if (m.documentType === 'sale' ? m.saleLocation !== desk.locationId : m.documentType === null || count === 0)
          continue;
        const key = `${m.method}|${m.operator}|${m.accountId}`;
        const g = groups.get(key) ?? {
          method: m.method,
          operator: m.operator,
          account_id: m.accountId,
          account_name: this.meta.get(m.accountId)!.name,
          total: 0,
          count: 0,
        };
        g.total += m.amount;
        g.count += 1;
        groups.set(key, g);
      }
      const nonCash = [...groups.values()].sort((a, b) =>
        a.method < b.method
          ? -1
          : a.method > b.method
            ? 1
            : a.account_name < b.account_name
              ? -1
              : a.account_name > b.account_name
                ? 1
                : 0,
      );
      const id = this.nextClosingId++;
      const closedAt = at(19, index);
      this.ctx.out.cash_closings.push({
        id,
        account_id: desk.account.id,
        closing_date: date,
        status: 'closed',
        open_key: `${desk.account.id}:${date}`,
        currency: this.ctx.currency,
        opening_balance: figures.opening,
        total_in: totalIn,
        total_out: totalOut,
        expected,
        counted,
        difference,
        movement_count: count,
        reason: difference === 0 ? '' : reason,
        denominations: JSON.stringify(counts),
        summary: JSON.stringify({ by_type: byType, non_cash: nonCash }),
        closed_by: this.ctx.user.id,
        closed_at: closedAt,
      });
      if (difference !== 0) {
        this.sales.money(
          desk.account,
          difference,
          'especes',
          null,
          reason.slice(0, 80),
          `Écart de caisse (arrêté du ${frenchDate(date)})`,
          { type: 'cash_closing', id, number: null },
          date,
          closedAt,
          'closing_difference',
        );
        this.result.differences++;
      }
      this.result.closings++;
    });
  }

  /** The end of the history, before the last flush: the transfers sent on the last day stay in transit. */
  endOfHistory(): void {
    for (const t of this.pending) this.ctx.out.cash_operations.push(t.row);
    this.result.inTransit = this.pending.length;
    this.pending = [];
  }

  /** Once every row is written: what the payments settled on each stock entry. */
  async finish(trx: Knex.Transaction): Promise<void> {
    await updateIntegersById(trx, 'stock_entries', 'amount_paid', [...this.paidByEntry]);
  }

  private expense(
    desk: Desk,
    date: string,
    at: string,
    categoryName: string,
    amount: number,
    beneficiary: string,
    reference: string,
  ): void {
    const category = this.categories.get(categoryName) ?? this.categories.values().next().value;
    if (!category) return;
    if (!this.cover(desk, amount, date, at)) return;
    this.operation('expense', date, at, amount, desk.account, null, { beneficiary, reference, category });
    this.result.expenses++;
  }

  /** Makes sure the desk can pay `amount` (a bank withdrawal first when its drawer is short); false when it cannot. */
  private cover(desk: Desk, amount: number, date: string, at: string): boolean {
    if (desk.account.balance >= amount) return true;
    return this.withdraw(desk, Math.ceil((amount - desk.account.balance + 50_000) / 10_000) * 10_000, date, at);
  }

  /** A bank withdrawal of `amount` into the desk's drawer; false when the bank does not hold it. */
  private withdraw(desk: Desk, amount: number, date: string, at: string): boolean {
    const bank = this.sales.treasury.bank;
    if (!bank || bank.balance < amount) return false;
    this.operation('bank_withdrawal', date, at, amount, bank, desk.account, {
      beneficiary: 'Ibrahim OUATTARA (gérant)',
      reference: `CHQ ${this.rng.digits(7)}`,
    });
    this.result.withdrawals++;
    return true;
  }

  private transfer(from: Desk, to: Desk, amount: number, date: string, at: string): void {
    const row = this.operation('transfer', date, at, amount, from.account, to.account, {
      beneficiary: 'Seydou DIALLO (chauffeur)',
      reference: '',
    });
    this.pending.push({ row, from, to });
    this.result.transfers++;
  }

  private supplierPayment(date: string, at: string, due: string, depot: Desk): void {
    const rng = this.rng;
    while (this.owedHead < this.owed.length && this.owed[this.owedHead].paid >= this.owed[this.owedHead].total)
      this.owedHead++;
    // One of the oldest deliveries still owed, old enough to be paid.
    const candidates: OpenEntry[] = [];
    for (let i = this.owedHead; i < this.owed.length && candidates.length < 5; i++) {
      const e = this.owed[i];
      if (e.date > due) break;
      if (e.paid < e.total) candidates.push(e);
    }
    if (!candidates.length) return;
    const supplierId = rng.pick(candidates).supplierId;
    const entries = this.owedBySupplier.get(supplierId)!;
    while (entries.length && entries[0].paid >= entries[0].total) entries.shift();
    const aged = entries.filter((e) => e.date <= due).reduce((s, e) => s + e.total - e.paid, 0);
    let amount = rng.chance(0.7) ? aged : Math.floor((aged * rng.int(40, 90)) / 100 / 5_000) * 5_000;
    const roll = rng.next();
    const bank = this.sales.treasury.bank;
    const wallets = [...this.sales.treasury.wallets.values()];
    let from: Account | null = null;
    let method: 'especes' | 'virement' | 'cheque' | 'mobile_money' = 'especes';
    let reference = '';
    if (roll < 0.25 && depot.account.balance - depot.float >= 5_000) {
      from = depot.account;
      amount = Math.min(amount, depot.account.balance - depot.float);
      reference = `Reçu fournisseur ${rng.digits(5)}`;
    } else if (roll < 0.35 && wallets.length) {
      const wallet = wallets.reduce((a, b) => (b.balance > a.balance ? b : a));
      from = wallet;
      method = 'mobile_money';
      amount = Math.min(amount, wallet.balance);
      const operator = this.meta.get(wallet.id)?.operator ?? 'mm';
      reference = `${operator.slice(0, 2).toUpperCase()}${date.replaceAll('-', '')}.${rng.digits(4)}.${rng.digits(6)}`;
    } else if (bank) {
      from = bank;
      method = rng.chance(0.6) ? 'virement' : 'cheque';
      amount = Math.min(amount, bank.balance - 500_000);
      reference = method === 'virement' ? `VIR-${rng.digits(9)}` : `Chèque n° ${rng.digits(7)}`;
    }
    if (!from || amount < 5_000) return;
    const row = this.operation('supplier_payment', date, at, amount, from, null, {
      beneficiary: 'Représentant du fournisseur',
      reference,
      supplierId,
      method,
    });
    // Oldest entries first, as allocateSupplierPayment does.
    let left = amount;
    for (const e of entries) {
      if (left === 0) break;
      const part = Math.min(e.total - e.paid, left);
      if (part <= 0) continue;
      e.paid += part;
      left -= part;
      this.paidByEntry.set(e.id, e.paid);
      this.ctx.out.supplier_payment_allocations.push({
        cash_operation_id: row.id,
        stock_entry_id: e.id,
        amount: part,
        cancelled_at: null,
      });
      this.result.allocations++;
    }
    row.allocated = amount - left;
    this.ctx.supplierDebt.set(supplierId, (this.ctx.supplierDebt.get(supplierId) ?? 0) - amount);
    this.result.supplierPayments++;
  }

  /**
   * One CAI- operation as recordCashOperation writes it: its row (written now, or once received for
   * a transfer) and its movements — out of the paying account, into the receiving one (a transfer's
   * arrives on reception).
   */
  private operation(
    kind: CashOperationKind,
    date: string,
    at: string,
    amount: number,
    from: Account | null,
    to: Account | null,
    extra: {
      beneficiary?: string;
      reference: string;
      category?: { id: number; name: string };
      supplierId?: number;
      method?: 'especes' | 'virement' | 'cheque' | 'mobile_money';
    },
  ): Record<string, unknown> {
    const id = this.nextOperationId++;
    const number = this.ctx.nextNumber(CASH_OPERATION_SERIES, date);
    const fromMeta = from ? this.meta.get(from.id)! : null;
    const toMeta = to ? this.meta.get(to.id)! : null;
    const methodOf = (m: AccountMeta) =>
      m.kind === 'caisse'
        ? 'especes'
        : m.kind === 'mobile_money'
          ? 'mobile_money'
          : kind === 'supplier_payment'
            ? (extra.method ?? 'virement')
            : 'especes';
    const paying = fromMeta ?? toMeta!;
    const beneficiary = extra.beneficiary ?? '';
    const supplierName = extra.supplierId ? this.suppliers.get(extra.supplierId)! : null;
    const row: Record<string, unknown> = {
      id,
      number,
      kind,
      status: kind === 'transfer' ? 'in_transit' : 'done',
      operation_date: date,
      amount,
      from_account_id: from?.id ?? null,
      to_account_id: to?.id ?? null,
      expense_category_id: extra.category?.id ?? null,
      supplier_id: extra.supplierId ?? null,
      payment_method: methodOf(paying),
      beneficiary,
      reference: extra.reference,
      note: '',
      allocated: 0,
      created_by: this.ctx.user.id,
      created_at: at,
      received_by: null,
      received_at: null,
      received_on: null,
      cancelled_by: null,
      cancelled_at: null,
      cancelled_on: null,
      cancel_reason: null,
      updated_at: at,
    };
    const detail =
      extra.category?.name ?? supplierName ?? (kind === 'transfer' && toMeta ? `vers ${toMeta.name}` : beneficiary);
    const types = {
      expense: ['cash_out', 'cash_out'],
      cash_in: ['cash_in', 'cash_in'],
      transfer: ['transfer_out', 'transfer_in'],
      bank_deposit: ['bank_deposit', 'bank_deposit'],
      bank_withdrawal: ['bank_withdrawal', 'bank_withdrawal'],
      supplier_payment: ['supplier_payment', 'supplier_payment'],
      mobile_money: ['mobile_money_transfer', 'mobile_money_transfer'],
    }[kind];
    if (from && fromMeta)
      this.move(
        from,
        -amount,
        types[0],
        extra.reference || null,
        this.label(kind, number, detail),
        row,
        date,
        at,
        methodOf(fromMeta),
        fromMeta.operator,
      );
    if (to && toMeta && kind !== 'transfer')
      this.move(
        to,
        amount,
        types[1],
        extra.reference || null,
        this.label(kind, number, fromMeta ? `de ${fromMeta.name}` : detail),
        row,
        date,
        at,
        methodOf(toMeta),
        toMeta.operator,
      );
    if (kind !== 'transfer') this.ctx.out.cash_operations.push(row);
    this.result.operations++;
    return row;
  }

  private move(
    account: Account,
    amount: number,
    type: string,
    reference: string | null,
    label: string,
    op: Record<string, unknown>,
    date: string,
    at: string,
    method = 'especes',
    operator: string | null = null,
  ): void {
    if (amount < 0 && account.balance + amount < 0 && this.meta.get(account.id)?.kind !== 'banque')
      throw new Error(`historique de caisse : solde négatif (${this.meta.get(account.id)?.name}, ${date})`);
    this.sales.money(
      account,
      amount,
      method,
      operator,
      reference,
      label,
      { type: 'cash_operation', id: op.id as number, number: op.number as string },
      date,
      at,
      type,
    );
  }

  /** « Décaissement CAI-2026-000004 — Transport », as movementLabel (operations.ts). */
  private label(kind: CashOperationKind, number: string, detail: string): string {
    const base = `${CASH_OPERATION_KINDS_DEF[kind].label} ${number}`;
    return (detail ? `${base} — ${detail}` : base).slice(0, 255);
  }

  private nextOpenDay(date: string): string {
    let d = this.ctx.shiftDate(date, 1);
    while (new Date(`${d}T12:00:00Z`).getUTCDay() === 0) d = this.ctx.shiftDate(d, 1);
    return d;
  }

  private previousOpenDay(date: string): string {
    let d = this.ctx.shiftDate(date, -1);
    while (new Date(`${d}T12:00:00Z`).getUTCDay() === 0) d = this.ctx.shiftDate(d, -1);
    return d;
  }
}
