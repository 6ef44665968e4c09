import { describe, expect, it, vi } from 'vitest';
import { pageHref, pageWindow } from '../../../resources/js/components/Pagination';
import { clampNumber, formatFrenchNumber, parseFrenchNumber } from '../../../resources/js/components/NumberInput';
import { debounce } from '../../../resources/js/lib/debounce';
import {
  SCROLL_DEBOUNCE_MS,
  SCROLLBAR_MIN_THUMB,
  scrollForThumb,
  thumbGeometry,
} from '../../../resources/js/lib/scrollbar';
import { DEFAULT_DURATION_MS, FLASH_DURATION_MS, MAX_TOASTS, showFlash } from '../../../resources/js/lib/toasts';
import {
  firstName,
  hasAnyRole,
  hasMenuPermission,
  hasPermission,
  hasRole,
  initials,
} from '../../../resources/js/lib/user';
import type { AuthUser } from '../../../shared/pages';

describe('pagination', () => {
  it('shows first, last, neighbours and gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageWindow(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageWindow(7, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
    expect(pageWindow(10, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
    expect(pageWindow(99, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(0, 0)).toEqual([1]);
    // always the same number of slots, and a gap never stands for a single page
    for (let p = 1; p <= 50; p++) {
      const w = pageWindow(p, 50, 2);
      expect(w).toHaveLength(9);
      w.forEach((slot, i) => {
        if (slot === 'gap') expect((w[i + 1] as number) - (w[i - 1] as number)).toBeGreaterThan(2);
      });
      expect(w).toContain(p);
    }
  });

  it('keeps the other query parameters', () => {
    expect(pageHref('/fichiers/clients?q=awa&sort=name', 3)).toBe('/fichiers/clients?q=awa&sort=name&page=3');
    expect(pageHref('/fichiers/clients?page=3&q=awa', 1)).toBe('/fichiers/clients?q=awa');
  });
});

describe('number input parsing', () => {
  it('reads French numbers', () => {
    expect(parseFrenchNumber('1 250 000')).toBe(1250000);
    expect(parseFrenchNumber('1\u202f250')).toBe(1250);
    expect(parseFrenchNumber('12,5', 2)).toBe(12.5);
    expect(parseFrenchNumber('12,555', 2)).toBe(12.56);
    expect(parseFrenchNumber('-3')).toBe(-3);
    expect(parseFrenchNumber('')).toBeNull();
    expect(parseFrenchNumber('abc')).toBeNull();
    expect(parseFrenchNumber('1.2.3')).toBeNull();
  });

  it('formats with narrow no-break spaces and clamps', () => {
    expect(formatFrenchNumber(1250000)).toBe('1\u202f250\u202f000');
    expect(formatFrenchNumber(null)).toBe('');
    expect(formatFrenchNumber(3.5, 2)).toBe('3,50');
    expect(clampNumber(5, 0, 3)).toBe(3);
    expect(clampNumber(-1, 0)).toBe(0);
    expect(clampNumber(2)).toBe(2);
  });
});

describe('custom scrollbar geometry', () => {
  it('hides the bar when nothing overflows', () => {
    expect(thumbGeometry(500, 400, 0).visible).toBe(false);
  });
  it('sizes the thumb in proportion, never below 25 px', () => {
    expect(SCROLLBAR_MIN_THUMB).toBe(25);
    expect(thumbGeometry(500, 1000, 0)).toEqual({ visible: true, size: 250, offset: 0 });
    expect(thumbGeometry(500, 100000, 0).size).toBe(25);
    const end = thumbGeometry(500, 1000, 500);
    expect(end.offset).toBe(250);
  });
  it('maps a dragged thumb back to a scroll position', () => {
    expect(scrollForThumb(500, 1000, 250, 125)).toBe(250);
    expect(scrollForThumb(500, 1000, 250, 9999)).toBe(500);
    expect(scrollForThumb(500, 1000, 250, -5)).toBe(0);
  });
  it('debounces scroll handling at 100 ms', () => {
    expect(SCROLL_DEBOUNCE_MS).toBe(100);
    vi.useFakeTimers();
    const fn = vi.fn();
    const d = debounce(fn, SCROLL_DEBOUNCE_MS);
    d(1);
    d(2);
    vi.advanceTimersByTime(99);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledOnce();
    expect(fn).toHaveBeenCalledWith(2);
    d(3);
    d.cancel();
    vi.advanceTimersByTime(200);
    expect(fn).toHaveBeenCalledOnce();
    vi.useRealTimers();
  });
});

describe('flash toasts', () => {
  it('success green and error red for 4000 ms; others 5000 ms; at most 20', () => {
    expect(FLASH_DURATION_MS).toBe(4000);
    expect(DEFAULT_DURATION_MS).toBe(5000);
    expect(MAX_TOASTS).toBe(20);
    const notifier = { success: vi.fn(), error: vi.fn() };
    expect(showFlash({ success: 'Profil enregistré.', error: null }, notifier as never)).toBe(1);
    expect(notifier.success).toHaveBeenCalledWith('Profil enregistré.', expect.objectContaining({ autoClose: 4000 }));
    expect(showFlash({ error: 'Refusé.' }, notifier as never)).toBe(1);
    expect(notifier.error).toHaveBeenCalledWith('Refusé.', expect.objectContaining({ autoClose: 4000 }));
    expect(showFlash({ success: '  ', error: undefined }, notifier as never)).toBe(0);
    expect(showFlash(null, notifier as never)).toBe(0);
  });
});

describe('user helpers', () => {
  const user: AuthUser = {
    id: 1,
    name: 'Awa Koné Traoré',
    first_name: null,
    email: 'awa@example.com',
    email_verified: true,
    gravatar: '',
    menu_permissions: ['menu.caisse'],
    all_permissions: ['menu.caisse', 'cash.closing'],
    roles: [{ name: 'Caissier' }],
  };
  it('initials and first name', () => {
    expect(initials('Awa Koné Traoré')).toBe('AT');
    expect(initials('admin')).toBe('AD');
    expect(initials('élodie')).toBe('ÉL');
    expect(initials('')).toBe('?');
    expect(firstName(user)).toBe('Awa Koné Traoré');
    expect(firstName({ ...user, first_name: 'Awa K.' })).toBe('Awa K.');
  });
  it('permission and role checks (DESIGN.md §6)', () => {
    expect(hasPermission(user, 'cash.closing')).toBe(true);
    expect(hasPermission(user, 'cash.payment')).toBe(false);
    expect(hasMenuPermission(user, 'menu.caisse')).toBe(true);
    // An action permission is no menu permission (the type says so too).
    expect(hasMenuPermission(user, 'cash.closing' as never)).toBe(false);
    expect(hasRole(user, 'Caissier')).toBe(true);
    expect(hasAnyRole(user, ['Gérant', 'Caissier'])).toBe(true);
    expect(hasPermission(null, 'cash.closing')).toBe(false);
  });
});
