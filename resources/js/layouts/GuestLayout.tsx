import { Link, usePage } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { route } from '@shared/routes';
import { AppearanceDropdown } from '@/components/AppearancePicker';
import { Brand } from '@/components/Brand';
import { Icon } from '@/components/Icon';
import { Footer } from './parts/Footer';

/**
 * Public landing layout: static header with the brand and "Se connecter" / "Créer un compte"
 * (or "Tableau de bord" when signed in), boxed content, no sidebar.
 */
export default function GuestLayout({ children }: { children?: ReactNode }) {
  const page = usePage<{ canRegister?: boolean }>();
  const user = page.props.auth.user;
  const canRegister = page.props.canRegister !== false;
  return (
    <div className="app-guest">
      <a className="visually-hidden-focusable app-skip-link" href="#main-content">
        Aller au contenu
      </a>
      <header className="app-guest-header">
        <div className="container-xl app-guest-header-content">
          <Brand href={route('home')} />
          <nav className="d-flex align-items-center gap-2" aria-label="Compte">
            <AppearanceDropdown toggleClassName="btn app-btn-icon app-guest-tool" testId="guest-appearance" />
            {user ? (
              <Link href={route('dashboard')} className="btn btn-primary" data-testid="guest-dashboard">
                <Icon name="fa-solid fa-gauge-high" className="me-2" />
                Tableau de bord
              </Link>
            ) : (
              <>
                <Link
                  href={route('login')}
                  className="btn btn-link app-guest-link text-nowrap"
                  data-testid="guest-login"
                >
                  Se connecter
                </Link>
                {canRegister ? (
                  <Link
                    href={route('register')}
                    className="btn btn-primary text-nowrap d-none d-sm-inline-block"
                    data-testid="guest-register"
                  >
                    Créer un compte
                  </Link>
                ) : null}
              </>
            )}
          </nav>
        </div>
      </header>
      <main id="main-content" className="app-guest-main" tabIndex={-1}>
        <div className="container-xl">{children}</div>
      </main>
      <Footer className="app-footer-guest" />
    </div>
  );
}
