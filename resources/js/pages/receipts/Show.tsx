import { Head } from '@inertiajs/react';
import type { PageProps } from '@shared/pages';
import { formatAmount, formatMoney } from '@shared/money';
import { formatDate } from '@/components/data/format';
import { PrintAmountInWords, PrintFacts, PrintSheet } from '@/components/print/PrintFrame';
import { TicketCashRows, TicketLines } from '@/components/print/TicketLines';
import SimpleLayout from '@/layouts/SimpleLayout';
import '../../../css/screens/receipt.scss';

/**
 * The receipt a shared link opens (/recu/<token>), read by the shop's client on a phone without
 * signing in: the printouts' sheet (company header, title and number, the DGI's block with its QR
 * code, the shop's texts of Paramètres › Impression) at a phone's width, the lines as on the cash
 * ticket, the totals and payments. Never a cost nor an internal id; never indexed.
 */
export default function ReceiptShow({ receipt: r, settings }: PageProps<'receipts/Show'>) {
  const amount = (n: number) => formatAmount(n, r.currency);
  const money = (n: number) => formatMoney(n, r.currency);
  const vat = r.totals.vat_rate_bp > 0;
  const refund = r.corrects !== null;
  return (
    <div className="app-print app-print-80mm app-receipt">
      <Head title={`${r.title} ${r.number} — ${r.company.name}`}>
        <meta name="robots" content="noindex, nofollow" />
      </Head>
      <PrintSheet
        company={r.company}
        settings={settings}
        fiscal={r.fiscal}
        title={r.title}
        number={r.number}
        marks={r.cancelled ? ['ANNULÉE'] : []}
        printedLine={<>Reçu en ligne, en lecture seule. Conservez ce lien pour le retrouver.</>}
      >
        <PrintFacts
          items={[
            ['Date', formatDate(r.date)],
            ['Boutique', r.location_name],
            ['Client', r.client_name],
            ...(r.corrects
              ? ([
                  ['Vente corrigée', `${r.corrects.number} du ${formatDate(r.corrects.date)}`],
                  ['Motif', r.corrects.reason],
                ] as Array<[string, string]>)
              : []),
          ]}
        />
        <TicketLines lines={r.lines} amount={amount} />
        {r.totals.discount > 0 ? (
          <>
            <div className="app-ticket-row">
              <span>Sous-total</span>
              <span>{amount(r.totals.lines_total)}</span>
            </div>
            <div className="app-ticket-row">
              <span>Remise</span>
              <span>−{amount(r.totals.discount)}</span>
            </div>
          </>
        ) : null}
        <div className="app-ticket-row app-ticket-total" data-testid="receipt-total">
          <span>{refund ? 'REMBOURSÉ' : 'TOTAL'}</span>
          <span>{money(r.totals.total)}</span>
        </div>
        {vat ? (
          <div className="app-ticket-block">
            <div className="app-ticket-row">
              <span>Total HT</span>
              <span>{amount(r.totals.total_ht)}</span>
            </div>
            <div className="app-ticket-row">
              <span>TVA {(r.totals.vat_rate_bp / 100).toLocaleString('fr-FR')} %</span>
              <span>{amount(r.totals.vat)}</span>
            </div>
          </div>
        ) : null}
        {r.payments.length || r.cash_tendered > 0 || r.due > 0 ? (
          <div className="app-ticket-block" data-testid="receipt-payments">
            {r.payments.map((p, i) => (
              <div key={i} className="app-ticket-row">
                <span>{p.label}</span>
                <span>{amount(p.amount)}</span>
              </div>
            ))}
            {r.cash_tendered > 0 ? (
              <TicketCashRows tendered={r.cash_tendered} change={r.change_given} amount={amount} />
            ) : null}
            {r.due > 0 ? (
              <div className="app-ticket-row fw-bold">
                <span>Reste à payer</span>
                <span>{money(r.due)}</span>
              </div>
            ) : null}
          </div>
        ) : null}
        {r.credit_notes.length > 0 ? (
          <div className="app-ticket-block" data-testid="receipt-credit-notes">
            {r.credit_notes.map((c) => (
              <div key={c.number} className="app-ticket-row">
                <span>
                  Avoir {c.number} du {formatDate(c.date)}
                </span>
                <span>−{amount(c.refunded)}</span>
              </div>
            ))}
          </div>
        ) : null}
        <PrintAmountInWords
          settings={settings}
          amount={r.totals.total}
          currency={r.currency}
          lead={refund ? 'Arrêté le présent avoir à la somme de' : undefined}
        />
      </PrintSheet>
    </div>
  );
}

ReceiptShow.layout = SimpleLayout;
