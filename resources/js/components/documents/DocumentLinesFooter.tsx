import { Link } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { SubmitButton } from '@/components/SubmitButton';

export interface DocumentTotal {
  /** "Quantité", "Total"…; none for a plain count ("3 lignes"). */
  label?: string;
  value: ReactNode;
  className?: string;
  testId?: string;
}

/**
 * The bottom of a document's lines, one for every document (entries, transfers, readjustments,
 * receptions, and the invoices and counter sales to come): the totals, what the validation will
 * do (`hint`), "Annuler" and the submit button.
 *
 *   <DocumentLinesFooter totals={[{ value: '3 lignes' }, { label: 'Total', value: <Money … />, testId: 'entry-total' }]}
 *     hint="La validation met à jour le stock…" cancelHref={route('entries.index')}
 *     submit={{ label: "Valider l'entrée", icon: 'fa-solid fa-check', busy: form.busy, busyLabel: 'Validation…', disabled: !lines.items.length, testId: 'entry-submit' }} />
 */
export function DocumentLinesFooter({
  totals,
  hint,
  cancelHref,
  cancelLabel = 'Annuler',
  submit,
  testId,
}: {
  totals: DocumentTotal[];
  hint?: ReactNode;
  cancelHref: string;
  cancelLabel?: string;
  submit: { label: string; icon: string; busy: boolean; busyLabel: string; disabled?: boolean; testId: string };
  /** On the totals (their text is what tests and screen readers read). */
  testId?: string;
}) {
  return (
    <div className="app-doc-footer">
      {totals.length ? (
        <div className="app-doc-total" data-testid={testId} aria-live="polite">
          {totals.map((t, i) =>
            t.label ? (
              <span key={t.label}>
                {t.label} :{' '}
                <strong className={t.className} data-testid={t.testId}>
                  {t.value}
                </strong>
              </span>
            ) : (
              <span key={i} className={t.className} data-testid={t.testId}>
                {t.value}
              </span>
            ),
          )}
        </div>
      ) : null}
      <div className="app-doc-submit">
        {hint ? <p className="small text-body-secondary mb-0">{hint}</p> : null}
        <div className="app-form-actions ms-auto">
          <Link href={cancelHref} className="btn btn-outline-secondary">
            {cancelLabel}
          </Link>
          <SubmitButton
            busy={submit.busy}
            icon={submit.icon}
            busyLabel={submit.busyLabel}
            disabled={submit.disabled}
            testId={submit.testId}
          >
            {submit.label}
          </SubmitButton>
        </div>
      </div>
    </div>
  );
}
