import { Head, Link } from '@inertiajs/react';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { Icon } from '@/components/Icon';
import { TextField } from '@/components/Field';
import { SubmitButton } from '@/components/SubmitButton';
import { useServerForm } from '@/hooks/useServerForm';
import AuthLayout from '@/layouts/AuthLayout';

/** First login with a password given by an administrator: the user chooses their own before anything else. */
export default function ChangePassword({ email }: PageProps<'auth/ChangePassword'>) {
  const form = useServerForm(
    { password: '', password_confirmation: '' },
    { resetOnError: ['password', 'password_confirmation'] },
  );
  return (
    <>
      <Head title="Choisir votre mot de passe" />
      <div className="app-auth-heading">
        <div className="app-auth-icon" aria-hidden="true">
          <Icon name="fa-solid fa-key" />
        </div>
        <h1 className="h3">Choisissez votre mot de passe</h1>
        <p>
          Le mot de passe de {email} vous a été donné par un administrateur : remplacez-le par le vôtre pour continuer.
        </p>
      </div>
      <form
        ref={form.formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.submit('put', route('password.change'));
        }}
        data-testid="change-password-form"
      >
        <TextField
          {...form.fieldProps('password')}
          label="Nouveau mot de passe"
          type="password"
          autoComplete="new-password"
          icon="fa-solid fa-lock"
          required
          autoFocus
          hint="Au moins 8 caractères, une lettre et un chiffre."
        />
        <TextField
          {...form.fieldProps('password_confirmation')}
          label="Confirmation"
          type="password"
          autoComplete="new-password"
          icon="fa-solid fa-lock"
          required
        />
        <SubmitButton busy={form.busy} className="w-100" icon="fa-solid fa-check" busyLabel="Enregistrement…">
          Enregistrer mon mot de passe
        </SubmitButton>
      </form>
      <p className="text-center mt-3 mb-0">
        <Link href={route('logout')} method="post" as="button" className="btn btn-link">
          Se déconnecter
        </Link>
      </p>
    </>
  );
}

ChangePassword.layout = AuthLayout;
