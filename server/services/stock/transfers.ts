import type { Knex } from 'knex';
import type { TransferStatus } from '../../../shared/stock.js';
import { insertWrites, writeOf, writeTogether } from '../../db/bulk.js';
import { nextDocumentNumber } from '../../db/counters.js';
import { insertReturningId, nowIso } from '../../db/dialect.js';
import { valueOf } from '../../domain/stock/cmup.js';
import { mergeDuplicateLines } from '../../domain/stock/lines.js';
import { planReception, transferActionRefusal } from '../../domain/stock/transfer-state.js';
import { auditWrite, recordAudit } from '../audit/record-audit.js';
import { withIdempotency } from '../idempotency.js';
import { businessDate, yearOf } from '../../domain/dates.js';
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
import { type StockMovementInput, postStockMovements } from './ledger.js';
import { NotFound, Refusal } from '../../domain/errors.js';
import type { Actor } from '../actor.js';
import { companyTimeZone, documentSettings } from '../company/get-company.js';

/**
 * Transfers between locations, in two steps. Sending (validation) takes the TRF- number and takes
 * the goods out of the source at the current CMUP: they are in transit. Reception at the
 * destination confirms the quantities that arrived, each difference with its reason: a shortage is
 * a loss in transit (the source lost what was sent, the destination gains what arrived); a surplus
 * — more received than sent, which the source never lost — is recorded as a gain at the
 * destination, a "transfer_surplus" movement of its own with the reason, valued at the line's CMUP
 * at sending (it does not move the CMUP), so the ledger and the product statements show it as such.
 * Only a transfer in transit can be cancelled (the goods return to the source); a received one is
 * closed (domain/stock/transfer-state.ts) and goods sent back travel on a new transfer.
 */

export interface TransferInput {
  idempotencyKey: string;
  fromLocationId: number;
  toLocationId: number;
  transferDate: string;
  note: string;
  lines: Array<{ productId: number; quantity: number }>;
}

export async function createTransfer(
  db: Knex,
  input: TransferInput,
  actor: Actor,
): Promise<CreatedDocument & { replayed: boolean }> {
  return db.transaction(async (trx) => {
    const { result, replayed } = await withIdempotency(
      trx,
      { userId: actor.id, scope: 'transfer.create', key: input.idempotencyKey },
      () => sendTransfer(trx, input, actor),
    );
    return { ...result, replayed };
  });
}

async function sendTransfer(trx: Knex.Transaction, input: TransferInput, actor: Actor): Promise<CreatedDocument> {
  const errors: Record<string, string> = {};
  const from = await requireActiveLocation(
    trx,
    input.fromLocationId,
    'from_location_id',
    errors,
    'L’emplacement de départ',
  );
  const to = await requireActiveLocation(
    trx,
    input.toLocationId,
    'to_location_id',
    errors,
    'L’emplacement de destination',
  );
  if (input.fromLocationId === input.toLocationId)
    errors.to_location_id = 'La destination doit être différente de l’emplacement de départ.';
  // Time zone and negative-stock rule in one read (documentSettings): the ledger then does not read the rule again.
  const settings = await documentSettings(trx);
  checkBusinessDate(input.transferDate, settings.timeZone, 'transfer_date', errors, 'La date du transfert');
  // Locked here (the ledger's lock order) and handed to the ledger, which then does not read them again.
  const products = await requireActiveProducts(trx, input.lines, errors, { lock: true });
  throwIfErrors(errors);

  const merged = mergeDuplicateLines(input.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })));
  const { number } = await nextDocumentNumber(trx, 'TRF', yearOf(input.transferDate));
  const now = nowIso();
  const transferId = await insertReturningId(trx, 'transfers', {
    number,
    from_location_id: from!.id,
    to_location_id: to!.id,
    transfer_date: input.transferDate,
    status: 'sent',
    note: input.note,
    line_count: merged.lines.length,
    total_quantity_sent: merged.lines.reduce((s, l) => s + l.quantity, 0),
    total_value: 0,
    sent_by: actor.id,
    sent_at: now,
    version: 1,
    created_at: now,
    updated_at: now,
  });
  const posted = await postStockMovements(
    trx,
    {
      documentType: 'transfer',
      documentId: transferId,
      documentNumber: number,
      userId: actor.id,
      businessDate: input.transferDate,
      lockedProducts: products,
      allowNegative: settings.allowNegativeStock,
    },
    merged.lines.map((l) => ({
      productId: l.productId,
      locationId: from!.id,
      quantity: -l.quantity,
      movementType: 'transfer_out',
      field: `lines.${l.sourceIndexes[0]}.quantity`,
    })),
  );
  const rows = merged.lines.map((l, i) => ({
    transfer_id: transferId,
    position: i + 1,
    product_id: l.productId,
    quantity_sent: l.quantity,
    unit_cost: posted[i].unitCost,
  }));
  const totalValue = await valuedTotal(
    trx,
    rows.map((r) => valueOf(r.quantity_sent, r.unit_cost)),
    'La valeur totale du transfert',
  );
  const audit = await auditWrite(trx, {
    action: 'transfer.sent',
    user: { id: actor.id, name: actor.name },
    subject: { type: 'transfer', id: transferId, label: number },
    places: { locations: [input.fromLocationId, input.toLocationId] },
    details: {
      after: {
        status: 'sent',
        from: from!.name,
        to: to!.name,
        transfer_date: input.transferDate,
        lines: rows.length,
        total_value: totalValue,
        products: merged.lines.map((l) => products.get(l.productId)?.code),
      },
    },
    ip: actor.ip,
  });
  // The transfer's own writes in one go (one statement on PostgreSQL): its lines, its value, the audit entry.
  await writeTogether(trx, [
    ...insertWrites(trx, 'transfer_lines', rows),
    writeOf(trx('transfers').where({ id: transferId }).update({ total_value: totalValue })),
    audit,
  ]);
  return { id: transferId, number };
}

export interface ReceptionInput {
  idempotencyKey: string;
  version: number;
  receivedDate: string;
  note: string;
  lines: Array<{ productId: number; quantityReceived: number; reason: string | null }>;
}

export async function receiveTransfer(
  db: Knex,
  id: number,
  input: ReceptionInput,
  actor: Actor,
): Promise<CreatedDocument & { status: TransferStatus; replayed: boolean }> {
  return db.transaction(async (trx) => {
    const { result, replayed } = await withIdempotency(
      trx,
      { userId: actor.id, scope: 'transfer.receive', key: input.idempotencyKey },
      async () => {
        const transfer = await lockRow<Record<string, any>>(trx, 'transfers', id);
        if (!transfer) throw new NotFound();
        const refusal = transferActionRefusal(transfer.status, 'receive');
        if (refusal) throw new Refusal({ status: `${transfer.number} : ${refusal}` });
        assertFresh(transfer.version, input.version, `Le transfert ${transfer.number} a été modifié`);

        const errors: Record<string, string> = {};
        const to = await requireActiveLocation(
          trx,
          Number(transfer.to_location_id),
          'status',
          errors,
          'L’emplacement de destination',
        );
        checkBusinessDate(
          input.receivedDate,
          await companyTimeZone(trx),
          'received_date',
          errors,
          'La date de réception',
        );
        if (!errors.received_date && input.receivedDate < transfer.transfer_date)
          errors.received_date = 'La date de réception ne peut pas précéder la date d’envoi.';
        const lines = await trx('transfer_lines').where({ transfer_id: id }).orderBy('position');
        const names = Object.fromEntries(
          (
            await trx('products')
              .whereIn(
                'id',
                lines.map((l) => l.product_id),
              )
              .select('id', 'name')
          ).map((p) => [Number(p.id), p.name as string]),
        );
        const plan = planReception(
          lines.map((l) => ({ productId: Number(l.product_id), quantitySent: Number(l.quantity_sent) })),
          input.lines,
          names,
        );
        Object.assign(errors, plan.errors);
        throwIfErrors(errors);

        const costOf = new Map(lines.map((l) => [Number(l.product_id), Number(l.unit_cost)]));
        const movements: StockMovementInput[] = [];
        for (const l of plan.lines) {
          const unitCost = costOf.get(l.productId);
          if (l.quantityIn > 0)
            movements.push({
              productId: l.productId,
              locationId: to!.id,
              quantity: l.quantityIn,
              movementType: 'transfer_in',
              unitCost,
              reason: l.difference < 0 ? l.reason : null,
            });
          if (l.surplus > 0)
            movements.push({
              productId: l.productId,
              locationId: to!.id,
              quantity: l.surplus,
              movementType: 'transfer_surplus',
              unitCost,
              reason: l.reason,
            });
        }
        await postStockMovements(
          trx,
          {
            documentType: 'transfer',
            documentId: id,
            documentNumber: transfer.number,
            userId: actor.id,
            businessDate: input.receivedDate,
          },
          movements,
        );
        for (const l of plan.lines) {
          await trx('transfer_lines')
            .where({ transfer_id: id, product_id: l.productId })
            .update({ quantity_received: l.quantityReceived, difference_reason: l.reason });
        }
        const now = nowIso();
        const totalReceived = plan.lines.reduce((s, l) => s + l.quantityReceived, 0);
        await trx('transfers')
          .where({ id })
          .update({
            status: plan.status,
            received_by: actor.id,
            received_at: now,
            received_date: input.receivedDate,
            reception_note: input.note,
            total_quantity_received: totalReceived,
            version: Number(transfer.version) + 1,
            updated_at: now,
          });
        const differences = plan.lines
          .filter((l) => l.difference !== 0)
          .map((l) => ({
            product: names[l.productId],
            sent: l.quantitySent,
            received: l.quantityReceived,
            reason: l.reason,
          }));
        await recordAudit(trx, {
          action: 'transfer.received',
          user: { id: actor.id, name: actor.name },
          subject: { type: 'transfer', id, label: transfer.number },
          details: {
            before: { status: 'sent' },
            after: {
              status: plan.status,
              received_date: input.receivedDate,
              total_received: totalReceived,
              differences,
            },
          },
          ip: actor.ip,
        });
        return { id, number: transfer.number as string, status: plan.status as TransferStatus };
      },
    );
    return { ...result, replayed };
  });
}

export interface TransferCancelInput {
  reason: string;
  version: number;
}

export async function cancelTransfer(
  db: Knex,
  id: number,
  input: TransferCancelInput,
  actor: Actor,
): Promise<CreatedDocument> {
  return db.transaction(async (trx) => {
    const transfer = await lockRow<Record<string, any>>(trx, 'transfers', id);
    if (!transfer) throw new NotFound();
    const status = transfer.status as TransferStatus;
    const refusal = transferActionRefusal(status, 'cancel');
    if (refusal) throw new Refusal({ reason: `${transfer.number} : ${refusal}` });
    assertFresh(transfer.version, input.version, `Le transfert ${transfer.number} a été modifié`);
    const lines = await trx('transfer_lines').where({ transfer_id: id }).orderBy('position');
    const today = businessDate(await companyTimeZone(trx));
    // Only a transfer in transit gets here (transferActionRefusal): the goods return to the source.
    const movements: StockMovementInput[] = lines.map((l) => ({
      productId: Number(l.product_id),
      locationId: Number(transfer.from_location_id),
      quantity: Number(l.quantity_sent),
      movementType: 'transfer_cancel',
      unitCost: Number(l.unit_cost),
      reason: input.reason,
    }));
    await postStockMovements(
      trx,
      {
        documentType: 'transfer',
        documentId: id,
        documentNumber: transfer.number,
        userId: actor.id,
        businessDate: today,
        allowNegative: false,
      },
      movements,
    );
    const now = nowIso();
    await trx('transfers')
      .where({ id })
      .update({
        status: 'cancelled',
        status_before_cancel: status,
        cancelled_by: actor.id,
        cancelled_at: now,
        cancel_reason: input.reason,
        version: Number(transfer.version) + 1,
        updated_at: now,
      });
    await recordAudit(trx, {
      action: 'transfer.cancelled',
      user: { id: actor.id, name: actor.name },
      subject: { type: 'transfer', id, label: transfer.number },
      details: { before: { status }, after: { status: 'cancelled', reason: input.reason } },
      ip: actor.ip,
    });
    return { id, number: transfer.number as string };
  });
}
