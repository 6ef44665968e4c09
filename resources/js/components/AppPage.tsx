import { Head, Link, usePage } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { Icon } from './Icon';
import { route } from '@shared/routes';
import { helpChapterFor } from '@shared/help';
import { hasPermission } from '@/lib/user';

export interface Crumb {
  label: string;
  href?: string;
}

export interface AppPageProps {
  /** Document title and page heading. */
  title: string;
  subtitle?: ReactNode;
  breadcrumbs?: Crumb[];
  actions?: ReactNode;
  children: ReactNode;
  /** Replaces the heading text (the document title stays `title`). */
  heading?: ReactNode;
}

/** A page of the signed-in shell: the heading band (title, breadcrumb, actions) and the content. */
export function AppPage({ title, subtitle, breadcrumbs, actions, children, heading }: AppPageProps) {
  const page = usePage();
  const user = page.props.auth?.user;
  // The « ? » link: the guide's chapter of this screen (shared/help.ts), for those who may read it.
  const help =
    user && hasPermission(user, 'menu.support.doc')
      ? route('support.documentation.chapter', { slug: helpChapterFor(page.url) })
      : null;
  return (
    <>
      <Head title={title} />
      <div className="app-hero">
        <div className="app-content app-hero-content">
          <div className="min-w-0">
            <h1 className="app-hero-title">{heading ?? title}</h1>
            {subtitle ? <p className="app-hero-subtitle">{subtitle}</p> : null}
          </div>
          <div className="d-flex align-items-center gap-3 flex-wrap">
            {breadcrumbs && breadcrumbs.length ? (
              <nav aria-label="Fil d’Ariane">
                <ol className="breadcrumb breadcrumb-alt mb-0">
                  <li className="breadcrumb-item">
                    <Link href={route('dashboard')} aria-label="Tableau de bord">
                      <Icon name="fa-solid fa-house" />
                    </Link>
                  </li>
                  {breadcrumbs.map((c, i) => (
                    <li
                      key={`${c.label}-${i}`}
                      className={`breadcrumb-item ${i === breadcrumbs.length - 1 ? 'active' : ''}`}
                      aria-current={i === breadcrumbs.length - 1 ? 'page' : undefined}
                    >
                      {c.href && i < breadcrumbs.length - 1 ? <Link href={c.href}>{c.label}</Link> : c.label}
                    </li>
                  ))}
                </ol>
              </nav>
            ) : null}
            {actions}
            {help ? (
              <Link
                href={help}
                className="btn btn-outline-secondary rounded-circle app-help-link"
                title="Aide sur cet écran"
                aria-label="Aide sur cet écran"
                data-testid="help-link"
              >
                ?
              </Link>
            ) : null}
          </div>
        </div>
      </div>
      <div className="app-content app-content-body">{children}</div>
    </>
  );
}
