import type { Knex } from 'knex';
import type { ReportColumn, ReportFigure, ReportRow } from '../../../shared/reports.js';
import { route } from '../../../shared/routes.js';
import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedAccount } from '../places/scope.js';
import { methodLabel } from '../settlements/settlement-queries.js';
import { type ReportSlice, num, pageOf, sliceOf, sliceQuery, table } from './frame.js';
import type { ReportBody } from './sales-situation.js';
import { orderByFrench } from '../../db/french-order.js';

/**
 * Éditions › Finances › État des règlements (issue 17, report 2): the client settlements (REG-)
 * of a period, by method (mobile money by operator, « Acompte » for an advance spent), by client,
 * by user and by account, with totals per group and a grand total — and the list of the
 * settlements themselves (« État des encaissements »), where a cancelled settlement shows as such
 * but counts in no total. Every figure is a SQL aggregate over the indexed settlements of the
 * period. A user restricted to some places sees the settlements paid into the accounts they work
 * on and those spending an advance (which land in no account), as in the settlements list.
 */

export const SETTLEMENTS_STATE_VIEWS = [
  { id: 'modes', label: 'Par mode de règlement' },
  { id: 'clients', label: 'Par client' },
  { id: 'utilisateurs', label: 'Par utilisateur' },
  { id: 'comptes', label: 'Par compte' },
  { id: 'encaissements', label: 'État des encaissements' },
] as const;
export type SettlementsStateView = (typeof SETTLEMENTS_STATE_VIEWS)[number]['id'];

export interface SettlementsStateFilters {
  view: SettlementsStateView;
  from: string;
  to: string;
  /** A treasury account id, 'advance' (advances spent), or '' (all). */
  account_id: string;
}

/** The settlements of the filters, every status (alias st). */
function settlementsQuery(db: Knex, f: SettlementsStateFilters, scope: PlaceScope): Knex.QueryBuilder {
  const q = db('settlements as st').whereBetween('st.settlement_date', [f.from, f.to]);
  if (f.account_id === 'advance') q.where('st.source', 'advance');
  else if (f.account_id) q.where('st.account_id', Number(f.account_id));
  if (!scope.all)
    q.where((w) =>
      w
        .whereNull('st.account_id')
        .orWhereIn('st.account_id', whereAllowedAccount(db('treasury_accounts').select('id'), scope)),
    );
  return q;
}

/** The accounts of the report's filter: those the user may see, by name. */
export async function settlementAccounts(
  db: Knex,
  scope: PlaceScope,
): Promise<Array<{ id: number; name: string; active: unknown }>> {
  return (await orderByFrench(whereAllowedAccount(db('treasury_accounts'), scope), db, { name: 'name' }).select(
    'id',
    'name',
    'active',
  )) as Array<{ id: number; name: string; active: unknown }>;
}

const AMOUNT_COLUMNS: ReportColumn[] = [
  { id: 'count', label: 'Règlements', kind: 'count', role: 'secondary' },
  { id: 'amount', label: 'Montant reçu', kind: 'money', role: 'figure' },
  { id: 'allocated', label: 'Affecté aux factures', kind: 'money', role: 'secondary' },
  { id: 'advance', label: 'Mis en acompte', kind: 'money', role: 'secondary' },
];

const amounts = (r: Record<string, unknown> | undefined): ReportRow => ({
  count: num(r?.n),
  amount: num(r?.amount),
  allocated: num(r?.allocated),
  advance: num(r?.advance),
});

function sums(q: Knex.QueryBuilder): Knex.QueryBuilder {
  return q.count({ n: '*' }).sum({ amount: 'st.amount', allocated: 'st.allocated', advance: 'st.advance' });
}

export async function settlementsState(
  db: Knex,
  f: SettlementsStateFilters,
  scope: PlaceScope,
  slice: ReportSlice,
): Promise<ReportBody> {
  const base = settlementsQuery(db, f, scope);
  const byStatus = (await sums(base.clone().groupBy('st.status').select('st.status'))) as Record<string, unknown>[];
  const all = amounts(byStatus.find((r) => r.status === 'validated'));
  const cancelled = amounts(byStatus.find((r) => r.status === 'cancelled'));
  const figures: ReportFigure[] = [
    { id: 'amount', label: 'Total encaissé', kind: 'money', figure: Number(all.amount), tone: 'success' },
    { id: 'count', label: 'Règlements', kind: 'count', figure: Number(all.count) },
    { id: 'allocated', label: 'Affecté aux factures', kind: 'money', figure: Number(all.allocated) },
    { id: 'advance', label: 'Mis en acompte', kind: 'money', figure: Number(all.advance), tone: 'info' },
    ...(Number(cancelled.count) > 0
      ? [
          {
            id: 'cancelled',
            label: `Annulés (${cancelled.count}, hors totaux)`,
            kind: 'money' as const,
            figure: Number(cancelled.amount),
            tone: 'danger' as const,
          },
        ]
      : []),
  ];
  const notes = [
    'Règlements (REG-) datés dans la période. Un règlement annulé n’entre dans aucun total ; il figure, barré, dans l’état des encaissements. « Acompte » : l’acompte d’un client dépensé sur ses factures (aucun encaissement sur un compte).',
  ];
  const valid = base.clone().where('st.status', 'validated');

  if (f.view === 'encaissements') {
    return { figures, tables: [await listing(base, slice, all, Number(all.count) + Number(cancelled.count))], notes };
  }

  if (f.view === 'modes') {
    const grouped = db
      .from(
        sums(
          valid
            .clone()
            .groupBy('st.source', 'st.method', 'st.operator')
            .select('st.source', 'st.method', 'st.operator'),
        ).as('g'),
      )
      .select('g.*')
      .orderByRaw('g.amount DESC, g.source ASC, g.method ASC, g.operator ASC');
    const { rows, total } = await sliceQuery(db, grouped, slice);
    const data = rows.map((r) => ({
      group: methodLabel(String(r.source), (r.method as string | null) ?? null, (r.operator as string | null) ?? null),
      ...amounts(r),
    }));
    return {
      figures,
      tables: [
        table(
          'modes',
          [{ id: 'group', label: 'Mode de règlement', kind: 'text', role: 'title' }, ...AMOUNT_COLUMNS],
          pageOf(data, total, slice),
          { group: 'Total', ...all },
        ),
      ],
      notes,
    };
  }

  // By client, user or account: grouped in SQL, the page's names joined.
  const key = { clients: 'st.client_id', utilisateurs: 'st.created_by', comptes: 'st.account_id' }[f.view];
  const grouped = sums(valid.clone().groupBy(key).select({ key }));
  const named = db.from(grouped.as('g'));
  if (f.view === 'clients') named.join('clients as c', 'c.id', 'g.key').select('g.*', 'c.code', 'c.name');
  else if (f.view === 'utilisateurs')
    named.leftJoin('users as u', 'u.id', 'g.key').select('g.*', db.raw("'' as code"), 'u.name');
  else named.leftJoin('treasury_accounts as a', 'a.id', 'g.key').select('g.*', db.raw("'' as code"), 'a.name');
  named.orderByRaw('g.amount DESC, g.key ASC');
  const { rows, total } = await sliceQuery(db, named, slice, { countBeside: true });
  const nameless = f.view === 'comptes' ? 'Acompte (aucun compte)' : 'Inconnu';
  const data: ReportRow[] = rows.map((r) => ({
    group: r.name === null || r.name === undefined ? nameless : String(r.name),
    ...(f.view === 'clients' ? { code: String(r.code), url: route('clients.show', { id: Number(r.key) }) } : {}),
    ...amounts(r),
  }));
  const label = { clients: 'Client', utilisateurs: 'Utilisateur', comptes: 'Compte' }[f.view];
  const columns: ReportColumn[] = [
    { id: 'group', label, kind: 'text', role: 'title', wrap: true, link: f.view === 'clients' },
  ];
  if (f.view === 'clients') columns.push({ id: 'code', label: 'Code', kind: 'text', role: 'secondary' });
  return {
    figures,
    tables: [table(f.view, [...columns, ...AMOUNT_COLUMNS], pageOf(data, total, slice), { group: 'Total', ...all })],
    notes,
  };
}

/** The settlements themselves, oldest first; a cancelled one muted, out of the totals (what went to invoices or to the advance: the figures and the grouped views). */
async function listing(base: Knex.QueryBuilder, slice: ReportSlice, all: ReportRow, total: number) {
  const ordered = base
    .clone()
    .join('clients as c', 'c.id', 'st.client_id')
    .leftJoin('treasury_accounts as a', 'a.id', 'st.account_id')
    .leftJoin('users as u', 'u.id', 'st.created_by')
    .select(
      'st.id',
      'st.number',
      'st.settlement_date',
      'st.source',
      'st.method',
      'st.operator',
      'st.amount',
      'st.status',
      'c.name as client_name',
      'a.name as account_name',
      'u.name as user_name',
    )
    .orderBy([
      { column: 'st.settlement_date', order: 'asc' },
      { column: 'st.id', order: 'asc' },
    ]);
  // Every settlement of the filters is a row (its client always exists): the count is the status aggregate's.
  const s = sliceOf(slice);
  const rows = (await ordered.limit(s.limit).offset(s.offset)) as Record<string, unknown>[];
  const columns: ReportColumn[] = [
    { id: 'number', label: 'N°', kind: 'text', link: true, role: 'title' },
    { id: 'date', label: 'Date', kind: 'date', role: 'secondary' },
    { id: 'client', label: 'Client', kind: 'text', role: 'title', wrap: true },
    { id: 'method', label: 'Mode', kind: 'text', role: 'secondary' },
    { id: 'account', label: 'Compte', kind: 'text', role: 'secondary', wrap: true },
    { id: 'user', label: 'Par', kind: 'text', role: 'secondary', wrap: true },
    { id: 'amount', label: 'Montant', kind: 'money', role: 'figure' },
    { id: 'status', label: 'Statut', kind: 'status', role: 'status' },
  ];
  const data: ReportRow[] = rows.map((r) => {
    const cancelled = r.status === 'cancelled';
    return {
      number: String(r.number),
      url: route('settlements.show', { id: Number(r.id) }),
      date: String(r.settlement_date),
      client: String(r.client_name),
      method: methodLabel(String(r.source), (r.method as string | null) ?? null, (r.operator as string | null) ?? null),
      account: r.account_name ? String(r.account_name) : '',
      user: r.user_name ? String(r.user_name) : '',
      amount: num(r.amount),
      status: cancelled ? 'Annulé' : 'Validé',
      tone: cancelled ? 'danger' : 'success',
      muted: cancelled,
    };
  });
  return table('encaissements', columns, pageOf(data, total, slice), {
    number: 'Total (hors annulés)',
    amount: all.amount,
  });
}
