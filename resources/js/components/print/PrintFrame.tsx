/**
 * The frame of every printout (stock documents now, sales later): used inside SimpleLayout.
 * On screen: a toolbar (Retour, what this print will be, Imprimer) above a "sheet" the size of the
 * paper; in print only the sheet (print CSS hides toasts, the progress bar and everything else),
 * with `@page` set to the format chosen in Paramètres › Impression (meta.settings: A4, A5, A6, 80
 * or 58 mm rolls) and « Page n / N » in the bottom-right page margin.
 * A document's preview counts nothing: « Imprimer » (or Ctrl+P, or `auto_print` — ?print=1) counts
 * the print first, then shows the mark counted (original, or DUPLICATA n° N) and opens the dialog
 * once the page is clean (toasts gone, no progress bar, fonts loaded): usePrintCount. A paper
 * printed without a counted mark shows a notice instead of the document.
 *
 *   <PrintFrame meta={props} title="Bon de transfert" number={t.number}>…</PrintFrame>
 */
import { Head, Link } from '@inertiajs/react';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { amountInWordsAndFigures } from '@shared/amount-in-words';
import { PAPER_FORMAT_LABELS, type PaperFormat, type PrintCompany, type PrintSettings } from '@shared/print';
import type { PrintMeta } from '@shared/pages/stock';
import type { FiscalPrint } from '@shared/fiscal';
import { Icon } from '@/components/Icon';
import { formatDateTime } from '@/components/data/format';
import { FiscalBlock } from '@/components/print/FiscalBlock';
import { usePrintCount } from '@/components/print/usePrintCount';

export type PaperSize = PaperFormat;

/** The class of each paper format (written whole: the build purges class names it cannot see). */
export const PAPER_CLASS: Record<PaperFormat, string> = {
  A4: 'app-print-a4',
  A5: 'app-print-a5',
  A6: 'app-print-a6',
  '80mm': 'app-print-80mm',
  '58mm': 'app-print-58mm',
};
export const isRoll = (size: PaperFormat) => size === '80mm' || size === '58mm';

interface PrintFrameProps {
  meta: PrintMeta;
  /** Landscape when the sheet formats allow it (A4, A5): wide states. */
  landscape?: boolean;
  /** Document title: "Bon de transfert", "État des entrées de stock". */
  title: string;
  number?: string | null;
  /** Lines under the title (dates, locations, period). */
  subtitle?: ReactNode;
  /** Big diagonal mark: "DUPLICATA", "ANNULÉE". */
  watermark?: string | null;
  /** Signature boxes, notes: printed after the content. */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The @page rule of a paper size: the printed PDF has exactly that MediaBox, and every page says
 * « Page n / N » in its bottom-right margin box (Chromium ≥ 131 prints @page margin boxes); a sheet
 * continued on further pages says what it continues at their top (`running`: « Facture FAC-… —
 * suite »), never on the first page.
 * A till roll is one page as long as the ticket (`rollLength`, measured on the sheet, in mm), no
 * margin (the sheet has its own) and no page number: nothing wasted on the roll.
 */
export function pageRule(
  size: PaperFormat,
  landscape = false,
  rollLength: number | null = null,
  running: string | null = null,
): string {
  if (isRoll(size)) return `@page { size: ${size} ${rollLength ?? 200}mm; margin: 0; }`;
  const margin = size === 'A4' ? '12mm 12mm 14mm' : size === 'A5' ? '8mm 8mm 10mm' : '6mm 6mm 9mm';
  const box = 'font: 8pt system-ui, sans-serif; color: #555;';
  const pageNumber = `@bottom-right { content: "Page " counter(page) " / " counter(pages); ${box} }`;
  const head = running
    ? `@top-left { content: ${cssString(`${running} — suite`)}; ${box} vertical-align: bottom; padding-bottom: 1mm; }`
    : '';
  // Chromium knows A4 and A5 by name but not A6 (it would print on Letter): A6 is given in mm.
  const named = size === 'A6' ? (landscape ? '148mm 105mm' : '105mm 148mm') : `${size}${landscape ? ' landscape' : ''}`;
  return `@page { size: ${named}; margin: ${margin}; ${pageNumber} ${head} }${running ? ' @page :first { @top-left { content: none; } }' : ''}`;
}

/** A CSS string literal of any text (quotes, backslashes and line breaks escaped). */
function cssString(text: string): string {
  return `"${text.replace(/[\\"]/g, '\\$&').replace(/[\n\r]+/g, ' ')}"`;
}

/** Something on screen that must not be printed and goes away by itself: a toast, the progress bar. */
const TRANSIENT = '.Toastify__toast, #nprogress, .app-page-loader';

/**
 * Opens the print dialog once the page is clean: toasts dismissed and gone, no progress bar, fonts
 * loaded, layout settled (or after 3 s at most). The print CSS hides them anyway; this keeps the
 * preview of the dialog clean too.
 */
export async function printWhenClean(win: Window = window): Promise<void> {
  toast.dismiss();
  await win.document.fonts?.ready;
  const deadline = Date.now() + 3000;
  while (win.document.querySelector(TRANSIENT) && Date.now() < deadline) {
    await new Promise((resolve) => win.setTimeout(resolve, 50));
  }
  await new Promise((resolve) => win.requestAnimationFrame(() => win.requestAnimationFrame(resolve)));
  win.print();
}

/**
 * The frame of every printout. The paper format, the number of copies, the header and footer
 * texts and the logo come from Paramètres › Impression (`meta.settings`, read by the server for the
 * printout's document type); the page only says what it prints.
 */
export function PrintFrame(props: PrintFrameProps) {
  // Another preview (an Inertia visit to the next document) starts from its own copy.
  return <CountedPrintFrame key={props.meta.print_token ?? 'state'} {...props} />;
}

function CountedPrintFrame({
  meta,
  landscape = false,
  title,
  number,
  subtitle,
  watermark,
  footer,
  children,
}: PrintFrameProps) {
  const count = usePrintCount(meta, printWhenClean);
  const started = useRef(false);
  useEffect(() => {
    if (!meta.auto_print || started.current) return;
    started.current = true;
    void count.print();
  }, [meta.auto_print, count]);

  const size = meta.settings.format;
  const wide = landscape && !isRoll(size);
  const sheetRef = useRef<HTMLDivElement>(null);
  const rollLength = useRollLength(sheetRef, isRoll(size));
  const copy = count.copy;
  const duplicata = copy?.duplicata ? 'DUPLICATA' : null;
  const marks = [duplicata, watermark].filter((m): m is string => Boolean(m));
  const docTitle = number ? `${title} ${number}` : title;
  const copies = Math.max(1, meta.settings.copies);
  const printedLine = (
    <>
      Imprimé le {formatDateTime(count.printedAt)} par {meta.printed_by}
      {copy?.duplicata ? (
        <span data-testid="reprint-note">
          {' '}
          — DUPLICATA, réimpression n° {copy.reprint} (original imprimé le {formatDateTime(copy.original_printed_at)}
          {copy.original_printed_by ? ` par ${copy.original_printed_by}` : ''})
        </span>
      ) : null}
    </>
  );
  const sheet = (n: number) => (
    <PrintSheet
      key={n}
      company={meta.company}
      settings={meta.settings}
      fiscal={meta.fiscal}
      title={title}
      number={number}
      subtitle={subtitle}
      marks={marks}
      duplicata={duplicata}
      footer={footer}
      printedLine={printedLine}
      copy={copies > 1 ? { n, of: copies } : null}
    >
      {children}
    </PrintSheet>
  );
  const next = count.refused ?? (copy ? (copy.duplicata ? `DUPLICATA n° ${copy.reprint}` : 'original') : null);
  return (
    <div
      className={`app-print ${PAPER_CLASS[size]}${wide ? ' is-landscape' : ''}${count.ready ? ' is-ready' : ' is-uncounted'}`}
      data-paper={size}
      data-copy={copy ? (copy.duplicata ? `duplicata-${copy.reprint}` : 'original') : undefined}
    >
      <Head title={docTitle} />
      <style>{pageRule(size, wide, rollLength, docTitle)}</style>
      <div className="app-print-toolbar d-print-none" role="toolbar" aria-label="Impression">
        <Link href={meta.back_url} className="btn btn-outline-secondary btn-sm">
          <Icon name="fa-solid fa-arrow-left" className="me-1" />
          Retour
        </Link>
        <span className="small text-body-secondary d-none d-md-inline" data-testid="print-format">
          Format {PAPER_FORMAT_LABELS[size]}
          {wide ? ' paysage' : ''}
          {copies > 1 ? ` · ${copies} exemplaires` : ''}
        </span>
        {next ? (
          <span
            className={`small app-print-next${count.refused ? ' text-danger' : ''}`}
            data-testid="print-next-copy"
            title={count.refused ? undefined : 'Aperçu : rien n’est compté tant que vous n’imprimez pas.'}
          >
            {count.refused ? (
              next
            ) : (
              <>
                À l’impression : <strong>{next}</strong>
              </>
            )}
          </span>
        ) : null}
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => void count.print()}
          disabled={count.busy || count.refused !== null}
          aria-busy={count.busy}
          data-testid="print-button"
        >
          <Icon name="fa-solid fa-print" className="me-1" />
          Imprimer
        </button>
      </div>
      <div ref={sheetRef}>{sheet(1)}</div>
      {/* The other copies go on paper only, each from a new page. */}
      {Array.from({ length: copies - 1 }, (_, i) => (
        <div key={i} className="d-none d-print-block app-print-next-copy" aria-hidden="true">
          {sheet(i + 2)}
        </div>
      ))}
      {meta.print_token ? (
        // On paper instead of the document when the print was not counted (see usePrintCount).
        <article className="app-print-uncounted" aria-hidden="true">
          <p>
            <strong>{docTitle}</strong> : cette impression n’a pas été enregistrée, le document n’est donc pas imprimé.
          </p>
          <p>
            {count.refused ??
              'Imprimez-le avec le bouton « Imprimer » de l’aperçu (ou Ctrl+P) : l’impression y est comptée (original ou DUPLICATA) avant d’ouvrir la fenêtre d’impression.'}
          </p>
        </article>
      ) : null}
    </div>
  );
}

/**
 * One printed sheet: company header (logo, name, address, tax numbers, the header text of
 * Paramètres › Impression), title and number, marks, content, closing, the DGI's block of a
 * certified document, footer text, who printed.
 * PrintFrame prints it; the Impression screen shows it as its live preview.
 */
export function PrintSheet({
  company: c,
  settings,
  fiscal = null,
  title,
  number,
  subtitle,
  marks = [],
  duplicata = null,
  footer,
  printedLine,
  copy = null,
  children,
}: {
  company: PrintCompany;
  settings: PrintSettings;
  /** The DGI's block of a certified document (PrintMeta.fiscal). */
  fiscal?: FiscalPrint | null;
  title: string;
  number?: string | null;
  subtitle?: ReactNode;
  marks?: string[];
  duplicata?: string | null;
  footer?: ReactNode;
  printedLine: ReactNode;
  copy?: { n: number; of: number } | null;
  children: ReactNode;
}) {
  const docTitle = number ? `${title} ${number}` : title;
  return (
    <article className="app-print-sheet" aria-label={docTitle}>
      {marks.length ? (
        <div className="app-print-watermark" aria-hidden="true">
          {marks[0]}
        </div>
      ) : null}
      <header className="app-print-header">
        <div className="app-print-company">
          {settings.show_logo && c.logo_url ? (
            <img className="app-print-logo" src={c.logo_url} alt={`Logo ${c.name}`} data-testid="print-logo" />
          ) : null}
          <div className="app-print-company-text">
            <div className="app-print-company-name">{c.name}</div>
            {c.address || c.city ? <div>{[c.address, c.city].filter(Boolean).join(' — ')}</div> : null}
            {c.phones || c.email ? (
              <div>{[c.phones ? `Tél. : ${c.phones}` : '', c.email].filter(Boolean).join(' · ')}</div>
            ) : null}
            {c.rccm || c.tax_number ? (
              <div>
                {c.rccm ? `RCCM : ${c.rccm}` : null}
                {c.rccm && c.tax_number ? ' · ' : null}
                {c.tax_number ? `N° contribuable : ${c.tax_number}` : null}
              </div>
            ) : null}
          </div>
        </div>
        <div className="app-print-doc">
          <h1 className="app-print-title">{title}</h1>
          {number ? (
            <div className="app-print-number" data-testid="document-number">
              {number}
            </div>
          ) : null}
          {marks.map((m) => (
            <div key={m} className="app-print-mark" data-testid={m === duplicata ? 'duplicata-mark' : undefined}>
              {m}
            </div>
          ))}
          {copy ? (
            <div className="app-print-copy-label">
              Exemplaire {copy.n} / {copy.of}
            </div>
          ) : null}
        </div>
      </header>
      {settings.header_text ? (
        <div className="app-print-header-text" data-testid="print-header-text">
          {settings.header_text}
        </div>
      ) : null}
      {subtitle ? <div className="app-print-subtitle">{subtitle}</div> : null}
      <div className="app-print-body">{children}</div>
      {/* The end of the document stays together, on the last page: totals, words, notes, signatures, footer. */}
      <div className="app-print-end">
        {footer ? <div className="app-print-after">{footer}</div> : null}
        {fiscal ? <FiscalBlock fiscal={fiscal} /> : null}
        {settings.footer_text ? (
          <div className="app-print-footer-text" data-testid="print-footer-text">
            {settings.footer_text}
          </div>
        ) : null}
        <footer className="app-print-footer">{printedLine}</footer>
      </div>
    </article>
  );
}

/**
 * « Arrêté(e) à la somme de … » under a document's totals, when Paramètres › Impression asks for
 * the amount in words for this document type (invoices, tickets, receipts, avoirs).
 */
export function PrintAmountInWords({
  settings,
  amount,
  currency,
  lead = 'Arrêtée la présente facture à la somme de',
}: {
  settings: PrintSettings;
  amount: number;
  currency: string;
  lead?: string;
}) {
  if (!settings.amount_in_words) return null;
  return (
    <p className="app-print-words" data-testid="amount-in-words">
      {lead} <strong>{keepHyphenatedWords(amountInWordsAndFigures(amount, currency))}</strong>.
    </p>
  );
}

/** « quatre-vingt-deux » never split at a hyphen at the end of a line (the amount reads as written). */
function keepHyphenatedWords(text: string): ReactNode {
  return text.split(/(\S*-\S*)/).map((part, i) =>
    part.includes('-') ? (
      <span key={i} className="text-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/**
 * The length of a till roll's ticket, in mm: the printed page is exactly as long as the sheet, so
 * a 58 mm roll wastes nothing after the last line.
 */
function useRollLength(ref: React.RefObject<HTMLElement | null>, roll: boolean): number | null {
  const [length, setLength] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!roll || !el) return;
    // A sheet not drawn (the print notice stands in for it) keeps the length measured last.
    const measure = () => {
      const height = el.getBoundingClientRect().height;
      if (height > 0) setLength(Math.ceil((height * 25.4) / 96) + 2);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, roll]);
  return roll ? length : null;
}

/**
 * Label/value pairs under the header (Date, Fournisseur, Emplacement…), two a row; a long one
 * (`'wide'`: a client's name, an address) takes the whole row rather than wrap in half of it.
 */
export function PrintFacts({ items }: { items: Array<[string, ReactNode] | [string, ReactNode, 'wide']> }) {
  return (
    <dl className="app-print-facts">
      {items
        .filter(([, v]) => v !== null && v !== undefined && v !== '')
        .map(([k, v, wide]) => (
          <div key={k} className={wide ? 'is-wide' : undefined}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
    </dl>
  );
}

/** Signature boxes at the bottom of a note. */
function PrintSignatures({ labels }: { labels: string[] }) {
  return (
    <div className="app-print-signatures">
      {labels.map((l) => (
        <div key={l} className="app-print-signature">
          <div>{l}</div>
        </div>
      ))}
    </div>
  );
}

/** A line of text under or inside a printout ("Observation : …", "Aucune entrée…"). */
export function PrintNote({ children }: { children: ReactNode }) {
  return <p className="app-print-note">{children}</p>;
}

/**
 * The end of a document's printout: its cancellation (who, when, why), its notes, then the
 * signature boxes.
 */
export function PrintClosing({
  cancelled,
  notes = [],
  signatures,
}: {
  cancelled?: { label: string; at: string | null; by: string | null; reason: string | null } | null;
  notes?: ReactNode[];
  signatures: string[];
}) {
  return (
    <>
      {cancelled ? (
        <PrintNote>
          <strong>{cancelled.label}</strong> le {formatDateTime(cancelled.at)} par {cancelled.by} — motif :{' '}
          {cancelled.reason}
        </PrintNote>
      ) : null}
      {notes.filter(Boolean).map((note, i) => (
        <PrintNote key={i}>{note}</PrintNote>
      ))}
      <PrintSignatures labels={signatures} />
    </>
  );
}
