import { Head, Link } from '@inertiajs/react';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { StatusAlert, TextField } from '@/components/Field';
import { SubmitButton } from '@/components/SubmitButton';
import { useServerForm } from '@/hooks/useServerForm';
import AuthLayout from '@/layouts/AuthLayout';

export default function ForgotPassword({ status }: PageProps<'auth/ForgotPassword'>) {
  const form = useServerForm({ email: '' });
  return (
    <>
      <Head title="Mot de passe oublié" />
      <div className="app-auth-heading">
        <h1 className="h3">Mot de passe oublié</h1>
        <p>Indiquez votre adresse e-mail : nous vous enverrons un lien pour choisir un nouveau mot de passe.</p>
      </div>
      <StatusAlert>{status}</StatusAlert>
      <form
        ref={form.formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.submit('post', route('password.forgot'));
        }}
      >
        <TextField
          {...form.fieldProps('email')}
          label="Adresse e-mail"
          type="email"
          autoComplete="email"
          icon="fa-regular fa-envelope"
          required
          autoFocus
          inputMode="email"
        />
        <SubmitButton busy={form.busy} className="w-100" icon="fa-regular fa-paper-plane" busyLabel="Envoi du lien…">
          Envoyer le lien de réinitialisation
        </SubmitButton>
      </form>
      <p className="app-auth-alt">
        <Link href={route('login')}>
          <span aria-hidden="true">← </span>Retour à la connexion
        </Link>
      </p>
    </>
  );
}

ForgotPassword.layout = AuthLayout;
