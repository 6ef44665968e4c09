import { Link } from '@inertiajs/react';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import type { RoleSummaryProps } from '@shared/pages/settings';
import { TextAreaField, TextField } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { AppPage } from '@/components/AppPage';
import { type Columns, DataTable } from '@/components/data/DataTable';
import { RecordForm } from '@/components/data/RecordForm';
import { SectionCard } from '@/components/data/SectionCard';
import { Badge } from '@/components/data/StatusBadge';
import { formatCount } from '@/components/data/format';
import { useServerForm } from '@/hooks/useServerForm';

/** Paramètres › Rôles et permissions: the roles (data), their users and permissions; a new role. */
export default function RolesIndex({ roles, can_manage }: PageProps<'settings/roles/Index'>) {
  const form = useServerForm({ name: '', description: '' });
  const columns: Columns<RoleSummaryProps> = [
    {
      id: 'name',
      label: 'Rôle',
      role: 'title',
      cell: (r) => (
        <>
          <Link href={route('roles.show', { id: r.id })} className="fw-semibold" data-testid={`role-link-${r.id}`}>
            {r.name}
          </Link>
          {r.is_admin ? (
            <Badge tone="warning" className="ms-2">
              Accès complet
            </Badge>
          ) : null}
        </>
      ),
    },
    { id: 'description', label: 'Description', role: 'secondary', wrap: true, cell: (r) => r.description || '—' },
    {
      id: 'users',
      label: 'Utilisateurs',
      role: 'figure',
      num: true,
      cell: (r) => formatCount(r.user_count, 'utilisateur'),
    },
    {
      id: 'permissions',
      label: 'Permissions',
      role: 'figure',
      num: true,
      cell: (r) => formatCount(r.permission_count, 'permission'),
    },
    {
      id: 'actions',
      label: 'Actions',
      role: 'actions',
      cell: (r) => (
        <Link href={route('roles.show', { id: r.id })} className="btn btn-sm btn-outline-primary">
          <Icon name={can_manage ? 'fa-solid fa-pen' : 'fa-solid fa-eye'} className="me-1" />
          {can_manage ? 'Modifier' : 'Voir'}
        </Link>
      ),
    },
  ];
  return (
    <AppPage
      title="Rôles et permissions"
      subtitle="Chaque rôle ouvre des écrans et autorise des actions ; un utilisateur a les permissions de tous ses rôles."
      breadcrumbs={[{ label: 'Paramètres' }, { label: 'Rôles et permissions' }]}
    >
      <div className="row g-4">
        <div className={can_manage ? 'col-xxl-8' : 'col-12'}>
          <DataTable
            caption="Liste des rôles"
            columns={columns}
            rows={roles}
            rowKey={(r) => r.id}
            rowTestId={(r) => `role-row-${r.id}`}
            emptyTitle="Aucun rôle"
            testId="roles-table"
          />
        </div>
        {can_manage ? (
          <div className="col-xxl-4 col-lg-6">
            <SectionCard title="Nouveau rôle" icon="fa-solid fa-plus">
              <RecordForm
                form={form}
                method="post"
                url={route('roles.index')}
                cancelHref={route('roles.index')}
                testId="role-create-form"
                className="border-0"
              >
                <TextField {...form.fieldProps('name')} label="Nom du rôle" required maxLength={60} />
                <TextAreaField {...form.fieldProps('description')} label="Description" rows={2} maxLength={255} />
                <p className="small text-body-secondary mb-0">
                  Le rôle est créé sans permission : vous les cochez ensuite dans sa matrice. Pour partir d’un rôle
                  existant, ouvrez-le et choisissez « Dupliquer ».
                </p>
              </RecordForm>
            </SectionCard>
          </div>
        ) : null}
      </div>
    </AppPage>
  );
}
