/**
 * Page resolution: resources/js/pages/<Name>.tsx, each its own chunk (import.meta.glob, lazy).
 * An unknown name renders "Page introuvable : {name}" instead of a blank screen.
 * The signed-in shell (AuthenticatedLayout: header, sidebar, menu) is a chunk of its own too,
 * loaded with the first page that needs it, so the login page never downloads it.
 */
import type { ComponentType, ReactNode } from 'react';
import { Head, Link, type ResolvedComponent } from '@inertiajs/react';
import { loadsAppShell } from '@shared/layouts';
import { route } from '@shared/routes';
import SimpleLayout from '@/layouts/SimpleLayout';

type Layout = ComponentType<{ children?: ReactNode }>;
let authenticatedLayout: Layout | null = null;
let authenticatedLayoutLoading: Promise<Layout> | null = null;

function loadAuthenticatedLayout(): Promise<Layout> {
  authenticatedLayoutLoading ??= import('@/layouts/AuthenticatedLayout').then((m) => (authenticatedLayout = m.default));
  return authenticatedLayoutLoading;
}

export type PageModule = { default: ResolvedComponent };
export type PageLoaders = Record<string, () => Promise<PageModule>>;

export const pageLoaders = import.meta.glob<PageModule>('../pages/**/*.tsx');

export const pagePath = (name: string) => `../pages/${name}.tsx`;

export function missingPage(name: string) {
  function MissingPage() {
    return (
      <div className="app-error-page" data-testid="missing-page">
        <Head title="Page introuvable" />
        <div className="app-error-card">
          <div className="app-error-code">?</div>
          <h1 className="h3">Page introuvable : {name}</h1>
          <p className="text-body-secondary">Cet écran n’existe pas (encore) dans cette version de l’application.</p>
          <Link href={route('home')} className="btn btn-primary">
            Retour à l’accueil
          </Link>
        </div>
      </div>
    );
  }
  MissingPage.layout = SimpleLayout;
  return MissingPage;
}

export async function resolvePage(name: string, loaders: PageLoaders = pageLoaders): Promise<PageModule['default']> {
  const loader = loaders[pagePath(name)];
  if (!loader) return missingPage(name) as ResolvedComponent;
  // The shell is fetched beside the page (not after it) when the page will need it.
  const shell = loadsAppShell(name) ? loadAuthenticatedLayout() : null;
  const page = (await loader()).default;
  if (shell || (name !== 'Error' && !(page as { layout?: unknown }).layout)) await (shell ?? loadAuthenticatedLayout());
  return page;
}

/**
 * Layout for pages that do not choose one: error pages are bare, the rest is the signed-in shell
 * (already loaded by resolvePage, which always runs before the layout is asked for).
 */
export function defaultLayout(name: string): Layout {
  return name === 'Error' || !authenticatedLayout ? SimpleLayout : authenticatedLayout;
}

export function documentTitle(title: string, appName = 'SDSTOCK WEB 2.0'): string {
  return title ? `${title} - ${appName}` : appName;
}
