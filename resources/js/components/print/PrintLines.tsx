import type { ReactNode } from 'react';

/**
 * One column of a printout's lines table, declared like the screens' columns (DocumentTable): its
 * head, whether it holds figures, its cell, its cell in the total row.
 */
export interface PrintColumn<T> {
  /** React key of the column's cells. */
  id: string;
  /** The head, repeated at the top of every page (a money column names its currency here). */
  label: ReactNode;
  /** Figures: right-aligned, never wrapped, tabular digits — head, cells and total alike. */
  num?: boolean;
  /**
   * The cells' class, which also sets the column's width: `code` (monospace, whole), `unit`,
   * `is-whole` (read whole, as narrow as its contents), `count-box` (room to write a count by hand).
   */
  className?: string | ((row: T) => string | undefined);
  /** The head's class besides `num`. */
  headClassName?: string;
  cell: (row: T) => ReactNode;
  /**
   * The column's cell in the total row, printed once after the last line: when a column has one,
   * the table gets that row. The row's first cell is its heading.
   */
  foot?: ReactNode;
  /** The total row's cell covers this column and the next ones (« Total (12 lignes) » across #, code and name). */
  footSpan?: number;
  /** The total cell's class instead of the column's `num` (`num is-text`: a total in words that may wrap). */
  footClassName?: string;
  footTestId?: string;
}

/** Columns as declared: a conditional column is written `vat ? {…} : null`. */
export type PrintColumns<T> = ReadonlyArray<PrintColumn<T> | false | null | undefined>;

/**
 * The lines table of every printout (a document's lines, a state's rows), drawn for paper
 * (`app-print-table`, _print.scss): the heads repeated at the top of each page, a line never cut
 * across two pages, the total row once at the end. `before` and `after` are rows that are not lines
 * (an opening balance, an advance kept), written as `<tr>`.
 *
 *   <PrintLines testId="print-lines" rows={c.lines} rowKey={(l) => l.position} columns={[
 *     { id: 'position', label: '#', cell: (l) => l.position, foot: 'Total remboursé', footSpan: 2 },
 *     { id: 'name', label: 'Désignation', cell: (l) => l.product_name },
 *     { id: 'refund', label: `Remboursé (${unit})`, num: true, cell: (l) => amount(l.refund), foot: amount(c.refund) },
 *   ]} />
 */
export function PrintLines<T>({
  columns,
  rows,
  rowKey,
  before,
  after,
  dense = false,
  className,
  testId,
}: {
  columns: PrintColumns<T>;
  rows: readonly T[];
  rowKey: (row: T, index: number) => string | number;
  before?: ReactNode;
  after?: ReactNode;
  /** A state's many rows: a row a line, tight cells (`is-dense`). */
  dense?: boolean;
  className?: string;
  testId?: string;
}) {
  const cols = columns.filter((c): c is PrintColumn<T> => Boolean(c));
  const classes = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(' ') || undefined;
  return (
    <table className={classes('app-print-table', dense && 'is-dense', className)} data-testid={testId}>
      <thead>
        <tr>
          {cols.map((c) => (
            <th key={c.id} className={classes(c.num && 'num', c.headClassName)}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {before}
        {rows.map((row, i) => (
          <tr key={rowKey(row, i)}>
            {cols.map((c) => (
              <td
                key={c.id}
                className={classes(c.num && 'num', typeof c.className === 'function' ? c.className(row) : c.className)}
              >
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
        {after}
      </tbody>
      <PrintLinesFoot columns={cols} />
    </table>
  );
}

/** The total row: each column's `foot`, a cell spanning `footSpan` columns, the first cell a heading. */
function PrintLinesFoot<T>({ columns }: { columns: PrintColumn<T>[] }) {
  if (!columns.some((c) => c.foot !== undefined)) return null;
  const cells: ReactNode[] = [];
  for (let i = 0; i < columns.length;) {
    const c = columns[i];
    const span = Math.max(1, c.footSpan ?? 1);
    const Cell = i === 0 ? 'th' : 'td';
    const className = (c.footClassName ?? (c.num ? 'num' : '')) || undefined;
    cells.push(
      <Cell key={c.id} colSpan={span > 1 ? span : undefined} className={className} data-testid={c.footTestId}>
        {c.foot}
      </Cell>,
    );
    i += span;
  }
  return (
    <tfoot>
      <tr>{cells}</tr>
    </tfoot>
  );
}
