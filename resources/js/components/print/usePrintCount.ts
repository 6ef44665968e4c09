/**
 * Printing a document counts it — opening its preview never does (server/http/printouts.ts). The
 * preview shows what the paper WILL say (meta.copy: the original, or DUPLICATA n° N+1); printing
 * sends the preview's signed token to route('prints.record') FIRST, which counts the print and
 * answers the mark it counted, the page shows that mark, and only then the print dialog opens. So
 * the paper always carries a counted mark: when two people preview an original and both print, the
 * second one's paper says DUPLICATA n° 1 (or their print is refused if they may not reprint).
 *
 * - « Imprimer », Ctrl+P / ⌘+P and ?print=1 go through `print()`: POST (fetch, one retry with the
 *   same idempotency key: a retried request is counted once), mark updated, print dialog.
 * - A print the page did not start (the browser's menu, a PDF printer driven by a program) fires
 *   `beforeprint` only: the print is counted there by a synchronous request, the one way to change
 *   the page before the dialog lays it out; where the browser refuses it, the paper shows a notice
 *   instead of the document (`ready` stays false) — never an uncounted original.
 * - `afterprint` (the dialog closed, printed or not: browsers do not tell) ends the print: the
 *   preview now says what a next print would be.
 * State reports (no print token) print freely and count nothing.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { route } from '@shared/routes';
import type { PrintCopy, PrintMeta, PrintRecorded } from '@shared/print';
import { newIdempotencyKey } from '@/lib/idempotency';
import { jsonHeaders } from '@/lib/json-request';
import { showFlash } from '@/lib/toasts';

const NOT_SAVED =
  'L’impression n’a pas pu être enregistrée (réseau ou serveur indisponible) : rien n’a été imprimé. Réessayez.';
const SESSION_EXPIRED = 'Votre session a expiré : rechargez la page, puis imprimez de nouveau.';
/** What the preview says once this user may not print it again (their original is out, they may not reprint). */
export const REPRINT_RESERVED = 'Déjà imprimé : un DUPLICATA est réservé aux utilisateurs autorisés à réimprimer.';

/** A refused or failed print: the French message, and whether trying again may help. */
class PrintFailure extends Error {
  constructor(
    message: string,
    readonly final: boolean,
  ) {
    super(message);
  }
}

const HEADERS = jsonHeaders;

/** The answer of route('prints.record'), or the failure it means. */
function answerOf(status: number, body: unknown): PrintRecorded {
  if (status === 200 && body && typeof body === 'object' && 'copy' in body) return body as PrintRecorded;
  if (status === 401 || status === 419) throw new PrintFailure(SESSION_EXPIRED, true);
  const message =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
      ? body.message
      : NOT_SAVED;
  throw new PrintFailure(message, status === 409 || status === 403);
}

/** Counts the print (async): one retry with the same key when the network fails. */
async function countPrint(token: string, key: string): Promise<PrintRecorded> {
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(route('prints.record'), {
        method: 'POST',
        headers: HEADERS(),
        credentials: 'same-origin',
        body: JSON.stringify({ token, key }),
      });
    } catch {
      if (attempt === 0) continue;
      throw new PrintFailure(NOT_SAVED, false);
    }
    return answerOf(res.status, await res.json().catch(() => null));
  }
}

/** Counts the print before the browser lays the page out for its dialog (synchronous request); null when the browser refuses it. */
function countPrintNow(token: string, key: string): PrintRecorded | PrintFailure | null {
  try {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', route('prints.record'), false);
    for (const [name, value] of Object.entries(HEADERS())) xhr.setRequestHeader(name, value);
    xhr.send(JSON.stringify({ token, key }));
    let body: unknown = null;
    try {
      body = JSON.parse(xhr.responseText);
    } catch {
      body = null;
    }
    return answerOf(xhr.status, body);
  } catch (err) {
    return err instanceof PrintFailure ? err : null;
  }
}

export interface PrintCount {
  /** The copy the paper says: what the next print will be, or, while printing, the one counted. */
  copy: PrintCopy | null;
  /** When the paper was printed (the counted print's time; the preview's before). */
  printedAt: string;
  /** A counted mark is on the page: the document may go on paper (else the print notice does). */
  ready: boolean;
  /** Counting, before the dialog opens. */
  busy: boolean;
  /** Why this preview cannot be printed (any more), or null. */
  refused: string | null;
  /** Counts the print, shows its mark, opens the dialog (`open`: printWhenClean). */
  print: () => Promise<void>;
}

export function usePrintCount(meta: PrintMeta, open: () => Promise<void>): PrintCount {
  const token = meta.print_token;
  const [copy, setCopy] = useState(meta.copy);
  const [printedAt, setPrintedAt] = useState(meta.printed_at);
  const [ready, setReady] = useState(token === null);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  // The print in progress (counted, dialog not closed yet): what the preview says after it.
  const printing = useRef<{ next: PrintCopy | null } | null>(null);

  const counted = useCallback((answer: PrintRecorded) => {
    printing.current = { next: answer.next };
    setCopy(answer.copy);
    setPrintedAt(answer.printed_at);
    setReady(true);
  }, []);
  const failed = useCallback((err: PrintFailure) => {
    if (err.final) setRefused(err.message);
    showFlash({ error: err.message });
  }, []);

  const print = useCallback(async () => {
    if (token === null) return open();
    if (refused) {
      showFlash({ error: refused });
      return;
    }
    if (busy) return;
    setBusy(true);
    try {
      const answer = await countPrint(token, newIdempotencyKey());
      flushSync(() => counted(answer));
      await open();
    } catch (err) {
      failed(err instanceof PrintFailure ? err : new PrintFailure(NOT_SAVED, false));
    } finally {
      setBusy(false);
    }
  }, [token, busy, refused, open, counted, failed]);

  useEffect(() => {
    if (token === null) return;
    const before = () => {
      if (printing.current || refused) return;
      // A print the page did not start: counted now, or the notice goes on paper.
      const answer = countPrintNow(token, newIdempotencyKey());
      if (answer && !(answer instanceof PrintFailure)) flushSync(() => counted(answer));
      else failed(answer ?? new PrintFailure(NOT_SAVED, false));
    };
    const after = () => {
      const done = printing.current;
      if (!done) return;
      printing.current = null;
      setReady(false);
      if (done.next) setCopy(done.next);
      else setRefused(REPRINT_RESERVED);
    };
    // Ctrl+P / ⌘+P: the same print as the button.
    const key = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'p') {
        e.preventDefault();
        void print();
      }
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    window.addEventListener('keydown', key);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
      window.removeEventListener('keydown', key);
    };
  }, [token, refused, print, counted, failed]);

  return { copy, printedAt, ready, busy, refused, print };
}
