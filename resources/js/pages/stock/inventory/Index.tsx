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
export default function InventoryIndex({ currency, tab, filters, sessions, readjustments, locations, can }: PageProps<'stock/inventory/Index'>) {
  const list = useList(route('inventory.index'), { ...filters, tab });
  // A tab keeps the period and the location (the status only filters the counts).
  const tabHref = (t: typeof tab) => route('inventory.index', listQuery({ location_id: filters.location_id, from: filters.from, to: filters.to, tab: t }));
  const sessionsTab = tab === 'sessions';
  return (
    <ListPage
      title="Inventaire"
      subtitle="Contrôle du stock par emplacement (comptage, écarts, ajustements) et réajustements ponctuels."
      breadcrumbs={[{ label: 'Opérations' }, { label: 'Inventaire' }]}
      before={
        <ul className="nav nav-tabs mb-3">
          <li className="nav-item">
            <Link href={tabHref('sessions')} className={`nav-link ${sessionsTab ? 'active' : ''}`} aria-current={sessionsTab ? 'page' : undefined}>
              Inventaires <Badge className="ms-1">{formatQty(sessions.total)}</Badge>
            </Link>
          </li>
          <li className="nav-item">
            <Link href={tabHref('readjustments')} className={`nav-link ${sessionsTab ? '' : 'active'}`} aria-current={sessionsTab ? undefined : 'page'} data-testid="tab-readjustments">
              Réajustements <Badge className="ms-1">{formatQty(readjustments.total)}</Badge>
            </Link>
          </li>
        </ul>
      }
      list={list}
      filters={
        <>
          <FilterInput label="Du" type="date" value={filters.from} onChange={(from) => list.update({ from })} />
          <FilterInput label="Au" type="date" value={filters.to} onChange={(to) => list.update({ to })} />
          <FilterSelect label="Emplacement" value={filters.location_id} allLabel="Tous" options={locationOptions(locations)} onChange={(location_id) => list.update({ location_id })} />
          {sessionsTab ? <FilterSelect label="Statut" value={filters.status} allLabel="Tous" options={COUNT_STATUSES.map((s) => ({ value: s, label: COUNT_STATUS_LABELS[s] }))} onChange={(status) => list.update({ status })} /> : null}
        </>
      }
      actions={
        <>
          {can.validate ? (
            <Link href={route('inventory.readjust')} className="btn btn-outline-primary" data-testid="readjust-create">
              <Icon name="fa-solid fa-sliders" className="me-2" />
              Réajustement
            </Link>
          ) : null}
          <ListActions create={can.count ? { href: route('inventory.create'), label: 'Nouvel inventaire', testId: 'count-create' } : null} />
        </>
      }
      wrap
      page={sessionsTab ? sessions : readjustments}
      caption={sessionsTab ? 'Inventaires' : 'Réajustements'}
      pageLabel={sessionsTab ? 'Pagination des inventaires' : 'Pagination des réajustements'}
      tableTestId={sessionsTab ? 'sessions-table' : 'readjustments-table'}
      empty={
        sessionsTab
          ? { icon: 'fa-solid fa-clipboard-check', title: 'Aucun inventaire', text: 'Aucun inventaire sur cette période.', action: can.count ? <Link href={route('inventory.create')} className="btn btn-primary">Ouvrir un inventaire</Link> : undefined }
          : { icon: 'fa-solid fa-sliders', title: 'Aucun réajustement', text: 'Aucun réajustement sur cette période.', action: can.validate ? <Link href={route('inventory.readjust')} className="btn btn-primary">Faire un réajustement</Link> : undefined }
      }
      head={
        sessionsTab ? (
          <tr>
            <th scope="col">Inventaire</th>
            <th scope="col">Date</th>
            <th scope="col">Emplacement</th>
            <th scope="col">Périmètre</th>
            <th scope="col" className="app-num">Comptés</th>
            <th scope="col" className="app-num">Ajustés</th>
            <th scope="col" className="app-num">Écart net</th>
            <th scope="col">Statut</th>
            <th scope="col">Ouvert par</th>
          </tr>
        ) : (
          <tr>
            <th scope="col">N°</th>
            <th scope="col">Date</th>
            <th scope="col">Emplacement</th>
            <th scope="col">Motif</th>
            <th scope="col">Observation</th>
            <th scope="col" className="app-num">Lignes</th>
            <th scope="col" className="app-num">Valeur</th>
            <th scope="col">Par</th>
          </tr>
        )
      }
    >
      {sessionsTab
        ? sessions.data.map((s) => (
            <tr key={s.id}>
              <td>
                <RowLink href={route('inventory.show', { id: s.id })} doc>
                  {s.number ?? `n° ${s.id}`}
                </RowLink>
                {s.blind ? <Badge tone="dark" className="ms-1 app-status" title="Comptage à l'aveugle">aveugle</Badge> : null}
              </td>
              <td>{formatDate(s.count_date)}</td>
              <td>{s.location_name}</td>
              <td className="small">{s.categories}</td>
              <td className="app-num">
                {formatQty(s.counted_count)} / {formatQty(s.line_count)}
              </td>
              <td className="app-num">{s.adjusted_lines === null ? '—' : formatQty(s.adjusted_lines)}</td>
              <td className="app-num">{s.net_value == null ? '—' : <Money value={s.net_value} currency={currency} tone="balance" />}</td>
              <td>
                <StatusBadge kind="count" status={s.status} label={s.status_label} />
              </td>
              <td>{s.created_by ?? '—'}</td>
            </tr>
          ))
        : readjustments.data.map((r) => (
            <tr key={r.id}>
              <td>
                {/* A readjustment is read on its printout. */}
                <a href={route('inventory.readjustmentPrint', { id: r.id })} className="app-row-link app-doc-number" title={`Imprimer ${r.number}`}>
                  {r.number}
                  <Icon name="fa-solid fa-print" className="ms-2 small" />
                </a>
              </td>
              <td>{formatDate(r.adjustment_date)}</td>
              <td>{r.location_name}</td>
              <td>{r.reason_label}</td>
              <td className="small">{r.note}</td>
              <td className="app-num">{formatQty(r.line_count)}</td>
              <td className="app-num">{r.total_value == null ? '—' : <Money value={r.total_value} currency={currency} tone="balance" />}</td>
              <td>{r.created_by ?? '—'}</td>
            </tr>
          ))}
    </ListPage>
  );
}
