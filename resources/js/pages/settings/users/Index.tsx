import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { NameLink } from '@/components/data/DataTable';
import { formatDateTime } from '@/components/data/format';
import { ListActions } from '@/components/data/ListActions';
import { ListPage } from '@/components/data/ListPage';
import { FilterSelect } from '@/components/data/ListToolbar';
import { Badge, StatusBadge } from '@/components/data/StatusBadge';
import { useList } from '@/components/data/useList';

const USER_STATUS_OPTIONS = [
  { value: 'active', label: 'Actifs' },
  { value: 'inactive', label: 'Désactivés' },
  { value: 'all', label: 'Tous' },
];

/** Paramètres › Utilisateurs: the accounts, their roles, their places and their last login. */
export default function UsersIndex({ users, params, roles, can_manage }: PageProps<'settings/users/Index'>) {
  const list = useList(route('users.index'), params);
  return (
    <ListPage
      title="Utilisateurs"
      subtitle="Les comptes, leurs rôles et les emplacements où chacun travaille."
      breadcrumbs={[{ label: 'Paramètres' }, { label: 'Utilisateurs' }]}
      list={list}
      search={{ placeholder: 'Nom ou e-mail…', label: 'Rechercher un utilisateur' }}
      perPage
      filters={
        <>
          <FilterSelect
            label="Rôle"
            value={params.filters.role_id}
            allLabel="Tous"
            options={roles}
            onChange={(role_id) => list.update({ role_id })}
          />
          <FilterSelect
            label="Statut"
            value={params.filters.status}
            options={USER_STATUS_OPTIONS}
            onChange={(status) => list.update({ status })}
          />
        </>
      }
      actions={
        <ListActions create={can_manage ? { href: route('users.create'), label: 'Nouvel utilisateur' } : null} />
      }
      page={users}
      caption="Liste des utilisateurs"
      pageLabel="Pagination des utilisateurs"
      tableTestId="users-table"
      empty={{
        icon: 'fa-solid fa-user-gear',
        title: 'Aucun utilisateur',
        filteredTitle: 'Aucun utilisateur ne correspond',
        text: 'Créez un compte pour chaque personne qui utilise le logiciel.',
      }}
      rowKey={(u) => u.id}
      rowClassName={(u) => (u.active ? undefined : 'app-archived-row')}
      columns={[
        {
          id: 'name',
          label: 'Nom',
          role: 'title',
          sort: true,
          wrap: true,
          cell: (u) => (
            <>
              <NameLink href={route('users.show', { id: u.id })}>{u.name}</NameLink>
              <div className="small text-body-secondary text-break">{u.email}</div>
            </>
          ),
        },
        {
          id: 'roles',
          label: 'Rôles',
          role: 'secondary',
          wrap: true,
          cell: (u) => (u.roles.length ? u.roles.join(', ') : <span className="text-body-secondary">Aucun rôle</span>),
        },
        { id: 'places', label: 'Emplacements', role: 'secondary', wrap: true, cell: (u) => u.places },
        {
          id: 'last_login',
          label: 'Dernière connexion',
          role: 'secondary',
          sort: true,
          cell: (u) => (u.last_login_at ? formatDateTime(u.last_login_at) : 'Jamais'),
        },
        {
          id: 'status',
          label: 'Statut',
          role: 'status',
          cell: (u) =>
            u.active ? (
              u.must_change_password ? (
                <Badge tone="warning">Mot de passe à changer</Badge>
              ) : (
                <StatusBadge active />
              )
            ) : (
              <Badge tone="secondary">Désactivé</Badge>
            ),
        },
      ]}
    />
  );
}
