import { Link } from '@inertiajs/react';
import type { PageProps } from '@shared/pages';
import { PRICE_LEVEL_LABELS } from '@shared/clients';
import { ROUTES, route } from '@shared/routes';
import { StatusAlert } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { Fact } from '@/components/data/Fact';
import { formatCount, formatDate, formatDateTime, formatQuantity, formatUnitTotals } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { StatusBadge } from '@/components/data/StatusBadge';
import { DocumentShow, DocumentTable } from '@/components/documents/DocumentShow';
import { PackQuantity } from '@/components/documents/LineUnit';
import { PrintButton } from '@/components/print/PrintButton';
import { vatRows } from '@/components/print/PrintVatRows';
import { useCompany } from '@/hooks/useCompany';
import { formatAmount } from '@shared/money';
import { ShareButton } from '@/components/documents/ShareButton';
import { priceBasisLabel } from '@shared/vat';

/**
 * A sale's page, invoice (FAC-) or counter sale (VB-): status, client, location, dates, lines
 * (unit cost and margin for users who see costs), totals with discount / HT / TVA / TTC, the
 * payments with the cash tendered and the change, the amount in words, printouts and history.
 */
export default function SalesShow({ sale, history, print, can, sharing }: PageProps<'sales/Show'>) {
  const invoice = sale.kind === 'invoice';
  const costs = sale.cost_total !== undefined;
  const byPack = sale.lines.some((l) => l.sale_unit === 'pack');
  const discounted = sale.lines.some((l) => l.discount > 0);
  const vat = sale.vat_rate_bp > 0;
  const { currency } = useCompany();
  const ticketRoute = (ROUTES as Record<string, string>)['sales.ticket'];
  const listHref = invoice ? route('sales.invoices') : route('sales.counterSales');
  const printLabel = sale.payment_mode === 'cash' ? 'Facture comptant A5' : 'Facture A5';
  return (
    <DocumentShow
      title={`${invoice ? 'Facture' : 'Vente boutique'} ${sale.number}`}
      kind={invoice ? 'Facture' : 'Vente boutique'}
      number={sale.number}
      status={
        <>
          <StatusBadge kind="sale" status={sale.status} label={sale.status_label} />
          <span className="badge rounded-pill app-badge-soft">{sale.payment_mode_label}</span>
        </>
      }
      subtitle={`${sale.client.name} · ${sale.location.name}, le ${formatDate(sale.sale_date)}`}
      breadcrumbs={[
        { label: 'Opérations' },
        { label: 'Sortie de stock', href: route('stockExits') },
        { label: invoice ? 'Ventes détaillées' : 'Ventes boutique', href: listHref },
        { label: sale.number },
      ]}
      actions={
        <>
          <PrintButton
            href={route('sales.print', { id: sale.id })}
            label={printLabel}
            state={print}
            testId="sale-print"
          />
          <ShareButton sharing={sharing} />
          {ticketRoute ? (
            <a
              href={ticketRoute.replace(':id', String(sale.id))}
              className="btn btn-outline-secondary"
              data-testid="sale-ticket"
            >
              <Icon name="fa-solid fa-receipt" className="me-1" />
              Ticket
            </a>
          ) : null}
          {can.create && invoice ? (
            <Link href={route('sales.invoices.create')} className="btn btn-primary">
              <Icon name="fa-solid fa-plus" className="me-1" />
              Nouvelle facture
            </Link>
          ) : null}
        </>
      }
      notices={
        <>
          {sale.status === 'cancelled' ? (
            <StatusAlert tone="secondary" icon="fa-solid fa-ban" testId="sale-cancelled">
              <strong>Vente annulée</strong> le {formatDateTime(sale.cancelled_at)} par {sale.cancelled_by ?? '—'}.
              <div className="small">Motif : {sale.cancel_reason}</div>
            </StatusAlert>
          ) : null}
          {sale.credit_notes.length > 0 ? (
            <StatusAlert tone="info" icon="fa-solid fa-rotate-left" testId="sale-corrected">
              <strong>{sale.credited >= sale.total_ttc ? 'Vente entièrement remboursée' : 'Vente corrigée'}</strong> :{' '}
              <Money value={sale.credited} /> remboursés sur <Money value={sale.total_ttc} /> par{' '}
              {sale.credit_notes.map((c, i) => (
                <span key={c.id}>
                  {i > 0 ? (i === sale.credit_notes.length - 1 ? ' et ' : ', ') : ''}
                  <Link href={route('creditNotes.show', { id: c.id })}>{c.number}</Link> du {formatDate(c.credit_date)}
                </span>
              ))}
              . Net après avoirs : <Money value={sale.total_ttc - sale.credited} />.
            </StatusAlert>
          ) : null}
        </>
      }
      facts={
        <>
          <Fact
            label="Client"
            value={
              <>
                <Link href={route('clients.show', { id: sale.client.id })}>{sale.client.name}</Link>{' '}
                <span className="text-body-secondary small">({sale.client.code})</span>
              </>
            }
          />
          <Fact label="Niveau de prix" value={PRICE_LEVEL_LABELS[sale.price_level]} />
          <Fact label="Emplacement" value={sale.location.name} />
          <Fact label="Date" value={formatDate(sale.sale_date)} />
          <Fact label="Mode" value={sale.payment_mode_label} />
          {sale.due_date ? <Fact label="Échéance" value={formatDate(sale.due_date)} /> : null}
          <Fact
            label="Saisie par"
            value={
              <>
                {sale.created_by ?? '—'}{' '}
                <span className="text-body-secondary small">le {formatDateTime(sale.created_at)}</span>
              </>
            }
          />
          {sale.note ? <Fact label="Observation" value={sale.note} /> : null}
        </>
      }
      history={history}
    >
      <DocumentTable
        caption={`Lignes de la vente ${sale.number}`}
        header={formatCount(sale.line_count, 'ligne')}
        testId="sale-lines"
        rows={sale.lines}
        rowKey={(l) => l.position}
        columns={[
          {
            id: 'product',
            label: 'Produit',
            role: 'title',
            wrap: true,
            cell: (l) => (
              <>
                {l.product_name}
                <div className="small text-body-secondary code">{l.product_code}</div>
              </>
            ),
            foot: 'Total',
          },
          byPack
            ? {
                id: 'pack',
                label: 'Vendu en colis',
                role: 'secondary',
                num: true,
                cell: (l) => <PackQuantity unit={l.sale_unit} entered={l.entered_quantity} packSize={l.pack_size} />,
              }
            : null,
          {
            id: 'quantity',
            label: 'Quantité',
            role: 'figure',
            num: true,
            cell: (l) => formatQuantity(l.quantity, l.unit),
            foot: formatUnitTotals(sale.lines),
          },
          {
            id: 'price',
            label: vat ? `Prix unitaire ${priceBasisLabel(sale.prices_include_vat, true)}` : 'Prix unitaire',
            role: 'secondary',
            num: true,
            cell: (l) => <Money value={l.unit_price} />,
          },
          discounted
            ? {
                id: 'discount',
                label: 'Remise',
                role: 'secondary',
                num: true,
                cell: (l) => (l.discount ? <Money value={-l.discount} /> : ''),
              }
            : null,
          {
            id: 'net',
            label: 'Montant',
            role: 'figure',
            num: true,
            cell: (l) => <Money value={l.net} />,
            foot: <Money value={sale.lines_total} />,
          },
          costs
            ? {
                id: 'unit_cost',
                label: 'CMUP',
                role: 'secondary',
                num: true,
                cell: (l) => <Money value={l.unit_cost} />,
              }
            : null,
          costs
            ? {
                id: 'margin',
                label: 'Marge',
                role: 'secondary',
                num: true,
                cell: (l) => <Money value={l.margin} tone="balance" />,
                foot: <Money value={sale.margin} tone="balance" />,
              }
            : null,
        ]}
      />

      <div className="row g-3 mt-0 mb-3">
        <div className="col-lg-6">
          <div className="card h-100">
            <div className="card-header fw-semibold">Totaux</div>
            <div className="card-body">
              <dl className="app-sale-figures app-sale-figures-card" data-testid="sale-show-totals">
                <div>
                  <dt>Total des lignes</dt>
                  <dd>
                    <Money value={sale.lines_total} />
                  </dd>
                </div>
                {sale.discount > 0 ? (
                  <div>
                    <dt>Remise globale</dt>
                    <dd>
                      <Money value={-sale.discount} />
                    </dd>
                  </div>
                ) : null}
                {vat
                  ? vatRows(
                      {
                        totalHT: sale.total_ht,
                        vat: sale.vat,
                        rates: sale.vat_rates,
                        fallbackRate: sale.vat_rate_bp,
                      },
                      (amount) => formatAmount(amount, currency),
                    ).map((r) => (
                      <div key={r.key}>
                        <dt>{r.label}</dt>
                        <dd>
                          <Money value={r.amount} />
                        </dd>
                      </div>
                    ))
                  : null}
                <div className="app-sale-ttc">
                  <dt>Total {vat ? 'TTC' : ''}</dt>
                  <dd data-testid="sale-show-total">
                    <Money value={sale.total_ttc} />
                  </dd>
                </div>
                <div>
                  <dt>Payé</dt>
                  <dd>
                    <Money value={sale.paid} />
                  </dd>
                </div>
                {sale.credited > 0 ? (
                  <div>
                    <dt>Remboursé (avoirs)</dt>
                    <dd>
                      <Money value={sale.credited} />
                    </dd>
                  </div>
                ) : null}
                <div>
                  <dt>Reste à payer</dt>
                  <dd data-testid="sale-show-due">
                    <Money value={sale.due} tone="debt" />
                  </dd>
                </div>
                {costs ? (
                  <div>
                    <dt>Coût (CMUP) · marge</dt>
                    <dd>
                      <Money value={sale.cost_total} /> · <Money value={sale.margin} tone="balance" />
                    </dd>
                  </div>
                ) : null}
              </dl>
              <p className="small mb-0 mt-3" data-testid="sale-in-words">
                Arrêtée la présente facture à la somme de <strong>{sale.in_words}</strong>.
              </p>
            </div>
          </div>
        </div>
        <div className="col-lg-6">
          <div className="card h-100">
            <div className="card-header fw-semibold">Paiements</div>
            <div className="card-body" data-testid="sale-payments">
              {sale.payment_mode === 'credit' && sale.payments.length === 0 ? (
                <p className="mb-0">
                  Vente à crédit : inscrite au solde du client
                  {sale.due_date ? `, échéance le ${formatDate(sale.due_date)}` : ''}.
                </p>
              ) : (
                <ul className="list-unstyled mb-0 app-sale-payments">
                  {sale.payments.map((p, i) => (
                    <li key={i}>
                      <div className="d-flex justify-content-between gap-3">
                        <strong>
                          {p.method_label}
                          {p.operator_label ? ` · ${p.operator_label}` : ''}
                        </strong>
                        <Money value={p.paid} />
                      </div>
                      <div className="small text-body-secondary">
                        {[
                          p.reference ? `Réf. ${p.reference}` : null,
                          p.phone ? `Tél. ${p.phone}` : null,
                          `Compte : ${p.account_name}`,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </div>
                    </li>
                  ))}
                  {sale.cash_tendered > 0 ? (
                    <li className="pt-2 border-top" data-testid="sale-change-given">
                      Espèces reçues <Money value={sale.cash_tendered} /> · monnaie rendue{' '}
                      <strong>
                        <Money value={sale.change_given} />
                      </strong>
                    </li>
                  ) : null}
                </ul>
              )}
            </div>
          </div>
        </div>
      </div>
    </DocumentShow>
  );
}
