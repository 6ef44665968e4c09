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

/** Leaves with their trail, for the header search. */
export function searchableLeaves(nodes: MenuNode[], trail: string[] = []): Array<{ node: MenuNode; trail: string[] }> {
  const out: Array<{ node: MenuNode; trail: string[] }> = [];
  for (const node of nodes) {
    if (node.heading) continue;
    if (node.sub) out.push(...searchableLeaves(node.sub, [...trail, node.name]));
    else if (node.to) out.push({ node, trail });
  }
  return out;
}

/** Accent- and case-insensitive match ("regle" finds "Règlement"). */
export function normalizeSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('fr-FR').trim();
}

export function searchMenu(nodes: MenuNode[], query: string, limit = 8) {
  const q = normalizeSearch(query);
  const leaves = searchableLeaves(nodes);
  if (!q) return leaves.slice(0, limit);
  const words = q.split(/\s+/u);
  return leaves
    .map((entry) => {
      const name = normalizeSearch(entry.node.name);
      const hay = normalizeSearch([...entry.trail, entry.node.name].join(' '));
      if (!words.every((w) => hay.includes(w))) return null;
      const score = name.startsWith(q) ? 0 : name.includes(q) ? 1 : 2;
      return { ...entry, score };
    })
    .filter((e): e is NonNullable<typeof e> => e !== null)
    .sort((a, b) => a.score - b.score)
    .slice(0, limit);
}
