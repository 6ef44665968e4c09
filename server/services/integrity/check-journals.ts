import type { Knex } from 'knex';
import { verifyAuditChain } from '../audit/record-audit.js';
import { stockMovementHash } from '../../domain/integrity/chain.js';
import { verifyMoneyChains } from '../treasury/ledger.js';
import { formatCount } from '../../../shared/quantity.js';

/**
 * « Vérifier l'intégrité » (Support › Journaux) and `npm run check:journal`: walks the hash chain
 * of each append-only journal and names its first broken link. One entry per journal, in the order
 * the screen shows them; a new chained journal adds one entry to JOURNALS.
 */
export type JournalKey = 'audit' | 'stock' | 'money';

export interface JournalCheck {
  journal: JournalKey;
  label: string;
  /** Rows walked. */
  rows: number;
  /** null when the chain is intact. */
  broken: { id: number; description: string } | null;
}

const BATCH = 2000;

/** Walks stock_movements in id order; returns the id of the first row whose hash does not follow. */
export async function verifyStockChain(db: Knex): Promise<number | null> {
  let prev: string | null = null;
  let lastId = 0;
  for (;;) {
    const rows = await db('stock_movements').where('id', '>', lastId).orderBy('id').limit(BATCH);
    if (rows.length === 0) return null;
    for (const row of rows) {
      if (stockMovementHash(row, prev) !== row.hash) return Number(row.id);
      prev = row.hash;
      lastId = Number(row.id);
    }
  }
}

interface Journal {
  key: JournalKey;
  label: string;
  table: string;
  /** The first broken link, or null when the chain is intact. */
  check: (db: Knex) => Promise<{ id: number; description: string } | null>;
}

/** A journal walked as one chain in id order, its first broken row described for people. */
function singleChain(
  verify: (db: Knex) => Promise<number | null>,
  describe: (db: Knex, id: number) => Promise<string>,
) {
  return async (db: Knex) => {
    const id = await verify(db);
    return id === null ? null : { id, description: await describe(db, id) };
  };
}

const JOURNALS: Journal[] = [
  {
    key: 'audit',
    label: 'Journal d’audit',
    table: 'audit_log',
    check: singleChain(verifyAuditChain, async (db, id) => {
      const row = await db('audit_log').where({ id }).first('occurred_at', 'action', 'user_name', 'subject_label');
      return row
        ? `entrée n° ${id} (${row.action}${row.user_name ? `, ${row.user_name}` : ''}, ${row.occurred_at})`
        : `entrée n° ${id}`;
    }),
  },
  {
    key: 'stock',
    label: 'Mouvements de stock',
    table: 'stock_movements',
    check: singleChain(verifyStockChain, async (db, id) => {
      const row = await db('stock_movements as m')
        .leftJoin('products as p', 'p.id', 'm.product_id')
        .where('m.id', id)
        .first('m.document_number', 'm.business_date', 'p.code');
      return row
        ? `mouvement n° ${id} (${[row.document_number, row.code, row.business_date].filter(Boolean).join(', ')})`
        : `mouvement n° ${id}`;
    }),
  },
  {
    // One chain per treasury account (server/services/treasury/ledger.ts): the first broken account is named, and how many others are.
    key: 'money',
    label: 'Mouvements d’argent',
    table: 'money_movements',
    check: async (db) => {
      const broken = await verifyMoneyChains(db);
      if (!broken.length) return null;
      const [first] = broken;
      const where = first.movementId
        ? `mouvement n° ${first.movementId} du compte « ${first.accountName} »`
        : `fin du compte « ${first.accountName} »`;
      const others = broken.length > 1 ? ` ; ${formatCount(broken.length - 1, 'autre compte touché')}` : '';
      return { id: first.movementId ?? 0, description: `${where} (${first.reason})${others}` };
    },
  },
];

export async function checkJournals(db: Knex): Promise<JournalCheck[]> {
  const out: JournalCheck[] = [];
  for (const j of JOURNALS) {
    const count = await db(j.table).count({ n: '*' }).first();
    out.push({ journal: j.key, label: j.label, rows: Number(count?.n ?? 0), broken: await j.check(db) });
  }
  return out;
}
