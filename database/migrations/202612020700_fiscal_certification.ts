import type { Knex } from 'knex';

/**
 * Certified invoices (FNE in Côte d'Ivoire, e-MECeF in Bénin).
 *
 * - company_settings: the provider (`none`, `fne`, `emecef`), its API URL and key (the key
 *   encrypted with the app key, server/services/fiscal/secret.ts), the tax regime and the
 *   establishment's name as the DGI knows it, the tax group of a product without one, the B2C
 *   threshold under which a sale is not certified where the regime allows it (0: none). The
 *   seller's NCC / IFU is the company's tax_number, its RCCM the company's rccm.
 * - locations and cash_desks: their point of sale at the DGI (FNE point of sale, e-MECeF NIM); a
 *   desk may carry its own e-MECeF machine token (encrypted), else the company's key is used.
 * - products.tax_group (null: the company's default) and, kept on each sale line as it was sold,
 *   sale_lines.tax_group and sale_lines.vat_rate_bp (the rate the line was taxed at: a document
 *   may mix groups); the lines already there get 'normal' and their sale's rate.
 * - fiscal_certifications: the outbox, one row per certified document, written in the document's
 *   own transaction: its state (pending → sending → certified | refused | uncertain), the attempts
 *   and when the next may go, who claimed it, what was sent and answered, the fiscal number, the
 *   QR content and the provider's ids (FNE invoice and item ids for a refund, e-MECeF uid of the
 *   first phase, resumed after a crash). A credit note's row depends on its original's.
 * - fiscal_certification_events: append-only, what happened to each (sent, answered, refused,
 *   left uncertain, reference recorded by hand, resent) and by whom.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('company_settings', (t) => {
    t.string('fiscal_provider', 10).notNullable().defaultTo('none');
    t.string('fiscal_api_url', 300).notNullable().defaultTo('');
    t.text('fiscal_api_key').nullable();
    t.string('fiscal_regime', 40).notNullable().defaultTo('');
    t.string('fiscal_establishment', 160).notNullable().defaultTo('');
    t.string('default_tax_group', 20).notNullable().defaultTo('normal');
    t.bigInteger('fiscal_b2c_threshold').notNullable().defaultTo(0);
  });
  await db.schema.alterTable('locations', (t) => {
    t.string('fiscal_point_of_sale', 80).notNullable().defaultTo('');
  });
  await db.schema.alterTable('cash_desks', (t) => {
    t.string('fiscal_point_of_sale', 80).notNullable().defaultTo('');
    t.text('fiscal_machine_token').nullable();
  });

  await db.schema.alterTable('products', (t) => {
    t.string('tax_group', 20).nullable();
  });
  await db.schema.alterTable('sale_lines', (t) => {
    t.string('tax_group', 20).notNullable().defaultTo('normal');
    t.integer('vat_rate_bp').notNullable().defaultTo(0);
  });
  await db('sale_lines').update({
    vat_rate_bp: db.raw('(SELECT sales.vat_rate_bp FROM sales WHERE sales.id = sale_lines.sale_id)'),
  });

  await db.schema.createTable('fiscal_certifications', (t) => {
    t.increments('id').primary();
    t.string('document_type', 20).notNullable(); // a DOCUMENT_TYPES key: invoice, counterSale, creditNote
    t.integer('document_id').notNullable();
    t.string('provider', 10).notNullable();
    t.string('state', 12).notNullable(); // pending, sending, certified, refused, uncertain
    t.integer('attempts').notNullable().defaultTo(0);
    t.string('next_attempt_at', 30).notNullable();
    t.string('claimed_by', 80).nullable();
    t.string('claimed_at', 30).nullable();
    t.integer('depends_on_id').nullable().references('id').inTable('fiscal_certifications');
    t.string('point_of_sale', 80).notNullable().defaultTo('');
    t.text('request_payload').nullable();
    t.text('response_payload').nullable();
    t.string('provider_uid', 80).nullable();
    t.string('provider_invoice_id', 80).nullable();
    t.text('provider_item_ids').nullable(); // JSON: { [sale or credit-note line id]: provider item id }
    t.string('fiscal_number', 80).nullable();
    t.text('qr_content').nullable();
    t.integer('sticker_balance').nullable();
    t.string('mecef_nim', 40).nullable();
    t.string('mecef_counters', 80).nullable();
    t.string('mecef_date_time', 40).nullable();
    t.text('warning').nullable();
    t.text('error_message').nullable();
    t.boolean('manual').notNullable().defaultTo(false);
    t.string('certified_at', 30).nullable();
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
    t.unique(['document_type', 'document_id']);
    t.index(['state', 'next_attempt_at']);
  });

  await db.schema.createTable('fiscal_certification_events', (t) => {
    t.increments('id').primary();
    t.integer('certification_id').notNullable().references('id').inTable('fiscal_certifications');
    t.string('at', 30).notNullable();
    t.string('kind', 30).notNullable();
    t.integer('user_id').nullable().references('id').inTable('users');
    t.text('detail').notNullable().defaultTo('');
    t.index(['certification_id', 'id']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('fiscal_certification_events');
  await db.schema.dropTable('fiscal_certifications');
  await db.schema.alterTable('cash_desks', (t) => {
    t.dropColumn('fiscal_point_of_sale');
    t.dropColumn('fiscal_machine_token');
  });
  await db.schema.alterTable('sale_lines', (t) => {
    t.dropColumn('tax_group');
    t.dropColumn('vat_rate_bp');
  });
  await db.schema.alterTable('products', (t) => t.dropColumn('tax_group'));
  await db.schema.alterTable('locations', (t) => t.dropColumn('fiscal_point_of_sale'));
  await db.schema.alterTable('company_settings', (t) => {
    for (const c of [
      'fiscal_provider',
      'fiscal_api_url',
      'fiscal_api_key',
      'fiscal_regime',
      'fiscal_establishment',
      'default_tax_group',
      'fiscal_b2c_threshold',
    ])
      t.dropColumn(c);
  });
}
