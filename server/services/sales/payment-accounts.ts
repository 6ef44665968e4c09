import type { Knex } from 'knex';
import { toBool } from '../../db/dialect.js';
import { Refusal } from '../../domain/errors.js';
import { EVERY_PLACE, type PlaceScope, UNALLOWED_TREASURY_ACCOUNT, allowsAccount } from '../../policies/places.js';
import { paymentAccounts } from '../treasury/accounts.js';
import {
  MOBILE_MONEY_OPERATOR_LABELS,
  type MobileMoneyOperator,
  PAYMENT_METHOD_ACCOUNT_KIND,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from '../../../shared/treasury.js';

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
 * account that fits is taken (in the order of the payment pickers, `paymentAccounts`). A French refusal on payments.N.account_id when none fits. With the
 * seller's `scope` (server/policies/places.ts), only the accounts they work on: a chosen account
 * that is not theirs is refused on its field, and none other is taken for them.
 */
export async function resolvePaymentAccounts(
  trx: Knex.Transaction,
  payments: readonly PaymentTarget[],
  applied: readonly number[],
  locationId: number,
  scope?: PlaceScope,
): Promise<Array<number | null>> {
  const errors: Record<string, string> = {};
  const out: Array<number | null> = [];
  // What the seller may pay into, in the pickers' order: the first that fits is the default.
  const usable = await paymentAccounts(trx, { locationId, scope: scope ?? EVERY_PLACE });
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
      const chosen = await trx('treasury_accounts')
        .where({ id: p.accountId })
        .first('id', 'name', 'kind', 'location_id', 'operator', 'active');
      const ok = chosen && (await fits(trx('treasury_accounts').where({ id: p.accountId })).first('id'));
      if (!chosen) errors[field] = 'Le compte choisi n’existe pas.';
      else if (scope && !allowsAccount(scope, chosen)) errors[field] = UNALLOWED_TREASURY_ACCOUNT;
      else if (!ok)
        errors[field] =
          `Le compte « ${chosen.name} » ne peut pas recevoir un paiement ${PAYMENT_METHOD_LABELS[p.method].toLowerCase()}${kind === 'caisse' ? ' de cet emplacement' : ''}.`;
      else if (!toBool(chosen.active)) errors[field] = `Le compte « ${chosen.name} » est archivé.`;
      out.push(chosen ? Number(chosen.id) : null);
      continue;
    }
    const found = usable[kind].find((a) => kind !== 'mobile_money' || a.operator === p.operator);
    if (!found) {
      errors[field] =
        scope && !scope.all && kind === 'caisse' && scope.desks.size
          ? 'Aucune caisse active de cet emplacement ne vous est attribuée pour encaisser en espèces : demandez-la à l’administrateur (Paramètres › Utilisateurs).'
          : scope && !scope.all && kind !== 'caisse'
            ? `Aucun compte ${kind === 'mobile_money' ? (p.operator ? MOBILE_MONEY_OPERATOR_LABELS[p.operator] : 'mobile money') : 'bancaire'} actif ne vous est attribué pour recevoir ce paiement : demandez-le à l’administrateur (Paramètres › Utilisateurs).`
            : kind === 'caisse'
              ? 'Aucune caisse active à cet emplacement : créez-en une sous Paramètres › Société › Caisses pour encaisser en espèces.'
              : kind === 'mobile_money'
                ? `Aucun compte ${p.operator ? MOBILE_MONEY_OPERATOR_LABELS[p.operator] : 'mobile money'} actif : créez-le sous Paramètres › Société.`
                : `Aucun compte bancaire actif pour recevoir un paiement ${PAYMENT_METHOD_LABELS[p.method].toLowerCase()} : créez-le sous Paramètres › Société.`;
    }
    out.push(found ? Number(found.id) : null);
  }
  if (Object.keys(errors).length) throw new Refusal(errors);
  return out;
}

export interface RefundAccount {
  id: number;
  kind: 'caisse' | 'banque' | 'mobile_money';
  name: string;
  operator: MobileMoneyOperator | null;
}

/**
 * The account a refund is paid from when the seller chooses it on a cancellation or a correction
 * form (the desk that took the cash may not hold it any more — banked the evening before): any
 * active treasury account the user works on (`allowsAccount`, the places policy: the desks of
 * their places, the banks and wallets given to them). A French refusal on `field` otherwise. The
 * ledger still refuses a desk or a wallet that cannot pay; a bank may go below zero.
 */
export async function chosenRefundAccount(
  trx: Knex.Transaction,
  accountId: number,
  scope: PlaceScope,
  field: string,
): Promise<RefundAccount> {
  const row = await trx('treasury_accounts')
    .where({ id: accountId })
    .first('id', 'kind', 'name', 'location_id', 'operator', 'active');
  if (!row) throw new Refusal({ [field]: 'Le compte choisi n’existe pas.' });
  if (!allowsAccount(scope, row)) throw new Refusal({ [field]: UNALLOWED_TREASURY_ACCOUNT });
  if (!toBool(row.active))
    throw new Refusal({ [field]: `Le compte « ${row.name} » est archivé : choisissez un compte actif.` });
  return {
    id: Number(row.id),
    kind: row.kind,
    name: row.name,
    operator: row.kind === 'mobile_money' ? (row.operator ?? null) : null,
  };
}

/** How money paid back out of an account is recorded: cash from a desk, mobile money from a wallet, a transfer from a bank. */
export function refundMethodOf(kind: RefundAccount['kind']): PaymentMethod {
  return kind === 'caisse' ? 'especes' : kind === 'mobile_money' ? 'mobile_money' : 'virement';
}
