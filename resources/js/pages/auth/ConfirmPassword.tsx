import { Head } from '@inertiajs/react';
import { route } from '@shared/routes';
import { Icon } from '@/components/Icon';
import { TextField } from '@/components/Field';
import { SubmitButton } from '@/components/SubmitButton';
import { useServerForm } from '@/hooks/useServerForm';
import AuthLayout from '@/layouts/AuthLayout';

export default function ConfirmPassword() {
  const form = useServerForm({ password: '' }, { resetOnError: ['password'], resetOnSuccess: ['password'] });
  return (
    <>
      <Head title="Confirmation du mot de passe" />
      <div className="app-auth-heading">
        <div className="app-auth-icon" aria-hidden="true">
          <Icon name="fa-solid fa-shield-halved" />
        </div>
        <h1 className="h3">Zone sécurisée</h1>
        <p>Cette action est sensible : confirmez votre mot de passe pour continuer.</p>
      </div>
      <form
        ref={form.formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.submit('post', route('password.confirm'));
        }}
      >
        <TextField
          {...form.fieldProps('password')}
          label="Mot de passe"
          type="password"
          autoComplete="current-password"
          icon="fa-solid fa-lock"
          required
          autoFocus
        />
        <SubmitButton busy={form.busy} className="w-100" icon="fa-solid fa-check" busyLabel="Vérification…">
          Confirmer
        </SubmitButton>
      </form>
    </>
  );
}

ConfirmPassword.layout = AuthLayout;
