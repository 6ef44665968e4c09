import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * The money ledger (DESIGN.md §3): one table of treasury accounts — caisse (one per cash desk),
 * banque, mobile money — each with its balance, and one append-only table of money movements.
 * Every movement of an account is hash-chained to the previous one of the same account
 * (prev_hash → hash, the account keeps last_hash), so editing or removing a movement is detected.
 * The balance of a cash desk moves from cash_desks.balance to its treasury account: one truth.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('treasury_accounts', (t) => {
    t.increments('id').primary();
    t.string('kind', 20).notNullable(); // caisse | banque | mobile_money
    t.string('code', 20).notNullable().unique();
    t.string('name', 120).notNullable().unique();
    t.integer('cash_desk_id').nullable().unique().references('id').inTable('cash_desks'); // kind caisse
    t.integer('location_id').nullable().references('id').inTable('locations'); // kind caisse: the desk's
    t.string('operator', 20).nullable(); // mobile_money: orange_money | mtn_momo | moov_money | wave
    t.string('bank_name', 120).notNullable().defaultTo('');
    t.string('account_number', 60).notNullable().defaultTo(''); // IBAN/RIB or the wallet's phone number
    t.bigInteger('balance').notNullable().defaultTo(0);
    t.string('last_hash', 64).nullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
    t.index(['kind', 'active']);
  });

  await db.schema.createTable('money_movements', (t) => {
    t.bigIncrements('id').primary();
    t.integer('account_id').notNullable().references('id').inTable('treasury_accounts');
    t.bigInteger('amount').notNullable(); // signed, minor units: + in, − out
    t.bigInteger('balance_after').notNullable();
    t.string('movement_type', 30).notNullable();
    t.string('payment_method', 20).notNullable(); // especes | mobile_money | cheque | virement | carte
    t.string('operator', 20).nullable();
    t.string('phone', 30).nullable();
    t.string('reference', 80).nullable(); // mobile-money transaction id, cheque number, transfer reference
    t.string('label', 255).notNullable().defaultTo('');
    t.string('document_type', 30).nullable();
    t.bigInteger('document_id').nullable();
    t.string('document_number', 40).nullable();
    t.integer('user_id').nullable().references('id').inTable('users');
    t.string('business_date', 10).notNullable();
    t.string('occurred_at', 30).notNullable();
    t.string('prev_hash', 64).nullable();
    t.string('hash', 64).notNullable();
    t.index(['account_id', 'id']);
    t.index(['document_type', 'document_id']);
    t.index(['business_date']);
  });

  const now = new Date().toISOString();
  const desks = await db('cash_desks').orderBy('id').select('id', 'code', 'name', 'location_id', 'balance', 'active');
  for (const desk of desks) {
    const balance = Number(desk.balance);
    const [row] = await db('treasury_accounts')
      .insert({
        kind: 'caisse',
        code: desk.code,
        name: desk.name,
        cash_desk_id: desk.id,
        location_id: desk.location_id,
        balance,
        active: desk.active,
        created_at: now,
        updated_at: now,
      })
      .returning('id');
    const accountId = typeof row === 'object' ? Number(row.id) : Number(row);
    if (balance === 0) continue;
    // A balance held before the ledger existed becomes its opening movement, so ledger and balance agree.
    const movement: Record<string, unknown> = {
      account_id: accountId,
      amount: balance,
      balance_after: balance,
      movement_type: 'opening',
      payment_method: 'especes',
      operator: null,
      phone: null,
      reference: null,
      label: 'Solde repris à la création du grand livre',
      document_type: null,
      document_id: null,
      document_number: null,
      user_id: null,
      business_date: now.slice(0, 10),
      occurred_at: now,
      prev_hash: null,
    };
    const hash = createHash('sha256')
      .update(JSON.stringify(HASHED.map((f) => movement[f] ?? null)))
      .digest('hex');
    await db('money_movements').insert({ ...movement, hash });
    await db('treasury_accounts').where({ id: accountId }).update({ last_hash: hash });
  }

  await db.schema.alterTable('cash_desks', (t) => t.dropColumn('balance'));
}

/** Must stay equal to MONEY_HASHED_FIELDS in server/services/treasury/ledger.ts. */
const HASHED = [
  'account_id',
  'amount',
  'balance_after',
  'movement_type',
  'payment_method',
  'operator',
  'phone',
  'reference',
  'label',
  'document_type',
  'document_id',
  'document_number',
  'user_id',
  'business_date',
  'occurred_at',
  'prev_hash',
];

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('cash_desks', (t) => t.bigInteger('balance').notNullable().defaultTo(0));
  for (const a of await db('treasury_accounts').whereNotNull('cash_desk_id').select('cash_desk_id', 'balance')) {
    // The schema of this migration's time, not today's row types (cash_desks.balance is gone since).
    await db<Record<string, unknown>>('cash_desks').where({ id: a.cash_desk_id }).update({ balance: a.balance });
  }
  await db.schema.dropTable('money_movements');
  await db.schema.dropTable('treasury_accounts');
}
