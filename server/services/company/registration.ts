import type { Knex } from 'knex';
import { nowIso, toBool } from '../../db/dialect.js';
import { type Actor, auditUser } from '../actor.js';
import { recordAudit } from '../audit/record-audit.js';

/**
 * Opens or closes self-registration (Paramètres › Société › Comptes). Closed, the « Créer un
 * compte » links disappear and /register refuses; accounts are then created by an administrator.
 */
export async function setRegistrationOpen(db: Knex, actor: Actor, open: boolean): Promise<void> {
  await db.transaction(async (trx) => {
    const row = await trx('company_settings').where({ id: 1 }).first('allow_registration');
    const before = row ? toBool(row.allow_registration) : true;
    if (before === open) return;
    await trx('company_settings').where({ id: 1 }).update({ allow_registration: open, updated_at: nowIso() });
    await recordAudit(trx, {
      action: 'company.registration',
      user: auditUser(actor),
      subject: { type: 'company', id: 1, label: 'Inscriptions' },
      details: { before: { allow_registration: before }, after: { allow_registration: open } },
      ip: actor.ip,
    });
  });
}
