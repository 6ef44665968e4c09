import type { Knex } from 'knex';
import type { CertifiedDocumentType } from '../../../shared/documents.js';
import {
  FISCAL_FILTER_MATCHES,
  type FiscalBadgeFacts,
  type FiscalFilterState,
  type FiscalState,
} from '../../../shared/fiscal.js';

/**
 * The « Certification » column and filter of the document lists (ventes détaillées, ventes
 * boutique, corrections): the outbox row joined on its unique (document_type, document_id) index,
 * one lookup per row of the page. Filtered on a state, the join is an inner one on the list's base
 * query (the count and the totals follow it); otherwise a LEFT JOIN on the page's rows only.
 */

const ALIAS = 'fc';

function joinOn(types: readonly CertifiedDocumentType[], idColumn: string) {
  return (j: Knex.JoinClause) => {
    j.on(`${ALIAS}.document_id`, idColumn);
    if (types.length === 1) j.onVal(`${ALIAS}.document_type`, types[0]);
    else j.onIn(`${ALIAS}.document_type`, [...types]);
  };
}

/** The list's base query keeps only the documents in that state (nothing added without a filter). */
export function whereFiscalState(
  q: Knex.QueryBuilder,
  types: readonly CertifiedDocumentType[],
  idColumn: string,
  state: FiscalFilterState | '',
): Knex.QueryBuilder {
  if (!state) return q;
  return q
    .join(`fiscal_certifications as ${ALIAS}`, joinOn(types, idColumn))
    .whereIn(`${ALIAS}.state`, [...FISCAL_FILTER_MATCHES[state]]);
}

/** The page's rows get `fiscal_state` and `fiscal_number` (null when the document has no row). */
export function selectFiscalColumn(
  q: Knex.QueryBuilder,
  types: readonly CertifiedDocumentType[],
  idColumn: string,
  state: FiscalFilterState | '',
): Knex.QueryBuilder {
  if (!state) q.leftJoin(`fiscal_certifications as ${ALIAS}`, joinOn(types, idColumn));
  return q.select(`${ALIAS}.state as fiscal_state`, `${ALIAS}.fiscal_number as fiscal_number`);
}

/** A row's badge facts (the presenters'). */
export function fiscalBadgeOf(row: { fiscal_state?: unknown; fiscal_number?: unknown }): FiscalBadgeFacts | null {
  if (!row.fiscal_state) return null;
  return {
    state: row.fiscal_state as FiscalState,
    fiscal_number: (row.fiscal_number as string | null | undefined) ?? null,
  };
}

/**
 * Whether a list shows the column: the company certifies (a provider in its settings), or some
 * document of these types was certified once (a provider set then removed keeps the history in view).
 */
export async function listShowsFiscal(
  db: Knex,
  types: readonly CertifiedDocumentType[],
  companyCertifies: boolean,
): Promise<boolean> {
  if (companyCertifies) return true;
  const any = await db('fiscal_certifications')
    .whereIn('document_type', [...types])
    .first('id');
  return Boolean(any);
}
