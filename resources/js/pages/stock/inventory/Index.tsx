import { Link } from '@inertiajs/react';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { COUNT_STATUSES, COUNT_STATUS_LABELS } from '@shared/stock';
import { Icon } from '@/components/Icon';
import { RowLink } from '@/components/data/DataTable';
import { formatDate, formatQty } from '@/components/data/format';
import { listQuery } from '@/components/data/list-query';
import { ListActions } from '@/components/data/ListActions';
import { ListPage } from '@/components/data/ListPage';
import { FilterInput, FilterSelect, locationOptions } from '@/components/data/ListToolbar';
import { Money } from '@/components/data/Money';
import { Badge, StatusBadge } from '@/components/data/StatusBadge';
import { useList } from '@/components/data/useList';

/** Inventaire (gestion de stock): count sessions per location and direct readjustments. */
export default function InventoryIndex({
  tab,
  filters,
  sessions,
  readjustments,
  locations,
  can,
}: PageProps<'stock/inventory/Index'>) {
  const list = useList(route('inventory.index'), { ...filters, tab });
  // A tab keeps the period and the location (the status only filters the counts).
  const tabHref = (t: typeof tab) =>
    route(
      'inventory.index',
      listQuery({ location_id: filters.location_id, from: filters.from, to: filters.to, tab: t }),
    );
  const sessionsTab = tab === 'sessions';
  // Values are absent (not null) for a user who may not see costs: no value column then.
  const sessionCosts = sessions.data.length === 0 || sessions.data.some((s) => 'net_value' in s);
  const readjustmentCosts = readjustments.data.length === 0 || readjustments.data.some((r) => 'total_value' in r);
  const shell = {
    title: 'Inventaire',
    subtitle: 'Contrôle du stock par emplacement (comptage, écarts, ajustements) et réajustements ponctuels.',
    breadcrumbs: [{ label: 'Opérations' }, { label: 'Inventaire' }],
    before: (
      <ul className="nav nav-tabs mb-3">
        <li className="nav-item">
          <Link
            href={tabHref('sessions')}
            className={`nav-link ${sessionsTab ? 'active' : ''}`}
            aria-current={sessionsTab ? 'page' : undefined}
          >
            Inventaires <Badge className="ms-1">{formatQty(sessions.total)}</Badge>
          </Link>
        </li>
        <li className="nav-item">
          <Link
            href={tabHref('readjustments')}
            className={`nav-link ${sessionsTab ? '' : 'active'}`}
            aria-current={sessionsTab ? undefined : 'page'}
            data-testid="tab-readjustments"
          >
            Réajustements <Badge className="ms-1">{formatQty(readjustments.total)}</Badge>
          </Link>
        </li>
      </ul>
    ),
    list,
    filters: (
      <>
        <FilterInput label="Du" type="date" value={filters.from} onChange={(from) => list.update({ from })} />
        <FilterInput label="Au" type="date" value={filters.to} onChange={(to) => list.update({ to })} />
        <FilterSelect
          label="Emplacement"
          value={filters.location_id}
          allLabel="Tous"
          options={locationOptions(locations)}
          onChange={(location_id) => list.update({ location_id })}
        />
        {sessionsTab ? (
          <FilterSelect
            label="Statut"
            value={filters.status}
            allLabel="Tous"
            options={COUNT_STATUSES.map((s) => ({ value: s, label: COUNT_STATUS_LABELS[s] }))}
            onChange={(status) => list.update({ status })}
          />
        ) : null}
      </>
    ),
    actions: (
      <>
        {can.validate ? (
          <Link href={route('inventory.readjust')} className="btn btn-outline-primary" data-testid="readjust-create">
            <Icon name="fa-solid fa-sliders" className="me-2" />
            Réajustement
          </Link>
        ) : null}
        <ListActions
          create={
            can.count ? { href: route('inventory.create'), label: 'Nouvel inventaire', testId: 'count-create' } : null
          }
        />
      </>
    ),
  };
  return sessionsTab ? (
    <ListPage
      {...shell}
      page={sessions}
      caption="Inventaires"
      pageLabel="Pagination des inventaires"
      tableTestId="sessions-table"
      empty={{
        icon: 'fa-solid fa-clipboard-check',
        title: 'Aucun inventaire',
        text: 'Aucun inventaire sur cette période.',
        action: can.count ? (
          <Link href={route('inventory.create')} className="btn btn-primary">
            Ouvrir un inventaire
          </Link>
        ) : undefined,
      }}
      rowKey={(s) => s.id}
      columns={[
        {
          id: 'number',
          label: 'Inventaire',
          role: 'title',
          cell: (s) => (
            <>
              <RowLink href={route('inventory.show', { id: s.id })} doc>
                {s.number ?? `n° ${s.id}`}
              </RowLink>
              {s.blind ? (
                <Badge tone="dark" className="ms-1 app-status" title="Comptage à l’aveugle">
                  aveugle
                </Badge>
              ) : null}
            </>
          ),
        },
        { id: 'date', label: 'Date', role: 'secondary', cell: (s) => formatDate(s.count_date) },
        { id: 'location', label: 'Emplacement', role: 'secondary', wrap: true, cell: (s) => s.location_name },
        {
          id: 'scope',
          label: 'Périmètre',
          role: 'secondary',
          wrap: true,
          className: 'small',
          cell: (s) => s.categories,
        },
        {
          id: 'counted',
          label: 'Comptés',
          role: 'figure',
          num: true,
          cell: (s) => `${formatQty(s.counted_count)} / ${formatQty(s.line_count)}`,
        },
        {
          id: 'adjusted',
          label: 'Ajustés',
          role: 'figure',
          num: true,
          cell: (s) => (s.adjusted_lines === null ? '—' : formatQty(s.adjusted_lines)),
        },
        sessionCosts
          ? {
              id: 'net',
              label: 'Écart net',
              role: 'figure',
              num: true,
              cell: (s) => (s.net_value == null ? '—' : <Money value={s.net_value} tone="balance" />),
            }
          : null,
        {
          id: 'status',
          label: 'Statut',
          role: 'status',
          cell: (s) => <StatusBadge kind="count" status={s.status} label={s.status_label} />,
        },
        { id: 'by', label: 'Ouvert par', role: 'secondary', wrap: true, cell: (s) => s.created_by ?? '—' },
      ]}
    />
  ) : (
    <ListPage
      {...shell}
      page={readjustments}
      caption="Réajustements"
      pageLabel="Pagination des réajustements"
      tableTestId="readjustments-table"
      empty={{
        icon: 'fa-solid fa-sliders',
        title: 'Aucun réajustement',
        text: 'Aucun réajustement sur cette période.',
        action: can.validate ? (
          <Link href={route('inventory.readjust')} className="btn btn-primary">
            Faire un réajustement
          </Link>
        ) : undefined,
      }}
      rowKey={(r) => r.id}
      columns={[
        {
          id: 'number',
          label: 'N°',
          role: 'title',
          cell: (r) => (
            // A readjustment is read on its printout.
            <a
              href={route('inventory.readjustmentPrint', { id: r.id })}
              className="app-row-link app-doc-number"
              title={`Imprimer ${r.number}`}
            >
              {r.number}
              <Icon name="fa-solid fa-print" className="ms-2 small" />
            </a>
          ),
        },
        { id: 'date', label: 'Date', role: 'secondary', cell: (r) => formatDate(r.adjustment_date) },
        { id: 'location', label: 'Emplacement', role: 'secondary', wrap: true, cell: (r) => r.location_name },
        { id: 'reason', label: 'Motif', role: 'status', cell: (r) => r.reason_label },
        { id: 'note', label: 'Observation', role: 'secondary', wrap: true, className: 'small', cell: (r) => r.note },
        { id: 'lines', label: 'Lignes', role: 'figure', num: true, cell: (r) => formatQty(r.line_count) },
        readjustmentCosts
          ? {
              id: 'value',
              label: 'Valeur',
              role: 'figure',
              num: true,
              cell: (r) => (r.total_value == null ? '—' : <Money value={r.total_value} tone="balance" />),
            }
          : null,
        { id: 'by', label: 'Par', role: 'secondary', wrap: true, cell: (r) => r.created_by ?? '—' },
      ]}
    />
  );
}
