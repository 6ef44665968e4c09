import { Link, usePage } from '@inertiajs/react';
import { route } from '@shared/routes';
import { Icon } from '@/components/Icon';

/** Tabs between sibling list pages (Paramètres › Société: Emplacements, Caisses, Banques et mobile money, Comptes, Facturation électronique). */
/** `exact`: the tab is active on its own address only (a tab whose sibling lives under its path); `active`: the screen says which tab is on (views of one address, ?view=). */
export function SubNav({
  items,
  label,
}: {
  items: Array<{ href: string; label: string; icon?: string; exact?: boolean; active?: boolean }>;
  label: string;
}) {
  const { url } = usePage();
  const path = new URL(url, 'http://x').pathname;
  return (
    <nav aria-label={label} className="app-subnav">
      <ul className="nav nav-pills">
        {items.map((item) => {
          const active = item.active ?? (path === item.href || (!item.exact && path.startsWith(`${item.href}/`)));
          return (
            <li key={item.href} className="nav-item">
              <Link
                href={item.href}
                className={`nav-link ${active ? 'active' : ''}`}
                aria-current={active ? 'page' : undefined}
              >
                {item.icon ? <Icon name={item.icon} className="me-2" /> : null}
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export const COMPANY_TABS = [
  { href: route('company.settings'), label: 'Société', icon: 'fa-solid fa-building', exact: true },
  { href: route('locations.index'), label: 'Emplacements', icon: 'fa-solid fa-warehouse' },
  { href: route('cashDesks.index'), label: 'Caisses', icon: 'fa-solid fa-cash-register' },
  { href: route('treasuryAccounts.index'), label: 'Banques et mobile money', icon: 'fa-solid fa-building-columns' },
  { href: route('company.accounts'), label: 'Comptes', icon: 'fa-solid fa-user-plus' },
  { href: route('company.fiscal'), label: 'Facturation électronique', icon: 'fa-solid fa-stamp' },
];

export const API_TABS = [
  { href: route('apiTokens.index'), label: 'Jetons d’accès', icon: 'fa-solid fa-key', exact: true },
  { href: route('apiTokens.reference'), label: 'Référence de l’API', icon: 'fa-solid fa-book' },
];
