import { type Request, Router } from 'express';
import type { AppContext } from '../context.js';
import type { ProductFilters } from '../../../shared/master-data.js';
import { formatMoney } from '../../../shared/money.js';
import { paginate } from '../../db/paginate.js';
import { describeRule } from '../../domain/pricing/price-rule.js';
import { categoryOptions } from '../../services/categories/categories.js';
import { getCurrency } from '../../services/company/get-company.js';
import { type RuleScope, applyPriceRule, previewRule, saveGridPrices } from '../../services/prices/price-centre.js';
import { PRODUCT_SORTS, type ProductSort, productsQuery, withCategoryNames } from '../../services/products/products.js';
import { type ExportSpec, sendExport } from '../../services/tabular/export.js';
import { actorOf } from '../actor.js';
import { downloadGuard, exportFormat } from '../master-data.js';
import { can, requireAuth, requireVerified } from '../middleware/auth.js';
import { presentPriceGridRow } from '../presenters/master-data.js';
import { flash, redirect, redirectBack } from '../respond.js';
import { gridSaveSchema, priceRuleSchema } from '../schemas/prices.js';
import { queryId, parseListParams, queryText, statusFilter } from '../query.js';
import { validate } from '../validation.js';
import { Refusal } from '../../domain/errors.js';
import { backTo } from '../errors.js';
import { may } from '../../policies/index.js';

/**
 * Centrale des prix. URLs:
 *   GET  /fichiers/centraleprix                 grid (q, category_id, status, sort, dir, page, per_page)
 *   GET  /fichiers/centraleprix/export          CSV/XLSX of the grid as filtered (?format=xlsx)
 *   PUT  /fichiers/centraleprix                 { rows: [{ id, purchase_price, retail_price, wholesale_price, min_price, updated_at }] }
 *   POST /fichiers/centraleprix/apercu          rule + scope → 303 to the preview (errors on the rule's fields)
 *   GET  /fichiers/centraleprix/apercu?…        Preview page (rule and scope in the query string; page=)
 *   POST /fichiers/centraleprix/appliquer       rule + scope + fingerprint → applied in one transaction
 */
const BASE = '/fichiers/centraleprix';
const PREVIEW_PER_PAGE = 50;

const filters = (q: Record<string, unknown>): ProductFilters => ({ category_id: queryId(q, 'category_id'), status: statusFilter(q) });
const listSpec = { sorts: PRODUCT_SORTS, defaultSort: 'code' as ProductSort, filters };

function scopeOf(source: Record<string, unknown>): RuleScope {
  return { q: queryText(source, 'q').slice(0, 100), filters: filters(source) };
}

const RULE_KEYS = ['field', 'operation', 'direction', 'value', 'base', 'step', 'rounding'] as const;

function previewUrl(input: Record<string, unknown>, scope: RuleScope): string {
  const qs = new URLSearchParams();
  for (const key of RULE_KEYS) qs.set(key, String(input[key] ?? ''));
  if (scope.q) qs.set('q', scope.q);
  if (scope.filters.category_id) qs.set('category_id', scope.filters.category_id);
  qs.set('status', scope.filters.status);
  return `${BASE}/apercu?${qs}`;
}

function exportSpec(currency: string): ExportSpec<any> {
  return {
    fileName: 'centrale-des-prix',
    sheetName: 'Prix',
    currency,
    columns: [
      { header: 'Code', value: (r) => r.code, width: 12 },
      { header: 'Code-barres', value: (r) => r.barcode ?? '', width: 16 },
      { header: 'Désignation', value: (r) => r.name, width: 36 },
      { header: 'Catégorie', value: (r) => r.category_name, width: 20 },
      { header: 'Unité', value: (r) => r.unit },
      { header: "Prix d'achat", kind: 'money', value: (r) => Number(r.purchase_price) },
      { header: 'CMUP', kind: 'money', value: (r) => Number(r.cmup) },
      { header: 'Prix de détail', kind: 'money', value: (r) => Number(r.retail_price) },
      { header: 'Prix de gros', kind: 'money', value: (r) => Number(r.wholesale_price) },
      { header: 'Prix minimum', kind: 'money', value: (r) => Number(r.min_price) },
    ],
  };
}

export function priceCentreRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  r.use(BASE, requireAuth, requireVerified, can('menu.centraleprix'));
  const canUpdate = (req: Request) => may(req.user!, 'prices.update');

  r.get(BASE, async (req, res) => {
    const { page, ...params } = parseListParams(req, listSpec);
    const rows = await paginate(productsQuery(db, params), page, params.per_page, (row) => row);
    const products = { ...rows, data: (await withCategoryNames(db, rows.data)).map(presentPriceGridRow) };
    await res.inertia.render('price-centre/Index', {
      products,
      params,
      categories: await categoryOptions(db, params.filters.category_id ? Number(params.filters.category_id) : null),
      can_update: canUpdate(req),
      can_export: may(req.user!, 'products.export'),
      currency: await getCurrency(db),
    });
  });

  r.get(`${BASE}/export`, can('products.export'), downloadGuard, async (req, res) => {
    const params = parseListParams(req, listSpec);
    await sendExport(res, exportFormat(req), exportSpec(await getCurrency(db)), await withCategoryNames(db, await productsQuery(db, params)));
  });

  r.put(BASE, can('prices.update'), async (req, res) => {
    const { rows } = validate(gridSaveSchema(await getCurrency(db)), req.body);
    const changed = await saveGridPrices(db, rows, actorOf(req));
    flash(req, 'success', changed ? `Prix enregistrés pour ${changed} produit${changed > 1 ? 's' : ''}.` : 'Aucun prix modifié.');
    redirectBack(req, res, BASE);
  });

  r.post(`${BASE}/apercu`, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    validate(priceRuleSchema(await getCurrency(db)), body);
    redirect(res, previewUrl(body, scopeOf(body)));
  });

  r.get(`${BASE}/apercu`, async (req, res) => {
    const query = req.query as Record<string, unknown>;
    const currency = await getCurrency(db);
    const ruleQuery = Object.fromEntries(RULE_KEYS.map((k) => [k, queryText(query, k)]));
    const parsed = priceRuleSchema(currency).safeParse(ruleQuery);
    if (!parsed.success) {
      flash(req, 'error', 'Cette règle de prix est incomplète : complétez-la puis affichez à nouveau l’aperçu.');
      return redirect(res, BASE);
    }
    const { rule, input } = parsed.data;
    const scope = scopeOf(query);
    const preview = await previewRule(db, rule, scope);
    const pageRaw = Number.parseInt(queryText(query, 'page'), 10);
    const lastPage = Math.max(1, Math.ceil(preview.rows.length / PREVIEW_PER_PAGE));
    const page = Math.min(Math.max(1, Number.isFinite(pageRaw) ? pageRaw : 1), lastPage);
    const category = scope.filters.category_id ? ((await db('categories').where({ id: Number(scope.filters.category_id) }).first('name'))?.name ?? null) : null;
    await res.inertia.render('price-centre/Preview', {
      rule: input,
      description: describeRule(rule, (minor) => formatMoney(minor, currency)),
      scope: { category, q: scope.q, status: scope.filters.status },
      summary: preview.summary,
      rows: { data: preview.rows.slice((page - 1) * PREVIEW_PER_PAGE, page * PREVIEW_PER_PAGE), page, per_page: PREVIEW_PER_PAGE, total: preview.rows.length, last_page: lastPage },
      fingerprint: preview.fingerprint,
      can_update: canUpdate(req),
      currency,
    });
  });

  r.post(
    `${BASE}/appliquer`,
    can('prices.update'),
    backTo((req) => previewUrl((req.body ?? {}) as Record<string, unknown>, scopeOf((req.body ?? {}) as Record<string, unknown>))),
    async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const currency = await getCurrency(db);
      const { rule } = validate(priceRuleSchema(currency), body);
      const fingerprint = queryText(body, 'fingerprint');
      if (!/^[0-9a-f]{32}$/.test(fingerprint)) throw new Refusal({ fingerprint: "Affichez l'aperçu de la règle avant de l'appliquer." });
      const scope = scopeOf(body);
      const description = describeRule(rule, (minor) => formatMoney(minor, currency));
      const changed = await applyPriceRule(db, rule, scope, fingerprint, actorOf(req), description);
      flash(req, 'success', `Règle appliquée : ${changed} prix modifié${changed > 1 ? 's' : ''} (${description}).`);
      const back = new URLSearchParams();
      if (scope.q) back.set('q', scope.q);
      if (scope.filters.category_id) back.set('category_id', scope.filters.category_id);
      if (scope.filters.status !== 'active') back.set('status', scope.filters.status);
      redirect(res, back.size ? `${BASE}?${back}` : BASE);
    },
  );

  return r;
}
