import { Head } from '@inertiajs/react';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { FieldError, TextField } from '@/components/Field';
import { SubmitButton } from '@/components/SubmitButton';
import { useServerForm } from '@/hooks/useServerForm';
import AuthLayout from '@/layouts/AuthLayout';

export default function ResetPassword({ token, email }: PageProps<'auth/ResetPassword'>) {
  const form = useServerForm(
    { token, email, password: '', password_confirmation: '' },
    { resetOnError: ['password', 'password_confirmation'] },
  );
  return (
    <>
      <Head title="Nouveau mot de passe" />
      <div className="app-auth-heading">
        <h1 className="h3">Nouveau mot de passe</h1>
        <p>Choisissez le mot de passe que vous utiliserez désormais pour vous connecter.</p>
      </div>
      <form
        ref={form.formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.submit('post', route('password.update'));
        }}
      >
        <FieldError id="reset-token-error" error={form.errorOf('token')} />
        <TextField
          {...form.fieldProps('email')}
          label="Adresse e-mail"
          type="email"
          autoComplete="username"
          icon="fa-regular fa-envelope"
          required
          inputMode="email"
        />
        <TextField
          {...form.fieldProps('password')}
          label="Nouveau mot de passe"
          type="password"
          autoComplete="new-password"
          icon="fa-solid fa-lock"
          required
          autoFocus
          hint="Au moins 8 caractères."
        />
        <TextField
          {...form.fieldProps('password_confirmation')}
          label="Confirmation du mot de passe"
          type="password"
          autoComplete="new-password"
          icon="fa-solid fa-lock"
          required
        />
        <SubmitButton busy={form.busy} className="w-100" icon="fa-solid fa-key" busyLabel="Enregistrement…">
          Enregistrer le mot de passe
        </SubmitButton>
      </form>
    </>
  );
}

ResetPassword.layout = AuthLayout;
