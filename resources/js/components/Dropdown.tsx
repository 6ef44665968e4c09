import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';

interface DropdownProps {
  /** The toggle button's content. */
  label: ReactNode;
  /** Accessible name of the toggle when its content is not text. */
  ariaLabel?: string;
  toggleClassName?: string;
  menuClassName?: string;
  align?: 'start' | 'end';
  /** Opens upward (for toggles at the bottom of a panel). */
  dropup?: boolean;
  children: ReactNode | ((close: () => void) => ReactNode);
  className?: string;
  testId?: string;
}

/**
 * Menu button (WAI-ARIA "menu button" pattern, simplified): Enter/Space/ArrowDown opens and
 * focuses the first item, arrows move, Escape closes and returns focus, a click outside closes.
 * Items are the focusable elements with role="menuitem" / "menuitemradio" inside.
 */
export function Dropdown({
  label,
  ariaLabel,
  toggleClassName = 'btn',
  menuClassName = '',
  align = 'end',
  dropup = false,
  children,
  className = '',
  testId,
}: DropdownProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const items = () =>
    Array.from(root.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([disabled])') ?? []);
  const close = useCallback((refocus = false) => {
    setOpen(false);
    if (refocus) toggle.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const focusItem = (index: number) => {
    const list = items();
    if (list.length === 0) return;
    list[(index + list.length) % list.length].focus();
  };

  const onToggleKey = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusItem(e.key === 'ArrowDown' ? 0 : -1));
    }
  };

  const onMenuKey = (e: React.KeyboardEvent) => {
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusItem(current + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      focusItem(current - 1);
    } else if (e.key === 'Home') {
      e.preventDefault();
      focusItem(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      focusItem(-1);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div ref={root} className={`app-dropdown ${dropup ? 'dropup' : ''} ${className}`} data-testid={testId}>
      <button
        ref={toggle}
        type="button"
        className={toggleClassName}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={ariaLabel}
        onClick={() => {
          setOpen((o) => !o);
        }}
        onKeyDown={onToggleKey}
      >
        {label}
      </button>
      <div
        id={menuId}
        role="menu"
        aria-label={ariaLabel}
        className={`dropdown-menu app-dropdown-menu ${align === 'end' ? 'dropdown-menu-end' : ''} ${open ? 'show' : ''} ${menuClassName}`}
        onKeyDown={onMenuKey}
        hidden={!open}
      >
        {typeof children === 'function' ? children(() => close(true)) : children}
      </div>
    </div>
  );
}
