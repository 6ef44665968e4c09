import type { Knex } from 'knex';
import type { CertifiedDocumentType } from '../../../shared/documents.js';
import { FISCAL_QUEUE_TABS, type FiscalEvent, type FiscalQueueTab, type FiscalState } from '../../../shared/fiscal.js';
import type { Paginated } from '../../../shared/lists.js';
import { paginate } from '../../db/paginate.js';
import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedLocation } from '../places/scope.js';

/**
 * Read side of Paramètres › File de certification: the outbox's rows of one tab with their
 * document (number, date, place), the counts per tab, the history of the page's rows. A sale and a
 * credit note join their own table; the places scope filters on the document's location.
 */

export interface QueueRow {
  id: number;
  document_type: CertifiedDocumentType;
  document_id: number;
  number: string | null;
  document_date: string | null;
  location_name: string | null;
  state: FiscalState;
  attempts: number;
  next_attempt_at: string;
  fiscal_number: string | null;
  qr_content: string | null;
  error_message: string | null;
  manual: boolean;
  certified_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface QueueEventRow {
  certification_id: number;
  at: string;
  kind: FiscalEvent;
  detail: string;
  user_name: string | null;
}

function queueBase(db: Knex, scope: PlaceScope): Knex.QueryBuilder {
  const q = db('fiscal_certifications as fc')
    .leftJoin('sales as s', (j) => j.on('s.id', 'fc.document_id').onIn('fc.document_type', ['invoice', 'counterSale']))
    .leftJoin('credit_notes as cn', (j) => j.on('cn.id', 'fc.document_id').onVal('fc.document_type', 'creditNote'));
  whereAllowedLocation(q, ['s.location_id', 'cn.location_id'], scope);
  return q;
}

export async function listQueue(
  db: Knex,
  tab: FiscalQueueTab,
  scope: PlaceScope,
  page: number,
  perPage = 25,
): Promise<Paginated<QueueRow>> {
  const q = queueBase(db, scope)
    .whereIn('fc.state', FISCAL_QUEUE_TABS[tab].states)
    .leftJoin('locations as l', 'l.id', db.raw('COALESCE(s.location_id, cn.location_id)'))
    .select(
      'fc.id',
      'fc.document_type',
      'fc.document_id',
      db.raw('COALESCE(s.number, cn.number) as number'),
      db.raw('COALESCE(s.sale_date, cn.credit_date) as document_date'),
      'l.name as location_name',
      'fc.state',
      'fc.attempts',
      'fc.next_attempt_at',
      'fc.fiscal_number',
      'fc.qr_content',
      'fc.error_message',
      'fc.manual',
      'fc.certified_at',
      'fc.created_at',
      'fc.updated_at',
    )
    // Oldest waiting first (the one to look at); the certified tab shows the latest.
    .orderBy([
      { column: 'fc.created_at', order: tab === 'certified' ? 'desc' : 'asc' },
      { column: 'fc.id', order: tab === 'certified' ? 'desc' : 'asc' },
    ]);
  return paginate(q, page, perPage, (row: QueueRow) => ({ ...row, manual: Boolean(row.manual) }));
}

/** How many rows each tab holds (one grouped count). */
export async function queueCounts(db: Knex, scope: PlaceScope): Promise<Record<FiscalQueueTab, number>> {
  const rows = (await queueBase(db, scope).groupBy('fc.state').select('fc.state').count({ n: '*' })) as Array<{
    state: FiscalState;
    n: number | string;
  }>;
  const counts = Object.fromEntries(Object.keys(FISCAL_QUEUE_TABS).map((t) => [t, 0])) as Record<
    FiscalQueueTab,
    number
  >;
  for (const r of rows)
    for (const [tab, decl] of Object.entries(FISCAL_QUEUE_TABS))
      if ((decl.states as readonly string[]).includes(r.state)) counts[tab as FiscalQueueTab] += Number(r.n);
  return counts;
}

/** The events of these rows, oldest first, with the user's name. */
export async function queueEvents(db: Knex, ids: readonly number[]): Promise<QueueEventRow[]> {
  if (!ids.length) return [];
  return db('fiscal_certification_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .whereIn('e.certification_id', ids)
    .orderBy([{ column: 'e.certification_id' }, { column: 'e.id' }])
    .select('e.certification_id', 'e.at', 'e.kind', 'e.detail', 'u.name as user_name');
}

/** The document a certification row stands for (its place is the document's), or null when there is no such row. */
export async function certifiedDocumentOf(
  db: Knex,
  id: number,
): Promise<{ type: CertifiedDocumentType; id: number } | null> {
  const row = await db('fiscal_certifications').where({ id }).first('document_type', 'document_id');
  return row ? { type: row.document_type as CertifiedDocumentType, id: Number(row.document_id) } : null;
}

/** FNE's prepaid stickers left, as its last certified answer said (null before any). */
export async function lastStickerBalance(db: Knex): Promise<number | null> {
  const row = await db('fiscal_certifications')
    .where({ state: 'certified' })
    .whereNotNull('sticker_balance')
    .orderBy([
      { column: 'certified_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first('sticker_balance');
  return row ? Number(row.sticker_balance) : null;
}

export interface UncertifiedDocumentRow {
  document_type: CertifiedDocumentType;
  document_id: number;
  number: string;
  state: FiscalState;
  error_message: string | null;
}

/**
 * The documents of a location's day that the DGI has not certified (pending, sending, refused,
 * uncertain): what a cash closing names, so the day is not closed on documents without a fiscal number.
 */
export async function uncertifiedDocumentsOfDay(
  db: Knex,
  locationId: number,
  day: string,
): Promise<UncertifiedDocumentRow[]> {
  const open = ['pending', 'sending', 'refused', 'uncertain'];
  const sales = db('fiscal_certifications as fc')
    .join('sales as s', (j) => j.on('s.id', 'fc.document_id').onIn('fc.document_type', ['invoice', 'counterSale']))
    .where('s.location_id', locationId)
    .where('s.sale_date', day)
    .whereIn('fc.state', open)
    .select('fc.document_type', 'fc.document_id', 's.number', 'fc.state', 'fc.error_message');
  const notes = db('fiscal_certifications as fc')
    .join('credit_notes as cn', (j) => j.on('cn.id', 'fc.document_id').onVal('fc.document_type', 'creditNote'))
    .where('cn.location_id', locationId)
    .where('cn.credit_date', day)
    .whereIn('fc.state', open)
    .select('fc.document_type', 'fc.document_id', 'cn.number', 'fc.state', 'fc.error_message');
  const rows = [...(await sales), ...(await notes)] as UncertifiedDocumentRow[];
  return rows
    .map((r) => ({ ...r, document_id: Number(r.document_id) }))
    .sort((a, b) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0));
}
