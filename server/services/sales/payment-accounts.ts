import type { Knex } from 'knex';
import { toBool } from '../../db/dialect.js';
import { Refusal } from '../../domain/errors.js';
import { MOBILE_MONEY_OPERATOR_LABELS, type MobileMoneyOperator, PAYMENT_METHOD_ACCOUNT_KIND, PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/treasury.js';

interface PaymentTarget {
  method: PaymentMethod;
  accountId: number | null;
  operator: MobileMoneyOperator | null;
}

/**
 * The treasury account each payment of a sale lands in (null for a payment that carries nothing):
 * cash into a desk of the sale's location, mobile money into a wallet of the payment's operator,
 * cheque, transfer and card into a bank account. An account chosen on the form must be of the
 * right kind (and, for cash, stand at the sale's location); without a choice the first active
 * account that fits is taken. A French refusal on payments.N.account_id when none fits.
 */
export async function resolvePaymentAccounts(trx: Knex.Transaction, payments: readonly PaymentTarget[], applied: readonly number[], locationId: number): Promise<Array<number | null>> {
  const errors: Record<string, string> = {};
  const out: Array<number | null> = [];
  for (const [i, p] of payments.entries()) {
    if (!(applied[i] > 0)) {
      out.push(null);
      continue;
    }
    const kind = PAYMENT_METHOD_ACCOUNT_KIND[p.method];
    const fits = (qb: Knex.QueryBuilder) => {
      qb.where({ kind });
      if (kind === 'caisse') qb.where({ location_id: locationId });
      if (kind === 'mobile_money') qb.where({ operator: p.operator });
      return qb;
    };
    const field = `payments.${i}.account_id`;
    if (p.accountId !== null) {
      const chosen = await trx('treasury_accounts').where({ id: p.accountId }).first('id', 'name', 'kind', 'location_id', 'operator', 'active');
      const ok = chosen && (await fits(trx('treasury_accounts').where({ id: p.accountId })).first('id'));
      if (!chosen) errors[field] = "Le compte choisi n'existe pas.";
      else if (!ok) errors[field] = `Le compte « ${chosen.name} » ne peut pas recevoir un paiement ${PAYMENT_METHOD_LABELS[p.method].toLowerCase()}${kind === 'caisse' ? ' de cet emplacement' : ''}.`;
      else if (!toBool(chosen.active)) errors[field] = `Le compte « ${chosen.name} » est archivé.`;
      out.push(chosen ? Number(chosen.id) : null);
      continue;
    }
    const found = await fits(trx('treasury_accounts').where({ active: true })).orderBy('id').first('id');
    if (!found) {
      errors[field] =
        kind === 'caisse'
          ? "Aucune caisse active à cet emplacement : créez-en une sous Paramètres › Société › Caisses pour encaisser en espèces."
          : kind === 'mobile_money'
            ? `Aucun compte ${p.operator ? MOBILE_MONEY_OPERATOR_LABELS[p.operator] : 'mobile money'} actif : créez-le sous Paramètres › Société.`
            : `Aucun compte bancaire actif pour recevoir un paiement ${PAYMENT_METHOD_LABELS[p.method].toLowerCase()} : créez-le sous Paramètres › Société.`;
    }
    out.push(found ? Number(found.id) : null);
  }
  if (Object.keys(errors).length) throw new Refusal(errors);
  return out;
}
