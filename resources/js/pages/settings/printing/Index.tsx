import { usePage } from '@inertiajs/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { NO_VAT, documentTotals } from '@shared/document-totals';
import { formatMoney } from '@shared/money';
import type { PageProps } from '@shared/pages';
import {
  MAX_PRINT_COPIES,
  PAPER_FORMAT_LABELS,
  PRINT_DOCUMENTS,
  PRINT_DOCUMENT_TYPES,
  PRINT_TEXT_MAX,
  type PaperFormat,
  type PrintCompany,
  type PrintDocumentDef,
  type PrintDocumentType,
  type PrintSettings,
} from '@shared/print';
import { route } from '@shared/routes';
import { CheckboxField, SelectField, TextAreaField, TextField } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { RecordForm } from '@/components/data/RecordForm';
import { RecordPage } from '@/components/data/RecordPage';
import { SectionCard } from '@/components/data/SectionCard';
import { formatDateTime, formatQuantity } from '@/components/data/format';
import {
  PAPER_CLASS,
  PrintAmountInWords,
  PrintFacts,
  PrintSheet,
  isRoll,
  pageRule,
  printWhenClean,
} from '@/components/print/PrintFrame';
import { useServerForm } from '@/hooks/useServerForm';

/** Width of each paper format in CSS pixels (96 dpi), to scale the preview into its column. */
const PAPER_WIDTH_PX: Record<PaperFormat, number> = { A4: 793.7, A5: 559.4, A6: 396.9, '80mm': 302.4, '58mm': 219.2 };

/**
 * Paramètres › Impression: for each document type, its default format (among those it allows), the
 * number of copies, header and footer text, logo, amount in words — and a live preview of a sample
 * document in the chosen format (« Imprimer un essai » prints it at that size).
 */
export default function PrintingIndex({ settings, can_manage, company }: PageProps<'settings/printing/Index'>) {
  const { url } = usePage();
  const asked = new URL(url, 'http://x').searchParams.get('type');
  const [type, setType] = useState<PrintDocumentType>(
    (PRINT_DOCUMENT_TYPES as string[]).includes(asked ?? '') ? (asked as PrintDocumentType) : 'invoice',
  );
  return (
    <RecordPage
      title="Impression"
      subtitle="Le format, les exemplaires et les textes de chaque document imprimé."
      breadcrumbs={[{ label: 'Paramètres' }, { label: 'Impression' }]}
      mainClassName="col-12"
    >
      <nav aria-label="Documents" className="app-subnav">
        <ul className="nav nav-pills" data-testid="print-document-types">
          {PRINT_DOCUMENT_TYPES.map((t) => (
            <li key={t} className="nav-item">
              <button
                type="button"
                className={`nav-link ${t === type ? 'active' : ''}`}
                aria-current={t === type ? 'page' : undefined}
                onClick={() => setType(t)}
                data-testid={`print-type-${t}`}
              >
                {PRINT_DOCUMENTS[t].label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <DocumentSettings key={type} type={type} saved={settings[type]} canManage={can_manage} company={company} />
    </RecordPage>
  );
}

function DocumentSettings({
  type,
  saved,
  canManage,
  company,
}: {
  type: PrintDocumentType;
  saved: PrintSettings;
  canManage: boolean;
  company: PrintCompany;
}) {
  const def: PrintDocumentDef = PRINT_DOCUMENTS[type];
  const form = useServerForm({ ...saved, copies: String(saved.copies) });
  const live: PrintSettings = { ...form.data, copies: Number(form.data.copies) || 1 };
  return (
    <div className="row g-4">
      <div className="col-xl-5">
        <RecordForm
          form={form}
          method="put"
          url={route('printing.show', { type })}
          cancelHref={route('dashboard')}
          editable={canManage}
          legend={def.label}
          testId="print-settings-form"
        >
          <h2 className="h6 mb-3">{def.label}</h2>
          <SelectField
            {...form.fieldProps('format')}
            label="Format par défaut"
            options={def.formats.map((f) => ({ value: f, label: PAPER_FORMAT_LABELS[f] }))}
            onChange={(v) => form.setData('format', v as PaperFormat)}
          />
          <TextField
            {...form.fieldProps('copies')}
            type="number"
            min={1}
            max={MAX_PRINT_COPIES}
            label="Nombre d’exemplaires"
            hint={`De 1 à ${MAX_PRINT_COPIES} : chaque exemplaire est imprimé sur sa propre page.`}
          />
          <TextAreaField
            {...form.fieldProps('header_text')}
            label="Texte d’en-tête"
            rows={2}
            maxLength={PRINT_TEXT_MAX}
            hint="Sous l’identité de la société (slogan, horaires, agrément)."
          />
          <TextAreaField
            {...form.fieldProps('footer_text')}
            label="Texte de pied de page"
            rows={2}
            maxLength={PRINT_TEXT_MAX}
            hint="En bas du document (conditions de vente, remerciements)."
          />
          <CheckboxField
            id="print-show-logo"
            name="show_logo"
            label="Imprimer le logo de la société"
            checked={form.data.show_logo}
            onChange={(v) => form.setData('show_logo', v)}
            error={form.errorOf('show_logo')}
          />
          {def.amountInWords ? (
            <CheckboxField
              id="print-amount-words"
              name="amount_in_words"
              label="Écrire le montant total en lettres"
              checked={form.data.amount_in_words}
              onChange={(v) => form.setData('amount_in_words', v)}
              error={form.errorOf('amount_in_words')}
            />
          ) : null}
          {!company.logo_url ? (
            <p className="small text-body-secondary mb-0">
              Aucun logo n’est enregistré : ajoutez-le dans Paramètres › Société.
            </p>
          ) : null}
        </RecordForm>
      </div>
      <div className="col-xl-7">
        <SectionCard
          title={`Aperçu — ${PAPER_FORMAT_LABELS[live.format]}`}
          icon="fa-regular fa-eye"
          testId="print-preview-card"
          aside={
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              onClick={() => void printWhenClean()}
              data-testid="print-sample"
            >
              <Icon name="fa-solid fa-print" className="me-1" />
              Imprimer un essai
            </button>
          }
        >
          <div className="card-body">
            <PrintPreview type={type} settings={live} company={company} />
          </div>
        </SectionCard>
      </div>
    </div>
  );
}

/** A sample of the document at the chosen paper width, scaled down to fit its column. */
function PrintPreview({
  type,
  settings,
  company,
}: {
  type: PrintDocumentType;
  settings: PrintSettings;
  company: PrintCompany;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  const width = PAPER_WIDTH_PX[settings.format];
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const fit = () => setScale(Math.min(1, (el.clientWidth - 32) / width));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, [width]);
  const printedLine = <>Imprimé le {formatDateTime(new Date().toISOString())} par l’utilisateur (aperçu)</>;
  return (
    <div ref={box} className="app-print-preview" data-testid="print-preview" data-paper={settings.format}>
      <style>{pageRule(settings.format)}</style>
      <div className={`app-print ${PAPER_CLASS[settings.format]}`} style={{ zoom: scale }}>
        <PrintSheet
          company={company}
          settings={settings}
          title={SAMPLE_TITLES[type]}
          number={SAMPLE_NUMBERS[type]}
          printedLine={printedLine}
        >
          <SampleBody type={type} settings={settings} currency={company.currency} />
        </PrintSheet>
      </div>
    </div>
  );
}

const SAMPLE_TITLES: Record<PrintDocumentType, string> = {
  invoice: 'Facture',
  cash_invoice: 'Facture au comptant',
  ticket: 'Ticket de caisse',
  receipt: 'Reçu de règlement',
  avoir: 'Avoir',
  transfer: 'Bon de transfert',
  stock_entry: 'Bon d’entrée de stock',
  cash_voucher: 'Bon de caisse — décaissement',
  states: 'État de stock',
};
const SAMPLE_NUMBERS: Record<PrintDocumentType, string | null> = {
  invoice: 'FAC-2026-000123',
  cash_invoice: 'FCO-2026-000045',
  ticket: 'TIC-2026-004512',
  receipt: 'REG-2026-000078',
  avoir: 'AVO-2026-000006',
  transfer: 'TRF-2026-000031',
  stock_entry: 'ENT-2026-000057',
  cash_voucher: 'CAI-2026-000019',
  states: null,
};

/** Sample lines: prices in the currency's minor unit (XOF has none, so × 1). */
const SAMPLE_LINES = [
  { name: 'Ciment CPJ 45 (sac de 50 kg)', unit: 'sac', quantity: 10, price: 5_500 },
  { name: 'Fer à béton 10 mm', unit: 'barre', quantity: 25, price: 3_250 },
  { name: 'Peinture à eau blanche 20 L', unit: 'seau', quantity: 2, price: 27_000 },
];

function SampleBody({
  type,
  settings,
  currency,
}: {
  type: PrintDocumentType;
  settings: PrintSettings;
  currency: string;
}) {
  const factor = currency === 'XOF' || currency === 'XAF' || currency === 'GNF' ? 1 : 100;
  const lines = SAMPLE_LINES.map((l) => ({ ...l, price: l.price * factor }));
  const money = (v: number) => formatMoney(v, currency);
  const roll = isRoll(settings.format);
  if (type === 'transfer' || type === 'stock_entry' || type === 'states') {
    return (
      <>
        <PrintFacts
          items={
            type === 'states'
              ? [
                  ['Emplacement', 'Dépôt principal'],
                  ['Date', '24/11/2026'],
                ]
              : [
                  ['Date', '24/11/2026'],
                  [type === 'transfer' ? 'De' : 'Fournisseur', type === 'transfer' ? 'Dépôt principal' : 'SOCOCIM'],
                  [
                    type === 'transfer' ? 'Vers' : 'Emplacement',
                    type === 'transfer' ? 'Boutique 1' : 'Dépôt principal',
                  ],
                ]
          }
        />
        <SampleTable
          head={['Produit', 'Quantité']}
          rows={lines.map((l) => [l.name, formatQuantity(l.quantity, l.unit)])}
        />
      </>
    );
  }
  if (type === 'receipt') {
    const amount = 150_000 * factor;
    return (
      <>
        <PrintFacts
          items={[
            ['Date', '24/11/2026'],
            ['Client', 'KONÉ Ibrahim'],
            ['Mode', 'Espèces'],
            ['Montant', money(amount)],
          ]}
        />
        <PrintAmountInWords settings={settings} amount={amount} currency={currency} lead="Reçu la somme de" />
      </>
    );
  }
  if (type === 'cash_voucher') {
    const amount = 25_000 * factor;
    return (
      <>
        <PrintFacts
          items={[
            ['Date', '24/11/2026'],
            ['Caisse', 'Caisse principale'],
            ['Catégorie', 'Transport et livraison'],
            ['Bénéficiaire', 'TRAORÉ Moussa'],
            ['Montant', money(amount)],
          ]}
        />
        <PrintAmountInWords
          settings={settings}
          amount={amount}
          currency={currency}
          lead="Arrêté le présent bon à la somme de"
        />
      </>
    );
  }
  const totals = documentTotals(
    lines.map((l) => ({ quantity: l.quantity, unitPrice: l.price, discount: 0 })),
    0,
    NO_VAT,
  );
  return (
    <>
      {roll ? null : (
        <PrintFacts
          items={[
            ['Date', '24/11/2026'],
            ['Client', type === 'ticket' || type === 'cash_invoice' ? 'Client comptant' : 'KONÉ Ibrahim'],
          ]}
        />
      )}
      <SampleTable
        head={roll ? ['Article', 'Montant'] : ['Désignation', 'Quantité', 'Prix unitaire', 'Montant']}
        rows={lines.map((l) =>
          roll
            ? [`${l.name} — ${formatQuantity(l.quantity, l.unit)} × ${money(l.price)}`, money(l.quantity * l.price)]
            : [l.name, formatQuantity(l.quantity, l.unit), money(l.price), money(l.quantity * l.price)],
        )}
        foot={['Total', ...(roll ? [] : ['', '']), money(totals.totalTTC)]}
      />
      <PrintAmountInWords
        settings={settings}
        amount={totals.totalTTC}
        currency={currency}
        lead={
          type === 'avoir'
            ? 'Arrêté le présent avoir à la somme de'
            : type === 'ticket'
              ? 'Arrêté à la somme de'
              : 'Arrêtée la présente facture à la somme de'
        }
      />
    </>
  );
}

function SampleTable({ head, rows, foot }: { head: string[]; rows: ReactNode[][]; foot?: ReactNode[] }) {
  return (
    <table className="app-print-table">
      <thead>
        <tr>
          {head.map((h, i) => (
            <th key={h} className={i > 0 ? 'num' : undefined}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            {r.map((c, j) => (
              <td key={j} className={j > 0 ? 'num' : undefined}>
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {foot ? (
        <tfoot>
          <tr>
            {foot.map((c, j) => (
              <td key={j} className={j > 0 ? 'num' : undefined}>
                {c}
              </td>
            ))}
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}
