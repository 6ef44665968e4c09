import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { Badge } from '@/components/data/StatusBadge';
import { Fact } from '@/components/data/Fact';
import { formatCount, formatDate, formatDateTime, formatQuantity } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { DocumentShow, DocumentTable } from '@/components/documents/DocumentShow';
import { PrintButton } from '@/components/print/PrintButton';
import { ShareButton } from '@/components/documents/ShareButton';
import { Link } from '@inertiajs/react';

/** One credit note (AV-): the goods brought back from a counter sale, what was refunded, why, by whom; its A5 printout. */
export default function CreditNotesShow({ credit_note: c, print, sharing }: PageProps<'sales/credit-notes/Show'>) {
  const showCosts = c.lines.some((l) => l.unit_cost != null);
  return (
    <DocumentShow
      title={`Avoir ${c.number}`}
      kind="Avoir"
      number={c.number}
      status={<Badge tone="info">Remboursé</Badge>}
      subtitle={`Correction de la vente ${c.sale.number} du ${formatDate(c.sale.sale_date)}, ${c.location_name}`}
      breadcrumbs={[
        { label: 'Opérations' },
        { label: 'Corrections', href: route('creditNotes.index') },
        { label: c.number },
      ]}
      actions={
        <>
          <PrintButton
            href={route('creditNotes.print', { id: c.id })}
            label="Avoir (A5)"
            state={print}
            testId="credit-note-print"
          />
          <ShareButton sharing={sharing} />
        </>
      }
      facts={
        <>
          <Fact label="Vente corrigée" value={<span className="code">{c.sale.number}</span>} />
          <Fact label="Client" value={c.client_name} />
          <Fact label="Emplacement" value={c.location_name} />
          <Fact
            label="Date"
            value={`${formatDate(c.credit_date)} — ${formatDateTime(c.created_at)} par ${c.created_by ?? '—'}`}
          />
          <Fact
            label="Remboursé"
            value={
              <strong data-testid="credit-note-refund">
                <Money value={c.refund} />
              </strong>
            }
          />
          {c.account_name ? <Fact label="Payé par" value={c.account_name} /> : null}
          {c.cost_total != null ? <Fact label="Coût remis en stock" value={<Money value={c.cost_total} />} /> : null}
          <Fact label="Motif" value={c.reason} />
        </>
      }
      notices={
        <p className="small text-body-secondary mb-0">
          Pour une autre correction de cette vente,{' '}
          <Link href={route('creditNotes.create', { vente: c.sale.number })}>reprenez la vente {c.sale.number}</Link>.
        </p>
      }
    >
      <DocumentTable
        caption={`Lignes de l’avoir ${c.number}`}
        header={formatCount(c.line_count, 'ligne')}
        testId="credit-note-lines"
        rows={c.lines}
        rowKey={(l) => l.position}
        columns={[
          { id: 'code', label: 'Code', role: 'title', className: 'code', cell: (l) => l.product_code, foot: 'Total' },
          { id: 'product', label: 'Produit', role: 'title', wrap: true, cell: (l) => l.product_name },
          {
            id: 'quantity',
            label: 'Rendu',
            role: 'figure',
            num: true,
            cell: (l) => formatQuantity(l.quantity, l.unit),
          },
          {
            id: 'price',
            label: 'Prix de vente',
            role: 'secondary',
            num: true,
            cell: (l) => <Money value={l.unit_price} />,
          },
          showCosts
            ? {
                id: 'cost',
                label: 'Coût (CMUP à la vente)',
                role: 'secondary',
                num: true,
                cell: (l) => <Money value={l.unit_cost} />,
              }
            : null,
          {
            id: 'refund',
            label: 'Remboursé',
            role: 'figure',
            num: true,
            cell: (l) => <Money value={l.refund} />,
            foot: <Money value={c.refund} />,
          },
        ]}
      />
    </DocumentShow>
  );
}
