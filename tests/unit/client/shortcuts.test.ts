import { describe, expect, it } from 'vitest';
import { isSearchShortcut } from '@/lib/shortcuts';

const key = (k: string, over: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; target: unknown }> = {}) =>
  ({ key: k, ctrlKey: false, metaKey: false, altKey: false, target: { tagName: 'BODY' }, ...over }) as Parameters<
    typeof isSearchShortcut
  >[0];

describe('header search shortcut', () => {
  it('opens on Ctrl+K or ⌘K, wherever the focus is', () => {
    expect(isSearchShortcut(key('k', { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key('K', { metaKey: true, target: { tagName: 'INPUT' } }))).toBe(true);
    expect(isSearchShortcut(key('k'))).toBe(false);
    expect(isSearchShortcut(key('k', { ctrlKey: true, altKey: true }))).toBe(false);
  });

  it('opens on « / » only outside a text field', () => {
    expect(isSearchShortcut(key('/'))).toBe(true);
    for (const tagName of ['INPUT', 'TEXTAREA', 'SELECT'])
      expect(isSearchShortcut(key('/', { target: { tagName } }))).toBe(false);
    expect(isSearchShortcut(key('/', { target: { tagName: 'DIV', isContentEditable: true } }))).toBe(false);
  });
});
