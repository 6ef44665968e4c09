import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { Icon } from '@/components/Icon';
import { DATE_FORMAT_HINT, isoToDateText, parseDateText } from './date-text';

// Its own chunk (components/calendar is in no chunk group of vite.config.ts): the calendar and react-day-picker load with the first calendar opened.
const DateCalendar = lazy(() => import('@/components/calendar/DateCalendar'));

export interface DateInputProps {
  id?: string;
  name?: string;
  /** ISO YYYY-MM-DD, '' for none. */
  value: string;
  /** Receives an ISO date, or '' when the field is emptied or holds no valid date. */
  onChange: (iso: string) => void;
  min?: string;
  max?: string;
  required?: boolean;
  /** The server's message for the field (the field's own reading error comes first). */
  error?: string;
  /** Where the field's own message goes (FieldFrame's error line); without it, DateInput shows it under itself. */
  onIssue?: (issue: string | null) => void;
  describedBy?: string;
  /**
   * `typing` (forms): each complete date typed is given at once; `commit` (filters, a day that
   * reloads the screen): only on Enter, on leaving the field or on a day picked in the calendar.
   */
  mode?: 'typing' | 'commit';
  size?: 'sm';
  ariaLabel?: string;
  testId?: string;
  className?: string;
}

/**
 * The one date field: typed and shown jj/mm/aaaa whatever the browser's language (« 02/11/2026 »,
 * « 2/11/26 » and « 02112026 » all read as 2 November 2026), sent as ISO; an unreadable or
 * impossible date says so in French; the calendar button opens a French calendar in a popover
 * (Escape or a click outside closes it, focus comes back to the field). Replaces <input type="date">,
 * whose format follows the browser's language (mm/dd/yyyy in an English Chrome).
 */
export function DateInput({
  id,
  name,
  value,
  onChange,
  min,
  max,
  required,
  error,
  onIssue,
  describedBy,
  mode = 'typing',
  size,
  ariaLabel,
  testId,
  className = '',
}: DateInputProps) {
  const ownId = useId();
  const inputId = id ?? `${ownId}-date`;
  const [text, setText] = useState(isoToDateText(value));
  const [issue, setIssue] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  // Near the right edge of the window (the « Au » filter on a phone), the calendar opens leftwards.
  const [alignEnd, setAlignEnd] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const sent = useRef(value);
  const onIssueRef = useRef(onIssue);
  onIssueRef.current = onIssue;

  // A new value from outside (the server, a reset, another field) replaces what is shown.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(isoToDateText(value));
      report(null);
    }
  }, [value]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function report(next: string | null) {
    setIssue(next);
    onIssueRef.current?.(next);
  }
  function send(iso: string) {
    if (iso === sent.current) return;
    sent.current = iso;
    onChange(iso);
  }
  const read = (t: string) => parseDateText(t, { min, max, referenceYear: new Date().getFullYear() });

  /** Leaving the field, Enter: the text read once more, shown as jj/mm/aaaa, its date sent (or its reason shown). */
  function commit(t = text) {
    const parsed = read(t);
    if ('iso' in parsed) {
      setText(isoToDateText(parsed.iso));
      report(null);
      send(parsed.iso);
    } else if ('empty' in parsed) {
      report(null);
      send('');
    } else {
      report(parsed.error);
      // A form holds no date until it is readable; a filter keeps the one it applies.
      if (mode === 'typing') send('');
    }
  }

  function type(t: string) {
    setText(t);
    if (mode !== 'typing') {
      if (issue) report(null);
      return;
    }
    const parsed = read(t);
    // A year still being typed (« 02/11/202 ») is not yet a mistake: it is judged when the field is left.
    if ('iso' in parsed) {
      report(null);
      send(parsed.iso);
    } else if ('empty' in parsed) send('');
    else if (issue) report(null);
  }

  function pick(iso: string) {
    setText(isoToDateText(iso));
    report(null);
    setOpen(false);
    send(iso);
    input.current?.focus();
  }

  const shownError = issue ?? error;
  const ownErrorId = `${inputId}-date-issue`;
  return (
    <div ref={root} className={`app-date-input position-relative ${className}`}>
      <div className={`input-group ${size === 'sm' ? 'input-group-sm' : ''} ${shownError ? 'has-validation' : ''}`}>
        <input
          ref={input}
          id={inputId}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={DATE_FORMAT_HINT}
          maxLength={10}
          className={`form-control ${shownError ? 'is-invalid' : ''}`}
          value={text}
          onChange={(e) => type(e.target.value)}
          onBlur={() => commit()}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            } else if (e.key === 'ArrowDown' && e.altKey) {
              e.preventDefault();
              setOpen(true);
            }
          }}
          required={required}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={[describedBy, issue && !onIssue ? ownErrorId : null].filter(Boolean).join(' ') || undefined}
          aria-label={ariaLabel}
          data-testid={testId}
        />
        <button
          type="button"
          className="btn btn-outline-secondary app-date-toggle"
          aria-label={`Choisir la date dans le calendrier${text ? ` (date saisie : ${text})` : ''}`}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => {
            commit();
            const left = root.current?.getBoundingClientRect().left ?? 0;
            setAlignEnd(left + 300 > window.innerWidth);
            setOpen((o) => !o);
          }}
          data-testid={testId ? `${testId}-calendar` : undefined}
        >
          <Icon name="fa-regular fa-calendar" />
        </button>
      </div>
      {issue && !onIssue ? (
        <div id={ownErrorId} className="invalid-feedback d-block" role="alert">
          {issue}
        </div>
      ) : null}
      {open ? (
        <div
          className={`dropdown-menu show app-date-popover p-2 ${alignEnd ? 'app-date-popover-end' : ''}`}
          role="dialog"
          aria-label="Calendrier"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              setOpen(false);
              input.current?.focus();
            }
          }}
        >
          <Suspense fallback={<div className="small text-body-secondary p-3">Chargement du calendrier…</div>}>
            <DateCalendar value={sent.current} min={min} max={max} onPick={pick} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
