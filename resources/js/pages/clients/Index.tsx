import { CLIENT_KIND_LABELS, CLIENT_KINDS, PRICE_LEVEL_LABELS, PRICE_LEVELS } from '@shared/clients';
import type { MasterDataPages } from '@shared/pages/master-data';
import { route } from '@shared/routes';
import { NameLink, RowLink } from '@/components/data/DataTable';
import { ListActions } from '@/components/data/ListActions';
import { ListPage } from '@/components/data/ListPage';
import { FilterSelect, STATUS_OPTIONS } from '@/components/data/ListToolbar';
import { Money } from '@/components/data/Money';
import { Badge, StatusBadge } from '@/components/data/StatusBadge';
import { useList } from '@/components/data/useList';

/** The list to copy for a new list screen: ListPage + useList + filters + ListActions + columns (each with its role: title, status, figure, secondary, actions). */
export default function ClientsIndex({ clients, params, can }: MasterDataPages['clients/Index']) {
  const list = useList(route('clients.index'), params);
  return (
    <ListPage
      title="Clients"
      subtitle="Fiches clients, niveaux de prix, plafonds de crédit et soldes dus."
      breadcrumbs={[{ label: 'Fichiers' }, { label: 'Clients' }]}
      list={list}
      // One search box: it filters the list; Enter opens the client found (or the one whose code or phone was typed whole).
      search={{
        placeholder: 'Code, nom ou téléphone…',
        label: 'Rechercher un client',
        open: (c) => route('clients.show', { id: c.id }),
        exact: (c, q) => c.code === q.toUpperCase() || (c.phone !== '' && c.phone === q),
      }}
      perPage
      filters={
        <>
          <FilterSelect
            label="Type"
            value={params.filters.kind}
            allLabel="Tous"
            options={CLIENT_KINDS.map((k) => ({ value: k, label: CLIENT_KIND_LABELS[k] }))}
            onChange={(kind) => list.update({ kind })}
          />
          <FilterSelect
            label="Niveau de prix"
            value={params.filters.price_level}
            allLabel="Tous"
            options={PRICE_LEVELS.map((k) => ({ value: k, label: PRICE_LEVEL_LABELS[k] }))}
            onChange={(price_level) => list.update({ price_level })}
          />
          <FilterSelect
            label="Statut"
            value={params.filters.status}
            options={STATUS_OPTIONS}
            onChange={(status) => list.update({ status })}
          />
        </>
      }
      actions={
        <ListActions
          exportUrl={can.export ? route('clients.export') : null}
          state={list.state}
          importHref={can.import ? route('clients.import') : null}
          create={can.create ? { href: route('clients.create'), label: 'Nouveau client' } : null}
        />
      }
      page={clients}
      caption="Liste des clients"
      pageLabel="Pagination des clients"
      tableTestId="clients-table"
      empty={{
        icon: 'fa-solid fa-users',
        title: 'Aucun client',
        filteredTitle: 'Aucun client ne correspond',
        text: 'Créez votre premier client ou importez votre fichier clients.',
      }}
      rowKey={(c) => c.id}
      rowClassName={(c) => (c.active ? undefined : 'app-archived-row')}
      columns={[
        {
          id: 'code',
          label: 'Code',
          role: 'title',
          sort: true,
          cell: (c) => <RowLink href={route('clients.show', { id: c.id })}>{c.code}</RowLink>,
        },
        {
          id: 'name',
          label: 'Nom',
          role: 'title',
          sort: true,
          wrap: true,
          cell: (c) => (
            <>
              <NameLink href={route('clients.show', { id: c.id })}>{c.name}</NameLink>
              {c.is_walk_in ? (
                <Badge tone="info" className="ms-2">
                  Comptant
                </Badge>
              ) : null}
              <div className="small text-body-secondary">
                {CLIENT_KIND_LABELS[c.kind]} · prix {PRICE_LEVEL_LABELS[c.price_level].toLowerCase()}
              </div>
            </>
          ),
        },
        { id: 'phone', label: 'Téléphone', role: 'secondary', cell: (c) => c.phone || '—' },
        { id: 'city', label: 'Ville', role: 'secondary', sort: true, cell: (c) => c.city || '—' },
        {
          id: 'credit_limit',
          label: 'Plafond',
          role: 'figure',
          sort: true,
          num: true,
          cell: (c) => (c.is_walk_in ? '—' : <Money value={c.credit_limit} />),
        },
        {
          id: 'balance',
          label: 'Solde dû',
          role: 'figure',
          sort: true,
          num: true,
          cell: (c) => <Money value={c.balance} tone="debt" />,
        },
        { id: 'status', label: 'Statut', role: 'status', cell: (c) => <StatusBadge active={c.active} /> },
      ]}
    />
  );
}
