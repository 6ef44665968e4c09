/**
 * The frame of every printout (stock documents now, sales later): used inside SimpleLayout.
 * On screen: a toolbar (Retour, Imprimer) above a "sheet" the size of the paper; in print only
 * the sheet (print CSS hides toasts, the progress bar and everything else), with `@page` set to the
 * document's size (A4 states, A5 notes) and « Page n / N » in the bottom-right page margin.
 * `auto_print` (?print=1) opens the print dialog once the page is clean (toasts gone, no progress
 * bar, fonts loaded). A document's copy (meta.copy, recorded by the server: the first print is the
 * original, every later one a DUPLICATA) is marked here, for every printout.
 *
 *   <PrintFrame meta={props} size="A5" title="Bon de transfert" number={t.number}>…</PrintFrame>
 */
import { Head, Link } from '@inertiajs/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { toast } from 'react-toastify';
import type { PrintMeta } from '@shared/stock-pages';
import { Icon } from '@/components/Icon';
import { formatDateTime } from '@/components/data/format';

/** A4 states, A5 notes and invoices; A6 for a reprint asked small (an invoice's DUPLICATA). */
export type PaperSize = 'A4' | 'A5' | 'A6';

interface PrintFrameProps {
  meta: PrintMeta;
  size: PaperSize;
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
 * « Page n / N » in its bottom-right margin box (Chromium ≥ 131 prints @page margin boxes).
 */
export function pageRule(size: PaperSize, landscape = false): string {
  const margin = size === 'A6' ? '5mm 5mm 8mm' : size === 'A5' ? '8mm 8mm 10mm' : '12mm 12mm 14mm';
  const pageNumber = '@bottom-right { content: "Page " counter(page) " / " counter(pages); font: 8pt system-ui, sans-serif; color: #555; }';
  return `@page { size: ${size}${landscape ? ' landscape' : ''}; margin: ${margin}; ${pageNumber} }`;
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

export function PrintFrame({ meta, size, landscape = false, title, number, subtitle, watermark, footer, children }: PrintFrameProps) {
  const printed = useRef(false);
  useEffect(() => {
    if (!meta.auto_print || printed.current) return;
    printed.current = true;
    void printWhenClean();
  }, [meta.auto_print]);

  const c = meta.company;
  const copy = meta.copy;
  const duplicata = copy?.duplicata ? 'DUPLICATA' : null;
  const marks = [duplicata, watermark].filter((m): m is string => Boolean(m));
  const docTitle = number ? `${title} ${number}` : title;
  return (
    <div className={`app-print app-print-${size.toLowerCase()}${landscape ? ' is-landscape' : ''}`} data-paper={size}>
      <Head title={docTitle} />
      <style>{pageRule(size, landscape)}</style>
      <div className="app-print-toolbar d-print-none" role="toolbar" aria-label="Impression">
        <Link href={meta.back_url} className="btn btn-outline-secondary btn-sm">
          <Icon name="fa-solid fa-arrow-left" className="me-1" />
          Retour
        </Link>
        <span className="small text-body-secondary d-none d-sm-inline">Format {size}{landscape ? ' paysage' : ''}</span>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => void printWhenClean()} data-testid="print-button">
          <Icon name="fa-solid fa-print" className="me-1" />
          Imprimer
        </button>
      </div>
      <article className="app-print-sheet" aria-label={docTitle}>
        {marks.length ? (
          <div className="app-print-watermark" aria-hidden="true">
            {marks[0]}
          </div>
        ) : null}
        <header className="app-print-header">
          <div className="app-print-company">
            <div className="app-print-company-name">{c.name}</div>
            {c.address ? <div>{c.address}</div> : null}
            {c.city ? <div>{c.city}</div> : null}
            {c.phones ? <div>Tél. : {c.phones}</div> : null}
            {c.email ? <div>{c.email}</div> : null}
            {c.rccm || c.tax_number ? (
              <div>
                {c.rccm ? `RCCM : ${c.rccm}` : null}
                {c.rccm && c.tax_number ? ' · ' : null}
                {c.tax_number ? `N° contribuable : ${c.tax_number}` : null}
              </div>
            ) : null}
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
          </div>
        </header>
        {subtitle ? <div className="app-print-subtitle">{subtitle}</div> : null}
        <div className="app-print-body">{children}</div>
        {footer ? <div className="app-print-after">{footer}</div> : null}
        <footer className="app-print-footer">
          Imprimé le {formatDateTime(meta.printed_at)} par {meta.printed_by}
          {copy?.duplicata ? (
            <span data-testid="reprint-note">
              {' '}
              — DUPLICATA, réimpression n° {copy.reprint} (original imprimé le {formatDateTime(copy.original_printed_at)}
              {copy.original_printed_by ? ` par ${copy.original_printed_by}` : ''})
            </span>
          ) : null}
        </footer>
      </article>
    </div>
  );
}

/** Label/value pairs under the header (Date, Fournisseur, Emplacement…). */
export function PrintFacts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="app-print-facts">
      {items
        .filter(([, v]) => v !== null && v !== undefined && v !== '')
        .map(([k, v]) => (
          <div key={k}>
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
export function PrintClosing({ cancelled, notes = [], signatures }: { cancelled?: { label: string; at: string | null; by: string | null; reason: string | null } | null; notes?: ReactNode[]; signatures: string[] }) {
  return (
    <>
      {cancelled ? (
        <PrintNote>
          <strong>{cancelled.label}</strong> le {formatDateTime(cancelled.at)} par {cancelled.by} — motif : {cancelled.reason}
        </PrintNote>
      ) : null}
      {notes.filter(Boolean).map((note, i) => (
        <PrintNote key={i}>{note}</PrintNote>
      ))}
      <PrintSignatures labels={signatures} />
    </>
  );
}
