import { Link, router } from '@inertiajs/react';
import { type FormEvent, useState } from 'react';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import type { CorrectableSale } from '@shared/pages/sales';
import { refundAmount } from '@shared/sales';
import { accountChoiceLabel } from '@shared/treasury-accounts';
import { AppPage } from '@/components/AppPage';
import { SelectField, StatusAlert, TextAreaField } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { FormErrors } from '@/components/data/FormErrors';
import { formatDate, formatQty, formatQuantity, pluralUnit } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { DocumentForm } from '@/components/documents/DocumentForm';
import { LineQuantity } from '@/components/documents/DocumentLines';
import { DocumentLinesFooter } from '@/components/documents/DocumentLinesFooter';
import { useDocumentLines } from '@/components/documents/useDocumentLines';
import { useServerForm } from '@/hooks/useServerForm';
import { newIdempotencyKey } from '@/lib/idempotency';

type Props = PageProps<'sales/credit-notes/Create'>;

/**
 * Correction vente boutique: find the counter sale by its number (typed, or scanned from the
 * ticket: a scanner types it and presses Enter), say what comes back and why; the credit note puts
 * the goods back in stock and the refund is paid in cash from the shop's desk.
 */
export default function CreditNotesCreate({ searched, sale, not_found, refund_accounts }: Props) {
  const [number, setNumber] = useState(searched);
  const find = (e: FormEvent) => {
    e.preventDefault();
    const value = number.trim();
    if (value) router.get(route('creditNotes.create', { vente: value }), {}, { preserveState: false });
  };
  return (
    <AppPage
      title="Corriger une vente boutique"
      subtitle="Le client rapporte tout ou partie de ses achats : la marchandise revient en stock et il est remboursé en espèces."
      breadcrumbs={[
        { label: 'Opérations' },
        { label: 'Corrections', href: route('creditNotes.index') },
        { label: 'Nouvelle correction' },
      ]}
    >
      <form className="card mb-3" onSubmit={find} role="search" data-testid="credit-note-find">
        <div className="card-body">
          <label htmlFor="sale-number" className="form-label fw-semibold">
            N° de la vente boutique
          </label>
          <div className="input-group">
            <span className="input-group-text">
              <Icon name="fa-solid fa-barcode" />
            </span>
            <input
              id="sale-number"
              name="vente"
              className="form-control code"
              placeholder="VB-2026-000123 — ou scannez le ticket"
              autoComplete="off"
              autoFocus={!sale}
              value={number}
              onChange={(e) => setNumber(e.target.value.toUpperCase())}
            />
            <button type="submit" className="btn btn-primary">
              Rechercher
            </button>
          </div>
          <div className="form-text">Le numéro figure en tête du ticket de caisse.</div>
        </div>
      </form>
      {not_found ? (
        <StatusAlert tone="warning" icon="fa-solid fa-circle-exclamation" testId="credit-note-not-found">
          {not_found}
        </StatusAlert>
      ) : null}
      {sale ? <CorrectionForm key={`${sale.id}:${sale.version}`} sale={sale} accounts={refund_accounts} /> : null}
    </AppPage>
  );
}

interface ReturnLine {
  product_id: number;
  sale_line_id: number;
  quantity: number | null;
}

function CorrectionForm({ sale, accounts }: { sale: CorrectableSale; accounts: Props['refund_accounts'] }) {
  const form = useServerForm<{
    idempotency_key: string;
    sale_id: number;
    version: number;
    reason: string;
    refund_account_id: string;
    lines: ReturnLine[];
  }>({
    idempotency_key: newIdempotencyKey(),
    sale_id: sale.id,
    version: sale.version,
    reason: '',
    refund_account_id: '',
    lines: sale.lines.map((l) => ({ product_id: l.sale_line_id, sale_line_id: l.sale_line_id, quantity: 0 })),
  });
  const lines = useDocumentLines(form, { leaveMessage: 'La correction en cours sera perdue.' });
  const refundOf = (i: number): number => {
    const l = sale.lines[i];
    const q = lines.items[i].quantity ?? 0;
    return q > 0 && q <= l.returnable ? refundAmount(l.refund_basis, l.quantity, l.returned_quantity, q) : 0;
  };
  const refund = sale.lines.reduce((s, _, i) => s + refundOf(i), 0);
  const returning = lines.items.filter((l) => (l.quantity ?? 0) > 0).length;
  const nothingLeft = sale.lines.every((l) => l.returnable === 0);
  const refundAccount = accounts.find((a) => String(a.id) === form.data.refund_account_id) ?? null;

  return (
    <DocumentForm
      form={form}
      className="card"
      onSubmit={() =>
        lines.submit(route('creditNotes.index'), (l) => ({ sale_line_id: l.sale_line_id, quantity: l.quantity ?? 0 }))
      }
      testId="credit-note-form"
    >
      <div className="card-header d-flex align-items-center gap-2 flex-wrap">
        <Icon name="fa-solid fa-receipt" />
        <h2 className="h6 mb-0">
          Vente <span className="code">{sale.number}</span> du {formatDate(sale.sale_date)}
        </h2>
        <span className="text-body-secondary small">
          {sale.location_name} · {sale.client_name} · <Money value={sale.total_ttc} />
          {sale.amount_credited ? (
            <>
              {' '}
              · déjà remboursé <Money value={sale.amount_credited} />
            </>
          ) : null}
        </span>
      </div>
      <div className="card-body pb-0">
        <FormErrors messages={lines.formErrors(['reason', 'refund', 'refund_account_id', 'version'])} />
        {form.errors.version ? (
          <StatusAlert tone="warning" icon="fa-solid fa-rotate">
            {form.errors.version}
          </StatusAlert>
        ) : null}
        {lines.errors.refund ? (
          <StatusAlert tone="danger" icon="fa-solid fa-cash-register" testId="credit-note-refund-error">
            {String(lines.errors.refund)}
          </StatusAlert>
        ) : null}
        {sale.credit_notes.length ? (
          <p className="small text-body-secondary">
            Corrections précédentes :{' '}
            {sale.credit_notes.map((c, i) => (
              <span key={c.id}>
                {i ? ', ' : ''}
                <Link href={route('creditNotes.show', { id: c.id })}>{c.number}</Link> (
                <Money value={c.refund} />)
              </span>
            ))}
            .
          </p>
        ) : null}
        {nothingLeft ? (
          <StatusAlert tone="info" icon="fa-solid fa-circle-check">
            Tout ce qui a été vendu sur ce ticket a déjà été rendu.
          </StatusAlert>
        ) : null}
      </div>
      <div className="table-responsive">
        <table className="table app-doc-table app-lines-table app-stack-sm" data-testid="credit-note-lines">
          <thead>
            <tr>
              <th scope="col">Produit</th>
              <th scope="col" className="num">
                Vendu
              </th>
              <th scope="col" className="num">
                Déjà rendu
              </th>
              <th scope="col" className="num">
                Prix
              </th>
              <th scope="col" className="num">
                Rendu
              </th>
              <th scope="col" className="num">
                À rembourser
              </th>
            </tr>
          </thead>
          <tbody>
            {sale.lines.map((l, i) => (
              <tr key={l.sale_line_id} {...lines.rowProps(i)} data-testid={`credit-note-line-${i}`}>
                <td>
                  <div className="fw-semibold">{l.product_name}</div>
                  <div className="small text-body-secondary code">{l.product_code}</div>
                </td>
                <td className="num" data-label="Vendu">
                  {formatQuantity(l.quantity, l.unit)}
                </td>
                <td className="num" data-label="Déjà rendu">
                  {l.returned_quantity ? formatQuantity(l.returned_quantity, l.unit) : '—'}
                </td>
                <td className="num" data-label="Prix">
                  <Money value={l.unit_price} />
                </td>
                {l.returnable > 0 ? (
                  <LineQuantity
                    id={`return-${i}-qty`}
                    name={`lines.${i}.quantity`}
                    ariaLabel={`Quantité rendue de ${l.product_name} (au plus ${l.returnable})`}
                    value={lines.items[i].quantity}
                    min={0}
                    max={l.returnable}
                    suffix={
                      <button
                        type="button"
                        className="btn btn-link btn-sm p-0 ms-1"
                        onClick={() => lines.update(i, { quantity: l.returnable })}
                        title={`Tout rendre (${formatQty(l.returnable)} ${pluralUnit(l.unit, l.returnable)})`}
                      >
                        tout
                      </button>
                    }
                    onChange={(v) => lines.update(i, { quantity: v })}
                    error={lines.error(i, 'quantity')}
                    label="Rendu"
                  />
                ) : (
                  <td className="num text-body-secondary" data-label="Rendu">
                    entièrement rendu
                  </td>
                )}
                <td className="num" data-label="À rembourser">
                  {refundOf(i) ? <Money value={refundOf(i)} /> : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="card-body pt-0">
        <div className="row g-3">
          <div className="col-lg-7">
            <TextAreaField
              {...form.fieldProps('reason')}
              label="Motif de la correction"
              hint="Obligatoire : produit défectueux, erreur de caisse, échange…"
              rows={2}
              maxLength={500}
              required
              className="mb-0"
            />
          </div>
          {accounts.length ? (
            <div className="col-lg-5">
              <SelectField
                {...form.fieldProps('refund_account_id')}
                label="Rembourser depuis"
                options={accounts.map((a) => ({ value: String(a.id), label: accountChoiceLabel(a) }))}
                placeholder="La caisse de la boutique"
                hint="Si la caisse ne contient plus les espèces de la vente (versées en banque), choisissez le compte d’où sort le remboursement."
                className="mb-0"
              />
            </div>
          ) : null}
        </div>
      </div>
      <DocumentLinesFooter
        totals={[
          { value: `${returning} ligne${returning > 1 ? 's' : ''} rendue${returning > 1 ? 's' : ''}` },
          {
            label: refundAccount ? `À rembourser depuis ${refundAccount.name}` : 'À rembourser en espèces',
            value: <Money value={refund} />,
            testId: 'credit-note-total',
          },
        ]}
        hint={`La marchandise revient en stock à son coût d’origine ; le remboursement sort ${refundAccount ? `du compte « ${refundAccount.name} »` : 'de la caisse de la boutique'}.`}
        cancelHref={route('creditNotes.index')}
        submit={{
          label: 'Enregistrer l’avoir',
          icon: 'fa-solid fa-check',
          busy: form.busy,
          busyLabel: 'Enregistrement…',
          disabled: returning === 0,
          testId: 'credit-note-submit',
        }}
      />
    </DocumentForm>
  );
}
