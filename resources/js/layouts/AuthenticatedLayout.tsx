import { usePage } from '@inertiajs/react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useLayout } from '@/lib/layout-context';
import { pageContainerClasses } from '@/lib/layout-store';
import { startWarmUp } from '@/lib/when-idle';
import { Footer } from './parts/Footer';
import { Header, loadHeaderSearch } from './parts/Header';
import { Sidebar } from './parts/Sidebar';
// The header's, sidebar's and side overlay's styles come with the shell, not with the login page.
import '../../css/shell.scss';

/**
 * The side overlay (display preferences) is shown only on a user action: it is loaded when first
 * opened (or shown at the edge, « ouvrir au survol »), or before by the idle warm-up
 * (lib/warm-up.ts), never with the first visit. Once loaded it stays mounted (closed, inert), so
 * it slides in as before.
 */
let sideOverlayLoaded = false;
const sideOverlayReadyListeners = new Set<() => void>();
export const loadSideOverlay = () =>
  import('./parts/SideOverlay').then((m) => {
    sideOverlayLoaded = true;
    for (const listener of sideOverlayReadyListeners) listener();
    return m;
  });
const SideOverlay = lazy(() => loadSideOverlay().then((m) => ({ default: m.SideOverlay })));

function useSideOverlayMounted(wanted: boolean) {
  const [loaded, setLoaded] = useState(sideOverlayLoaded);
  useEffect(() => {
    if (loaded) return;
    const listener = () => setLoaded(true);
    sideOverlayReadyListeners.add(listener);
    return () => void sideOverlayReadyListeners.delete(listener);
  }, [loaded]);
  return loaded || wanted;
}

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
  const sideOverlayMounted = useSideOverlayMounted(state.sideOverlayOpen || state.sideOverlayHover);
  useEffect(() => {
    if (menuPermissions) startWarmUp(menuPermissions, [loadHeaderSearch, loadSideOverlay]);
    // Once per set of menu permissions (a new array on every visit).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the permissions' text, not the array
  }, [permissionsKey]);
  return (
    <div id="page-container" className={pageContainerClasses(state)} data-testid="page-container">
      <a className="visually-hidden-focusable app-skip-link" href="#main-content">
        Aller au contenu
      </a>
      <Sidebar />
      {sideOverlayMounted ? (
        <Suspense fallback={null}>
          <SideOverlay />
        </Suspense>
      ) : null}
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
