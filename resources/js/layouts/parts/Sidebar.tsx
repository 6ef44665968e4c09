import { usePage } from '@inertiajs/react';
import { useMemo } from 'react';
import { filterMenu, MENU } from '@shared/menu';
import { route } from '@shared/routes';
import { AppearanceDropdown } from '@/components/AppearancePicker';
import { Brand } from '@/components/Brand';
import { CustomScrollbar } from '@/components/CustomScrollbar';
import { Icon } from '@/components/Icon';
import { useIsDesktop } from '@/hooks/useMediaQuery';
import { useLayout } from '@/lib/layout-context';
import { STORAGE_KEYS } from '@/lib/theme';
import { SidebarMenu } from './SidebarMenu';

/** The dark (or light) navigation column: brand, appearance picker, permission-filtered menu. */
export function Sidebar() {
  const { state, dispatch, dark } = useLayout();
  const page = usePage();
  const user = page.props.auth.user;
  const isDesktop = useIsDesktop();
  // Every permission, not only the menu ones: a screen opened by an action permission (File de certification) shows too.
  const nodes = useMemo(() => filterMenu(MENU, user?.all_permissions ?? []), [user?.all_permissions]);
  const mini = isDesktop && state.sidebarMini;
  const hidden = isDesktop ? !state.sidebarVisibleDesktop : !state.sidebarVisibleMobile;

  return (
    <nav
      id="sidebar"
      className="app-sidebar"
      aria-label="Navigation principale"
      data-bs-theme={state.sidebarStyle === 'dark' || dark ? 'dark' : 'light'}
      inert={hidden}
      data-testid="sidebar"
    >
      <div className="app-sidebar-header">
        <Brand href={route('dashboard')} className="app-sidebar-brand" />
        <div className="app-sidebar-tools">
          <AppearanceDropdown toggleClassName="btn btn-sm app-btn-icon app-sidebar-tool" align="start" />
          <button
            type="button"
            className="btn btn-sm app-btn-icon app-sidebar-tool d-lg-none"
            onClick={() => dispatch({ type: 'sidebar', value: 'off', viewport: 'mobile' })}
            aria-label="Fermer le menu"
            data-testid="sidebar-close"
          >
            <Icon name="fa-solid fa-xmark" />
          </button>
        </div>
      </div>
      <CustomScrollbar className="app-sidebar-scroll" storageKey={STORAGE_KEYS.sidebarScroll} label="Menu">
        {nodes.length > 0 ? (
          <SidebarMenu
            nodes={nodes}
            url={page.url}
            mini={mini}
            onNavigate={() => {
              if (!window.matchMedia('(min-width: 992px)').matches)
                dispatch({ type: 'sidebar', value: 'off', viewport: 'mobile' });
            }}
          />
        ) : (
          <p className="app-sidebar-empty">
            <Icon name="fa-solid fa-lock" className="me-2" />
            Aucun écran ne vous est encore ouvert. Un administrateur doit vous attribuer un rôle.
          </p>
        )}
      </CustomScrollbar>
      <div className="app-sidebar-footer">
        <span>Version {page.props.app?.version ?? '3.0'}</span>
      </div>
    </nav>
  );
}
