import type { Knex } from 'knex';

/**
 * Settlements and receivables (issue 15).
 *
 * - `settlements` (REG-): money a client hands over for their credit invoices, landing in one
 *   treasury account through the money ledger — or, with source 'advance', the client's own
 *   advance (acompte) spent on invoices, which moves no money. `amount` is what was received (or
 *   taken from the advance), `allocated` what went to invoices, `advance` the rest, kept as an
 *   explicit client advance (clients.advance), never silently.
 * - `settlement_allocations`: which invoice each part settles. An invoice's amount_paid counts its
 *   payments at the sale and its live allocations; a cancelled settlement's allocations stay
 *   (cancelled_at set) so the history reads back.
 * - `clients.advance`: the advance the client may still spend. clients.balance stays the net
 *   receivable — Σ what the client owes on their invoices − their advance — so the statement of
 *   account's running balance always ends on it.
 * - Cancelling a sale (Annulations › Factures) keeps its number; the reversal is dated by the
 *   cancellation (`cancelled_on`, the business date the reversal movements carry).
 * - `mobile_money_references`: one row per (operator, transaction id) recorded by a live document,
 *   so a transaction entered twice is refused by the database itself, even by two parallel
 *   requests; the row goes when its document is cancelled.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('settlements', (t) => {
    t.increments('id').primary();
    t.string('number', 30).notNullable().unique(); // REG-YYYY-NNNNNN
    t.integer('client_id').notNullable().references('id').inTable('clients');
    t.string('source', 10).notNullable(); // payment | advance
    t.integer('account_id').nullable().references('id').inTable('treasury_accounts'); // payment: where the money landed
    t.string('method', 20).nullable(); // payment: especes | mobile_money | cheque | virement | carte
    t.string('operator', 20).nullable(); // mobile money
    t.string('phone', 30).nullable(); // the payer's phone (mobile money)
    t.string('reference', 80).nullable(); // mobile-money transaction id, cheque number, transfer reference
    t.string('cheque_date', 10).nullable();
    t.string('settlement_date', 10).notNullable();
    t.bigInteger('amount').notNullable(); // received (payment) or taken from the advance (advance)
    t.bigInteger('allocated').notNullable(); // Σ allocations
    t.bigInteger('advance').notNullable().defaultTo(0); // amount − allocated, added to clients.advance
    t.string('allocation_mode', 10).notNullable(); // oldest | chosen
    t.string('status', 12).notNullable(); // validated | cancelled
    t.string('note', 500).notNullable().defaultTo('');
    t.integer('created_by').nullable().references('id').inTable('users');
    t.string('created_at', 30).notNullable();
    t.integer('cancelled_by').nullable().references('id').inTable('users');
    t.string('cancelled_at', 30).nullable();
    t.string('cancelled_on', 10).nullable(); // business date of the reversal
    t.string('cancel_reason', 500).nullable();
    t.integer('version').notNullable().defaultTo(1);
    t.string('updated_at', 30).notNullable();
    t.index(['settlement_date', 'id']);
    t.index(['client_id', 'settlement_date']);
    t.index(['account_id', 'settlement_date']);
    t.index(['method', 'settlement_date']);
  });

  await db.schema.createTable('settlement_allocations', (t) => {
    t.bigIncrements('id').primary();
    t.integer('settlement_id').notNullable().references('id').inTable('settlements');
    t.integer('sale_id').notNullable().references('id').inTable('sales');
    t.integer('position').notNullable();
    t.bigInteger('amount').notNullable();
    t.string('cancelled_at', 30).nullable(); // the settlement's cancellation reversed it
    t.unique(['settlement_id', 'position']);
    t.index(['sale_id']);
  });

  await db.schema.createTable('mobile_money_references', (t) => {
    t.string('operator', 20).notNullable();
    t.string('reference', 80).notNullable(); // normalised: trimmed, upper case
    t.string('document_type', 30).notNullable(); // sale | settlement | …
    t.bigInteger('document_id').notNullable();
    t.string('document_number', 40).notNullable();
    t.string('created_at', 30).notNullable();
    t.primary(['operator', 'reference']);
    t.index(['document_type', 'document_id']);
  });

  // Mobile-money payments taken at sales before this registry: the first of each transaction id counts.
  const taken = await db('sale_payments')
    .join('sales', 'sales.id', 'sale_payments.sale_id')
    .where('sale_payments.method', 'mobile_money')
    .whereNotNull('sale_payments.operator')
    .whereNotNull('sale_payments.reference')
    .orderBy('sale_payments.id')
    .select(
      'sale_payments.operator',
      'sale_payments.reference',
      'sales.id as sale_id',
      'sales.number',
      'sale_payments.created_at',
    );
  const seen = new Set<string>();
  const rows = [];
  for (const p of taken) {
    const reference = String(p.reference).trim().toUpperCase();
    const key = `${p.operator} ${reference}`;
    if (!reference || seen.has(key)) continue;
    seen.add(key);
    rows.push({
      operator: p.operator,
      reference,
      document_type: 'sale',
      document_id: p.sale_id,
      document_number: p.number,
      created_at: p.created_at,
    });
  }
  for (let i = 0; i < rows.length; i += 500) await db('mobile_money_references').insert(rows.slice(i, i + 500));

  await db.schema.alterTable('clients', (t) => {
    t.bigInteger('advance').notNullable().defaultTo(0);
  });

  await db.schema.alterTable('sales', (t) => {
    t.string('cancelled_on', 10).nullable(); // business date of the reversal
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('sales', (t) => t.dropColumn('cancelled_on'));
  await db.schema.alterTable('clients', (t) => t.dropColumn('advance'));
  await db.schema.dropTable('mobile_money_references');
  await db.schema.dropTable('settlement_allocations');
  await db.schema.dropTable('settlements');
}
