import { formatQuantity } from '@/components/data/format';

/** A line of a ticket-shaped receipt: what was bought, never a cost. */
export interface TicketLineItem {
  position: number;
  name: string;
  unit: string;
  quantity: number;
  unit_price: number;
  discount: number;
  net: number;
}

/**
 * The lines of a ticket-shaped receipt, one column: the name, then « quantité × prix … montant »
 * and the line's discount under it. The cash ticket on a till roll prints them; the shared receipt
 * (a phone's width) shows them the same way.
 */
export function TicketLines({ lines, amount }: { lines: readonly TicketLineItem[]; amount: (n: number) => string }) {
  return (
    <div className="app-ticket-lines" data-testid="ticket-lines">
      {lines.map((l) => (
        <div key={l.position} className="app-ticket-line">
          <div className="app-ticket-name">{l.name}</div>
          <div className="app-ticket-row">
            <span>
              {formatQuantity(l.quantity, l.unit)} × {amount(l.unit_price)}
            </span>
            <span>{amount(l.net + l.discount)}</span>
          </div>
          {l.discount > 0 ? (
            <div className="app-ticket-row">
              <span>Remise</span>
              <span>−{amount(l.discount)}</span>
            </div>
          ) : null}
        </div>
      ))}
    </div>
  );
}

/** What the cashier took in cash and gave back, under a ticket's payments (the ticket, the shared receipt). */
export function TicketCashRows({
  tendered,
  change,
  amount,
}: {
  tendered: number;
  change: number;
  amount: (n: number) => string;
}) {
  return (
    <>
      <div className="app-ticket-row">
        <span>Espèces reçues</span>
        <span>{amount(tendered)}</span>
      </div>
      <div className="app-ticket-row fw-bold">
        <span>Monnaie rendue</span>
        <span>{amount(change)}</span>
      </div>
    </>
  );
}
