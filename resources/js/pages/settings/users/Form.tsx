import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import type { UserOnboarding } from '@shared/users';
import { useState } from 'react';
import { CheckboxField, StatusAlert, TextField } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { ConfirmDialog } from '@/components/data/ConfirmDialog';
import { Fact, Facts } from '@/components/data/Fact';
import { formatDateTime } from '@/components/data/format';
import { RecordForm } from '@/components/data/RecordForm';
import { EditLink, RecordPage } from '@/components/data/RecordPage';
import { SectionCard } from '@/components/data/SectionCard';
import { Badge, StatusBadge } from '@/components/data/StatusBadge';
import { useServerForm } from '@/hooks/useServerForm';

const TREASURY_KIND_LABELS: Record<string, string> = {
  caisse: 'caisse',
  banque: 'banque',
  mobile_money: 'mobile money',
};

/** Toggles `value` in a list of ids (checkbox groups). */
const toggled = (list: string[], value: string, on: boolean) =>
  on ? [...new Set([...list, value])] : list.filter((v) => v !== value);

/**
 * A user: identity, roles, allowed places (the locations they work in: lists, documents, pickers
 * and figures of other places are never shown to them) and, for a new account, how they get their
 * first password. Beside it, the account's state and its actions (reset link, deactivate, reactivate).
 */
export default function UserForm({
  user,
  roles,
  locations,
  treasury_accounts,
  editable,
  can_manage,
}: PageProps<'settings/users/Form'>) {
  const form = useServerForm({
    name: user?.name ?? '',
    first_name: user?.first_name ?? '',
    email: user?.email ?? '',
    role_ids: (user?.role_ids ?? []).map(String),
    places_restricted: user?.places_restricted ?? true,
    location_ids: (user?.location_ids ?? []).map(String),
    treasury_account_ids: (user?.treasury_account_ids ?? []).map(String),
    onboarding: 'invite' as UserOnboarding,
    password: '',
    password_confirmation: '',
  });
  const [dialog, setDialog] = useState<'deactivate' | 'reactivate' | 'reset' | null>(null);
  // One's own roles, places and accounts are set by another administrator (the server refuses them too).
  const grantsLocked = !!user && !user.can_set_grants;
  const adminChosen = roles.some((r) => r.is_admin && form.data.role_ids.includes(r.value));
  const errorOf = (name: string) => form.errors[name as keyof typeof form.errors] as string | undefined;

  return (
    <RecordPage
      title={user ? user.name : 'Nouvel utilisateur'}
      subtitle={
        user ? (
          <>
            {user.email} {user.active ? <StatusBadge active /> : <Badge tone="secondary">Désactivé</Badge>}
          </>
        ) : (
          'Un compte par personne : chacun se connecte avec son e-mail et son propre mot de passe.'
        )
      }
      breadcrumbs={[
        { label: 'Paramètres' },
        { label: 'Utilisateurs', href: route('users.index') },
        { label: user ? user.name : 'Nouveau' },
      ]}
      actions={user && !editable && can_manage ? <EditLink href={route('users.edit', { id: user.id })} /> : null}
      aside={
        user ? (
          <SectionCard title="Compte" icon="fa-solid fa-id-card" testId="user-account">
            <div className="card-body">
              <Facts>
                <Fact
                  label="Statut"
                  value={
                    user.active
                      ? user.must_change_password
                        ? 'Actif, mot de passe initial à changer'
                        : 'Actif'
                      : `Désactivé le ${formatDateTime(user.deactivated_at)}`
                  }
                />
                <Fact
                  label="Dernière connexion"
                  value={user.last_login_at ? formatDateTime(user.last_login_at) : 'Jamais'}
                />
                <Fact label="Créé le" value={formatDateTime(user.created_at)} />
              </Facts>
              {can_manage ? (
                <div className="d-grid gap-2 mt-3">
                  {user.active ? (
                    <button
                      type="button"
                      className="btn btn-outline-primary"
                      onClick={() => setDialog('reset')}
                      data-testid="user-reset-link"
                    >
                      <Icon name="fa-solid fa-envelope" className="me-2" />
                      Envoyer un lien de mot de passe
                    </button>
                  ) : null}
                  {user.active && user.can_set_grants ? (
                    <button
                      type="button"
                      className="btn btn-outline-danger"
                      onClick={() => setDialog('deactivate')}
                      data-testid="user-deactivate"
                    >
                      <Icon name="fa-solid fa-user-slash" className="me-2" />
                      Désactiver
                    </button>
                  ) : null}
                  {!user.active && user.can_set_grants ? (
                    <button
                      type="button"
                      className="btn btn-outline-success"
                      onClick={() => setDialog('reactivate')}
                      data-testid="user-reactivate"
                    >
                      <Icon name="fa-solid fa-user-check" className="me-2" />
                      Réactiver
                    </button>
                  ) : null}
                </div>
              ) : null}
            </div>
            <ConfirmDialog
              open={dialog === 'reset'}
              onClose={() => setDialog(null)}
              title="Envoyer un lien de mot de passe ?"
              confirmLabel="Envoyer"
              method="post"
              url={route('users.resetLink', { id: user.id })}
              icon="fa-solid fa-envelope"
            >
              {user.name} recevra à {user.email} un lien valable 60 minutes pour choisir un nouveau mot de passe.
            </ConfirmDialog>
            <ConfirmDialog
              open={dialog === 'deactivate'}
              onClose={() => setDialog(null)}
              title="Désactiver ce compte ?"
              confirmLabel="Désactiver"
              method="post"
              url={route('users.deactivate', { id: user.id })}
              tone="danger"
              icon="fa-solid fa-user-slash"
            >
              Ses sessions ouvertes sont fermées immédiatement et {user.name} ne pourra plus se connecter. Ses documents
              et son historique sont conservés ; le compte peut être réactivé.
            </ConfirmDialog>
            <ConfirmDialog
              open={dialog === 'reactivate'}
              onClose={() => setDialog(null)}
              title="Réactiver ce compte ?"
              confirmLabel="Réactiver"
              method="post"
              url={route('users.reactivate', { id: user.id })}
              icon="fa-solid fa-user-check"
            >
              {user.name} pourra de nouveau se connecter avec son mot de passe.
            </ConfirmDialog>
          </SectionCard>
        ) : null
      }
    >
      <RecordForm
        form={form}
        method={user ? 'put' : 'post'}
        url={user ? route('users.show', { id: user.id }) : route('users.index')}
        cancelHref={user ? route('users.show', { id: user.id }) : route('users.index')}
        cancelLabel="Annuler"
        editable={editable}
        legend="Fiche utilisateur"
        testId="user-form"
      >
        <div className="row">
          <div className="col-sm-6">
            <TextField
              {...form.fieldProps('name')}
              label="Nom"
              required
              maxLength={120}
              autoFocus={!user}
              autoComplete="off"
            />
          </div>
          <div className="col-sm-6">
            <TextField
              {...form.fieldProps('first_name')}
              label="Prénom"
              maxLength={80}
              hint="Pour l’accueillir par son prénom."
              autoComplete="off"
            />
          </div>
          <div className="col-sm-8">
            <TextField
              {...form.fieldProps('email')}
              label="E-mail"
              type="email"
              required
              maxLength={190}
              autoComplete="off"
            />
          </div>
        </div>

        {grantsLocked && editable ? (
          <StatusAlert tone="info" icon="fa-solid fa-lock" testId="user-own-grants">
            C’est votre propre compte : vous pouvez modifier votre nom et votre e-mail, mais pas vos rôles, vos
            emplacements ni vos comptes de trésorerie. Un autre administrateur doit le faire.
          </StatusAlert>
        ) : null}
        <fieldset className="mb-3" aria-describedby="user-roles-hint" disabled={grantsLocked}>
          <legend className="form-label fs-6 fw-semibold mb-1">Rôles</legend>
          <p id="user-roles-hint" className="form-text mt-0 mb-2">
            Les permissions de l’utilisateur sont celles de ses rôles. Sans rôle, il ne voit que son profil.
          </p>
          <div className="row">
            {roles.map((r) => (
              <div className="col-sm-6" key={r.value}>
                <CheckboxField
                  id={`user-role-${r.value}`}
                  name="role_ids[]"
                  label={
                    <>
                      {r.label}{' '}
                      {r.description ? (
                        <span className="d-block small text-body-secondary">{r.description}</span>
                      ) : null}
                    </>
                  }
                  checked={form.data.role_ids.includes(r.value)}
                  onChange={(on) => form.setData('role_ids', toggled(form.data.role_ids, r.value, on))}
                />
              </div>
            ))}
          </div>
          {errorOf('role_ids') ? (
            <div className="invalid-feedback d-block" id="user-roles-error">
              {errorOf('role_ids')}
            </div>
          ) : null}
        </fieldset>

        <fieldset className="mb-3" data-testid="user-places" disabled={grantsLocked}>
          <legend className="form-label fs-6 fw-semibold mb-1">Emplacements autorisés</legend>
          <p className="form-text mt-0 mb-2">
            L’utilisateur ne voit et ne traite que les emplacements où il travaille : listes, documents, sélecteurs,
            éditions et tableau de bord.
          </p>
          {adminChosen ? (
            <StatusAlert tone="info">Un administrateur travaille dans tous les emplacements.</StatusAlert>
          ) : null}
          <div className="form-check">
            <input
              className="form-check-input"
              type="radio"
              id="places-all"
              name="places_restricted"
              checked={!form.data.places_restricted}
              onChange={() => form.setData('places_restricted', false)}
            />
            <label className="form-check-label" htmlFor="places-all">
              Tous les emplacements
            </label>
          </div>
          <div className="form-check mb-2">
            <input
              className="form-check-input"
              type="radio"
              id="places-some"
              name="places_restricted"
              checked={form.data.places_restricted}
              onChange={() => form.setData('places_restricted', true)}
            />
            <label className="form-check-label" htmlFor="places-some">
              Seulement les emplacements cochés
            </label>
          </div>
          {form.data.places_restricted ? (
            <div className="row ps-4">
              {locations.map((l) => (
                <div className="col-sm-6" key={l.value}>
                  <CheckboxField
                    id={`user-location-${l.value}`}
                    name="location_ids[]"
                    label={
                      <>
                        {l.label}{' '}
                        <span className="small text-body-secondary">
                          ({l.kind === 'depot' ? 'dépôt' : 'boutique'}
                          {l.active ? '' : ', archivé'})
                        </span>
                      </>
                    }
                    checked={form.data.location_ids.includes(l.value)}
                    onChange={(on) => form.setData('location_ids', toggled(form.data.location_ids, l.value, on))}
                  />
                </div>
              ))}
            </div>
          ) : null}
          {errorOf('location_ids') ? <div className="invalid-feedback d-block">{errorOf('location_ids')}</div> : null}
          {form.data.places_restricted && treasury_accounts.length ? (
            <div className="ps-4 mt-2" data-testid="user-treasury-accounts">
              <p className="form-label fw-semibold mb-1">Comptes de trésorerie</p>
              <p className="form-text mt-0 mb-2">
                Les caisses, banques et comptes mobile money sur lesquels il encaisse et paie. Sans caisse cochée, il
                travaille sur toutes les caisses de ses emplacements ; une caisse cochée le limite aux caisses cochées
                (ventes, règlements, fiche et arrêtés des autres caisses refusés).
              </p>
              <div className="row">
                {treasury_accounts.map((a) => (
                  <div className="col-sm-6" key={a.value}>
                    <CheckboxField
                      id={`user-account-${a.value}`}
                      name="treasury_account_ids[]"
                      label={
                        <>
                          {a.label}{' '}
                          <span className="small text-body-secondary">
                            ({TREASURY_KIND_LABELS[a.kind] ?? a.kind}
                            {a.active ? '' : ', archivé'})
                          </span>
                        </>
                      }
                      checked={form.data.treasury_account_ids.includes(a.value)}
                      onChange={(on) =>
                        form.setData('treasury_account_ids', toggled(form.data.treasury_account_ids, a.value, on))
                      }
                    />
                  </div>
                ))}
              </div>
              {errorOf('treasury_account_ids') ? (
                <div className="invalid-feedback d-block">{errorOf('treasury_account_ids')}</div>
              ) : null}
            </div>
          ) : null}
        </fieldset>

        {!user ? (
          <fieldset className="mb-2" data-testid="user-onboarding">
            <legend className="form-label fs-6 fw-semibold mb-1">Première connexion</legend>
            <div className="form-check">
              <input
                className="form-check-input"
                type="radio"
                id="onboarding-invite"
                name="onboarding"
                checked={form.data.onboarding === 'invite'}
                onChange={() => form.setData('onboarding', 'invite')}
              />
              <label className="form-check-label" htmlFor="onboarding-invite">
                Envoyer une invitation par e-mail{' '}
                <span className="d-block small text-body-secondary">
                  Un lien valable 7 jours pour choisir son mot de passe.
                </span>
              </label>
            </div>
            <div className="form-check mb-2">
              <input
                className="form-check-input"
                type="radio"
                id="onboarding-password"
                name="onboarding"
                checked={form.data.onboarding === 'password'}
                onChange={() => form.setData('onboarding', 'password')}
              />
              <label className="form-check-label" htmlFor="onboarding-password">
                Donner un mot de passe initial{' '}
                <span className="d-block small text-body-secondary">Il devra le changer à sa première connexion.</span>
              </label>
            </div>
            {form.data.onboarding === 'password' ? (
              <div className="row ps-4">
                <div className="col-sm-6">
                  <TextField
                    {...form.fieldProps('password')}
                    label="Mot de passe initial"
                    type="password"
                    required
                    autoComplete="new-password"
                    hint="Au moins 8 caractères, une lettre et un chiffre."
                  />
                </div>
                <div className="col-sm-6">
                  <TextField
                    {...form.fieldProps('password_confirmation')}
                    label="Confirmation"
                    type="password"
                    required
                    autoComplete="new-password"
                  />
                </div>
              </div>
            ) : null}
          </fieldset>
        ) : null}
      </RecordForm>
    </RecordPage>
  );
}
