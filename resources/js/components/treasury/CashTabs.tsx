import { route } from '@shared/routes';
import { SubNav } from '@/components/data/SubNav';

/**
 * The tabs of the Caisse screen, rendered by each of its pages: the accounts and their operations,
 * the balances at a date, the situation of an account over a period and the daily closings of the
 * desks (all need the Caisse screen, which each page needs).
 */
export function CashTabs() {
  const items = [
    { href: route('cash.index'), label: 'Comptes et opérations', icon: 'fa-solid fa-cash-register', exact: true },
    { href: route('cash.balance'), label: 'Soldes à une date', icon: 'fa-solid fa-calendar-day' },
    { href: route('cash.situation'), label: 'Situation de caisse', icon: 'fa-solid fa-scale-balanced' },
    { href: route('cash.closings.index'), label: 'Arrêtés de caisse', icon: 'fa-solid fa-lock' },
  ];
  return <SubNav items={items} label="Caisse" />;
}
