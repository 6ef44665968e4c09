import { router } from '@inertiajs/react';
import { useState } from 'react';
import type { Permission } from '@shared/permissions';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { StatusAlert, TextAreaField, TextField } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { AuditHistory } from '@/components/data/AuditHistory';
import { ConfirmDialog } from '@/components/data/ConfirmDialog';
import { PermissionMatrix } from '@/components/data/PermissionMatrix';
import { RecordForm } from '@/components/data/RecordForm';
import { RecordPage } from '@/components/data/RecordPage';
import { formatCount } from '@/components/data/format';
import { useServerForm } from '@/hooks/useServerForm';

/**
 * A role: its name and description and the permission matrix (grouped by area, « Tout cocher » per
 * area); duplicate, delete (refused while users hold it). The administrator role keeps everything.
 */
export default function RoleEdit({ role, can_manage, history }: PageProps<'settings/roles/Edit'>) {
  const form = useServerForm<{ name: string; description: string; permissions: Permission[] }>({
    name: role.name,
    description: role.description,
    permissions: role.permissions,
  });
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [duplicating, setDuplicating] = useState(false);
  const deleteBlocked = role.is_admin
    ? 'Le rôle Administrateur ne peut pas être supprimé.'
    : role.user_count > 0
      ? `Attribué à ${formatCount(role.user_count, 'utilisateur')} : retirez-le-leur avant de le supprimer.`
      : null;
  const actions = can_manage ? (
    <div className="d-flex flex-wrap gap-2">
      <button
        type="button"
        className="btn btn-outline-primary"
        disabled={duplicating}
        data-testid="duplicate-role"
        onClick={() =>
          router.post(
            route('roles.duplicate', { id: role.id }),
            {},
            { onStart: () => setDuplicating(true), onFinish: () => setDuplicating(false) },
          )
        }
      >
        <Icon name="fa-solid fa-copy" className="me-2" />
        Dupliquer
      </button>
      <button
        type="button"
        className="btn btn-outline-danger"
        disabled={Boolean(deleteBlocked)}
        title={deleteBlocked ?? undefined}
        onClick={() => setConfirmDelete(true)}
        data-testid="delete-role"
      >
        <Icon name="fa-solid fa-trash" className="me-2" />
        Supprimer
      </button>
    </div>
  ) : null;
  return (
    <RecordPage
      title={role.name}
      subtitle={`${formatCount(role.user_count, 'utilisateur')} · ${formatCount(form.data.permissions.length, 'permission')}`}
      breadcrumbs={[
        { label: 'Paramètres' },
        { label: 'Rôles et permissions', href: route('roles.index') },
        { label: role.name },
      ]}
      actions={actions}
      mainClassName="col-12"
    >
      {deleteBlocked && can_manage && !role.is_admin ? (
        <StatusAlert tone="info" icon="fa-solid fa-circle-info" className="mb-3">
          {deleteBlocked}
        </StatusAlert>
      ) : null}
      <RecordForm
        form={form}
        method="put"
        url={route('roles.show', { id: role.id })}
        cancelHref={route('roles.index')}
        cancelLabel="Retour aux rôles"
        editable={can_manage}
        legend="Rôle"
        testId="role-form"
      >
        <div className="row g-3">
          <div className="col-md-5">
            <TextField {...form.fieldProps('name')} label="Nom du rôle" required maxLength={60} />
          </div>
          <div className="col-md-7">
            <TextAreaField {...form.fieldProps('description')} label="Description" rows={1} maxLength={255} />
          </div>
        </div>
        <h2 className="h6 mt-3">
          <Icon name="fa-solid fa-user-shield" className="me-2" />
          Permissions
        </h2>
        <div>
          {role.is_admin ? (
            <StatusAlert tone="warning" icon="fa-solid fa-lock" testId="admin-locked">
              Le rôle Administrateur a toutes les permissions, y compris celles ajoutées par une mise à jour : elles ne
              peuvent pas lui être retirées.
            </StatusAlert>
          ) : (
            <p className="small text-body-secondary">
              Un écran placé dans un sous-menu n’apparaît que si le menu qui le contient est coché aussi (par exemple «
              Menu Fichiers » pour « Clients »). Une modification vaut dès la prochaine page ouverte par les
              utilisateurs du rôle.
            </p>
          )}
          {form.errorOf('permissions') ? (
            <div className="alert alert-danger" role="alert">
              {form.errorOf('permissions')}
            </div>
          ) : null}
        </div>
        <PermissionMatrix
          value={form.data.permissions}
          onChange={(next) => form.setData('permissions', next)}
          locked={role.is_admin}
          disabled={!can_manage}
        />
      </RecordForm>
      <div className="mt-4">
        <AuditHistory items={history} />
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={`Supprimer le rôle « ${role.name} » ?`}
        confirmLabel="Supprimer"
        method="delete"
        url={route('roles.show', { id: role.id })}
        tone="danger"
        icon="fa-solid fa-trash"
        testId="delete-role-dialog"
      >
        Le rôle et ses permissions seront supprimés. Cette suppression est enregistrée dans le journal d’audit.
      </ConfirmDialog>
    </RecordPage>
  );
}
