/** Keyboard shortcuts of the shell (pure, unit-tested). */

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/** Whether the focus is where typing « / » means the character (a field, an editable area). */
function typingIn(target: EventTarget | null): boolean {
  const el = target as { tagName?: string; isContentEditable?: boolean } | null;
  if (!el?.tagName) return false;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || el.isContentEditable === true;
}

/** Ctrl+K or ⌘K anywhere; « / » when not typing in a field. */
export function isSearchShortcut(e: KeyLike): boolean {
  if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') return true;
  return e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !typingIn(e.target);
}
