import type { SupportPages } from '@shared/support';
import { TICKET_CATEGORY_LABELS, TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS, TICKET_STATUSES } from '@shared/support';
import { route } from '@shared/routes';
import { NameLink, RowLink } from '@/components/data/DataTable';
import { formatDateTime } from '@/components/data/format';
import { ListActions } from '@/components/data/ListActions';
import { ListPage } from '@/components/data/ListPage';
import { FilterSelect } from '@/components/data/ListToolbar';
import { Badge, StatusBadge } from '@/components/data/StatusBadge';
import { useList } from '@/components/data/useList';
import '../../../../css/screens/support.scss';

const STATUS_OPTIONS = [
  { value: 'actifs', label: 'À traiter (ouverts, en cours, en attente)' },
  ...TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] })),
];
const CATEGORY_OPTIONS = Object.entries(TICKET_CATEGORY_LABELS).map(([value, label]) => ({ value, label }));
const PRIORITY_OPTIONS = Object.entries(TICKET_PRIORITY_LABELS).map(([value, label]) => ({ value, label }));
const ASSIGNED_OPTIONS = [
  { value: 'moi', label: 'Attribués à moi' },
  { value: 'personne', label: 'Non attribués' },
];
const PRIORITY_TONES = { basse: 'light', normale: 'secondary', haute: 'warning', urgente: 'danger' } as const;

export default function TicketsIndex({ tickets, params, can, unread }: SupportPages['support/tickets/Index']) {
  const list = useList(route('support.tickets.index'), params);
  return (
    <ListPage
      title="Tickets de support"
      subtitle={
        can.manage
          ? 'Toutes les demandes des utilisateurs : attribuez-les, répondez, suivez leur statut.'
          : 'Vos demandes au support et leurs réponses.'
      }
      breadcrumbs={[{ label: 'Support' }, { label: 'Tickets' }]}
      list={list}
      search={{ placeholder: 'N°, objet ou description…', label: 'Rechercher un ticket' }}
      perPage
      note={
        unread > 0 ? (
          <span data-testid="tickets-unread">
            {unread === 1 ? '1 ticket a du nouveau.' : `${unread} tickets ont du nouveau.`}
          </span>
        ) : null
      }
      filters={
        <>
          <FilterSelect
            label="Statut"
            value={params.filters.status}
            options={STATUS_OPTIONS}
            allLabel="Tous"
            onChange={(status) => list.update({ status })}
            testId="filter-status"
          />
          <FilterSelect
            label="Catégorie"
            value={params.filters.category}
            options={CATEGORY_OPTIONS}
            allLabel="Toutes"
            onChange={(category) => list.update({ category })}
          />
          <FilterSelect
            label="Priorité"
            value={params.filters.priority}
            options={PRIORITY_OPTIONS}
            allLabel="Toutes"
            onChange={(priority) => list.update({ priority })}
          />
          {can.manage ? (
            <FilterSelect
              label="Attribution"
              value={params.filters.assigned}
              options={ASSIGNED_OPTIONS}
              allLabel="Tous"
              onChange={(assigned) => list.update({ assigned })}
            />
          ) : null}
        </>
      }
      actions={
        <ListActions
          create={{ href: route('support.tickets.create'), label: 'Nouveau ticket', testId: 'ticket-create' }}
        />
      }
      page={tickets}
      caption="Liste des tickets"
      pageLabel="Pagination des tickets"
      tableTestId="tickets-table"
      empty={{
        icon: 'fa-solid fa-ticket',
        title: 'Aucun ticket',
        filteredTitle: 'Aucun ticket ne correspond',
        text: 'Une question, un souci ? Ouvrez un ticket : le support vous répondra ici et par e-mail.',
      }}
      rowKey={(t) => t.id}
      rowClassName={(t) => (t.unread ? 'fw-semibold' : undefined)}
      rowTestId={(t) => `ticket-${t.id}`}
      columns={[
        {
          id: 'id',
          label: 'N°',
          role: 'title',
          cell: (t) => <RowLink href={route('support.tickets.show', { id: t.id })}>{`#${t.id}`}</RowLink>,
        },
        {
          id: 'subject',
          label: 'Objet',
          role: 'title',
          wrap: true,
          cell: (t) => (
            <>
              {t.unread ? (
                <span className="badge rounded-pill text-bg-primary me-2" data-testid="unread-marker">
                  Nouveau
                </span>
              ) : null}
              <NameLink href={route('support.tickets.show', { id: t.id })}>{t.subject}</NameLink>
              <div className="small text-body-secondary fw-normal">
                {TICKET_CATEGORY_LABELS[t.category]}
                {t.reply_count > 0 ? ` · ${t.reply_count === 1 ? '1 réponse' : `${t.reply_count} réponses`}` : ''}
              </div>
            </>
          ),
        },
        {
          id: 'status',
          label: 'Statut',
          role: 'status',
          sort: true,
          cell: (t) => <StatusBadge kind="ticket" status={t.status} />,
        },
        {
          id: 'priority',
          label: 'Priorité',
          role: 'secondary',
          sort: true,
          cell: (t) => <Badge tone={PRIORITY_TONES[t.priority]}>{TICKET_PRIORITY_LABELS[t.priority]}</Badge>,
        },
        can.manage
          ? { id: 'requester', label: 'Demandeur', role: 'secondary', wrap: true, cell: (t) => t.requester }
          : null,
        can.manage
          ? { id: 'assignee', label: 'Attribué à', role: 'secondary', wrap: true, cell: (t) => t.assignee ?? '—' }
          : null,
        {
          id: 'last_activity_at',
          label: 'Dernière activité',
          role: 'secondary',
          sort: true,
          cell: (t) => formatDateTime(t.last_activity_at),
        },
      ]}
    />
  );
}
