import type { Method, UseFormSubmitOptions } from '@inertiajs/core';
import { useState } from 'react';
import type { ProductPickerItem } from '@shared/pickers';
import {
  type ErrorMap,
  errorsAfterRemoval,
  formLevelErrors,
  lineError,
  lineHasError,
  linesMessage,
} from '@/components/data/form-errors';
import { addOrIncrement, removeAt, updateAt } from './document-lines';
import { useLeaveGuard } from './useLeaveGuard';

/** What every document line has: a product and a quantity (entries add pack and cost; sales a unit price). */
export interface DocumentLine {
  product_id: number;
  quantity: number | null;
}

/** What the hook needs of a useServerForm whose data has `lines`. */
export interface LinesForm<L extends DocumentLine> {
  data: { lines: L[] };
  errors: object;
  processing: boolean;
  setData(key: 'lines', value: L[]): void;
  clearErrors(...fields: string[]): void;
  transform(callback: (data: { lines: L[] }) => object): void;
  submit(method: Method, url: string, visit?: UseFormSubmitOptions): boolean;
}

export interface DocumentLinesOptions<L extends DocumentLine> {
  /** The new line of a picked product (its price or cost prefilled); none when lines are fixed (a reception). */
  create?: (product: ProductPickerItem) => L;
  /** The same product picked again (a second scan): by default one more. */
  increment?: (line: L, product: ProductPickerItem) => L;
  /** Amount of a line in minor units (quantity × unit price or cost), when lines have one. */
  amount?: (line: L) => number;
  /** Asked before leaving the page while lines are entered (none: leave freely). */
  leaveMessage?: string;
}

/**
 * The lines of a document being entered (stock entry, transfer, readjustment; invoice and counter
 * sale next), kept in `form.data.lines` of a useServerForm: a picked product adds a line or one
 * more of it (flashing the row), lines are edited and removed, the server's errors follow their
 * line ('lines.2.quantity'), totals are computed, and leaving with lines asks first.
 *
 *   const lines = useDocumentLines(form, { create: (p) => ({ product_id: p.id, …, quantity: 1 }), amount: (l) => …, leaveMessage: '…' });
 *   <ProductPicker onPick={lines.pick} …/>  {lines.items.map((l, i) => <tr {...lines.rowProps(i)}>…</tr>)}
 *   <DocumentLinesFooter totals={…lines.totals…} />   onSubmit: lines.submit(route('entries.index'), (l) => payload)
 */
export function useDocumentLines<L extends DocumentLine>(
  form: LinesForm<L>,
  {
    create,
    increment = (l) => ({ ...l, quantity: (l.quantity ?? 0) + 1 }),
    amount,
    leaveMessage,
  }: DocumentLinesOptions<NoInfer<L>>,
) {
  const [flashIndex, setFlashIndex] = useState<number | null>(null);
  const items = form.data.lines;
  const errors = form.errors as ErrorMap;
  useLeaveGuard(Boolean(leaveMessage) && items.length > 0 && !form.processing, leaveMessage ?? '');

  const setLines = (next: L[]) => form.setData('lines', next);
  const clear = (keys: string[]) => {
    if (keys.length) form.clearErrors(...keys);
  };

  const pick = (product: ProductPickerItem) => {
    if (!create) return;
    const result = addOrIncrement<L>(
      items,
      product.id,
      () => create(product),
      (line) => increment(line, product),
    );
    setLines(result.lines);
    setFlashIndex(result.index);
    clear(errors.lines ? ['lines'] : []);
  };

  const update = (index: number, patch: Partial<L>) => {
    setLines(updateAt(items, index, patch));
    clear(Object.keys(errors).filter((k) => k.startsWith(`lines.${index}.`)));
  };

  const remove = (index: number) => {
    setLines(removeAt(items, index));
    const kept = errorsAfterRemoval(errors, index);
    clear(Object.keys(errors).filter((k) => !(k in kept)));
  };

  /** Changes every line at once (the location changed: the stock shown is no longer the right one). */
  const updateAll = (patch: (line: L) => L) => setLines(items.map(patch));

  /** Sends the document: each line as the server reads it (`payload`), the rest of the form as is. */
  const submit = (
    url: string,
    payload: (line: L) => object,
    { preserveScroll = false }: { preserveScroll?: boolean } = {},
  ) => {
    form.transform((data) => ({ ...data, lines: data.lines.map(payload) }));
    form.submit('post', url, { preserveScroll });
  };

  return {
    items,
    errors,
    pick,
    update,
    updateAll,
    remove,
    submit,
    /** The server's message for one cell ('quantity', 'unit_cost', 'product_id'…). */
    error: (index: number, field: string) => lineError(errors, index, field),
    /** Class and flash of row `index` (a line in error is tinted; a line just picked flashes). */
    rowProps: (index: number) => ({
      className: `${lineHasError(errors, index) ? 'has-error' : ''} ${flashIndex === index ? 'is-flash' : ''}`,
      onAnimationEnd: () => setFlashIndex(null),
    }),
    /** The document-wide message about the lines, unless a line already says it. */
    listError: linesMessage(errors),
    /** Refusals not shown beside a field (`shown`), for <FormErrors>. */
    formErrors: (shown: string[]) => formLevelErrors(errors, ['lines', ...shown]),
    totals: {
      count: items.length,
      // No total quantity: lines of different units never add up (« 50 sacs, 4 seaux » is formatUnitTotals' job).
      amount: amount ? items.reduce((s, l) => s + amount(l), 0) : null,
    },
  };
}
