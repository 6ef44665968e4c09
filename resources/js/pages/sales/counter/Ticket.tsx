import { formatAmount, formatMoney } from '@shared/money';
import type { PageProps } from '@shared/pages';
import SimpleLayout from '@/layouts/SimpleLayout';
import { PrintAmountInWords, PrintFacts, PrintFrame } from '@/components/print/PrintFrame';
import { Barcode39 } from '@/components/print/Barcode39';
import { vatRows } from '@/components/print/PrintVatRows';
import { formatDate, formatDateTime } from '@/components/data/format';
import { TicketCashRows, TicketLines } from '@/components/print/TicketLines';
import '../../../../css/screens/ticket.scss';

/**
 * Ticket de caisse of a counter sale (VB-) on a till roll, 80 or 58 mm (the width setting, or
 * ?width=58 for this print): company header, the lines as « quantité × prix … montant », a large
 * total, the payments (cash tendered and change, mobile money with its operator and transaction
 * id), the total in words, the seller, the date and time. A reprint is this same page with the
 * DUPLICATA mark (PrintFrame, from meta.copy).
 */
export default function SaleTicketPrint(props: PageProps<'sales/counter/Ticket'>) {
  const { ticket } = props;
  const currency = props.company.currency;
  const amount = (n: number) => formatAmount(n, currency);
  const cashApplied = ticket.payments.filter((p) => p.method === 'especes').reduce((s, p) => s + p.amount, 0);
  const others = ticket.payments.filter((p) => p.method !== 'especes');
  const vat = ticket.vat_rate_bp > 0;
  return (
    <PrintFrame
      meta={props}
      title="Ticket de caisse"
      number={ticket.number}
      watermark={ticket.cancelled ? 'ANNULÉE' : null}
      // The shop's footer text (Paramètres › Impression) replaces the default thanks: never both.
      footer={props.settings.footer_text ? null : <p className="app-ticket-thanks">Merci de votre visite !</p>}
    >
      {/* The sale's number as a barcode: a correction finds the sale by scanning the ticket. */}
      <Barcode39 value={ticket.number} height={34} testId="ticket-barcode" />
      <PrintFacts
        items={[
          ['Date', formatDateTime(ticket.created_at)],
          ['Boutique', ticket.location],
          ['Client', ticket.client.name],
          ['Vendeur', ticket.seller ?? '—'],
        ]}
      />
      <TicketLines lines={ticket.lines} amount={amount} />
      {ticket.discount > 0 ? (
        <>
          <div className="app-ticket-row">
            <span>Sous-total</span>
            <span>{amount(ticket.lines_total)}</span>
          </div>
          <div className="app-ticket-row">
            <span>Remise</span>
            <span>−{amount(ticket.discount)}</span>
          </div>
        </>
      ) : null}
      <div className="app-ticket-row app-ticket-total" data-testid="ticket-total">
        <span>TOTAL</span>
        <span>{formatMoney(ticket.total, currency)}</span>
      </div>
      {vat ? (
        <div className="app-ticket-block">
          {vatRows(
            {
              totalHT: ticket.total_ht,
              vat: ticket.vat_amount,
              rates: ticket.vat_rates,
              fallbackRate: ticket.vat_rate_bp,
            },
            amount,
          ).map((r) => (
            <div key={r.key} className="app-ticket-row" data-testid={r.testId}>
              <span>{r.label}</span>
              <span>{amount(r.amount)}</span>
            </div>
          ))}
        </div>
      ) : null}
      <div className="app-ticket-block" data-testid="ticket-payments">
        {others.map((p, i) => (
          <div key={i}>
            <div className="app-ticket-row">
              <span>
                {p.label}
                {p.operator ? ` (${p.operator})` : ''}
              </span>
              <span>{amount(p.amount)}</span>
            </div>
            {p.reference ? <div className="app-ticket-ref">Réf. transaction : {p.reference}</div> : null}
            {p.phone ? <div className="app-ticket-ref">Tél. : {p.phone}</div> : null}
          </div>
        ))}
        {ticket.cash_tendered > 0 ? (
          <TicketCashRows tendered={ticket.cash_tendered} change={ticket.change} amount={amount} />
        ) : cashApplied > 0 ? (
          <div className="app-ticket-row">
            <span>Espèces</span>
            <span>{amount(cashApplied)}</span>
          </div>
        ) : null}
      </div>
      {ticket.credit_notes.length > 0 ? (
        // A corrected sale says so on every reprint: each refund, then what the sale comes to.
        <div className="app-ticket-block" data-testid="ticket-credit-notes">
          {ticket.credit_notes.map((c) => (
            <div key={c.id} className="app-ticket-row">
              <span>
                Avoir {c.number} du {formatDate(c.credit_date)}
              </span>
              <span>−{amount(c.refunded)}</span>
            </div>
          ))}
          <div className="app-ticket-row fw-bold">
            <span>Net après avoirs</span>
            <span>{formatMoney(ticket.total - ticket.refunded, currency)}</span>
          </div>
        </div>
      ) : null}
      <PrintAmountInWords settings={props.settings} amount={ticket.total} currency={currency} />
    </PrintFrame>
  );
}

SaleTicketPrint.layout = SimpleLayout;
