import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Paginated } from '../../../shared/lists.js';
import type { RulePreviewRow, RulePreviewSummary } from '../../../shared/price-centre.js';
import type { ProductFilters } from '../../../shared/products.js';
import { paginateRows } from '../../db/paginate.js';
import { nowIso } from '../../db/dialect.js';
import { updateIntegersById } from '../../db/bulk.js';
import { inTransaction } from '../../db/transaction.js';
import {
  PRICE_FIELDS,
  type PriceField,
  type PriceRule,
  type RuleOutcome,
  SKIP_REASON_LABELS,
  type SkipReason,
  applyRule,
} from '../../domain/pricing/price-rule.js';
import { type Actor, auditUser } from '../actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { type PriceChange, productsQuery, recordPriceChanges, withCategoryNames } from '../products/products.js';
import { Refusal } from '../../domain/errors.js';
import { companyVat, getCompany } from '../company/get-company.js';
import type { ProductsRow } from '../../db/tables.generated.js';

/**
 * The price centre (Centrale des prix): the grid's in-place save and the bulk price rule
 * (preview → apply). The rule's arithmetic is the pure domain function applyRule(); this file loads
 * the products in scope, runs it, and writes the result set-based in one transaction.
 */

export interface RuleScope {
  q: string;
  filters: ProductFilters;
}

export interface GridRow {
  id: number;
  purchase_price: number;
  retail_price: number;
  wholesale_price: number;
  min_price: number;
  updated_at: string | null;
}

/** Saves edited rows of the grid together: every row is checked first, then all are written. */
export async function saveGridPrices(db: Knex, rows: GridRow[], actor: Actor): Promise<number> {
  return inTransaction(db, async (trx) => {
    const ids = rows.map((r) => r.id);
    const current = new Map(
      (await trx('products').whereIn('id', ids).forUpdate().select('*')).map((p) => [Number(p.id), p]),
    );
    const errors: Record<string, string> = {};
    const seen = new Set<number>();
    rows.forEach((row, i) => {
      const product = current.get(row.id);
      if (!product) errors[`rows.${i}.id`] = 'Ce produit n’existe plus.';
      else if (seen.has(row.id)) errors[`rows.${i}.id`] = 'Ce produit apparaît deux fois.';
      else if (row.updated_at && row.updated_at !== product.updated_at) {
        errors[`rows.${i}.id`] =
          `Le produit ${product.code} a été modifié entre-temps par quelqu’un d’autre : rechargez la page.`;
      }
      seen.add(row.id);
    });
    if (Object.keys(errors).length) throw new Refusal(errors);

    const now = nowIso();
    const changes: PriceChange[] = [];
    let changedProducts = 0;
    for (const row of rows) {
      const product = current.get(row.id)!;
      const own = PRICE_FIELDS.filter((f) => Number(product[f]) !== row[f]).map((f) => ({
        product_id: row.id,
        field: f,
        old_value: Number(product[f]),
        new_value: row[f],
      }));
      if (!own.length) continue;
      changedProducts += 1;
      changes.push(...own);
      await trx('products')
        .where({ id: row.id })
        .update({ ...Object.fromEntries(own.map((c) => [c.field, c.new_value])), updated_at: now });
      await recordAudit(trx, {
        action: 'product.prices_changed',
        user: auditUser(actor),
        subject: { type: 'product', id: row.id, label: `${product.code} — ${product.name}` },
        details: {
          before: Object.fromEntries(own.map((c) => [c.field, c.old_value])),
          after: Object.fromEntries(own.map((c) => [c.field, c.new_value])),
          note: 'Centrale des prix',
        },
        ip: actor.ip,
      });
    }
    await recordPriceChanges(trx, changes, actor, 'manual', now);
    return changedProducts;
  });
}

interface Evaluated {
  id: number;
  code: string;
  name: string;
  category_name: string;
  outcome: RuleOutcome;
}

/** Every product in scope with what the rule does to it, in code order. */
async function evaluate(
  db: Knex | Knex.Transaction,
  rule: PriceRule,
  scope: RuleScope,
  options: { lock?: boolean } = {},
): Promise<Evaluated[]> {
  const query = productsQuery(db, { q: scope.q, sort: 'code', dir: 'asc', filters: scope.filters })
    .clearSelect()
    .select(
      'products.id',
      'products.code',
      'products.name',
      'products.category_id',
      ...PRICE_FIELDS.map((f) => `products.${f}`),
      'products.cmup',
    );
  // Applying: lock the products read (PostgreSQL; SQLite's BEGIN IMMEDIATE already serialises) so
  // a price saved meanwhile cannot be overwritten by a value computed from its old price.
  if (options.lock) query.forUpdate('products');
  const picked: Pick<ProductsRow, 'id' | 'code' | 'name' | 'category_id' | PriceField | 'cmup'>[] = await query;
  const rows = await withCategoryNames(db, picked);
  // A margin over a cost is VAT excluded: the company's VAT decides the price it gives.
  const vat = companyVat(await getCompany(db));
  return rows.map((r) => ({
    id: Number(r.id),
    code: r.code,
    name: r.name,
    category_name: r.category_name,
    outcome: applyRule(
      {
        purchase_price: Number(r.purchase_price),
        cmup: Number(r.cmup),
        retail_price: Number(r.retail_price),
        wholesale_price: Number(r.wholesale_price),
        min_price: Number(r.min_price),
      },
      rule,
      vat,
    ),
  }));
}

/**
 * What the preview showed, as a hash: the rule, the scope and every product's outcome. Applying
 * recomputes it; any difference (a price changed meanwhile, a product added to the scope) means
 * the user would not get what they saw, so the apply is refused.
 */
function fingerprintOf(rule: PriceRule, scope: RuleScope, evaluated: Evaluated[]): string {
  const hash = createHash('sha256').update(JSON.stringify({ rule, q: scope.q, filters: scope.filters }));
  for (const e of evaluated) {
    const o = e.outcome;
    hash.update(`${e.id}:${o.kind}:${o.old}:${o.kind === 'change' ? o.new : o.kind === 'skip' ? o.reason : ''};`);
  }
  return hash.digest('hex').slice(0, 32);
}

export interface RulePreview {
  summary: RulePreviewSummary;
  /** The page asked for of the rows the rule changes or skips, in code order. */
  rows: Paginated<RulePreviewRow>;
  fingerprint: string;
}

/** What the rule would do to the products of the scope (one page of its rows), and the fingerprint to apply it. */
export async function previewRule(
  db: Knex,
  rule: PriceRule,
  scope: RuleScope,
  page: { page: number; perPage: number },
): Promise<RulePreview> {
  const evaluated = await evaluate(db, rule, scope);
  const byReason = new Map<SkipReason, number>();
  const rows: RulePreviewRow[] = [];
  let changed = 0;
  let unchanged = 0;
  for (const e of evaluated) {
    const o = e.outcome;
    const base = { id: e.id, code: e.code, name: e.name, category_name: e.category_name, old_value: o.old };
    if (o.kind === 'change') {
      changed += 1;
      rows.push({ ...base, new_value: o.new, status: 'change', reason: null });
    } else if (o.kind === 'skip') {
      byReason.set(o.reason, (byReason.get(o.reason) ?? 0) + 1);
      rows.push({ ...base, new_value: o.proposed, status: 'skip', reason: SKIP_REASON_LABELS[o.reason] });
    } else {
      unchanged += 1;
    }
  }
  const skipped = evaluated.length - changed - unchanged;
  return {
    summary: {
      scope_count: evaluated.length,
      changed,
      unchanged,
      skipped,
      skipped_by_reason: [...byReason].map(([reason, count]) => ({ reason, label: SKIP_REASON_LABELS[reason], count })),
    },
    rows: paginateRows(rows, page.page, page.perPage),
    fingerprint: fingerprintOf(rule, scope, evaluated),
  };
}

export const STALE_PREVIEW =
  'Les prix ont changé depuis l’aperçu : vérifiez le nouvel aperçu avant d’appliquer la règle.';

/**
 * Applies the rule to every product of the scope in ONE transaction: a set-based UPDATE of the
 * changed price (chunks of one statement), the price history rows, one audit entry.
 */
export async function applyPriceRule(
  db: Knex,
  rule: PriceRule,
  scope: RuleScope,
  fingerprint: string,
  actor: Actor,
  description: string,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const evaluated = await evaluate(trx, rule, scope, { lock: true });
    if (fingerprintOf(rule, scope, evaluated) !== fingerprint) throw Refusal.action(STALE_PREVIEW);
    const changes: PriceChange[] = [];
    for (const e of evaluated)
      if (e.outcome.kind === 'change')
        changes.push({ product_id: e.id, field: rule.field, old_value: e.outcome.old, new_value: e.outcome.new });
    if (!changes.length) throw Refusal.action('La règle ne change aucun prix : rien n’a été enregistré.');
    const now = nowIso();
    await updateIntegersById(
      trx,
      'products',
      rule.field,
      changes.map((c) => [c.product_id, c.new_value]),
      { updated_at: now },
    );
    await recordPriceChanges(trx, changes, actor, 'rule', now);
    await recordAudit(trx, {
      action: 'prices.rule_applied',
      user: auditUser(actor),
      subject: { type: 'price_rule', id: fingerprint, label: description },
      details: {
        rule,
        scope: { q: scope.q, ...scope.filters },
        changed: changes.length,
        skipped: evaluated.filter((e) => e.outcome.kind === 'skip').length,
        note: description,
      },
      ip: actor.ip,
    });
    return changes.length;
  });
}
