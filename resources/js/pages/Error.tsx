import { Head, Link, usePage } from '@inertiajs/react';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { LogoMark } from '@/components/Brand';
import { Icon } from '@/components/Icon';
import SimpleLayout from '@/layouts/SimpleLayout';

const ICONS: Record<number, string> = {
  400: 'fa-solid fa-triangle-exclamation',
  403: 'fa-solid fa-lock',
  404: 'fa-solid fa-map-location-dot',
  413: 'fa-solid fa-file-circle-xmark',
  419: 'fa-solid fa-hourglass-end',
  500: 'fa-solid fa-screwdriver-wrench',
};

/** One page for 400/403/404/413/419/500: code, title, message, and a way back. */
export default function ErrorPage({ status, title, message, request_id }: PageProps<'Error'>) {
  const user = usePage().props.auth?.user;
  const home = user
    ? { href: route('dashboard'), label: 'Tableau de bord', icon: 'fa-solid fa-gauge-high' }
    : { href: route('home'), label: 'Retour à l’accueil', icon: 'fa-solid fa-house' };
  return (
    <div className={`app-error-page app-error-${status}`} data-testid="error-page" data-status={status}>
      <Head title={title} />
      <div className="app-error-card">
        <LogoMark size={40} />
        <div className="app-error-icon" aria-hidden="true">
          <Icon name={ICONS[status] ?? 'fa-solid fa-circle-exclamation'} />
        </div>
        <p className="app-error-code" aria-hidden="true">
          {status}
        </p>
        <h1 className="h3 mb-2">{title}</h1>
        <p className="app-error-message">{message}</p>
        {request_id ? (
          <p className="small text-body-secondary" data-testid="error-reference">
            Référence à communiquer au support : <code className="user-select-all">{request_id}</code>
          </p>
        ) : null}
        <div className="d-flex flex-wrap justify-content-center gap-2">
          {status === 419 ? (
            <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
              <Icon name="fa-solid fa-rotate-right" className="me-2" />
              Recharger la page
            </button>
          ) : (
            <Link href={home.href} className="btn btn-primary" data-testid="error-home">
              <Icon name={home.icon} className="me-2" />
              {home.label}
            </Link>
          )}
          <button type="button" className="btn btn-outline-secondary" onClick={() => window.history.back()}>
            <Icon name="fa-solid fa-arrow-left" className="me-2" />
            Page précédente
          </button>
        </div>
        <p className="app-error-status visually-hidden">Erreur {status}</p>
      </div>
    </div>
  );
}

ErrorPage.layout = SimpleLayout;
