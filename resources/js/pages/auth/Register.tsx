import { Head, Link } from '@inertiajs/react';
import { route } from '@shared/routes';
import { TextField } from '@/components/Field';
import { SubmitButton } from '@/components/SubmitButton';
import { useServerForm } from '@/hooks/useServerForm';
import AuthLayout from '@/layouts/AuthLayout';

export default function Register() {
  const form = useServerForm(
    { name: '', first_name: '', email: '', password: '', password_confirmation: '' },
    { resetOnError: ['password', 'password_confirmation'] },
  );

  return (
    <>
      <Head title="Créer un compte" />
      <div className="app-auth-heading">
        <h1 className="h3">Créer un compte</h1>
        <p>Un administrateur vous attribuera ensuite un rôle pour ouvrir les écrans dont vous avez besoin.</p>
      </div>
      <form
        ref={form.formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.submit('post', route('register'));
        }}
      >
        <TextField
          {...form.fieldProps('name')}
          label="Nom complet"
          autoComplete="name"
          icon="fa-regular fa-user"
          required
          autoFocus
          hint="Tel qu’il doit apparaître sur les documents, par exemple KONÉ Awa."
        />
        <TextField
          {...form.fieldProps('first_name')}
          label="Prénom"
          autoComplete="given-name"
          icon="fa-regular fa-face-smile"
          maxLength={80}
          hint="Facultatif : le prénom par lequel l’application vous salue."
        />
        <TextField
          {...form.fieldProps('email')}
          label="Adresse e-mail"
          type="email"
          autoComplete="email"
          icon="fa-regular fa-envelope"
          required
          inputMode="email"
        />
        <TextField
          {...form.fieldProps('password')}
          label="Mot de passe"
          type="password"
          autoComplete="new-password"
          icon="fa-solid fa-lock"
          required
          hint="Au moins 8 caractères ; une phrase facile à retenir convient très bien."
        />
        <TextField
          {...form.fieldProps('password_confirmation')}
          label="Confirmation du mot de passe"
          type="password"
          autoComplete="new-password"
          icon="fa-solid fa-lock"
          required
        />
        <SubmitButton busy={form.busy} className="w-100" icon="fa-solid fa-user-plus" busyLabel="Création du compte…">
          Créer mon compte
        </SubmitButton>
      </form>
      <p className="app-auth-alt">
        Déjà inscrit ? <Link href={route('login')}>Se connecter</Link>
      </p>
    </>
  );
}

Register.layout = AuthLayout;
