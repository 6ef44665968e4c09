import { Head, router, useForm } from '@inertiajs/react';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { StatusAlert } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { SubmitButton } from '@/components/SubmitButton';
import AuthLayout from '@/layouts/AuthLayout';

const STATUS_TEXT: Record<string, string> = {
  'verification-link-sent': 'Un nouveau lien de vérification vient d’être envoyé à votre adresse e-mail.',
};

export default function VerifyEmail({ status, email }: PageProps<'auth/VerifyEmail'>) {
  const form = useForm({});
  return (
    <>
      <Head title="Vérification de l’adresse e-mail" />
      <div className="app-auth-heading">
        <div className="app-auth-icon" aria-hidden="true">
          <Icon name="fa-regular fa-envelope-open" />
        </div>
        <h1 className="h3">Vérifiez votre adresse e-mail</h1>
        <p>
          Merci pour votre inscription ! Cliquez sur le lien que nous venons d’envoyer à <strong>{email}</strong> pour
          confirmer votre adresse. Rien reçu ? Vérifiez les indésirables ou demandez un nouvel envoi.
        </p>
      </div>
      <StatusAlert>{status ? (STATUS_TEXT[status] ?? status) : null}</StatusAlert>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!form.processing) form.post(route('verification.send'), { preserveScroll: true });
        }}
      >
        <SubmitButton busy={form.processing} className="w-100" icon="fa-regular fa-paper-plane" busyLabel="Envoi…">
          Renvoyer l’e-mail de vérification
        </SubmitButton>
      </form>
      <p className="app-auth-alt">
        <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => router.post(route('logout'))}>
          Se déconnecter
        </button>
      </p>
    </>
  );
}

VerifyEmail.layout = AuthLayout;
