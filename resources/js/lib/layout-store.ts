/**
 * The layout state of the authenticated shell (DESIGN.md §4): one reducer, pure, so every toggle
 * is unit-tested. The React side (context, side effects) lives in layout-context.tsx.
 */
import { type ColorTheme, type DarkMode, isColorTheme, isDarkMode } from './theme';

export type ContentWidth = 'full' | 'boxed' | 'narrow';
export const CONTENT_WIDTHS: readonly ContentWidth[] = ['full', 'boxed', 'narrow'];
export type Toggle = 'on' | 'off' | 'toggle';
/** Below this width the sidebar overlays the page and closes after a navigation. */
export const DESKTOP_MIN_WIDTH = 992;

export interface LayoutState {
  /** Sidebar shown beside the content (≥ 992 px). */
  sidebarVisibleDesktop: boolean;
  /** Sidebar drawn over the page (< 992 px). */
  sidebarVisibleMobile: boolean;
  /** Icons only (≥ 992 px). */
  sidebarMini: boolean;
  sidebarPosition: 'left' | 'right';
  sidebarStyle: 'dark' | 'light';
  sideOverlayOpen: boolean;
  /** The side overlay peeks from the edge and opens while hovered (≥ 992 px). */
  sideOverlayHover: boolean;
  /** Dim the page behind an open side overlay (click to close). */
  pageOverlay: boolean;
  headerFixed: boolean;
  headerStyle: 'light' | 'dark';
  headerSearch: boolean;
  headerLoader: boolean;
  pageLoader: boolean;
  contentWidth: ContentWidth;
  darkMode: DarkMode;
  colorTheme: ColorTheme;
}

export const DEFAULT_LAYOUT: Readonly<LayoutState> = Object.freeze({
  sidebarVisibleDesktop: true,
  sidebarVisibleMobile: false,
  sidebarMini: false,
  sidebarPosition: 'left',
  sidebarStyle: 'dark',
  sideOverlayOpen: false,
  sideOverlayHover: false,
  pageOverlay: true,
  headerFixed: true,
  headerStyle: 'light',
  headerSearch: false,
  headerLoader: false,
  pageLoader: false,
  contentWidth: 'narrow',
  darkMode: 'system',
  colorTheme: 'default',
});

export type LayoutAction =
  | { type: 'sidebar'; value: Toggle; viewport: 'desktop' | 'mobile' }
  | { type: 'sidebarMini'; value: Toggle }
  | { type: 'sidebarPosition'; value: 'left' | 'right' | 'toggle' }
  | { type: 'sidebarStyle'; value: 'dark' | 'light' | 'toggle' }
  | { type: 'sideOverlay'; value: Toggle }
  | { type: 'sideOverlayHover'; value: Toggle }
  | { type: 'pageOverlay'; value: Toggle }
  | { type: 'headerMode'; value: 'fixed' | 'static' | 'toggle' }
  | { type: 'headerStyle'; value: 'dark' | 'light' | 'toggle' }
  | { type: 'headerSearch'; value: Toggle }
  | { type: 'headerLoader'; value: Toggle }
  | { type: 'pageLoader'; value: Toggle }
  | { type: 'contentWidth'; value: ContentWidth | 'toggle' }
  | { type: 'darkMode'; value: DarkMode }
  | { type: 'colorTheme'; value: ColorTheme }
  /** Escape: closes the header search and the side overlay. */
  | { type: 'closeTransient' }
  /** Restores saved preferences (ignores what is not valid). */
  | { type: 'restore'; saved: unknown }
  | { type: 'reset' };

const flip = (current: boolean, value: Toggle): boolean => (value === 'toggle' ? !current : value === 'on');

export function layoutReducer(state: LayoutState, action: LayoutAction): LayoutState {
  switch (action.type) {
    case 'sidebar': {
      if (action.viewport === 'desktop') {
        return { ...state, sidebarVisibleDesktop: flip(state.sidebarVisibleDesktop, action.value) };
      }
      const open = flip(state.sidebarVisibleMobile, action.value);
      // The phone drawer and the side overlay never cover the page at the same time.
      return { ...state, sidebarVisibleMobile: open, sideOverlayOpen: open ? false : state.sideOverlayOpen };
    }
    case 'sidebarMini': {
      const mini = flip(state.sidebarMini, action.value);
      return { ...state, sidebarMini: mini, sidebarVisibleDesktop: mini ? true : state.sidebarVisibleDesktop };
    }
    case 'sidebarPosition':
      return {
        ...state,
        sidebarPosition:
          action.value === 'toggle' ? (state.sidebarPosition === 'left' ? 'right' : 'left') : action.value,
      };
    case 'sidebarStyle':
      return {
        ...state,
        sidebarStyle: action.value === 'toggle' ? (state.sidebarStyle === 'dark' ? 'light' : 'dark') : action.value,
      };
    case 'sideOverlay': {
      const open = flip(state.sideOverlayOpen, action.value);
      return { ...state, sideOverlayOpen: open, sidebarVisibleMobile: open ? false : state.sidebarVisibleMobile };
    }
    case 'sideOverlayHover':
      return { ...state, sideOverlayHover: flip(state.sideOverlayHover, action.value) };
    case 'pageOverlay':
      return { ...state, pageOverlay: flip(state.pageOverlay, action.value) };
    case 'headerMode':
      return { ...state, headerFixed: action.value === 'toggle' ? !state.headerFixed : action.value === 'fixed' };
    case 'headerStyle':
      return {
        ...state,
        headerStyle: action.value === 'toggle' ? (state.headerStyle === 'dark' ? 'light' : 'dark') : action.value,
      };
    case 'headerSearch':
      return { ...state, headerSearch: flip(state.headerSearch, action.value) };
    case 'headerLoader':
      return { ...state, headerLoader: flip(state.headerLoader, action.value) };
    case 'pageLoader':
      return { ...state, pageLoader: flip(state.pageLoader, action.value) };
    case 'contentWidth': {
      if (action.value !== 'toggle') return { ...state, contentWidth: action.value };
      const next = CONTENT_WIDTHS[(CONTENT_WIDTHS.indexOf(state.contentWidth) + 1) % CONTENT_WIDTHS.length];
      return { ...state, contentWidth: next };
    }
    case 'darkMode':
      return isDarkMode(action.value) ? { ...state, darkMode: action.value } : state;
    case 'colorTheme':
      return isColorTheme(action.value) ? { ...state, colorTheme: action.value } : state;
    case 'closeTransient':
      if (!state.headerSearch && !state.sideOverlayOpen) return state;
      return { ...state, headerSearch: false, sideOverlayOpen: false };
    case 'restore':
      return { ...state, ...sanitizeSaved(action.saved) };
    case 'reset':
      return { ...DEFAULT_LAYOUT, darkMode: state.darkMode, colorTheme: state.colorTheme };
    default:
      return state;
  }
}

/** Preferences kept across visits (the rest is transient: drawers, search, loaders). */
export const PERSISTED_KEYS = [
  'sidebarVisibleDesktop',
  'sidebarMini',
  'sidebarPosition',
  'sidebarStyle',
  'sideOverlayHover',
  'pageOverlay',
  'headerFixed',
  'headerStyle',
  'contentWidth',
] as const satisfies readonly (keyof LayoutState)[];
export type PersistedLayout = Pick<LayoutState, (typeof PERSISTED_KEYS)[number]>;

export function persistedSlice(state: LayoutState): PersistedLayout {
  const out: Partial<PersistedLayout> = {};
  for (const key of PERSISTED_KEYS) (out as Record<string, unknown>)[key] = state[key];
  return out as PersistedLayout;
}

/** Keeps only well-formed saved values (the storage is user-editable). */
export function sanitizeSaved(saved: unknown): Partial<LayoutState> {
  if (!saved || typeof saved !== 'object') return {};
  const s = saved as Record<string, unknown>;
  const out: Partial<LayoutState> = {};
  const bool = (k: keyof LayoutState) => {
    if (typeof s[k] === 'boolean') (out as Record<string, unknown>)[k] = s[k];
  };
  const oneOf = <T extends string>(k: keyof LayoutState, values: readonly T[]) => {
    if (typeof s[k] === 'string' && values.includes(s[k] as T)) (out as Record<string, unknown>)[k] = s[k];
  };
  bool('sidebarVisibleDesktop');
  bool('sidebarMini');
  bool('sideOverlayHover');
  bool('pageOverlay');
  bool('headerFixed');
  oneOf('sidebarPosition', ['left', 'right']);
  oneOf('sidebarStyle', ['dark', 'light']);
  oneOf('headerStyle', ['dark', 'light']);
  oneOf('contentWidth', CONTENT_WIDTHS);
  if (isDarkMode(s.darkMode)) out.darkMode = s.darkMode;
  if (isColorTheme(s.colorTheme)) out.colorTheme = s.colorTheme;
  return out;
}

/** CSS classes of the page container for a given state. */
export function pageContainerClasses(state: LayoutState): string {
  return [
    'app-page',
    state.sidebarVisibleDesktop && 'is-sidebar-open',
    state.sidebarVisibleMobile && 'is-sidebar-mobile-open',
    state.sidebarMini && 'is-sidebar-mini',
    state.sidebarPosition === 'right' ? 'is-sidebar-right' : 'is-sidebar-left',
    state.sideOverlayOpen && 'is-side-overlay-open',
    state.sideOverlayHover && 'has-side-overlay-hover',
    state.pageOverlay && 'has-page-overlay',
    state.headerFixed ? 'is-header-fixed' : 'is-header-static',
    state.headerSearch && 'is-header-search-open',
    `content-${state.contentWidth}`,
  ]
    .filter(Boolean)
    .join(' ');
}
