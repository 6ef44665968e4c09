import { Router } from 'express';
import type { AppContext } from '../context.js';
import { ROUTES, route } from '../../../shared/routes.js';
import type { ProductFilters } from '../../../shared/products.js';
import { formatMoney } from '../../../shared/money.js';
import { describeRule } from '../../domain/pricing/price-rule.js';
import { categoryName, categoryOptions } from '../../services/categories/categories.js';
import {
  type RuleScope,
  applyPriceRule,
  previewRule,
  saveGridPrices,
} from '../../services/price-centre/price-centre.js';
import {
  PRODUCT_SORTS,
  type ProductSort,
  exportProducts,
  listProductPrices,
} from '../../services/products/products.js';
import { actorOf } from '../actor.js';
import { downloadGuard, exportFormat, sendFile } from '../files.js';
import { can, requireAuth, requireVerified } from '../middleware/auth.js';
import { presentPriceGridRow } from '../presenters/products.js';
import { flash, redirect, redirectBack } from '../respond.js';
import { gridSaveSchema, priceRuleSchema } from '../schemas/price-centre.js';
import { queryId, queryPage, parseListParams, queryText, statusFilter } from '../query.js';
import { validate } from '../validation.js';
import { Refusal } from '../../domain/errors.js';
import { backTo } from '../errors.js';
import { signedIn } from '../signed-in.js';
import { priceCentreAbilities } from '../../policies/products.js';

/**
 * Centrale des prix. URLs:
 *   GET  /fichiers/centraleprix                 grid (q, category_id, status, sort, dir, page, per_page)
 *   GET  /fichiers/centraleprix/export          CSV/XLSX of the grid as filtered (?format=xlsx)
 *   PUT  /fichiers/centraleprix                 { rows: [{ id, purchase_price, retail_price, wholesale_price, min_price, updated_at }] }
 *   POST /fichiers/centraleprix/apercu          rule + scope → 303 to the preview (errors on the rule's fields)
 *   GET  /fichiers/centraleprix/apercu?…        Preview page (rule and scope in the query string; page=)
 *   POST /fichiers/centraleprix/appliquer       rule + scope + fingerprint → applied in one transaction
 */
const PREVIEW_PER_PAGE = 50;

const filters = (q: Record<string, unknown>): ProductFilters => ({
  category_id: queryId(q, 'category_id'),
  status: statusFilter(q),
});
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
  return `${ROUTES['priceCentre.preview']}?${qs}`;
}

export function priceCentreRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  r.use(ROUTES['priceCentre.index'], requireAuth, requireVerified, can('menu.centraleprix'));

  r.get(
    ROUTES['priceCentre.index'],
    signedIn(async (req, res) => {
      const { page, ...params } = parseListParams(req, listSpec);
      const rows = await listProductPrices(db, { ...params, page });
      const products = { ...rows, data: rows.data.map(presentPriceGridRow) };
      await res.inertia.render('price-centre/Index', {
        products,
        params,
        categories: await categoryOptions(db, params.filters.category_id ? Number(params.filters.category_id) : null),
        can_update: priceCentreAbilities(req.user).update,
        can_export: priceCentreAbilities(req.user).export,
      });
    }),
  );

  r.get(ROUTES['priceCentre.export'], can('products.export'), downloadGuard, async (req, res) => {
    const params = parseListParams(req, listSpec);
    sendFile(res, await exportProducts(db, params, exportFormat(req), { showCosts: true, grid: true }));
  });

  r.put(
    ROUTES['priceCentre.index'],
    can('prices.update'),
    signedIn(async (req, res) => {
      const { rows } = validate(gridSaveSchema(req.user.company.currency), req.body);
      const changed = await saveGridPrices(db, rows, actorOf(req));
      flash(
        req,
        'success',
        changed ? `Prix enregistrés pour ${changed} produit${changed > 1 ? 's' : ''}.` : 'Aucun prix modifié.',
      );
      redirectBack(req, res, route('priceCentre.index'));
    }),
  );

  r.post(
    ROUTES['priceCentre.preview'],
    signedIn(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      validate(priceRuleSchema(req.user.company.currency), body);
      redirect(res, previewUrl(body, scopeOf(body)));
    }),
  );

  r.get(
    ROUTES['priceCentre.preview'],
    signedIn(async (req, res) => {
      const query = req.query as Record<string, unknown>;
      const currency = req.user.company.currency;
      const ruleQuery = Object.fromEntries(RULE_KEYS.map((k) => [k, queryText(query, k)]));
      const parsed = priceRuleSchema(currency).safeParse(ruleQuery);
      if (!parsed.success) {
        flash(req, 'error', 'Cette règle de prix est incomplète : complétez-la puis affichez à nouveau l’aperçu.');
        return redirect(res, route('priceCentre.index'));
      }
      const { rule, input } = parsed.data;
      const scope = scopeOf(query);
      const preview = await previewRule(db, rule, scope, { page: queryPage(query), perPage: PREVIEW_PER_PAGE });
      const category = scope.filters.category_id ? await categoryName(db, Number(scope.filters.category_id)) : null;
      await res.inertia.render('price-centre/Preview', {
        rule: input,
        description: describeRule(rule, (minor) => formatMoney(minor, currency), req.user.company.vat),
        scope: { category, q: scope.q, status: scope.filters.status },
        summary: preview.summary,
        rows: preview.rows,
        fingerprint: preview.fingerprint,
        can_update: priceCentreAbilities(req.user).update,
      });
    }),
  );

  r.post(
    ROUTES['priceCentre.apply'],
    can('prices.update'),
    backTo((req) =>
      previewUrl((req.body ?? {}) as Record<string, unknown>, scopeOf((req.body ?? {}) as Record<string, unknown>)),
    ),
    signedIn(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const currency = req.user.company.currency;
      const { rule } = validate(priceRuleSchema(currency), body);
      const fingerprint = queryText(body, 'fingerprint');
      if (!/^[0-9a-f]{32}$/.test(fingerprint))
        throw new Refusal({ fingerprint: 'Affichez l’aperçu de la règle avant de l’appliquer.' });
      const scope = scopeOf(body);
      const description = describeRule(rule, (minor) => formatMoney(minor, currency), req.user.company.vat);
      const changed = await applyPriceRule(db, rule, scope, fingerprint, actorOf(req), description);
      flash(req, 'success', `Règle appliquée : ${changed} prix modifié${changed > 1 ? 's' : ''} (${description}).`);
      // Back to the grid with the scope's filters (the default status is left out of the URL).
      redirect(
        res,
        route('priceCentre.index', {
          q: scope.q,
          category_id: scope.filters.category_id,
          status: scope.filters.status === 'active' ? '' : scope.filters.status,
        }),
      );
    }),
  );

  return r;
}
