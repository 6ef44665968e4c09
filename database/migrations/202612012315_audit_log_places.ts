import type { Knex } from 'knex';

/**
 * Support › Journaux filtered by places (issue 34): each audit entry records where its subject
 * stands — up to two locations (a transfer's two sides) and two treasury accounts (a cash
 * operation's) — so that a user restricted to some places reads the journal through an indexed
 * condition on these columns, never by loading entries into JavaScript. The entries already there
 * get the places of their subject's row (the subject types of AUDIT_SUBJECT_PLACES,
 * server/services/audit/record-audit.ts, copied here as they are today). The places are not part
 * of an entry's hash: the chain is unchanged.
 */
const COLUMNS = ['location_id', 'other_location_id', 'account_id', 'other_account_id'] as const;

const SUBJECTS: Record<
  string,
  { table: string; key?: string; columns: Partial<Record<(typeof COLUMNS)[number], string>> }
> = {
  sale: { table: 'sales', columns: { location_id: 'location_id' } },
  credit_note: { table: 'credit_notes', columns: { location_id: 'location_id' } },
  stock_entry: { table: 'stock_entries', columns: { location_id: 'location_id' } },
  transfer: { table: 'transfers', columns: { location_id: 'from_location_id', other_location_id: 'to_location_id' } },
  inventory_count: { table: 'inventory_counts', columns: { location_id: 'location_id' } },
  stock_adjustment: { table: 'stock_adjustments', columns: { location_id: 'location_id' } },
  location: { table: 'locations', columns: { location_id: 'id' } },
  cash_desk: { table: 'treasury_accounts', key: 'cash_desk_id', columns: { account_id: 'id' } },
  cash_closing: { table: 'cash_closings', columns: { account_id: 'account_id' } },
  cash_operation: {
    table: 'cash_operations',
    columns: { account_id: 'from_account_id', other_account_id: 'to_account_id' },
  },
  settlement: { table: 'settlements', columns: { account_id: 'account_id' } },
  treasury_account: { table: 'treasury_accounts', columns: { account_id: 'id' } },
};

export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('audit_log', (t) => {
    for (const c of COLUMNS) t.bigInteger(c).nullable();
  });
  for (const [type, spec] of Object.entries(SUBJECTS)) {
    for (const [column, source] of Object.entries(spec.columns)) {
      await db.raw(
        `UPDATE audit_log SET ?? = (SELECT s.?? FROM ?? s WHERE s.?? = CAST(audit_log.subject_id AS BIGINT)) WHERE subject_type = ?`,
        [column, source, spec.table, spec.key ?? 'id', type],
      );
    }
  }
  // Covering the places condition (Journaux for a restricted user: its count and its pages).
  await db.schema.alterTable('audit_log', (t) => {
    t.index([...COLUMNS, 'subject_type'], 'audit_log_places');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('audit_log', (t) => {
    t.dropIndex([...COLUMNS, 'subject_type'], 'audit_log_places');
  });
  await db.schema.alterTable('audit_log', (t) => {
    for (const c of COLUMNS) t.dropColumn(c);
  });
}
