import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { AppPage } from '@/components/AppPage';
import { formatQty } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { DocumentForm } from '@/components/documents/DocumentForm';
import { DocumentLines } from '@/components/documents/DocumentLines';
import { DocumentLinesFooter } from '@/components/documents/DocumentLinesFooter';
import { ProductPicker } from '@/components/pickers/ProductPicker';
import { SaleHead } from '@/components/sales/invoice/SaleHead';
import { SaleLineRow, SaleLinesHead } from '@/components/sales/invoice/SaleLineRow';
import { SalePayment } from '@/components/sales/invoice/SalePayment';
import { SaleTotals } from '@/components/sales/invoice/SaleTotals';
import { useSaleForm } from '@/components/sales/invoice/useSaleForm';

/**
 * Vente détaillée: an invoice to a named client — client (balance, credit limit, price level),
 * location, date, lines by product picker or barcode scan (by unit or pack, the client's level
 * price, editable, line discount, the minimum price as a hint), document discount, live totals
 * computed by the shared documentTotals (HT/TVA/TTC when VAT is enabled), then comptant (cash with
 * the change, mobile money, cheque, transfer, card, possibly split in two) or crédit (due date).
 * The server recomputes everything and answers each refusal on its field.
 */
export default function SalesCreate(props: PageProps<'sales/Create'>) {
  const state = useSaleForm(props);
  const { form, data, lines, total, submit, paymentFields, preselected } = state;
  return (
    <AppPage
      title="Nouvelle facture"
      subtitle="Vente détaillée à un client : la validation sort la marchandise du stock et encaisse la vente ou l’inscrit au compte du client."
      breadcrumbs={[
        { label: 'Opérations' },
        { label: 'Sortie de stock', href: route('stockExits') },
        { label: 'Ventes détaillées', href: route('sales.invoices') },
        { label: 'Nouvelle facture' },
      ]}
    >
      <DocumentForm
        form={form}
        onSubmit={submit}
        errors={lines.formErrors([
          'client_id',
          'location_id',
          'sale_date',
          'payment_mode',
          'due_date',
          'discount',
          'note',
          'payments',
          ...paymentFields,
        ])}
        testId="sale-form"
      >
        <SaleHead state={state} />

        <DocumentLines
          lines={lines}
          picker={
            <ProductPicker
              locationId={data.location_id || null}
              onPick={lines.pick}
              label="Ajouter un produit"
              autoFocus={preselected !== null}
              testId="sale-product-picker"
            />
          }
          hint="Scannez un code-barres ou tapez un code ou un nom puis Entrée : un produit déjà présent voit sa quantité augmenter de 1."
          testId="sale-lines"
          head={<SaleLinesHead state={state} />}
          footer={
            <>
              <SaleTotals state={state} />
              <SalePayment state={state} />
              <DocumentLinesFooter
                totals={[
                  { value: `${formatQty(lines.totals.count)} ligne${lines.totals.count > 1 ? 's' : ''}` },
                  { label: 'Total', value: <Money value={total} />, testId: 'sale-footer-total' },
                ]}
                hint={
                  data.payment_mode === 'credit'
                    ? 'La validation sort la marchandise du stock et inscrit la facture au solde du client.'
                    : 'La validation sort la marchandise du stock et enregistre l’encaissement.'
                }
                cancelHref={route('sales.invoices')}
                submit={{
                  label: 'Valider la facture',
                  icon: 'fa-solid fa-check',
                  busy: form.busy,
                  busyLabel: 'Validation…',
                  disabled: lines.items.length === 0,
                  testId: 'sale-submit',
                }}
              />
            </>
          }
        >
          {lines.items.map((l, i) => (
            <SaleLineRow key={l.product_id} state={state} line={l} index={i} />
          ))}
        </DocumentLines>
      </DocumentForm>
    </AppPage>
  );
}
