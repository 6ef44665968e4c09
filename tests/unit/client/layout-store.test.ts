import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LAYOUT,
  type LayoutAction,
  type LayoutState,
  layoutReducer,
  pageContainerClasses,
  PERSISTED_KEYS,
  persistedSlice,
  sanitizeSaved,
} from '../../../resources/js/lib/layout-store';

const run = (...actions: LayoutAction[]): LayoutState => actions.reduce(layoutReducer, { ...DEFAULT_LAYOUT });

describe('layout defaults (DESIGN.md §4)', () => {
  it('system dark mode, sidebar left and dark, header fixed and light, page overlay on, narrow content', () => {
    expect(DEFAULT_LAYOUT).toMatchObject({
      darkMode: 'system',
      colorTheme: 'default',
      sidebarPosition: 'left',
      sidebarStyle: 'dark',
      sidebarVisibleDesktop: true,
      sidebarVisibleMobile: false,
      sidebarMini: false,
      headerFixed: true,
      headerStyle: 'light',
      pageOverlay: true,
      sideOverlayOpen: false,
      sideOverlayHover: false,
      headerSearch: false,
      headerLoader: false,
      pageLoader: false,
      contentWidth: 'narrow',
    });
    expect(Object.isFrozen(DEFAULT_LAYOUT)).toBe(true);
  });
});

describe('layoutReducer', () => {
  it('sidebar: desktop and phone visibility are separate; open / close / toggle', () => {
    expect(run({ type: 'sidebar', value: 'toggle', viewport: 'desktop' }).sidebarVisibleDesktop).toBe(false);
    expect(
      run({ type: 'sidebar', value: 'off', viewport: 'desktop' }, { type: 'sidebar', value: 'on', viewport: 'desktop' })
        .sidebarVisibleDesktop,
    ).toBe(true);
    const phone = run({ type: 'sidebar', value: 'toggle', viewport: 'mobile' });
    expect(phone.sidebarVisibleMobile).toBe(true);
    expect(phone.sidebarVisibleDesktop).toBe(true);
    expect(layoutReducer(phone, { type: 'sidebar', value: 'off', viewport: 'mobile' }).sidebarVisibleMobile).toBe(
      false,
    );
  });

  it('the phone drawer and the side overlay close each other', () => {
    const overlay = run({ type: 'sidebar', value: 'on', viewport: 'mobile' }, { type: 'sideOverlay', value: 'on' });
    expect(overlay).toMatchObject({ sideOverlayOpen: true, sidebarVisibleMobile: false });
    expect(layoutReducer(overlay, { type: 'sidebar', value: 'on', viewport: 'mobile' })).toMatchObject({
      sideOverlayOpen: false,
      sidebarVisibleMobile: true,
    });
  });

  it('mini sidebar on / off / toggle, and turning it on shows the sidebar', () => {
    expect(run({ type: 'sidebarMini', value: 'toggle' }).sidebarMini).toBe(true);
    expect(run({ type: 'sidebarMini', value: 'on' }, { type: 'sidebarMini', value: 'off' }).sidebarMini).toBe(false);
    expect(
      run({ type: 'sidebar', value: 'off', viewport: 'desktop' }, { type: 'sidebarMini', value: 'on' })
        .sidebarVisibleDesktop,
    ).toBe(true);
  });

  it('sidebar position and style', () => {
    expect(run({ type: 'sidebarPosition', value: 'toggle' }).sidebarPosition).toBe('right');
    expect(
      run({ type: 'sidebarPosition', value: 'right' }, { type: 'sidebarPosition', value: 'toggle' }).sidebarPosition,
    ).toBe('left');
    expect(run({ type: 'sidebarPosition', value: 'right' }).sidebarPosition).toBe('right');
    expect(run({ type: 'sidebarStyle', value: 'toggle' }).sidebarStyle).toBe('light');
    expect(run({ type: 'sidebarStyle', value: 'light' }, { type: 'sidebarStyle', value: 'dark' }).sidebarStyle).toBe(
      'dark',
    );
  });

  it('side overlay open / close / toggle / hover, page overlay', () => {
    expect(run({ type: 'sideOverlay', value: 'toggle' }).sideOverlayOpen).toBe(true);
    expect(run({ type: 'sideOverlay', value: 'on' }, { type: 'sideOverlay', value: 'off' }).sideOverlayOpen).toBe(
      false,
    );
    expect(run({ type: 'sideOverlayHover', value: 'on' }).sideOverlayHover).toBe(true);
    expect(
      run({ type: 'sideOverlayHover', value: 'toggle' }, { type: 'sideOverlayHover', value: 'toggle' })
        .sideOverlayHover,
    ).toBe(false);
    expect(run({ type: 'pageOverlay', value: 'off' }).pageOverlay).toBe(false);
    expect(run({ type: 'pageOverlay', value: 'toggle' }).pageOverlay).toBe(false);
  });

  it('header fixed / static, dark / light, search, loader; page loader', () => {
    expect(run({ type: 'headerMode', value: 'static' }).headerFixed).toBe(false);
    expect(run({ type: 'headerMode', value: 'toggle' }, { type: 'headerMode', value: 'toggle' }).headerFixed).toBe(
      true,
    );
    expect(run({ type: 'headerStyle', value: 'dark' }).headerStyle).toBe('dark');
    expect(run({ type: 'headerStyle', value: 'toggle' }).headerStyle).toBe('dark');
    expect(run({ type: 'headerSearch', value: 'on' }).headerSearch).toBe(true);
    expect(run({ type: 'headerSearch', value: 'toggle' }, { type: 'headerSearch', value: 'toggle' }).headerSearch).toBe(
      false,
    );
    expect(run({ type: 'headerLoader', value: 'on' }).headerLoader).toBe(true);
    expect(run({ type: 'pageLoader', value: 'toggle' }).pageLoader).toBe(true);
    expect(run({ type: 'pageLoader', value: 'on' }, { type: 'pageLoader', value: 'off' }).pageLoader).toBe(false);
  });

  it('content width: set, or cycle full → boxed → narrow', () => {
    expect(run({ type: 'contentWidth', value: 'full' }).contentWidth).toBe('full');
    expect(run({ type: 'contentWidth', value: 'toggle' }).contentWidth).toBe('full');
    expect(run({ type: 'contentWidth', value: 'full' }, { type: 'contentWidth', value: 'toggle' }).contentWidth).toBe(
      'boxed',
    );
    expect(run({ type: 'contentWidth', value: 'boxed' }, { type: 'contentWidth', value: 'toggle' }).contentWidth).toBe(
      'narrow',
    );
  });

  it('dark mode and colour theme accept only known values', () => {
    expect(run({ type: 'darkMode', value: 'on' }).darkMode).toBe('on');
    expect(run({ type: 'colorTheme', value: 'amethyst' }).colorTheme).toBe('amethyst');
    expect(run({ type: 'darkMode', value: 'bogus' as never }).darkMode).toBe('system');
    expect(run({ type: 'colorTheme', value: 'neon' as never }).colorTheme).toBe('default');
  });

  it('Escape (closeTransient) closes the header search and the side overlay only', () => {
    const before = run(
      { type: 'headerSearch', value: 'on' },
      { type: 'sideOverlay', value: 'on' },
      { type: 'sidebarMini', value: 'on' },
    );
    const after = layoutReducer(before, { type: 'closeTransient' });
    expect(after).toMatchObject({ headerSearch: false, sideOverlayOpen: false, sidebarMini: true });
    const idle = { ...DEFAULT_LAYOUT };
    expect(layoutReducer(idle, { type: 'closeTransient' })).toBe(idle);
  });

  it('reset restores the default layout but keeps dark mode and theme', () => {
    const changed = run(
      { type: 'sidebarPosition', value: 'right' },
      { type: 'darkMode', value: 'on' },
      { type: 'colorTheme', value: 'city' },
      { type: 'contentWidth', value: 'full' },
    );
    expect(layoutReducer(changed, { type: 'reset' })).toEqual({
      ...DEFAULT_LAYOUT,
      darkMode: 'on',
      colorTheme: 'city',
    });
  });

  it('ignores unknown actions', () => {
    const s = { ...DEFAULT_LAYOUT };
    expect(layoutReducer(s, { type: 'nope' } as never)).toBe(s);
  });
});

describe('saved preferences', () => {
  it('keeps the preferences, not the transient state', () => {
    const state = run(
      { type: 'sidebarPosition', value: 'right' },
      { type: 'headerSearch', value: 'on' },
      { type: 'sideOverlay', value: 'on' },
    );
    const slice = persistedSlice(state);
    expect(Object.keys(slice).sort()).toEqual([...PERSISTED_KEYS].sort());
    expect(slice).not.toHaveProperty('headerSearch');
    expect(slice).not.toHaveProperty('sideOverlayOpen');
    expect(slice.sidebarPosition).toBe('right');
  });

  it('restores only well-formed values', () => {
    expect(sanitizeSaved(null)).toEqual({});
    expect(sanitizeSaved('x')).toEqual({});
    expect(
      sanitizeSaved({
        sidebarPosition: 'up',
        sidebarMini: 'yes',
        contentWidth: 'boxed',
        headerFixed: false,
        darkMode: 'on',
        colorTheme: 'flat',
        pageLoader: true,
      }),
    ).toEqual({
      contentWidth: 'boxed',
      headerFixed: false,
      darkMode: 'on',
      colorTheme: 'flat',
    });
    const restored = layoutReducer(
      { ...DEFAULT_LAYOUT },
      { type: 'restore', saved: persistedSlice(run({ type: 'sidebarStyle', value: 'light' })) },
    );
    expect(restored.sidebarStyle).toBe('light');
  });
});

describe('page container classes', () => {
  it('reflect the state', () => {
    expect(pageContainerClasses(DEFAULT_LAYOUT).split(' ').sort()).toEqual(
      [
        'app-page',
        'content-narrow',
        'has-page-overlay',
        'is-header-fixed',
        'is-sidebar-left',
        'is-sidebar-open',
      ].sort(),
    );
    const all = run(
      { type: 'sidebar', value: 'on', viewport: 'mobile' },
      { type: 'sidebarMini', value: 'on' },
      { type: 'sidebarPosition', value: 'right' },
      { type: 'sideOverlayHover', value: 'on' },
      { type: 'headerMode', value: 'static' },
      { type: 'headerSearch', value: 'on' },
      { type: 'contentWidth', value: 'boxed' },
      { type: 'pageOverlay', value: 'off' },
    );
    const classes = pageContainerClasses(all).split(' ');
    expect(classes).toEqual(
      expect.arrayContaining([
        'is-sidebar-mobile-open',
        'is-sidebar-mini',
        'is-sidebar-right',
        'has-side-overlay-hover',
        'is-header-static',
        'is-header-search-open',
        'content-boxed',
      ]),
    );
    expect(classes).not.toContain('has-page-overlay');
    expect(pageContainerClasses(run({ type: 'sideOverlay', value: 'on' }))).toContain('is-side-overlay-open');
  });
});
