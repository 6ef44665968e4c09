/** Which menu nodes are active / open for a URL (pure, unit-tested). */
import { isMenuNodeActive, type MenuNode } from '@shared/menu';

/** Stable key of a node: the names on the way down ("Opérations/Trésorerie/Caisse"). */
export const nodeKey = (trail: string[], node: MenuNode) => [...trail, node.name].join('/');

/** Keys of the submenus that contain the active item (to open them). */
export function activeSubmenuKeys(nodes: MenuNode[], url: string, trail: string[] = []): string[] {
  const keys: string[] = [];
  for (const node of nodes) {
    if (!node.sub) continue;
    if (isMenuNodeActive(node, url)) {
      const key = nodeKey(trail, node);
      keys.push(key, ...activeSubmenuKeys(node.sub, url, [...trail, node.name]));
    }
  }
  return keys;
}

/** The one leaf to highlight: the deepest match, exact route first. */
export function activeLeafKey(nodes: MenuNode[], url: string, trail: string[] = []): string | null {
  const path = url.split('?')[0].split('#')[0];
  let best: { key: string; exact: boolean } | null = null;
  const walk = (list: MenuNode[], t: string[]) => {
    for (const node of list) {
      if (node.heading) continue;
      if (node.sub) walk(node.sub, [...t, node.name]);
      else if (node.to && isMenuNodeActive(node, path)) {
        const exact = node.to === path;
        if (!best || (exact && !best.exact)) best = { key: nodeKey(t, node), exact };
      }
    }
  };
  walk(nodes, trail);
  return (best as { key: string } | null)?.key ?? null;
}

// The header search's screen matching lives with the menu (shared: the server's global search uses it).
export { normalizeSearch, searchMenu, searchableLeaves } from '@shared/menu';
