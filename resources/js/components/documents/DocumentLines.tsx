import type { ReactNode } from 'react';
import { EmptyState } from '@/components/data/EmptyState';
import { FieldError } from '@/components/Field';
import { Icon } from '@/components/Icon';

/**
 * The lines card of a document being entered: the product picker on top (with a hint and the
 * document-wide error about the lines), the lines table (a card per line on a phone, each field
 * named by its data-label), or an empty state, and the footer (<DocumentLinesFooter>).
 */
export function DocumentLines({ picker, hint, error, errorId, count, empty, head, footer, testId, children }: { picker: ReactNode; hint?: ReactNode; error?: string; errorId: string; count: number; empty: { title: string; text: ReactNode }; head: ReactNode; footer: ReactNode; testId: string; children: ReactNode }) {
  return (
    <div className="card mb-3">
      <div className="app-picker-bar">
        {picker}
        {hint ? <div className="form-text">{hint}</div> : null}
        <FieldError id={errorId} error={error} />
      </div>
      {count === 0 ? (
        <EmptyState icon="fa-solid fa-barcode" title={empty.title}>
          {empty.text}
        </EmptyState>
      ) : (
        <div className="table-responsive">
          <table className="table app-stock-table app-lines-table app-stack-sm" data-testid={testId}>
            <thead>{head}</thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
      {footer}
    </div>
  );
}

/** The first cell of a line: the product, its code and a detail (stock…), the server's error about the product. */
export function LineProduct({ index, name, code, detail, error }: { index: number; name: string; code: string; detail?: ReactNode; error?: string }) {
  return (
    <td>
      <div className="fw-semibold">{name}</div>
      <div className="small text-body-secondary">
        <span className="code">{code}</span>
        {detail}
      </div>
      <FieldError id={`line-${index}-product-error`} error={error} />
    </td>
  );
}

/** The last cell of a line: remove it. */
export function LineRemove({ name, onRemove }: { name: string; onRemove: () => void }) {
  return (
    <td className="text-end app-line-remove">
      <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRemove} aria-label={`Retirer ${name}`}>
        <Icon name="fa-solid fa-trash-can" />
      </button>
    </td>
  );
}

/** The header cell over the remove buttons. */
export const REMOVE_HEADER = (
  <th scope="col">
    <span className="visually-hidden">Retirer</span>
  </th>
);
