import { Link } from '@inertiajs/react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { MenuNode } from '@shared/menu';
import { Icon } from '@/components/Icon';
import { activeLeafKey, activeSubmenuKeys, nodeKey } from '@/lib/menu-state';

interface SidebarMenuProps {
  nodes: MenuNode[];
  url: string;
  /** Icons only, with tooltips and flyout submenus (desktop). */
  mini: boolean;
  /** Called after a click on a link (closes the phone drawer). */
  onNavigate: () => void;
}

interface Flyout {
  key: string;
  top: number;
  left: number;
  right: number;
}

/**
 * The sidebar navigation: headings, links, collapsible submenus (any depth), the active item
 * and its open parents from the URL. Keyboard: ↑/↓ move between visible items, → opens a
 * submenu, ← closes it or goes back to its parent, Home/End jump.
 */
export function SidebarMenu({ nodes, url, mini, onNavigate }: SidebarMenuProps) {
  const activeKey = useMemo(() => activeLeafKey(nodes, url), [nodes, url]);
  const activeParents = useMemo(() => activeSubmenuKeys(nodes, url), [nodes, url]);
  const [open, setOpen] = useState<Set<string>>(() => new Set(activeParents));
  const [flyout, setFlyout] = useState<Flyout | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const listRef = useRef<HTMLUListElement>(null);
  const baseId = useId();

  // A new page opens the submenus leading to its item (the others stay as the user left them).
  useEffect(() => {
    setOpen((prev) => {
      if (activeParents.every((k) => prev.has(k))) return prev;
      const next = new Set(prev);
      activeParents.forEach((k) => next.add(k));
      return next;
    });
  }, [activeParents]);

  useEffect(() => {
    setFlyout(null);
  }, [mini, url]);

  const toggle = (key: string, value?: boolean) =>
    setOpen((prev) => {
      const next = new Set(prev);
      const willOpen = value ?? !next.has(key);
      if (willOpen) next.add(key);
      else next.delete(key);
      return next;
    });

  const showFlyout = (key: string, target: HTMLElement) => {
    if (!mini) return;
    clearTimeout(hideTimer.current);
    const rect = target.getBoundingClientRect();
    setFlyout({ key, top: rect.top, left: rect.right, right: window.innerWidth - rect.left });
  };
  const hideFlyout = (delay = 160) => {
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setFlyout(null), delay);
  };
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const visibleLinks = () =>
    Array.from(listRef.current?.querySelectorAll<HTMLElement>('.nav-main-link') ?? []).filter(
      (el) => !el.closest('[inert]') && el.offsetParent !== null,
    );

  const onKeyDown = (e: React.KeyboardEvent<HTMLUListElement>) => {
    const links = visibleLinks();
    const current = document.activeElement as HTMLElement;
    const index = links.indexOf(current);
    if (index < 0) return;
    const focus = (i: number) => links[(i + links.length) % links.length]?.focus();
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        focus(index + 1);
        break;
      case 'ArrowUp':
        e.preventDefault();
        focus(index - 1);
        break;
      case 'Home':
        e.preventDefault();
        focus(0);
        break;
      case 'End':
        e.preventDefault();
        focus(links.length - 1);
        break;
      case 'ArrowRight': {
        const key = current.dataset.submenu;
        if (key) {
          e.preventDefault();
          if (mini && current.dataset.depth === '0') {
            showFlyout(key, current);
            requestAnimationFrame(() =>
              document.querySelector<HTMLElement>(`[data-flyout="${CSS.escape(key)}"] .nav-main-link`)?.focus(),
            );
          } else if (!open.has(key)) toggle(key, true);
          else focus(index + 1);
        }
        break;
      }
      case 'ArrowLeft': {
        e.preventDefault();
        const key = current.dataset.submenu;
        if (key && open.has(key) && !(mini && current.dataset.depth === '0')) {
          toggle(key, false);
          break;
        }
        const parentToggle = current.closest('.nav-main-submenu-wrap')?.previousElementSibling as HTMLElement | null;
        if (parentToggle?.classList.contains('nav-main-link')) parentToggle.focus();
        else {
          const flyoutOwner = current.closest<HTMLElement>('[data-flyout]');
          if (flyoutOwner) {
            setFlyout(null);
            flyoutOwner.parentElement?.querySelector<HTMLElement>(':scope > .nav-main-link')?.focus();
          }
        }
        break;
      }
      case 'Escape':
        if (flyout) {
          e.preventDefault();
          e.stopPropagation();
          const owner = current.closest<HTMLElement>('[data-flyout]');
          setFlyout(null);
          owner?.parentElement?.querySelector<HTMLElement>(':scope > .nav-main-link')?.focus();
        }
        break;
      default:
    }
  };

  const renderNodes = (list: MenuNode[], trail: string[], depth: number): ReactNode[] =>
    list.map((node) => {
      const key = nodeKey(trail, node);
      if (node.heading) {
        return (
          <li key={`h-${key}`} className="nav-main-heading" role="presentation">
            <span>{node.name}</span>
          </li>
        );
      }
      const icon = node.icon ? (
        <Icon name={node.icon} className="nav-main-link-icon" fixedWidth />
      ) : depth > 0 ? (
        <span className="nav-main-link-dot" aria-hidden="true" />
      ) : null;
      const badge =
        node.badge !== undefined && node.badge !== '' ? (
          <span className="nav-main-link-badge badge rounded-pill">{node.badge}</span>
        ) : null;
      const miniTop = mini && depth === 0;
      const hoverProps = miniTop
        ? {
            onMouseEnter: (e: React.MouseEvent<HTMLLIElement>) => showFlyout(key, e.currentTarget),
            onMouseLeave: () => hideFlyout(),
            onFocus: (e: React.FocusEvent<HTMLLIElement>) => {
              if (e.target === e.currentTarget.firstElementChild) showFlyout(key, e.currentTarget);
            },
            onBlur: (e: React.FocusEvent<HTMLLIElement>) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node)) hideFlyout(0);
            },
          }
        : {};
      const flyoutOpen = miniTop && flyout?.key === key;
      const flyoutStyle = flyout ? { top: flyout.top, left: flyout.left, right: flyout.right } : undefined;

      if (node.sub) {
        const isOpen = open.has(key);
        const submenuId = `${baseId}-${key.replace(/[^\w]/gu, '_')}`;
        const isActive = activeParents.includes(key);
        return (
          <li
            key={key}
            className={`nav-main-item ${isOpen ? 'open' : ''} ${isActive ? 'is-active-trail' : ''}`}
            {...hoverProps}
          >
            <button
              type="button"
              className={`nav-main-link nav-main-link-submenu ${isActive ? 'active-trail' : ''}`}
              aria-expanded={miniTop ? flyoutOpen : isOpen}
              aria-controls={submenuId}
              data-submenu={key}
              data-depth={depth}
              onClick={(e) =>
                miniTop
                  ? flyoutOpen
                    ? setFlyout(null)
                    : showFlyout(key, e.currentTarget.parentElement as HTMLElement)
                  : toggle(key)
              }
            >
              {icon}
              <span className="nav-main-link-name">{node.name}</span>
              {badge}
              <Icon name="fa-solid fa-chevron-right" className="nav-main-link-caret" />
            </button>
            {miniTop ? (
              <div
                id={submenuId}
                className={`nav-main-flyout ${flyoutOpen ? 'show' : ''}`}
                style={flyoutStyle}
                data-flyout={key}
                inert={!flyoutOpen}
                onMouseEnter={() => clearTimeout(hideTimer.current)}
              >
                <div className="nav-main-flyout-title">{node.name}</div>
                <ul className="nav-main-submenu">{renderNodes(node.sub, [...trail, node.name], depth + 1)}</ul>
              </div>
            ) : (
              <div className="nav-main-submenu-wrap" inert={!isOpen}>
                <ul id={submenuId} className="nav-main-submenu">
                  {renderNodes(node.sub, [...trail, node.name], depth + 1)}
                </ul>
              </div>
            )}
          </li>
        );
      }

      const isActive = key === activeKey;
      return (
        <li key={key} className="nav-main-item" {...hoverProps}>
          <Link
            href={node.to ?? '#'}
            className={`nav-main-link ${isActive ? 'active' : ''}`}
            aria-current={isActive ? 'page' : undefined}
            data-depth={depth}
            onClick={() => {
              setFlyout(null);
              onNavigate();
            }}
          >
            {icon}
            <span className="nav-main-link-name">{node.name}</span>
            {badge}
          </Link>
          {miniTop ? (
            <div
              className={`nav-main-tooltip ${flyoutOpen ? 'show' : ''}`}
              style={flyoutStyle}
              role="tooltip"
              aria-hidden={!flyoutOpen}
            >
              {node.name}
            </div>
          ) : null}
        </li>
      );
    });

  return (
    <ul ref={listRef} className="nav-main" onKeyDown={onKeyDown} data-testid="sidebar-menu">
      {renderNodes(nodes, [], 0)}
    </ul>
  );
}
