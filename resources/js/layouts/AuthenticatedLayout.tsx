import { usePage } from '@inertiajs/react';
import { type ReactNode, useEffect } from 'react';
import { useLayout } from '@/lib/layout-context';
import { pageContainerClasses } from '@/lib/layout-store';
import { startWarmUp } from '@/lib/when-idle';
import { Footer } from './parts/Footer';
import { Header, loadHeaderSearch } from './parts/Header';
import { SideOverlay } from './parts/SideOverlay';
import { Sidebar } from './parts/Sidebar';

/**
 * The signed-in shell: fixed light header, dark sidebar, side overlay, page overlay, footer,
 * narrow content. Persistent across visits (Inertia keeps the same layout instance), so the
 * sidebar keeps its scroll and open submenus. Once the first page is shown and the browser idle,
 * it warms the screens the user's menu reaches (lib/when-idle.ts, lib/warm-up.ts), so a click costs one round trip.
 */
export default function AuthenticatedLayout({ children }: { children?: ReactNode }) {
  const { state, dispatch } = useLayout();
  const menuPermissions = usePage().props.auth.user?.menu_permissions;
  const permissionsKey = menuPermissions?.join(' ');
  useEffect(() => {
    if (menuPermissions) startWarmUp(menuPermissions, [loadHeaderSearch]);
    // Once per set of menu permissions (a new array on every visit).
  }, [permissionsKey]);
  return (
    <div id="page-container" className={pageContainerClasses(state)} data-testid="page-container">
      <a className="visually-hidden-focusable app-skip-link" href="#main-content">
        Aller au contenu
      </a>
      <Sidebar />
      <SideOverlay />
      <Header />
      <main id="main-content" className="app-main" tabIndex={-1}>
        {children}
      </main>
      <Footer className="app-footer-main" />
      <div
        className="app-page-overlay"
        aria-hidden="true"
        data-testid="page-overlay"
        onClick={() => {
          dispatch({ type: 'sideOverlay', value: 'off' });
          dispatch({ type: 'sidebar', value: 'off', viewport: 'mobile' });
        }}
      />
    </div>
  );
}
