import { Link, usePage } from '@inertiajs/react';
import { route } from '@shared/routes';
import { Icon } from '@/components/Icon';

/** Tabs between sibling list pages (Paramètres › Société: Emplacements, Caisses, Banques et mobile money, Comptes). */
export function SubNav({ items, label }: { items: Array<{ href: string; label: string; icon?: string }>; label: string }) {
  const { url } = usePage();
  const path = new URL(url, 'http://x').pathname;
  return (
    <nav aria-label={label} className="app-subnav">
      <ul className="nav nav-pills">
        {items.map((item) => {
          const active = path === item.href || path.startsWith(`${item.href}/`);
          return (
            <li key={item.href} className="nav-item">
              <Link href={item.href} className={`nav-link ${active ? 'active' : ''}`} aria-current={active ? 'page' : undefined}>
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
  { href: route('locations.index'), label: 'Emplacements', icon: 'fa-solid fa-warehouse' },
  { href: route('cashDesks.index'), label: 'Caisses', icon: 'fa-solid fa-cash-register' },
  { href: route('treasuryAccounts.index'), label: 'Banques et mobile money', icon: 'fa-solid fa-building-columns' },
  { href: route('company.accounts'), label: 'Comptes', icon: 'fa-solid fa-user-plus' },
];
