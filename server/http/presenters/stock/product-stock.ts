import type { ProductStockSectionsProps } from '../../../../shared/pages/stock.js';
import { MOVEMENT_TYPE_LABELS } from '../../../../shared/stock.js';
import { belowAlertThreshold, effectiveThreshold } from '../../../../shared/products.js';
import { toBool } from '../../../db/dialect.js';
import { valueOf } from '../../../domain/stock/cmup.js';
import type { ProductStockData } from '../../../services/stock/product-stock.js';
import { withoutCosts } from '../../../policies/index.js';
import { documentUrl, n } from './common.js';

/**
 * A product's stock sections (per location, movements, CMUP history); costs only when `showCosts`;
 * no quantity of a location in `hidden` (counted blind: server/policies blindStockLocations), nor
 * any total that includes it.
 */
export function presentProductStock(
  data: ProductStockData,
  showCosts: boolean,
  hidden: ReadonlySet<number> = new Set(),
): ProductStockSectionsProps {
  const cmup = n(data.product.cmup);
  const blind = hidden.size > 0;
  // Within the ceilings (shared/limits.ts) a value is always a safe integer; a figure recorded
  // before them that is not shows as unknown rather than making the page fail.
  const value = (quantity: number): number | null => {
    try {
      return valueOf(quantity, cmup);
    } catch {
      return null;
    }
  };
  const { movements } = data;
  return withoutCosts(
    {
      show_costs: showCosts,
      product: withoutCosts(
        {
          id: n(data.product.id),
          code: data.product.code,
          name: data.product.name,
          unit: data.product.unit,
          cmup,
          purchase_price: n(data.product.purchase_price),
          active: toBool(data.product.active),
          alert_threshold: n(data.product.alert_threshold),
        },
        showCosts,
      ),
      locations: data.locations.map((l) => {
        const own = l.own_threshold === null || l.own_threshold === undefined ? null : n(l.own_threshold);
        const threshold = effectiveThreshold(own, n(data.product.alert_threshold));
        const alert = { own_threshold: own, threshold };
        return hidden.has(n(l.id))
          ? { id: n(l.id), name: l.name, kind: l.kind, quantity: null, ...alert, below_threshold: false }
          : withoutCosts(
              {
                id: n(l.id),
                name: l.name,
                kind: l.kind,
                quantity: n(l.quantity),
                value: showCosts ? value(n(l.quantity)) : 0,
                ...alert,
                below_threshold: toBool(l.active) && belowAlertThreshold(n(l.quantity), threshold),
              },
              showCosts,
            );
      }),
      in_transit: data.inTransit,
      total_quantity: blind ? null : data.totalQuantity,
      total_value: showCosts && !blind ? value(data.totalQuantity) : null,
      movements: movements.data.map((m) =>
        withoutCosts(
          {
            id: n(m.id),
            business_date: m.business_date,
            created_at: m.created_at,
            location_name: m.location_name,
            type: m.movement_type,
            type_label: MOVEMENT_TYPE_LABELS[m.movement_type] ?? m.movement_type,
            quantity: n(m.quantity),
            unit_cost: n(m.unit_cost),
            document_number: m.document_number ?? null,
            document_url: documentUrl(m.document_type, m.document_id),
            user_name: m.user_name ?? null,
            reason: m.reason ?? null,
          },
          showCosts,
        ),
      ),
      movements_page: {
        page: movements.page,
        last_page: movements.last_page,
        total: movements.total,
        per_page: movements.per_page,
      },
      cmup_history: showCosts
        ? data.history.map((h) => ({
            id: n(h.id),
            changed_at: h.changed_at,
            business_date: h.business_date,
            old_cmup: n(h.old_cmup),
            new_cmup: n(h.new_cmup),
            quantity_before: blind ? null : n(h.quantity_before),
            quantity: n(h.quantity),
            unit_cost: n(h.unit_cost),
            type_label: MOVEMENT_TYPE_LABELS[h.movement_type] ?? h.movement_type,
            document_number: h.document_number ?? null,
            document_url: documentUrl(h.document_type, h.document_id),
            user_name: h.user_name ?? null,
          }))
        : [],
    },
    showCosts,
  );
}
