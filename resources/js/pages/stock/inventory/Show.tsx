import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { Icon } from '@/components/Icon';
import { Fact } from '@/components/data/Fact';
import { formatDate, formatDateTime } from '@/components/data/format';
import { listQuery } from '@/components/data/list-query';
import { Badge, StatusBadge } from '@/components/data/StatusBadge';
import { useList } from '@/components/data/useList';
import { DocumentShow } from '@/components/documents/DocumentShow';
import { COUNT_KEEP, countState } from '@/components/stock/inventory/count-state';
import { CountLineFilters } from '@/components/stock/inventory/CountLineFilters';
import { CountProgress } from '@/components/stock/inventory/CountProgress';
import { CountSummary } from '@/components/stock/inventory/CountSummary';
import { CountTable } from '@/components/stock/inventory/CountTable';
import { CountTabs } from '@/components/stock/inventory/CountTabs';
import { DifferencesTable } from '@/components/stock/inventory/DifferencesTable';
import { ScanBox } from '@/components/stock/inventory/ScanBox';
import { ValidateCountForm } from '@/components/stock/inventory/ValidateCountForm';

/**
 * One count session. "Saisie": scan to count or type quantities (blind counts hide the
 * theoretical stock from counters); "Écarts": differences in quantity and value, how stock that
 * moved after the snapshot is treated, and the validation into dated adjustment movements.
 */
export default function InventoryShow(props: PageProps<'stock/inventory/Show'>) {
  const { session, tab, reveal, can, lines, filters, categories, summary } = props;
  const list = useList(route('inventory.show', { id: session.id }), countState(props), { keep: COUNT_KEEP });
  const open = session.status === 'open';
  const sheet = route('inventory.sheet', { id: session.id });
  const showValues = props.show_values;
  const filtersBar = <CountLineFilters list={list} filters={filters} categories={categories} />;

  return (
    <DocumentShow
      title={session.label}
      kind={session.number ? 'Inventaire' : session.label}
      number={session.number}
      status={
        <>
          <StatusBadge kind="count" status={session.status} label={session.status_label} />
          {session.blind ? (
            <Badge tone="dark" className="app-status">
              Comptage à l’aveugle
            </Badge>
          ) : null}
        </>
      }
      subtitle={`${session.location.name} · comptage du ${formatDate(session.count_date)} · ${session.categories}`}
      breadcrumbs={[
        { label: 'Opérations' },
        { label: 'Inventaire', href: route('inventory.index') },
        { label: session.number ?? `n° ${session.id}` },
      ]}
      actions={
        <>
          <a href={sheet} className="btn btn-outline-secondary" data-testid="count-sheet">
            <Icon name="fa-solid fa-print" className="me-1" />
            État de contrôle
          </a>
          {open ? (
            <a href={route('inventory.sheet', { id: session.id }, { vierge: 1 })} className="btn btn-outline-secondary">
              <Icon name="fa-regular fa-file" className="me-1" />
              Feuille vierge
            </a>
          ) : null}
          {session.status === 'validated' ? (
            <a
              href={route('inventory.adjustment', { id: session.id })}
              className="btn btn-outline-secondary"
              data-testid="adjustment-print"
            >
              <Icon name="fa-solid fa-print" className="me-1" />
              État d’ajustement
            </a>
          ) : null}
        </>
      }
      cancel={
        open && can.validate
          ? {
              label: 'Abandonner',
              url: route('inventory.abandon', { id: session.id }),
              version: session.version,
              title: `Abandonner l’inventaire ${session.number ?? `n° ${session.id}`}`,
              explanation: `Les comptages sont conservés pour mémoire mais aucun ajustement ne sera fait. L’inventaire garde son numéro avec le statut « Annulé ». Un nouvel inventaire pourra être ouvert sur le même périmètre.`,
              confirmLabel: 'Abandonner l’inventaire',
              dialogTestId: 'abandon-dialog',
            }
          : null
      }
      facts={
        <>
          <Fact label="Emplacement" value={session.location.name} />
          <Fact label="Date du comptage" value={formatDate(session.count_date)} />
          <Fact label="Périmètre" value={session.categories} />
          <Fact label="Instantané du stock" value={formatDateTime(session.snapshot_at)} />
          <Fact label="Ouvert par" value={session.created_by} />
          {session.validated_at ? (
            <Fact label="Validé" value={`le ${formatDateTime(session.validated_at)} par ${session.validated_by}`} />
          ) : null}
          {session.moved_policy_label ? (
            <Fact
              label="Mouvements après l’instantané"
              value={<span className="small">{session.moved_policy_label}</span>}
            />
          ) : null}
          {session.cancelled_at ? (
            <Fact
              label="Abandonné"
              value={`le ${formatDateTime(session.cancelled_at)} par ${session.cancelled_by} — ${session.cancel_reason}`}
            />
          ) : null}
          {session.note ? <Fact label="Observation" value={session.note} /> : null}
        </>
      }
      factsFooter={<CountProgress session={session} summary={summary} />}
    >
      {reveal && (!open || can.validate) ? (
        <CountTabs
          tab={tab}
          open={open}
          href={(t) => route('inventory.show', { id: session.id }, listQuery(list.state, { tab: t }))}
        />
      ) : null}

      {tab === 'ecarts' ? (
        <>
          {summary ? <CountSummary summary={summary} open={open} showValues={showValues} /> : null}
          {open && can.validate ? (
            <ValidateCountForm
              session={session}
              summary={summary}
              preview_policy={props.preview_policy}
              uncounted_as_zero={props.uncounted_as_zero}
              list={list}
              showValues={showValues}
            />
          ) : null}
          <DifferencesTable lines={lines} open={open} showValues={showValues} top={filtersBar} />
        </>
      ) : (
        <CountTable
          sessionId={session.id}
          lines={lines}
          reveal={reveal}
          editable={open && can.count}
          top={
            <>
              {open && can.count ? <ScanBox sessionId={session.id} lastScan={props.last_scan} /> : null}
              {filtersBar}
            </>
          }
        />
      )}
    </DocumentShow>
  );
}
