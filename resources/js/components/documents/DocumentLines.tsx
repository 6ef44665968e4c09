import type { ReactNode } from 'react';
import { EmptyState } from '@/components/data/EmptyState';
import { FieldError } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { LIMITS } from '@shared/limits';
import { NumberInput } from '@/components/NumberInput';

/**
 * The lines card of a document being entered (`lines` from useDocumentLines): the product picker
 * on top (with a hint and the document-wide error about the lines), the lines table (a card per line on a phone, each field
 * named by its data-label), or an empty state, and the footer (<DocumentLinesFooter>).
 */
export function DocumentLines({
  lines,
  picker,
  hint,
  emptyText = 'Ajoutez-en avec la recherche ci-dessus.',
  head,
  footer,
  testId,
  children,
}: {
  lines: { items: readonly unknown[]; listError?: string };
  picker: ReactNode;
  hint?: ReactNode;
  emptyText?: ReactNode;
  head: ReactNode;
  footer: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="card mb-3">
      <div className="app-picker-bar">
        {picker}
        {hint ? <div className="form-text">{hint}</div> : null}
        <FieldError id={`${testId}-error`} error={lines.listError} />
      </div>
      {lines.items.length === 0 ? (
        <EmptyState icon="fa-solid fa-barcode" title="Aucun produit pour l’instant">
          {emptyText}
        </EmptyState>
      ) : (
        <div className="table-responsive">
          <table className="table app-doc-table app-lines-table app-stack-sm" data-testid={testId}>
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
export function LineProduct({
  index,
  name,
  code,
  detail,
  error,
}: {
  index: number;
  name: string;
  code: string;
  detail?: ReactNode;
  error?: string;
}) {
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

/**
 * The quantity cell of a line: a number input named for the product, the server's error under it;
 * kept within the quantity ceiling of shared/limits.ts (`max`: fewer when entered by pack).
 */
export function LineQuantity({
  id,
  name,
  ariaLabel,
  value,
  onChange,
  error,
  min = 1,
  max = LIMITS.quantity,
  suffix,
  stepper = false,
  label = 'Quantité',
}: {
  id: string;
  name: string;
  ariaLabel: string;
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string;
  min?: number;
  max?: number;
  suffix?: ReactNode;
  stepper?: boolean;
  label?: string;
}) {
  return (
    <td className="app-line-qty" data-label={label}>
      <NumberInput
        id={id}
        name={name}
        label={<span className="visually-hidden">{ariaLabel}</span>}
        value={value}
        min={min}
        max={max}
        onChange={onChange}
        error={error}
        suffix={suffix}
        stepper={stepper}
        className="mb-0"
      />
    </td>
  );
}
