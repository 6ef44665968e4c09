import { filterMenu, MENU, searchMenu } from '../../../shared/menu.js';
import { route } from '../../../shared/routes.js';
import { type GlobalSearchResponse, SEARCH_GROUP_LIMIT, type SearchGroup } from '../../../shared/search.js';
import type { GlobalSearchResult } from '../../services/search/global-search.js';

/**
 * The global search's answer: rows → grouped hits with the URL of each record's page (no cost, no
 * raw row). Screens are the menu leaves the user may open (filterMenu on the menu permissions),
 * matched by name like the sidebar (searchMenu). Empty groups are left out.
 */
export function presentGlobalSearch(
  found: GlobalSearchResult,
  menuPermissions: Iterable<string>,
): GlobalSearchResponse {
  const groups: SearchGroup[] = [
    {
      key: 'products',
      label: 'Produits',
      icon: 'fa-solid fa-boxes-stacked',
      items: found.products.map((p) => ({
        url: route('products.show', { id: Number(p.id) }),
        title: p.name,
        meta: [p.code, p.barcode, p.category].filter(Boolean).join(' · '),
      })),
    },
    {
      key: 'clients',
      label: 'Clients',
      icon: 'fa-solid fa-users',
      items: found.clients.map((c) => ({
        url: route('clients.show', { id: Number(c.id) }),
        title: c.name,
        meta: [c.code, c.phone].filter(Boolean).join(' · '),
      })),
    },
    {
      key: 'suppliers',
      label: 'Fournisseurs',
      icon: 'fa-solid fa-truck-field',
      items: found.suppliers.map((s) => ({
        url: route('suppliers.show', { id: Number(s.id) }),
        title: s.name,
        meta: [s.code, s.phone].filter(Boolean).join(' · '),
      })),
    },
    {
      key: 'documents',
      label: 'Documents',
      icon: 'fa-solid fa-file-lines',
      items: found.documents.map((d) => ({
        url: route(d.series.page, { id: d.id }),
        title: d.number,
        meta: d.series.label,
        date: d.date,
        status: d.status ? { kind: d.series.kind, value: d.status } : null,
      })),
    },
    {
      key: 'screens',
      label: 'Écrans',
      icon: 'fa-solid fa-table-columns',
      items: found.q
        ? searchMenu(filterMenu(MENU, menuPermissions), found.q, SEARCH_GROUP_LIMIT).map((r) => ({
            url: r.node.to!,
            title: r.node.name,
            meta: r.trail.join(' › '),
            icon: r.node.icon,
          }))
        : [],
    },
  ];
  return { q: found.q, groups: groups.filter((g) => g.items.length > 0) };
}
