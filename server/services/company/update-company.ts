import type { Knex } from 'knex';
import { currencyDecimals } from '../../../shared/money.js';
import { nowIso } from '../../db/dialect.js';
import { Refusal } from '../../domain/errors.js';
import { type Actor, auditUser } from '../actor.js';
import { diffFields } from '../audit/diff.js';
import { recordAudit } from '../audit/record-audit.js';
import { type Company, getCompany } from './get-company.js';
import { formatCount } from '../../../shared/quantity.js';

/** The fields of the company the Société form changes (the VAT rate in basis points). */
const FIELDS = [
  'name',
  'address',
  'city',
  'phones',
  'email',
  'rccm',
  'tax_number',
  'currency',
  'time_zone',
  'vat_enabled',
  'vat_rate_bp',
  'prices_include_vat',
  'allow_negative_stock',
] as const satisfies ReadonlyArray<keyof Company>;

/** What the Société form changes in company_settings: those fields of Company, typed as Company types them. */
export type CompanyInput = Pick<Company, (typeof FIELDS)[number]>;

/**
 * Whether amounts are already recorded: every amount is stored in the currency's minor unit, so a
 * currency with another number of decimals (XOF → EUR) would change every price a hundredfold.
 */
export async function amountsRecorded(db: Knex | Knex.Transaction): Promise<boolean> {
  for (const table of ['products', 'stock_entries']) {
    if (await db(table).first('id')) return true;
  }
  const owing = (table: string) => db(table).where('balance', '<>', 0).first('id');
  return Boolean(
    (await owing('clients')) ||
    (await owing('suppliers')) ||
    (await db('clients').where('credit_limit', '>', 0).first('id')),
  );
}

/** Saves the company settings (one transaction, audited with the fields that changed). */
export async function updateCompany(db: Knex, actor: Actor, input: CompanyInput): Promise<void> {
  await db.transaction(async (trx) => {
    const before = await getCompany(trx);
    if (
      input.currency !== before.currency &&
      currencyDecimals(input.currency) !== currencyDecimals(before.currency) &&
      (await amountsRecorded(trx))
    ) {
      throw new Refusal({
        currency: `La devise ne peut plus passer de ${before.currency} à ${input.currency} : des montants sont déjà enregistrés avec ${formatCount(currencyDecimals(before.currency), 'décimale')} et seraient faussés.`,
      });
    }
    const changes = diffFields(before as unknown as Record<string, unknown>, { ...input }, FIELDS);
    if (!changes) return;
    await trx('company_settings')
      .where({ id: 1 })
      .update({ ...input, updated_at: nowIso() });
    await recordAudit(trx, {
      action: 'company.updated',
      user: auditUser(actor),
      subject: { type: 'company', id: 1, label: input.name },
      details: changes,
      ip: actor.ip,
    });
  });
}
