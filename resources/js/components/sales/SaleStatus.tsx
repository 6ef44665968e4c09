import type { SaleDisplayStatus } from '@shared/sales';
import { Money } from '@/components/data/Money';
import { StatusBadge } from '@/components/data/StatusBadge';

/**
 * A sale's status in a list: its badge and, for a sale corrected by credit notes (AV-), what they
 * refunded — a partly corrected counter sale never reads « Payée » with its full amount alone.
 */
export function SaleStatus({ sale }: { sale: { status: SaleDisplayStatus; status_label: string; refunded: number } }) {
  return (
    <>
      <StatusBadge kind="sale" status={sale.status} label={sale.status_label} />
      {sale.refunded > 0 && sale.status !== 'cancelled' ? (
        <div className="small text-body-secondary text-nowrap" data-testid="sale-refunded">
          <Money value={sale.refunded} /> remboursés
        </div>
      ) : null}
    </>
  );
}
