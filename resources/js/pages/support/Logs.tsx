import { Link, router } from '@inertiajs/react';
import { useState } from 'react';
import type { AuditLogItem, ErrorLogItem, LogTab, SupportPages } from '@shared/support';
import { route } from '@shared/routes';
import { AppPage } from '@/components/AppPage';
import { StatusAlert } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { SubmitButton } from '@/components/SubmitButton';
import { formatDateTime, formatQty } from '@/components/data/format';
import { ListActions } from '@/components/data/ListActions';
import { ListPage } from '@/components/data/ListPage';
import { FilterInput, FilterSelect } from '@/components/data/ListToolbar';
import { SectionCard } from '@/components/data/SectionCard';
import { useList } from '@/components/data/useList';
import '../../../css/screens/support.scss';

const TABS: Array<{ tab: LogTab; label: string; icon: string }> = [
  { tab: 'audit', label: 'Journal d’audit', icon: 'fa-solid fa-list-ul' },
  { tab: 'integrite', label: 'Intégrité', icon: 'fa-solid fa-link' },
  { tab: 'erreurs', label: 'Erreurs du serveur', icon: 'fa-solid fa-bug' },
];

function Tabs({ current }: { current: LogTab }) {
  return (
    <nav aria-label="Journaux" className="app-subnav mb-3">
      <ul className="nav nav-pills">
        {TABS.map((t) => (
          <li key={t.tab} className="nav-item">
            <Link
              href={route('support.logs', { tab: t.tab === 'audit' ? undefined : t.tab })}
              className={`nav-link ${current === t.tab ? 'active' : ''}`}
              aria-current={current === t.tab ? 'page' : undefined}
              data-testid={`logs-tab-${t.tab}`}
            >
              <Icon name={t.icon} className="me-2" />
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const HEADING = { title: 'Journaux', breadcrumbs: [{ label: 'Support' }, { label: 'Journaux' }] };

function Changes({ row }: { row: AuditLogItem }) {
  if (!row.changes.length && !row.note) return <span className="text-body-secondary">—</span>;
  return (
    <div className="small">
      {row.changes.map((c) => (
        <div key={c.field}>
          <span className="text-body-secondary">{c.label} :</span>{' '}
          <del className="text-danger-emphasis">{c.before}</del> →{' '}
          <ins className="text-success-emphasis text-decoration-none">{c.after}</ins>
        </div>
      ))}
      {row.note ? <div className="text-body-secondary">{row.note}</div> : null}
    </div>
  );
}

function AuditTab({ audit, auditFilters, choices }: SupportPages['support/Logs']) {
  const list = useList(route('support.logs'), { ...auditFilters, tab: '' });
  return (
    <ListPage
      {...HEADING}
      subtitle="Qui a fait quoi, quand, depuis quelle adresse, sur quel document."
      before={<Tabs current="audit" />}
      list={list}
      filters={
        <>
          <FilterSelect
            label="Utilisateur"
            value={auditFilters.user}
            options={choices.users}
            allLabel="Tous"
            onChange={(user) => list.update({ user })}
            testId="filter-user"
          />
          <FilterSelect
            label="Action"
            value={auditFilters.action}
            options={choices.actions}
            allLabel="Toutes"
            onChange={(action) => list.update({ action })}
            testId="filter-action"
          />
          <FilterSelect
            label="Type de document"
            value={auditFilters.subject_type}
            options={choices.subject_types}
            allLabel="Tous"
            onChange={(subject_type) => list.update({ subject_type })}
          />
          <FilterInput label="Du" type="date" value={auditFilters.from} onChange={(from) => list.update({ from })} />
          <FilterInput label="Au" type="date" value={auditFilters.to} onChange={(to) => list.update({ to })} />
        </>
      }
      actions={<ListActions exportUrl={route('support.logs.export')} state={list.state} />}
      page={audit!}
      caption="Journal d’audit"
      pageLabel="Pagination du journal d’audit"
      tableTestId="audit-table"
      empty={{
        icon: 'fa-solid fa-list-ul',
        title: 'Journal vide',
        filteredTitle: 'Aucune entrée ne correspond',
        text: 'Les actions des utilisateurs apparaîtront ici.',
      }}
      rowKey={(r) => r.id}
      rowTestId={(r) => `audit-${r.action}`}
      columns={[
        { id: 'occurred_at', label: 'Date', role: 'title', cell: (r) => formatDateTime(r.occurred_at) },
        {
          id: 'user',
          label: 'Utilisateur',
          role: 'secondary',
          wrap: true,
          cell: (r) => r.user_name ?? <span className="text-body-secondary">—</span>,
        },
        {
          id: 'action',
          label: 'Action',
          role: 'status',
          wrap: true,
          cell: (r) => <span title={r.action}>{r.action_label}</span>,
        },
        {
          id: 'subject',
          label: 'Document',
          role: 'secondary',
          wrap: true,
          cell: (r) =>
            r.subject_type ? (
              <>
                <span className="text-body-secondary">{r.subject_type_label}</span> {r.subject_label}
              </>
            ) : (
              '—'
            ),
        },
        { id: 'ip', label: 'Adresse', role: 'secondary', cell: (r) => r.ip ?? '—' },
        { id: 'changes', label: 'Avant → après', role: 'secondary', wrap: true, cell: (r) => <Changes row={r} /> },
      ]}
    />
  );
}

function ErrorsTab({ errorLog, errorFilters }: SupportPages['support/Logs']) {
  const list = useList(route('support.logs'), { q: errorFilters.q, tab: 'erreurs' });
  const [open, setOpen] = useState<number | null>(null);
  return (
    <ListPage
      {...HEADING}
      subtitle="Les erreurs du serveur avec leur référence : celle que la page d’erreur affiche à l’utilisateur."
      before={<Tabs current="erreurs" />}
      list={list}
      search={{ placeholder: 'Référence, adresse ou message…', label: 'Rechercher une erreur' }}
      page={errorLog!}
      caption="Erreurs du serveur"
      pageLabel="Pagination des erreurs"
      tableTestId="errors-table"
      empty={{
        icon: 'fa-solid fa-bug',
        title: 'Aucune erreur enregistrée',
        filteredTitle: 'Aucune erreur ne correspond',
        text: 'Tant mieux : aucune erreur du serveur.',
      }}
      rowKey={(r) => r.id}
      columns={[
        { id: 'occurred_at', label: 'Date', role: 'title', cell: (r) => formatDateTime(r.occurred_at) },
        {
          id: 'request_id',
          label: 'Référence',
          role: 'secondary',
          wrap: true,
          cell: (r) => <code className="user-select-all">{r.request_id}</code>,
        },
        { id: 'route', label: 'Adresse', role: 'secondary', wrap: true, cell: (r) => `${r.method} ${r.route}` },
        { id: 'user', label: 'Utilisateur', role: 'secondary', cell: (r) => r.user_name ?? '—' },
        {
          id: 'message',
          label: 'Message',
          role: 'secondary',
          wrap: true,
          cell: (r: ErrorLogItem) => (
            <div className="small" style={{ overflowWrap: 'anywhere' }}>
              {r.message}
              {r.stack ? (
                <>
                  {' '}
                  <button
                    type="button"
                    className="btn btn-link btn-sm p-0"
                    onClick={() => setOpen(open === r.id ? null : r.id)}
                    aria-expanded={open === r.id}
                  >
                    {open === r.id ? 'Masquer la pile' : 'Voir la pile'}
                  </button>
                  {open === r.id ? (
                    <pre className="small mt-2 mb-0" style={{ whiteSpace: 'pre-wrap', maxWidth: '100%' }}>
                      {r.stack}
                    </pre>
                  ) : null}
                </>
              ) : null}
            </div>
          ),
        },
      ]}
    />
  );
}

function IntegrityTab({ integrity }: SupportPages['support/Logs']) {
  const [busy, setBusy] = useState(false);
  return (
    <AppPage
      {...HEADING}
      subtitle="Les journaux d’audit, de stock et d’argent sont chaînés : toute modification d’une ligne passée rompt la chaîne."
    >
      <Tabs current="integrite" />
      <SectionCard title="Vérifier l’intégrité" icon="fa-solid fa-link">
        <div className="card-body">
          <p className="mb-3">
            Chaque ligne des journaux porte une empreinte calculée sur son contenu et sur l’empreinte de la ligne
            précédente. La vérification recalcule toutes les empreintes et nomme, pour chaque journal, le premier
            maillon rompu.
          </p>
          <SubmitButton
            type="button"
            busy={busy}
            busyLabel="Vérification en cours…"
            icon="fa-solid fa-shield-halved"
            testId="integrity-check"
            onClick={() => {
              setBusy(true);
              router.post(route('support.logs.check'), {}, { onFinish: () => setBusy(false) });
            }}
          >
            Vérifier l’intégrité
          </SubmitButton>
          <p className="small text-body-secondary mt-3 mb-0">
            Même vérification en ligne de commande, pour une tâche planifiée : <code>npm run check:journal</code> (code
            de sortie 1 si une chaîne est rompue).
          </p>
        </div>
      </SectionCard>
      {integrity ? (
        <div className="mt-4" data-testid="integrity-result">
          <p className="small text-body-secondary">Dernière vérification : {formatDateTime(integrity.checked_at)}</p>
          {integrity.journals.map((j) =>
            j.broken ? (
              <StatusAlert
                key={j.journal}
                tone="danger"
                icon="fa-solid fa-link-slash"
                testId={`integrity-${j.journal}`}
              >
                <strong>{j.label} : chaîne rompue</strong>, premier maillon rompu : {j.broken.description}. Les lignes
                suivantes ne sont plus garanties : comparez avec la dernière sauvegarde.
              </StatusAlert>
            ) : (
              <StatusAlert
                key={j.journal}
                tone="success"
                icon="fa-solid fa-circle-check"
                testId={`integrity-${j.journal}`}
              >
                <strong>{j.label} : intègre</strong> ({formatQty(j.rows)} ligne{j.rows > 1 ? 's' : ''} vérifiée
                {j.rows > 1 ? 's' : ''}).
              </StatusAlert>
            ),
          )}
        </div>
      ) : null}
    </AppPage>
  );
}

export default function SupportLogs(props: SupportPages['support/Logs']) {
  if (props.tab === 'integrite') return <IntegrityTab {...props} />;
  if (props.tab === 'erreurs') return <ErrorsTab {...props} />;
  return <AuditTab {...props} />;
}
