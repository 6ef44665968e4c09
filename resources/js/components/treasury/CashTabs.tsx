import { route } from '@shared/routes';
import { SubNav } from '@/components/data/SubNav';

/**
 * The tabs of Caisse's reports, rendered by each of their pages: the situation of an account over
 * a period and the daily closings of the desks (both need the Caisse screen, which the page needs).
 */
export function CashTabs() {
  const items = [
    { href: route('cash.situation'), label: 'Situation de caisse', icon: 'fa-solid fa-scale-balanced' },
    { href: route('cash.closings.index'), label: 'Arrêtés de caisse', icon: 'fa-solid fa-lock' },
  ];
  return <SubNav items={items} label="Caisse" />;
}
