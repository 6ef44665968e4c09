import type { Knex } from 'knex';
import type { Actor } from '../../../server/services/actor.js';
import { createTreasuryAccount, type TreasuryAccountInput } from '../../../server/services/treasury/accounts.js';
import { postMoneyMovements } from '../../../server/services/treasury/ledger.js';

/**
 * The demo's bank and mobile-money accounts (issue 14), created through the real service so the
 * sales and settlements have somewhere to put cheques, transfers, cards and mobile money: the
 * company's current account at SGBCI (with its opening balance, a real ledger movement) and one
 * wallet per operator. The cash desks come with the first start.
 */
const ACCOUNTS: TreasuryAccountInput[] = [
  {
    kind: 'banque',
    code: 'BQ01',
    name: 'SGBCI Compte courant',
    bank_name: 'SGBCI',
    account_number: 'CI008 01234 012345678901 42',
    operator: '',
    phone: '',
    active: true,
  },
  {
    kind: 'mobile_money',
    code: 'MM01',
    name: 'Orange Money Boutique',
    bank_name: '',
    account_number: '',
    operator: 'orange_money',
    phone: '+225 07 08 12 34 56',
    active: true,
  },
  {
    kind: 'mobile_money',
    code: 'MM02',
    name: 'Wave Boutique',
    bank_name: '',
    account_number: '',
    operator: 'wave',
    phone: '+225 05 06 12 34 56',
    active: true,
  },
  {
    kind: 'mobile_money',
    code: 'MM03',
    name: 'MTN MoMo Boutique',
    bank_name: '',
    account_number: '',
    operator: 'mtn_momo',
    phone: '+225 05 44 12 34 56',
    active: true,
  },
  {
    kind: 'mobile_money',
    code: 'MM04',
    name: 'Moov Money Boutique',
    bank_name: '',
    account_number: '',
    operator: 'moov_money',
    phone: '+225 01 02 12 34 56',
    active: true,
  },
];

/** The bank's balance when the demo's history starts, in minor units (FCFA). */
const BANK_OPENING = 2_500_000;

export async function seedTreasuryAccounts(db: Knex, actor: Actor, openingDate: string): Promise<number> {
  const ids: number[] = [];
  for (const account of ACCOUNTS) ids.push(await createTreasuryAccount(db, account, actor));
  await db.transaction((trx) =>
    postMoneyMovements(
      trx,
      [
        {
          accountId: ids[0],
          amount: BANK_OPENING,
          movementType: 'opening',
          paymentMethod: 'virement',
          label: 'Solde du compte à la reprise (données de démonstration)',
        },
      ],
      {
        documentType: null,
        documentId: null,
        documentNumber: null,
        userId: actor.id,
        businessDate: openingDate,
      },
    ),
  );
  return ids.length;
}
