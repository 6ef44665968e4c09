/**
 * Dark mode and colour theme: the values, their French labels, where they are stored and how
 * they are applied to <html>. resources/js/boot/theme-init.js does the same before the first
 * paint, with the same keys (checked by a unit test).
 */
/** In the order the pickers show them. */
export const DARK_MODES = ['off', 'on', 'system'] as const;
export type DarkMode = (typeof DARK_MODES)[number];

export const COLOR_THEMES = ['default', 'amethyst', 'city', 'flat', 'modern', 'smooth'] as const;
export type ColorTheme = (typeof COLOR_THEMES)[number];

export const STORAGE_KEYS = {
  darkMode: 'sdstock.darkMode',
  colorTheme: 'sdstock.colorTheme',
  layout: 'sdstock.layout',
  sidebarScroll: 'sdstock.sidebarScroll',
} as const;

export const DARK_MODE_LABELS: Record<DarkMode, { label: string; icon: string }> = {
  off: { label: 'Clair', icon: 'fa-solid fa-sun' },
  on: { label: 'Sombre', icon: 'fa-solid fa-moon' },
  system: { label: 'Système', icon: 'fa-solid fa-circle-half-stroke' },
};

/** Swatch colour shown in the pickers (same values as resources/css/base/_themes.scss). */
export const COLOR_THEME_LABELS: Record<ColorTheme, { label: string; swatch: string }> = {
  default: { label: 'Par défaut', swatch: '#2563c9' },
  amethyst: { label: 'Améthyste', swatch: '#7048c0' },
  city: { label: 'Urbain', swatch: '#c2410c' },
  flat: { label: 'Épuré', swatch: '#0f7f6f' },
  modern: { label: 'Moderne', swatch: '#0b7aa8' },
  smooth: { label: 'Doux', swatch: '#b83280' },
};

export const isDarkMode = (v: unknown): v is DarkMode =>
  typeof v === 'string' && (DARK_MODES as readonly string[]).includes(v);
export const isColorTheme = (v: unknown): v is ColorTheme =>
  typeof v === 'string' && (COLOR_THEMES as readonly string[]).includes(v);

const SYSTEM_DARK_QUERY = '(prefers-color-scheme: dark)';

export function systemPrefersDark(): boolean {
  try {
    return window.matchMedia(SYSTEM_DARK_QUERY).matches;
  } catch {
    return false;
  }
}

/** Follows the operating system's colour scheme live; returns the unsubscribe function. */
export function watchSystemDark(onChange: (dark: boolean) => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const mql = window.matchMedia(SYSTEM_DARK_QUERY);
  const listener = (e: MediaQueryListEvent) => onChange(e.matches);
  mql.addEventListener('change', listener);
  return () => mql.removeEventListener('change', listener);
}

export function resolveDark(mode: DarkMode, systemDark: boolean): boolean {
  return mode === 'on' || (mode === 'system' && systemDark);
}

/** Sets the attributes the stylesheet keys on. */
export function applyTheme(root: HTMLElement, mode: DarkMode, theme: ColorTheme, systemDark: boolean): void {
  root.setAttribute('data-bs-theme', resolveDark(mode, systemDark) ? 'dark' : 'light');
  root.setAttribute('data-app-theme', theme);
  root.setAttribute('data-dark-mode', mode);
}

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* storage full or blocked: the preference lasts for this page only */
  }
}
