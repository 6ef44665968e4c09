import type { Knex } from 'knex';
import { within } from '../../domain/limits.js';
import { limitMessage } from '../../../shared/limits.js';
import {
  MOVED_POLICY_LABELS,
  type MovedPolicy,
  READJUSTMENT_REASON_ALLOWS_INCREASE,
  READJUSTMENT_REASON_LABELS,
  type ReadjustmentReason,
} from '../../../shared/stock.js';
import { nextDocumentNumber } from '../../db/counters.js';
import { insertReturningId, nowIso, toBool } from '../../db/dialect.js';
import { valueOf } from '../../domain/stock/cmup.js';
import { countLineResult } from '../../domain/stock/count.js';
import { mergeDuplicateLines } from '../../domain/stock/lines.js';
import { recordAudit } from '../audit/record-audit.js';
import { withIdempotency } from '../idempotency.js';
import { yearOf } from '../../domain/dates.js';
import {
  assertFresh,
  checkBusinessDate,
  lockRow,
  requireActiveLocation,
  requireActiveProducts,
  throwIfErrors,
  valuedTotal,
} from './common.js';
import type { CreatedDocument } from './entries.js';
import { adjustmentTotals } from './count-queries.js';
import { postStockMovements, stockLevelsAt } from './ledger.js';
import { NotFound, Refusal } from '../../domain/errors.js';
import type { Actor } from '../actor.js';
import { companyTimeZone } from '../company/get-company.js';
import { formatCount } from '../../../shared/quantity.js';

/**
 * Inventaire: count sessions per location (optionally limited to categories) and direct
 * readjustments. A session snapshots the theoretical quantities when it opens; counters type or
 * scan what they find; validation turns each difference into an adjustment movement
 * dated on the count date, valued at the CMUP. Stock that moved after the snapshot is shown and
 * must be handled explicitly (see domain/stock/count.ts).
 *
 * A count takes its definitive INV- number (gap-free counter) when it opens: the count sheet, the
 * screen and the adjustment it produces carry the same reference. An abandoned count keeps its
 * number with the status « Annulé », so the INV series has no hole.
 */

export interface CountSessionInput {
  idempotencyKey: string;
  locationId: number;
  countDate: string;
  blind: boolean;
  categoryIds: number[];
  note: string;
}

export async function openCountSession(
  db: Knex,
  input: CountSessionInput,
  actor: Actor,
): Promise<{ id: number; number: string; replayed: boolean }> {
  return db.transaction(async (trx) => {
    const { result, replayed } = await withIdempotency(
      trx,
      { userId: actor.id, scope: 'inventory.open', key: input.idempotencyKey },
      async () => {
        const errors: Record<string, string> = {};
        const location = await requireActiveLocation(trx, input.locationId, 'location_id', errors);
        checkBusinessDate(input.countDate, await companyTimeZone(trx), 'count_date', errors, 'La date du comptage');
        const categoryIds = [...new Set(input.categoryIds)];
        if (categoryIds.length) {
          const found = await trx('categories').whereIn('id', categoryIds).select('id');
          if (found.length !== categoryIds.length) errors.category_ids = 'Une des catégories choisies n’existe pas.';
        }
        throwIfErrors(errors);

        // One open session per location and category: two sessions counting the same goods would
        // adjust them twice.
        const open = await trx('inventory_counts')
          .where({ location_id: input.locationId, status: 'open' })
          .select('id', 'number', 'all_categories');
        for (const s of open) {
          if (toBool(s.all_categories) || categoryIds.length === 0) {
            throw new Refusal({
              location_id: `Un inventaire est déjà en cours à ${location!.name} (${s.number ?? `n° ${s.id}`}) sur ${toBool(s.all_categories) ? 'tous les produits' : 'des catégories que celui-ci couvrirait'} : validez-le ou abandonnez-le d’abord.`,
            });
          }
          const overlap = await trx('inventory_count_categories')
            .where({ count_id: s.id })
            .whereIn('category_id', categoryIds)
            .first('category_id');
          if (overlap) {
            const cat = await trx('categories').where({ id: overlap.category_id }).first('name');
            throw new Refusal({
              category_ids: `La catégorie « ${cat?.name} » est déjà comptée dans l’inventaire en cours ${s.number ?? `n° ${s.id}`} à ${location!.name}.`,
            });
          }
        }

        // The definitive reference, from the gap-free counter, in this transaction (a refusal below
        // rolls it back with the count).
        const { number } = await nextDocumentNumber(trx, 'INV', yearOf(input.countDate));
        const now = nowIso();
        const countId = await insertReturningId(trx, 'inventory_counts', {
          number,
          location_id: input.locationId,
          count_date: input.countDate,
          blind: input.blind,
          all_categories: categoryIds.length === 0,
          status: 'open',
          note: input.note,
          snapshot_at: now,
          line_count: 0,
          created_by: actor.id,
          created_at: now,
          version: 1,
          updated_at: now,
        });
        for (const c of categoryIds)
          await trx('inventory_count_categories').insert({ count_id: countId, category_id: c });

        // The snapshot, in one statement: every active product of the scope (theoretical 0 when it
        // never was there) and any archived one that still has stock at the location.
        const categoryFilter = categoryIds.length
          ? `AND p.category_id IN (${categoryIds.map(() => '?').join(', ')})`
          : '';
        await trx.raw(
          `INSERT INTO inventory_count_lines (count_id, product_id, theoretical_quantity)
         SELECT ?, p.id, COALESCE(sl.quantity, 0)
         FROM products p
         LEFT JOIN stock_levels sl ON sl.product_id = p.id AND sl.location_id = ?
         WHERE (p.active = ? OR COALESCE(sl.quantity, 0) <> 0) ${categoryFilter}`,
          [countId, input.locationId, true, ...categoryIds],
        );
        const lineCount = Number(
          (await trx('inventory_count_lines').where({ count_id: countId }).count({ n: '*' }).first())?.n ?? 0,
        );
        if (lineCount === 0) throw new Refusal({ category_ids: 'Aucun produit à compter dans ce périmètre.' });
        await trx('inventory_counts').where({ id: countId }).update({ line_count: lineCount });
        await recordAudit(trx, {
          action: 'inventory.opened',
          user: { id: actor.id, name: actor.name },
          subject: { type: 'inventory_count', id: countId, label: number },
          details: {
            after: {
              number,
              location: location!.name,
              count_date: input.countDate,
              blind: input.blind,
              categories: categoryIds,
              lines: lineCount,
            },
          },
          ip: actor.ip,
        });
        return { id: countId, number };
      },
    );
    // A replay answers with the first result (stored before numbers were given at opening: no number).
    return { id: result.id, number: result.number ?? `n° ${result.id}`, replayed };
  });
}

async function lockOpenSession(trx: Knex.Transaction, id: number) {
  const session = await lockRow<Record<string, any>>(trx, 'inventory_counts', id);
  if (!session) throw new NotFound();
  if (session.status !== 'open')
    throw new Refusal({
      status:
        session.status === 'validated'
          ? `Cet inventaire est déjà validé (${session.number}).`
          : 'Cet inventaire a été abandonné (annulé).',
    });
  return session;
}

export interface CountEntry {
  productId: number;
  counted: number | null;
  /** The counted quantity the form showed; a different current value means someone else counted. */
  expected: number | null;
}

/** Saves typed counts. A line counted meanwhile by someone else is refused, not overwritten. */
export async function saveCounts(
  db: Knex,
  id: number,
  entries: CountEntry[],
  actor: Actor,
): Promise<{ saved: number }> {
  return db.transaction(async (trx) => {
    const session = await lockOpenSession(trx, id);
    const ids = [...new Set(entries.map((e) => e.productId))];
    if (ids.length !== entries.length) throw new Refusal({ lines: 'Un produit figure deux fois dans la saisie.' });
    const current = new Map<number, { counted: number | null; name: string; by: string | null }>();
    for (let i = 0; i < ids.length; i += 400) {
      const rows = await trx('inventory_count_lines as l')
        .join('products as p', 'p.id', 'l.product_id')
        .leftJoin('users as u', 'u.id', 'l.counted_by')
        .where('l.count_id', id)
        .whereIn('l.product_id', ids.slice(i, i + 400))
        .select('l.product_id', 'l.counted_quantity', 'p.name', 'u.name as user_name');
      for (const r of rows)
        current.set(Number(r.product_id), {
          counted: r.counted_quantity === null ? null : Number(r.counted_quantity),
          name: r.name,
          by: r.user_name ?? null,
        });
    }
    const errors: Record<string, string> = {};
    const stale: string[] = [];
    for (const e of entries) {
      const c = current.get(e.productId);
      if (!c) {
        errors.lines = 'Un des produits saisis ne fait pas partie de cet inventaire.';
        continue;
      }
      if (c.counted !== e.expected)
        stale.push(
          `« ${c.name} » (${c.counted === null ? 'non compté' : c.counted.toLocaleString('fr-FR')}${c.by ? `, par ${c.by}` : ''})`,
        );
    }
    if (stale.length)
      errors.version = `Compté entre-temps par quelqu’un d’autre : ${stale.slice(0, 5).join(', ')}${stale.length > 5 ? ` et ${formatCount(stale.length - 5, 'autre')}` : ''}. Rechargez la page : vos saisies n’ont pas été enregistrées.`;
    throwIfErrors(errors);
    const now = nowIso();
    let saved = 0;
    for (const e of entries) {
      if (current.get(e.productId)!.counted === e.counted) continue;
      await trx('inventory_count_lines')
        .where({ count_id: id, product_id: e.productId })
        .update({
          counted_quantity: e.counted,
          counted_by: e.counted === null ? null : actor.id,
          counted_at: e.counted === null ? null : now,
        });
      saved++;
    }
    if (saved)
      await trx('inventory_counts')
        .where({ id })
        .update({ version: Number(session.version) + 1, updated_at: now });
    return { saved };
  });
}

export interface ScanResult {
  productId: number;
  code: string;
  name: string;
  counted: number;
  added: number;
}

/** Scan-to-count: a barcode (or product code) adds `quantity` (default 1) to the product's count. */
export async function scanCount(
  db: Knex,
  id: number,
  input: { code: string; quantity: number },
  actor: Actor,
): Promise<ScanResult> {
  return db.transaction(async (trx) => {
    const session = await lockOpenSession(trx, id);
    const code = input.code.trim().toUpperCase();
    const product =
      (await trx('products').where({ barcode: code }).first('id', 'code', 'name')) ??
      (await trx('products').where({ code }).first('id', 'code', 'name'));
    if (!product)
      throw new Refusal({ code: `Aucun produit ne porte le code-barres ou le code « ${input.code.trim()} ».` });
    const line = await trx('inventory_count_lines')
      .where({ count_id: id, product_id: product.id })
      .first('counted_quantity');
    if (!line)
      throw new Refusal({
        code: `« ${product.name} » ne fait pas partie de cet inventaire (autre catégorie ou produit archivé).`,
      });
    const counted = Number(line.counted_quantity ?? 0) + input.quantity;
    if (counted < 0)
      throw new Refusal({
        code: `La quantité comptée de « ${product.name} » ne peut pas devenir négative (actuellement ${Number(line.counted_quantity ?? 0)}).`,
      });
    if (!within('quantity', counted))
      throw new Refusal({
        code: `${limitMessage(`La quantité comptée de « ${product.name} »`, 'quantity').replace(/\.$/, '')} (actuellement ${Number(line.counted_quantity ?? 0).toLocaleString('fr-FR')}).`,
      });
    const now = nowIso();
    await trx('inventory_count_lines')
      .where({ count_id: id, product_id: product.id })
      .update({ counted_quantity: counted, counted_by: actor.id, counted_at: now });
    await trx('inventory_counts')
      .where({ id })
      .update({ version: Number(session.version) + 1, updated_at: now });
    return { productId: Number(product.id), code: product.code, name: product.name, counted, added: input.quantity };
  });
}

export interface ValidateCountInput {
  version: number;
  movedPolicy: MovedPolicy | null;
  uncountedAsZero: boolean;
}

export async function validateCount(
  db: Knex,
  id: number,
  input: ValidateCountInput,
  actor: Actor,
): Promise<CreatedDocument & { adjusted: number }> {
  return db.transaction(async (trx) => {
    const session = await lockOpenSession(trx, id);
    assertFresh(session.version, input.version, 'L’inventaire a été modifié (de nouveaux comptages ont été saisis)');
    const locationId = Number(session.location_id);
    const lines = (await trx('inventory_count_lines as l')
      .join('products as p', 'p.id', 'l.product_id')
      .where('l.count_id', id)
      .orderBy('l.id')
      .select('l.product_id', 'l.theoretical_quantity', 'l.counted_quantity', 'p.cmup')) as Array<
      Record<string, unknown>
    >;
    const levels = await stockLevelsAt(
      trx,
      locationId,
      lines.map((l) => Number(l.product_id)),
    );
    const options = { movedPolicy: input.movedPolicy, uncountedAsZero: input.uncountedAsZero };
    const results = lines.map((l) => {
      const productId = Number(l.product_id);
      const current = levels.get(productId) ?? 0;
      const unitCost = Number(l.cmup);
      const r = countLineResult(
        {
          theoretical: Number(l.theoretical_quantity),
          counted: l.counted_quantity === null ? null : Number(l.counted_quantity),
          current,
          unitCost,
        },
        options,
      );
      return { productId, current, unitCost, r };
    });
    const needing = results.filter((x) => x.r.needsPolicy).length;
    if (needing) {
      throw new Refusal({
        moved_policy: `${formatCount(needing, 'produit compté a bougé', 'produits comptés ont bougé')} depuis l’instantané (ventes, transferts…) : choisissez comment traiter ces mouvements avant de valider.`,
      });
    }
    if (!results.some((x) => x.r.counted !== null))
      throw new Refusal({
        lines:
          'Aucun produit n’a été compté : saisissez au moins un comptage, ou cochez « produits non comptés = absents ».',
      });

    // The count's own reference (taken when it opened); a count opened before numbers were given at
    // opening takes one now.
    const number: string = session.number ?? (await nextDocumentNumber(trx, 'INV', yearOf(session.count_date))).number;
    const adjustments = results.filter((x) => x.r.adjustment !== 0);
    await postStockMovements(
      trx,
      {
        documentType: 'inventory_count',
        documentId: id,
        documentNumber: number,
        userId: actor.id,
        businessDate: session.count_date,
      },
      adjustments.map((x) => ({
        productId: x.productId,
        locationId,
        quantity: x.r.adjustment,
        movementType: 'inventory',
        unitCost: x.unitCost,
        reason: 'Inventaire',
      })),
    );
    // Line results: stock at validation, adjustment and CMUP (batched by CASE would be faster on
    // huge sessions; one indexed update per line keeps it simple and < 3 s for 2 000 lines).
    for (const x of results) {
      await trx('inventory_count_lines')
        .where({ count_id: id, product_id: x.productId })
        .update({
          stock_at_validation: x.current,
          adjustment_quantity: x.r.counted === null ? null : x.r.adjustment,
          unit_cost: x.unitCost,
          ...(x.r.counted !== null && input.uncountedAsZero ? { counted_quantity: x.r.counted } : {}),
        });
    }
    // Totals of the stored line results, in SQL (the same figures the état d'ajustement prints).
    const totals = await adjustmentTotals(
      trx,
      trx('inventory_count_lines').where({ count_id: id }),
      'adjustment_quantity',
      'unit_cost',
    );
    const figures = {
      adjusted_lines: adjustments.length,
      gain_quantity: totals.gain_quantity,
      loss_quantity: totals.loss_quantity,
      gain_value: totals.gain_value,
      loss_value: totals.loss_value,
    };
    const now = nowIso();
    await trx('inventory_counts')
      .where({ id })
      .update({
        number,
        status: 'validated',
        validated_by: actor.id,
        validated_at: now,
        moved_policy: input.movedPolicy,
        uncounted_as_zero: input.uncountedAsZero,
        ...figures,
        version: Number(session.version) + 1,
        updated_at: now,
      });
    await recordAudit(trx, {
      action: 'inventory.validated',
      user: { id: actor.id, name: actor.name },
      subject: { type: 'inventory_count', id, label: number },
      details: {
        before: { status: 'open' },
        after: {
          status: 'validated',
          count_date: session.count_date,
          moved_policy: input.movedPolicy ? MOVED_POLICY_LABELS[input.movedPolicy] : null,
          uncounted_as_zero: input.uncountedAsZero,
          ...figures,
        },
      },
      ip: actor.ip,
    });
    return { id, number, adjusted: adjustments.length };
  });
}

/** Abandons an open session: nothing was posted, nothing to reverse. */
export async function abandonCount(
  db: Knex,
  id: number,
  input: { reason: string; version: number },
  actor: Actor,
): Promise<{ number: string }> {
  return db.transaction(async (trx) => {
    const session = await lockOpenSession(trx, id);
    assertFresh(session.version, input.version, 'L’inventaire a été modifié');
    const now = nowIso();
    await trx('inventory_counts')
      .where({ id })
      .update({
        status: 'cancelled',
        cancelled_by: actor.id,
        cancelled_at: now,
        cancel_reason: input.reason,
        version: Number(session.version) + 1,
        updated_at: now,
      });
    await recordAudit(trx, {
      action: 'inventory.abandoned',
      user: { id: actor.id, name: actor.name },
      subject: { type: 'inventory_count', id, label: session.number ?? `Inventaire n° ${id}` },
      details: { before: { status: 'open' }, after: { status: 'cancelled', reason: input.reason } },
      ip: actor.ip,
    });
    return { number: (session.number as string | null) ?? `n° ${id}` };
  });
}

export interface ReadjustmentInput {
  idempotencyKey: string;
  locationId: number;
  adjustmentDate: string;
  reason: ReadjustmentReason;
  note: string;
  lines: Array<{ productId: number; direction: 'in' | 'out'; quantity: number }>;
}

/** Direct readjustment (casse, perte, vol, péremption, erreur de saisie), numbered INV-. */
export async function createReadjustment(
  db: Knex,
  input: ReadjustmentInput,
  actor: Actor,
): Promise<CreatedDocument & { replayed: boolean }> {
  return db.transaction(async (trx) => {
    const { result, replayed } = await withIdempotency(
      trx,
      { userId: actor.id, scope: 'inventory.readjust', key: input.idempotencyKey },
      async () => {
        const errors: Record<string, string> = {};
        const location = await requireActiveLocation(trx, input.locationId, 'location_id', errors);
        checkBusinessDate(
          input.adjustmentDate,
          await companyTimeZone(trx),
          'adjustment_date',
          errors,
          'La date du réajustement',
        );
        const products = await requireActiveProducts(trx, input.lines, errors);
        input.lines.forEach((l, i) => {
          if (l.direction === 'in' && !READJUSTMENT_REASON_ALLOWS_INCREASE[input.reason]) {
            errors[`lines.${i}.direction`] =
              `Ligne ${i + 1} : un réajustement pour ${READJUSTMENT_REASON_LABELS[input.reason].toLowerCase()} ne peut que retirer du stock. Choisissez « Erreur de saisie » pour en ajouter.`;
          }
        });
        const merged = mergeDuplicateLines(
          input.lines.map((l) => ({ productId: l.productId, quantity: l.quantity, mergeKey: l.direction })),
        );
        for (const c of merged.conflicts) {
          errors[`lines.${c.index}.direction`] =
            `Ligne ${c.index + 1} : « ${products.get(input.lines[c.index].productId)?.name ?? 'ce produit'} » figure déjà à la ligne ${c.firstIndex + 1} dans l’autre sens. Saisissez une seule ligne avec la différence.`;
        }
        throwIfErrors(errors);

        const { number } = await nextDocumentNumber(trx, 'INV', yearOf(input.adjustmentDate));
        const now = nowIso();
        const before = await stockLevelsAt(
          trx,
          input.locationId,
          merged.lines.map((l) => l.productId),
        );
        const id = await insertReturningId(trx, 'stock_adjustments', {
          number,
          location_id: input.locationId,
          adjustment_date: input.adjustmentDate,
          reason: input.reason,
          note: input.note,
          line_count: merged.lines.length,
          total_value: 0,
          created_by: actor.id,
          created_at: now,
        });
        const label = READJUSTMENT_REASON_LABELS[input.reason];
        const posted = await postStockMovements(
          trx,
          {
            documentType: 'stock_adjustment',
            documentId: id,
            documentNumber: number,
            userId: actor.id,
            businessDate: input.adjustmentDate,
          },
          merged.lines.map((l) => ({
            productId: l.productId,
            locationId: input.locationId,
            quantity: l.mergeKey === 'in' ? l.quantity : -l.quantity,
            movementType: 'readjustment',
            reason: input.note ? `${label} — ${input.note}` : label,
            field: `lines.${l.sourceIndexes[0]}.quantity`,
          })),
        );
        const rows = merged.lines.map((l, i) => ({
          adjustment_id: id,
          position: i + 1,
          product_id: l.productId,
          quantity: posted[i].quantity,
          stock_before: before.get(l.productId) ?? 0,
          unit_cost: posted[i].unitCost,
        }));
        for (let i = 0; i < rows.length; i += 200) await trx('stock_adjustment_lines').insert(rows.slice(i, i + 200));
        const total = await valuedTotal(
          trx,
          rows.map((r) => valueOf(r.quantity, r.unit_cost)),
          'Le montant total du réajustement',
        );
        await trx('stock_adjustments').where({ id }).update({ total_value: total });
        await recordAudit(trx, {
          action: 'stock.readjusted',
          user: { id: actor.id, name: actor.name },
          subject: { type: 'stock_adjustment', id, label: number },
          details: {
            after: {
              location: location!.name,
              reason: label,
              note: input.note,
              lines: rows.map((r) => ({
                product: products.get(r.product_id)?.code,
                quantity: r.quantity,
                stock_before: r.stock_before,
              })),
              total_value: total,
            },
          },
          ip: actor.ip,
        });
        return { id, number };
      },
    );
    return { ...result, replayed };
  });
}
