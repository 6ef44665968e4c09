import { route } from '@shared/routes';
import { SubNav } from '@/components/data/SubNav';

/**
 * The tabs of the « Sortie de stock » hub, rendered by each tab page (transfers, invoices, counter
 * sales, corrections): every tab needs the hub's screen (menu.sortiestock), which the page itself
 * needs, so each user sees them all.
 *
 *   <ListPage … before={<StockExitTabs />} />
 */
export function StockExitTabs() {
  const items = [
    { href: route('transfers.index'), label: 'Transferts', icon: 'fa-solid fa-right-left' },
    { href: route('sales.invoices'), label: 'Ventes détaillées', icon: 'fa-solid fa-file-invoice' },
    { href: route('sales.counterSales'), label: 'Ventes boutique', icon: 'fa-solid fa-cash-register' },
    { href: route('creditNotes.index'), label: 'Corrections', icon: 'fa-solid fa-rotate-left' },
  ];
  return <SubNav items={items} label="Sortie de stock" />;
}
