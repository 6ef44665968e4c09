import { Head, Link } from '@inertiajs/react';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { CheckboxField, StatusAlert, TextField } from '@/components/Field';
import { SubmitButton } from '@/components/SubmitButton';
import { useServerForm } from '@/hooks/useServerForm';
import AuthLayout from '@/layouts/AuthLayout';

export default function Login({ status, canResetPassword, canRegister }: PageProps<'auth/Login'>) {
  const form = useServerForm({ email: '', password: '', remember: false as boolean }, { resetOnError: ['password'] });
  const email = form.fieldProps('email');
  const password = form.fieldProps('password');

  return (
    <>
      <Head title="Connexion" />
      <div className="app-auth-heading">
        <h1 className="h3">Connexion</h1>
        <p>Bon retour ! Connectez-vous pour accéder à votre espace.</p>
      </div>
      <StatusAlert testId="login-status">{status}</StatusAlert>
      <form
        ref={form.formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.submit('post', route('login'));
        }}
        data-testid="login-form"
      >
        <TextField
          {...email}
          label="Adresse e-mail"
          type="email"
          autoComplete="username"
          icon="fa-regular fa-envelope"
          required
          autoFocus
          inputMode="email"
        />
        <TextField
          {...password}
          label="Mot de passe"
          type="password"
          autoComplete="current-password"
          icon="fa-solid fa-lock"
          required
          labelAside={
            canResetPassword ? (
              <Link href={route('password.forgot')} className="small">
                Mot de passe oublié ?
              </Link>
            ) : null
          }
        />
        <CheckboxField
          id="login-remember"
          name="remember"
          label="Se souvenir de moi"
          checked={form.data.remember}
          onChange={(v) => form.setData('remember', v)}
        />
        <SubmitButton
          busy={form.busy}
          className="w-100"
          icon="fa-solid fa-right-to-bracket"
          busyLabel="Connexion…"
          testId="login-submit"
        >
          Se connecter
        </SubmitButton>
      </form>
      {canRegister ? (
        <p className="app-auth-alt">
          Pas encore de compte ? <Link href={route('register')}>Créer un compte</Link>
        </p>
      ) : null}
    </>
  );
}

Login.layout = AuthLayout;
