import { Link, router, usePage } from '@inertiajs/react';
import { type ReactNode, useRef, useState } from 'react';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { AppPage } from '@/components/AppPage';
import { Avatar } from '@/components/Avatar';
import { StatusAlert, TextField } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { Modal } from '@/components/Modal';
import { SubmitButton } from '@/components/SubmitButton';
import { useServerForm } from '@/hooks/useServerForm';

function SectionCard({
  id,
  icon,
  title,
  description,
  children,
  tone,
}: {
  id: string;
  icon: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
  tone?: 'danger';
}) {
  return (
    <section
      className={`card app-profile-section ${tone === 'danger' ? 'app-profile-danger' : ''}`}
      aria-labelledby={id}
      data-testid={id}
    >
      <div className="row g-0">
        <div className="col-lg-4 app-profile-aside">
          <span className="app-profile-icon" aria-hidden="true">
            <Icon name={icon} />
          </span>
          <h2 id={id} className="h6 mt-3 mb-1">
            {title}
          </h2>
          <p className="small text-body-secondary mb-0">{description}</p>
        </div>
        <div className="col-lg-8">
          <div className="card-body app-profile-body">{children}</div>
        </div>
      </div>
    </section>
  );
}

function Saved({ show, children = 'Enregistré.' }: { show: boolean; children?: ReactNode }) {
  return (
    <span className={`app-saved ${show ? 'show' : ''}`} role="status" aria-live="polite">
      {show ? (
        <>
          <Icon name="fa-solid fa-check" className="me-1" />
          {children}
        </>
      ) : null}
    </span>
  );
}

function ProfileInformation({ mustVerifyEmail, status }: { mustVerifyEmail: boolean; status: string | null }) {
  const user = usePage().props.auth.user!;
  const form = useServerForm(
    { name: user.name, first_name: user.first_name ?? '', email: user.email, current_password: '' },
    { resetOnSuccess: ['current_password'], resetOnError: ['current_password'] },
  );
  const emailChanging = form.data.email.trim().toLowerCase() !== user.email;
  const [resending, setResending] = useState(false);
  return (
    <SectionCard
      id="profile-information"
      icon="fa-regular fa-id-card"
      title="Informations du profil"
      description="Votre nom tel qu’il apparaît dans l’application, le prénom par lequel elle vous salue et l’adresse e-mail qui sert à vous connecter."
    >
      <form
        ref={form.formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.submit('patch', route('profile'));
        }}
      >
        <div className="row">
          <div className="col-md-7">
            <TextField {...form.fieldProps('name')} label="Nom complet" autoComplete="name" required />
          </div>
          <div className="col-md-5">
            <TextField
              {...form.fieldProps('first_name')}
              label="Prénom"
              autoComplete="given-name"
              maxLength={80}
              hint="Facultatif ; sinon l’application vous salue par votre nom complet."
            />
          </div>
        </div>
        <TextField
          {...form.fieldProps('email')}
          label="Adresse e-mail"
          type="email"
          autoComplete="username"
          required
          inputMode="email"
        />
        {emailChanging || form.errorOf('current_password') ? (
          <TextField
            {...form.fieldProps('current_password')}
            label="Mot de passe actuel"
            type="password"
            autoComplete="current-password"
            required
            hint="Pour changer d’adresse e-mail. Un avis sera envoyé à votre adresse actuelle."
          />
        ) : null}
        {mustVerifyEmail && !user.email_verified ? (
          <div className="alert alert-warning small" role="status">
            Votre adresse e-mail n’est pas encore vérifiée.{' '}
            <button
              type="button"
              className="btn btn-link btn-sm p-0 align-baseline"
              disabled={resending}
              onClick={() =>
                router.post(
                  route('verification.send'),
                  {},
                  { preserveScroll: true, onStart: () => setResending(true), onFinish: () => setResending(false) },
                )
              }
            >
              Renvoyer l’e-mail de vérification
            </button>
            {status === 'verification-link-sent' ? (
              <div className="mt-1 fw-semibold">Un nouveau lien vient d’être envoyé à votre adresse.</div>
            ) : null}
          </div>
        ) : null}
        <div className="d-flex align-items-center gap-3">
          <SubmitButton
            busy={form.busy}
            icon="fa-solid fa-floppy-disk"
            busyLabel="Enregistrement…"
            testId="profile-save"
          >
            Enregistrer
          </SubmitButton>
          <Saved show={form.recentlySuccessful} />
        </div>
      </form>
    </SectionCard>
  );
}

function UpdatePassword() {
  const form = useServerForm(
    { current_password: '', password: '', password_confirmation: '' },
    { errorBag: 'updatePassword', resetOnSuccess: true, resetOnError: ['password', 'password_confirmation'] },
  );
  return (
    <SectionCard
      id="profile-password"
      icon="fa-solid fa-key"
      title="Mot de passe"
      description="Choisissez un mot de passe long, que vous n’utilisez nulle part ailleurs."
    >
      <form
        ref={form.formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.submit('put', route('profile.password'));
        }}
      >
        <TextField
          {...form.fieldProps('current_password')}
          label="Mot de passe actuel"
          type="password"
          autoComplete="current-password"
          required
        />
        <div className="row">
          <div className="col-md-6">
            <TextField
              {...form.fieldProps('password')}
              label="Nouveau mot de passe"
              type="password"
              autoComplete="new-password"
              required
              hint="Au moins 8 caractères."
            />
          </div>
          <div className="col-md-6">
            <TextField
              {...form.fieldProps('password_confirmation')}
              label="Confirmation"
              type="password"
              autoComplete="new-password"
              required
            />
          </div>
        </div>
        <div className="d-flex align-items-center gap-3">
          <SubmitButton busy={form.busy} icon="fa-solid fa-floppy-disk" busyLabel="Enregistrement…">
            Changer le mot de passe
          </SubmitButton>
          <Saved show={form.recentlySuccessful}>Mot de passe modifié.</Saved>
        </div>
      </form>
    </SectionCard>
  );
}

function DeleteAccount({ isLastAdministrator }: { isLastAdministrator: boolean }) {
  const [open, setOpen] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const form = useServerForm({ password: '' }, { errorBag: 'userDeletion', resetOnError: ['password'] });
  const close = () => {
    setOpen(false);
    form.reset();
    form.clearErrors();
  };
  return (
    <SectionCard
      id="profile-delete"
      icon="fa-solid fa-user-xmark"
      title="Supprimer le compte"
      tone="danger"
      description="La suppression est définitive : vous ne pourrez plus vous connecter. Les documents que vous avez créés restent dans l’historique."
    >
      {isLastAdministrator ? (
        <StatusAlert tone="warning">
          Vous êtes le dernier administrateur : désignez d’abord un autre administrateur avant de supprimer votre
          compte.
        </StatusAlert>
      ) : (
        <p className="mb-3">Avant de continuer, assurez-vous de ne plus avoir besoin de ce compte.</p>
      )}
      <button
        type="button"
        className="btn btn-danger"
        onClick={() => setOpen(true)}
        disabled={isLastAdministrator}
        data-testid="delete-account-open"
      >
        <Icon name="fa-solid fa-trash-can" className="me-2" />
        Supprimer mon compte
      </button>
      <Modal
        open={open}
        onClose={close}
        title="Supprimer définitivement votre compte ?"
        tone="danger"
        initialFocus={passwordRef}
        testId="delete-account-dialog"
        footer={
          <>
            <button type="button" className="btn btn-outline-secondary" onClick={close}>
              Annuler
            </button>
            <SubmitButton
              busy={form.busy}
              variant="danger"
              form="delete-account-form"
              icon="fa-solid fa-trash-can"
              busyLabel="Suppression…"
            >
              Supprimer le compte
            </SubmitButton>
          </>
        }
      >
        <p>Cette action est irréversible. Saisissez votre mot de passe pour confirmer.</p>
        <form
          id="delete-account-form"
          ref={form.formRef}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            form.submit('delete', route('profile'), { onSuccess: () => setOpen(false) });
          }}
        >
          <TextField
            {...form.fieldProps('password')}
            label="Mot de passe"
            type="password"
            autoComplete="current-password"
            required
            className="mb-0"
            inputRef={passwordRef}
          />
        </form>
      </Modal>
    </SectionCard>
  );
}

export default function ProfileEdit({ mustVerifyEmail, status, isLastAdministrator }: PageProps<'profile/Edit'>) {
  const user = usePage().props.auth.user;
  return (
    <AppPage
      title="Profil"
      breadcrumbs={[{ label: 'Profil' }]}
      heading={
        <span className="d-inline-flex align-items-center gap-3">
          {user ? <Avatar name={user.name} src={user.gravatar} size={40} /> : null}
          Mon profil
        </span>
      }
      subtitle={user ? user.email : undefined}
    >
      <div className="d-grid gap-4">
        <ProfileInformation mustVerifyEmail={mustVerifyEmail} status={status} />
        <UpdatePassword />
        <DeleteAccount isLastAdministrator={isLastAdministrator} />
      </div>
      <p className="small text-body-secondary mt-4 mb-0">
        <Icon name="fa-solid fa-circle-info" className="me-1" />
        Votre photo de profil vient de{' '}
        <a href="https://gravatar.com" target="_blank" rel="noreferrer">
          Gravatar
        </a>{' '}
        ; à défaut, vos initiales s’affichent. <Link href={route('dashboard')}>Retour au tableau de bord</Link>
      </p>
    </AppPage>
  );
}
