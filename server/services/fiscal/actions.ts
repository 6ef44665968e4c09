import type { Knex } from 'knex';
import { DOCUMENT_TYPES, type CertifiedDocumentType } from '../../../shared/documents.js';
import type { FiscalState } from '../../../shared/fiscal.js';
import { nowIso } from '../../db/dialect.js';
import { NotFound, Refusal } from '../../domain/errors.js';
import { type Actor, auditUser } from '../actor.js';
import { recordAudit } from '../audit/record-audit.js';

/**
 * A manager's two decisions on a certification the worker will not take alone: send again (a
 * refused document once fixed, or an uncertain one the DGI's portal shows was never certified), or
 * record by hand the fiscal reference the portal shows for an uncertain one. Each is one
 * transaction: the state moves only from the states it is allowed from (a conditional update, so
 * a worker or a second manager acting meanwhile makes it refuse), an event names the user, the
 * audit log keeps it.
 */

const RESENDABLE: readonly FiscalState[] = ['refused', 'uncertain'];

interface Certification {
  id: number;
  document_type: CertifiedDocumentType;
  document_id: number;
  state: FiscalState;
}

async function certificationOf(trx: Knex.Transaction, id: number): Promise<Certification> {
  const row = await trx('fiscal_certifications').where({ id }).first('id', 'document_type', 'document_id', 'state');
  if (!row) throw new NotFound();
  return row as Certification;
}

/** The audit subject: the document itself (its place comes from its row). */
async function auditSubject(trx: Knex.Transaction, c: Certification) {
  const decl = DOCUMENT_TYPES[c.document_type];
  const doc = await trx(decl.table).where({ id: c.document_id }).first('number');
  return {
    type: c.document_type === 'creditNote' ? 'credit_note' : 'sale',
    id: c.document_id,
    label: (doc?.number as string | undefined) ?? `${decl.label} ${c.document_id}`,
  };
}

/** Refused or uncertain → pending, due now: the worker sends it on its next round. */
export async function resendCertification(db: Knex, id: number, actor: Actor): Promise<void> {
  await db.transaction(async (trx) => {
    const c = await certificationOf(trx, id);
    const now = nowIso();
    const moved = await trx('fiscal_certifications').where({ id }).whereIn('state', RESENDABLE).update({
      state: 'pending',
      next_attempt_at: now,
      claimed_by: null,
      claimed_at: null,
      error_message: null,
      updated_at: now,
    });
    if (moved !== 1)
      throw Refusal.action('Seul un document refusé ou incertain peut être renvoyé : son état a changé entretemps.');
    await trx('fiscal_certification_events').insert({
      certification_id: id,
      at: now,
      kind: 'resent',
      user_id: actor.id,
      detail: `Renvoi demandé (était ${c.state === 'refused' ? 'refusée' : 'incertaine'})`,
    });
    await recordAudit(trx, {
      action: 'fiscal.resent',
      user: auditUser(actor),
      subject: await auditSubject(trx, c),
      details: { before: { state: c.state }, after: { state: 'pending' } },
      ip: actor.ip,
    });
  });
}

export interface FiscalReferenceInput {
  fiscalNumber: string;
  qrContent: string;
}

/** Uncertain → certified by hand (manual), with the reference and the verification link the DGI's portal shows. */
export async function recordFiscalReference(
  db: Knex,
  id: number,
  input: FiscalReferenceInput,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (trx) => {
    const c = await certificationOf(trx, id);
    const now = nowIso();
    const moved = await trx('fiscal_certifications').where({ id, state: 'uncertain' }).update({
      state: 'certified',
      fiscal_number: input.fiscalNumber,
      qr_content: input.qrContent,
      manual: true,
      error_message: null,
      certified_at: now,
      updated_at: now,
    });
    if (moved !== 1)
      throw Refusal.action(
        'Seul un document incertain reçoit une référence saisie à la main : son état a changé entretemps.',
      );
    await trx('fiscal_certification_events').insert({
      certification_id: id,
      at: now,
      kind: 'manual',
      user_id: actor.id,
      detail: `Référence ${input.fiscalNumber}`,
    });
    await recordAudit(trx, {
      action: 'fiscal.reference_recorded',
      user: auditUser(actor),
      subject: await auditSubject(trx, c),
      details: {
        before: { state: c.state },
        after: { state: 'certified', fiscal_number: input.fiscalNumber, qr_content: input.qrContent },
      },
      ip: actor.ip,
    });
  });
}
