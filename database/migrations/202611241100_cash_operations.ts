import type { Knex } from 'knex';

/**
 * Caisse operations (issue 16, screens 1, 2 and 5).
 *
 * - `expense_categories`: the managed list a décaissement is filed under (Transport, Loyer…).
 * - `cash_operations` (CAI-): every manual treasury operation, one row each, whatever its kind:
 *   expense (décaissement, from a desk), cash_in (apport, into a desk), transfer (desk → desk:
 *   `in_transit` once sent — the money has left the source desk — then `received` when the
 *   receiving desk confirms and the money enters it), bank_deposit (desk → bank, slip number),
 *   bank_withdrawal (bank → desk), supplier_payment (from a desk, a bank or a wallet; lowers
 *   suppliers.balance and is allocated to the supplier's entries oldest first) and mobile_money
 *   (wallet ↔ desk). The money moves only through the ledger (money_movements, document_type
 *   'cash_operation'); a cancellation keeps the number and posts reversing movements dated
 *   `cancelled_on`.
 * - `supplier_payment_allocations`: which stock entry each part of a supplier payment pays;
 *   `stock_entries.amount_paid` is Σ its live allocations.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('expense_categories', (t) => {
    t.increments('id').primary();
    t.string('code', 20).notNullable().unique();
    t.string('name', 120).notNullable().unique();
    t.string('description', 500).notNullable().defaultTo('');
    t.boolean('active').notNullable().defaultTo(true);
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
  });

  await db.schema.createTable('cash_operations', (t) => {
    t.increments('id').primary();
    t.string('number', 30).notNullable().unique(); // CAI-YYYY-NNNNNN
    t.string('kind', 20).notNullable(); // expense | cash_in | transfer | bank_deposit | bank_withdrawal | supplier_payment | mobile_money
    t.string('status', 12).notNullable(); // done | in_transit | received | cancelled
    t.string('operation_date', 10).notNullable(); // business date of the operation (of the sending, for a transfer)
    t.bigInteger('amount').notNullable(); // > 0, minor units
    t.integer('from_account_id').nullable().references('id').inTable('treasury_accounts');
    t.integer('to_account_id').nullable().references('id').inTable('treasury_accounts');
    t.integer('expense_category_id').nullable().references('id').inTable('expense_categories');
    t.integer('supplier_id').nullable().references('id').inTable('suppliers');
    t.string('payment_method', 20).notNullable(); // of the paying side: especes | virement | cheque | mobile_money
    t.string('beneficiary', 120).notNullable().defaultTo(''); // who received (expense) or brought (apport) the money
    t.string('reference', 80).notNullable().defaultTo(''); // receipt, slip, cheque or transaction number
    t.string('note', 500).notNullable().defaultTo('');
    t.bigInteger('allocated').notNullable().defaultTo(0); // supplier payment: Σ allocations to entries
    t.integer('created_by').nullable().references('id').inTable('users');
    t.string('created_at', 30).notNullable();
    t.integer('received_by').nullable().references('id').inTable('users');
    t.string('received_at', 30).nullable();
    t.string('received_on', 10).nullable(); // business date the money entered the receiving desk
    t.integer('cancelled_by').nullable().references('id').inTable('users');
    t.string('cancelled_at', 30).nullable();
    t.string('cancelled_on', 10).nullable();
    t.string('cancel_reason', 500).nullable();
    t.string('updated_at', 30).notNullable();
    t.index(['operation_date', 'id']);
    t.index(['from_account_id', 'operation_date']);
    t.index(['to_account_id', 'status']);
    t.index(['kind', 'operation_date']);
    t.index(['supplier_id']);
    t.index(['expense_category_id']);
  });

  await db.schema.createTable('supplier_payment_allocations', (t) => {
    t.bigIncrements('id').primary();
    t.integer('cash_operation_id').notNullable().references('id').inTable('cash_operations');
    t.integer('stock_entry_id').notNullable().references('id').inTable('stock_entries');
    t.bigInteger('amount').notNullable();
    t.string('cancelled_at', 30).nullable();
    t.index(['cash_operation_id']);
    t.index(['stock_entry_id']);
  });

  await db.schema.alterTable('stock_entries', (t) => {
    t.bigInteger('amount_paid').notNullable().defaultTo(0);
  });

  const sqlite = db.client.config.client !== 'pg';
  if (sqlite) await db.raw('CREATE INDEX cash_operations_number_prefix ON cash_operations (number COLLATE NOCASE)');
  else await db.raw('CREATE INDEX cash_operations_number_prefix ON cash_operations (number text_pattern_ops)');
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('stock_entries', (t) => t.dropColumn('amount_paid'));
  await db.schema.dropTableIfExists('supplier_payment_allocations');
  await db.schema.dropTableIfExists('cash_operations');
  await db.schema.dropTableIfExists('expense_categories');
}
