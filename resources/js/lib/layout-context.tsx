/**
 * React side of the layout store: the context, the hooks, and the side effects the state
 * drives (theme attributes on <html>, localStorage, Escape, resize, the system colour scheme).
 */
import {
  createContext,
  type Dispatch,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useState,
} from 'react';
import {
  DEFAULT_LAYOUT,
  DESKTOP_MIN_WIDTH,
  type LayoutAction,
  type LayoutState,
  layoutReducer,
  persistedSlice,
} from './layout-store';
import {
  applyTheme,
  isColorTheme,
  isDarkMode,
  readStored,
  resolveDark,
  STORAGE_KEYS,
  systemPrefersDark,
  watchSystemDark,
  writeStored,
} from './theme';

interface LayoutContextValue {
  state: LayoutState;
  dispatch: Dispatch<LayoutAction>;
  /** Whether dark colours are in effect now (after resolving "system"). */
  dark: boolean;
}

const LayoutContext = createContext<LayoutContextValue | null>(null);

/** Milliseconds after the last resize event before transitions are switched back on. */
export const RESIZE_TRANSITION_DELAY = 500;

function initialState(): LayoutState {
  let saved: unknown = null;
  const raw = readStored(STORAGE_KEYS.layout);
  if (raw) {
    try {
      saved = JSON.parse(raw);
    } catch {
      saved = null;
    }
  }
  const darkMode = readStored(STORAGE_KEYS.darkMode);
  const colorTheme = readStored(STORAGE_KEYS.colorTheme);
  const restored = layoutReducer(DEFAULT_LAYOUT, { type: 'restore', saved });
  return {
    ...restored,
    darkMode: isDarkMode(darkMode) ? darkMode : DEFAULT_LAYOUT.darkMode,
    colorTheme: isColorTheme(colorTheme) ? colorTheme : DEFAULT_LAYOUT.colorTheme,
  };
}

export function isDesktopViewport(): boolean {
  return typeof window !== 'undefined' && window.innerWidth >= DESKTOP_MIN_WIDTH;
}

export function LayoutProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(layoutReducer, undefined, initialState);
  const [systemDark, setSystemDark] = useState(systemPrefersDark);

  // Follow the operating system's scheme live (it matters only in "system" mode).
  useEffect(() => watchSystemDark(setSystemDark), []);

  useEffect(() => {
    applyTheme(document.documentElement, state.darkMode, state.colorTheme, systemDark);
  }, [state.darkMode, state.colorTheme, systemDark]);

  useEffect(() => writeStored(STORAGE_KEYS.darkMode, state.darkMode), [state.darkMode]);
  useEffect(() => writeStored(STORAGE_KEYS.colorTheme, state.colorTheme), [state.colorTheme]);

  const persisted = JSON.stringify(persistedSlice(state));
  useEffect(() => writeStored(STORAGE_KEYS.layout, persisted), [persisted]);

  // Escape closes the header search and the side overlay.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) dispatch({ type: 'closeTransient' });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // No sliding panels while the window is being resized; back 500 ms after the last event.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const root = document.documentElement;
    const onResize = () => {
      root.classList.add('app-no-transition');
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => root.classList.remove('app-no-transition'), RESIZE_TRANSITION_DELAY);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      if (timer) clearTimeout(timer);
      root.classList.remove('app-no-transition');
    };
  }, []);

  const value = useMemo(
    () => ({ state, dispatch, dark: resolveDark(state.darkMode, systemDark) }),
    [state, systemDark],
  );
  return <LayoutContext.Provider value={value}>{children}</LayoutContext.Provider>;
}

export function useLayout(): LayoutContextValue {
  const ctx = useContext(LayoutContext);
  if (!ctx) throw new Error('useLayout() doit être utilisé dans <LayoutProvider>.');
  return ctx;
}
