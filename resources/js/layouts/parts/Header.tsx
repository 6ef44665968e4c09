import { Link, router, usePage } from '@inertiajs/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { route } from '@shared/routes';
import { Avatar } from '@/components/Avatar';
import { Brand } from '@/components/Brand';
import { Dropdown } from '@/components/Dropdown';
import { Icon } from '@/components/Icon';
import { useIsDesktop } from '@/hooks/useMediaQuery';
import { useLayout } from '@/lib/layout-context';
import { isSearchShortcut } from '@/lib/shortcuts';
import { ofName } from '@/lib/names';
import { firstName } from '@/lib/user';

/**
 * The search panel (and the list vocabulary it shows: badges, dates, typeahead, all in the
 * `screens` chunk) is loaded when it is first opened, or before by the idle warm-up
 * (lib/warm-up.ts): the first visit of a signed-in page does not download it.
 */
export const loadHeaderSearch = () => import('./HeaderSearch');
const HeaderSearch = lazy(() => loadHeaderSearch().then((m) => ({ default: m.HeaderSearch })));

export function logout(dispatch: ReturnType<typeof useLayout>['dispatch']) {
  dispatch({ type: 'pageLoader', value: 'on' });
  router.post(
    route('logout'),
    {},
    {
      onFinish: () => dispatch({ type: 'pageLoader', value: 'off' }),
    },
  );
}

/** Ctrl+K (⌘K) anywhere, or « / » outside a text field, opens the header search. */
function useSearchShortcut(open: () => void) {
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e)) return;
      e.preventDefault();
      openRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

/** The fixed header: menu toggles, screen search, the user menu and the side overlay toggle. */
export function Header() {
  const { state, dispatch, dark } = useLayout();
  const page = usePage();
  const user = page.props.auth.user;
  const isDesktop = useIsDesktop();
  const sidebarShown = isDesktop ? state.sidebarVisibleDesktop : state.sidebarVisibleMobile;
  useSearchShortcut(() => dispatch({ type: 'headerSearch', value: 'on' }));

  return (
    <header
      id="page-header"
      className="app-header"
      data-bs-theme={state.headerStyle === 'dark' || dark ? 'dark' : undefined}
      data-testid="header"
    >
      <div className="app-header-content">
        <div className="d-flex align-items-center gap-1 gap-sm-2">
          <button
            type="button"
            className="btn app-btn-icon app-header-btn"
            onClick={() => dispatch({ type: 'sidebar', value: 'toggle', viewport: isDesktop ? 'desktop' : 'mobile' })}
            aria-label={sidebarShown ? 'Masquer le menu' : 'Afficher le menu'}
            aria-controls="sidebar"
            aria-expanded={sidebarShown}
            data-testid="sidebar-toggle"
          >
            <Icon name="fa-solid fa-bars" />
          </button>
          {!isDesktop ? <Brand href={route('dashboard')} className="app-header-brand" /> : null}
          {isDesktop ? (
            <button
              type="button"
              className="btn app-btn-icon app-header-btn"
              onClick={() => dispatch({ type: 'sidebarMini', value: 'toggle' })}
              aria-label={state.sidebarMini ? 'Déplier le menu' : 'Réduire le menu aux icônes'}
              aria-pressed={state.sidebarMini}
              title={state.sidebarMini ? 'Déplier le menu' : 'Réduire le menu aux icônes'}
              data-testid="sidebar-mini-toggle"
            >
              <Icon
                name={state.sidebarMini ? 'fa-solid fa-angles-right' : 'fa-solid fa-angles-left'}
                className={state.sidebarPosition === 'right' ? 'fa-flip-horizontal' : ''}
              />
            </button>
          ) : null}
          <button
            type="button"
            className="btn app-btn-icon app-header-btn app-header-search-btn"
            onClick={() => dispatch({ type: 'headerSearch', value: 'on' })}
            aria-label="Rechercher (Ctrl+K)"
            aria-keyshortcuts="Control+K /"
            aria-expanded={state.headerSearch}
            data-testid="header-search-toggle"
          >
            <Icon name="fa-solid fa-magnifying-glass" />
            <span className="d-none d-md-inline ms-2 app-header-search-hint">Rechercher…</span>
            <kbd className="d-none d-md-inline ms-auto app-header-search-kbd">Ctrl K</kbd>
          </button>
        </div>
        <div className="d-flex align-items-center gap-1 gap-sm-2">
          {user ? (
            <Dropdown
              ariaLabel={`Menu ${ofName(user.name)}`}
              toggleClassName="btn app-header-user"
              testId="user-menu"
              label={
                <>
                  <Avatar name={user.name} src={user.gravatar} size={32} />
                  <span className="app-header-user-name d-none d-sm-inline">{firstName(user)}</span>
                  <Icon name="fa-solid fa-chevron-down" className="app-header-user-caret d-none d-sm-inline" />
                </>
              }
            >
              {(close) => (
                <>
                  <div className="app-user-card" role="presentation">
                    <Avatar name={user.name} src={user.gravatar} size={48} />
                    <div className="min-w-0">
                      <div className="fw-semibold text-truncate">{user.name}</div>
                      <div className="small text-body-secondary text-truncate">{user.email}</div>
                      {user.roles.length ? (
                        <div className="small mt-1">
                          {user.roles.map((r) => (
                            <span key={r.name} className="badge app-role-badge me-1">
                              {r.name}
                            </span>
                          ))}
                        </div>
                      ) : null}
                    </div>
                  </div>
                  <div className="dropdown-divider" />
                  <Link href={route('profile')} role="menuitem" className="dropdown-item" onClick={close}>
                    <Icon name="fa-regular fa-user" fixedWidth className="me-2" />
                    Profil
                  </Link>
                  <div className="dropdown-divider" />
                  <button
                    type="button"
                    role="menuitem"
                    className="dropdown-item"
                    onClick={() => {
                      close();
                      logout(dispatch);
                    }}
                    data-testid="logout"
                  >
                    <Icon name="fa-solid fa-right-from-bracket" fixedWidth className="me-2" />
                    Déconnexion
                  </button>
                </>
              )}
            </Dropdown>
          ) : null}
          <button
            type="button"
            className="btn app-btn-icon app-header-btn"
            onClick={() => dispatch({ type: 'sideOverlay', value: 'toggle' })}
            aria-label="Préférences d’affichage"
            aria-controls="side-overlay"
            aria-expanded={state.sideOverlayOpen}
            title="Préférences d’affichage"
            data-testid="side-overlay-toggle"
          >
            <Icon name="fa-solid fa-sliders" />
          </button>
        </div>
      </div>
      {state.headerSearch ? (
        <Suspense fallback={null}>
          <HeaderSearch />
        </Suspense>
      ) : null}
      {state.headerLoader ? (
        <div className="app-header-loader" role="status" data-testid="header-loader">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          Chargement…
        </div>
      ) : null}
    </header>
  );
}
