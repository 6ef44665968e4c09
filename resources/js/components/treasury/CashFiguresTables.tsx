import type { CountLine, MovementTypeTotal, NonCashTotal } from '@shared/pages/cash-closings';
import { Fragment, type ReactNode } from 'react';
import { MOBILE_MONEY_OPERATOR_LABELS, type MobileMoneyOperator, PAYMENT_METHOD_LABELS } from '@shared/treasury';
import { formatQty } from '@/components/data/format';
import { Money } from '@/components/data/Money';

/** A balance line of the table: its label, its amount and the test id of the amount's cell. */
export interface FiguresBalance {
  label: string;
  value: number;
  testId?: string;
}

/**
 * The movements of an account by nature between two balances — the one table of the Caisse: the
 * expected cash of a desk's day (closing screen, closing's page, closing report A4) and the
 * situation of an account over a period (screen and A4 printout). `print` draws it for paper
 * (`app-print-table`); on screen below 576 px the count hides and the ins and outs share one
 * « Montant » column, so it fits a phone. Outs are shown negative (true minus). A type's `details`
 * (the situation's décaissements by expense category) follow it as indented sub-lines.
 */
export function MovementFiguresTable({
  byType,
  opening,
  total = null,
  closing,
  emptyText,
  rowTestId,
  testId,
  print = false,
}: {
  /** Left out: the company currency (useCompany); the amounts are shown in it either way. */
  currency?: string;
  byType: MovementTypeTotal[];
  opening: FiguresBalance;
  /** The in/out totals row (its count cell left empty when `count` is absent); none when null. */
  total?: { label: string; count?: number; totalIn: number; totalOut: number } | null;
  closing: FiguresBalance;
  emptyText: string;
  /** Each nature's row is `${rowTestId}-${movement_type}`. */
  rowTestId?: string;
  testId?: string;
  print?: boolean;
}) {
  // On screen below 576 px the ins and outs share one column (outs negative), so the table fits a phone.
  const num = print ? 'num' : 'text-end d-none d-sm-table-cell';
  const narrow = print ? null : 'text-end d-sm-none';
  const outs = (n: number) => <Money value={-n} />;
  const both = (totalIn: number, totalOut: number, always = false) =>
    narrow ? (
      <td className={narrow}>
        {totalIn || always ? (
          <div>
            <Money value={totalIn} />
          </div>
        ) : null}
        {totalOut || always ? <div>{outs(totalOut)}</div> : null}
      </td>
    ) : null;
  const balance = (b: FiguresBalance, className: string) => (
    <>
      <td className={num} />
      <td className={`${num} ${className}`} colSpan={2} data-testid={b.testId}>
        <Money value={b.value} />
      </td>
      {narrow ? (
        <td className={`${narrow} ${className}`}>
          <Money value={b.value} />
        </td>
      ) : null}
    </>
  );
  const table = (
    <table className={print ? 'app-print-table' : 'table table-sm align-middle mb-0'} data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">Nature</th>
          <th scope="col" className={num}>
            Mouvements
          </th>
          <th scope="col" className={num}>
            Entrées
          </th>
          <th scope="col" className={num}>
            Sorties
          </th>
          {narrow ? (
            <th scope="col" className={narrow}>
              Montant
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        <tr className={print ? undefined : 'fw-semibold'}>
          <th scope="row">{opening.label}</th>
          {balance(opening, '')}
        </tr>
        {byType.length === 0 ? (
          <tr>
            <td colSpan={narrow ? 5 : 4} className={print ? undefined : 'text-body-secondary'}>
              {emptyText}
            </td>
          </tr>
        ) : (
          byType.map((t) => (
            <Fragment key={t.movement_type}>
              <tr data-testid={rowTestId ? `${rowTestId}-${t.movement_type}` : undefined}>
                <td>{t.label}</td>
                <td className={num}>{formatQty(t.count)}</td>
                <td className={num}>{t.total_in ? <Money value={t.total_in} /> : '—'}</td>
                <td className={num}>{t.total_out ? outs(t.total_out) : '—'}</td>
                {both(t.total_in, t.total_out)}
              </tr>
              {/* Sub-lines of the type (the décaissements by expense category), indented and smaller. */}
              {(t.details ?? []).map((d) => (
                <tr
                  key={`${t.movement_type}-${d.key}`}
                  className={print ? 'app-print-sub' : 'small text-body-secondary'}
                  data-testid={rowTestId ? `${rowTestId}-${t.movement_type}-${d.key}` : undefined}
                >
                  <td className={print ? undefined : 'ps-4'}>{d.label}</td>
                  <td className={num}>{formatQty(d.count)}</td>
                  <td className={num}>{d.total_in ? <Money value={d.total_in} /> : '—'}</td>
                  <td className={num}>{d.total_out ? outs(d.total_out) : '—'}</td>
                  {both(d.total_in, d.total_out)}
                </tr>
              ))}
            </Fragment>
          ))
        )}
      </tbody>
      <tfoot>
        {total ? (
          <tr>
            <th scope="row">{total.label}</th>
            <td className={num}>{total.count === undefined ? null : formatQty(total.count)}</td>
            <td className={`${num} fw-semibold`}>
              <Money value={total.totalIn} />
            </td>
            <td className={`${num} fw-semibold`}>{outs(total.totalOut)}</td>
            {both(total.totalIn, total.totalOut, true)}
          </tr>
        ) : null}
        <tr>
          <th scope="row">{closing.label}</th>
          {balance(closing, 'fw-bold')}
        </tr>
      </tfoot>
    </table>
  );
  return print ? table : <div className="table-responsive">{table}</div>;
}

/** The figures of a desk's day as every closing page shows them (draft, closing): opening balance, the day's ins and outs by nature, the expected cash. */
export function ExpectedCashTable({
  figures: f,
  day,
  print = false,
}: {
  /** Left out: the company currency (useCompany). */
  currency?: string;
  figures: {
    opening_balance: number;
    by_type: MovementTypeTotal[];
    total_in: number;
    total_out: number;
    expected: number;
  };
  day: string;
  print?: boolean;
}) {
  return (
    <MovementFiguresTable
      byType={f.by_type}
      opening={{
        label: print ? 'Fond de caisse (solde d’ouverture)' : 'Fond de caisse',
        value: f.opening_balance,
        testId: print ? undefined : 'closing-opening',
      }}
      total={{ label: 'Total du jour', totalIn: f.total_in, totalOut: f.total_out }}
      closing={{
        label: print ? 'Espèces attendues' : 'Espèces attendues en caisse',
        value: f.expected,
        testId: print ? 'print-expected' : 'closing-expected',
      }}
      emptyText={`Aucun mouvement ce jour (${day}).`}
      rowTestId={print ? undefined : 'closing-type'}
      testId={print ? 'closing-print-expected' : 'closing-expected-table'}
      print={print}
    />
  );
}

/** The day's money taken by other means than cash, to check against the operators' and banks' statements. */
export function NonCashTable({ rows }: { rows: NonCashTotal[] }) {
  if (rows.length === 0)
    return <p className="text-body-secondary mb-0 px-3 py-2">Aucun encaissement hors espèces ce jour.</p>;
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle mb-0" data-testid="closing-non-cash">
        <thead>
          <tr>
            <th scope="col">Mode</th>
            <th scope="col">Compte</th>
            <th scope="col" className="text-end">
              Opérations
            </th>
            <th scope="col" className="text-end">
              Montant
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.method}-${r.operator ?? ''}-${r.account_id}`}>
              <td>
                {PAYMENT_METHOD_LABELS[r.method]}
                {r.operator
                  ? ` (${MOBILE_MONEY_OPERATOR_LABELS[r.operator as MobileMoneyOperator] ?? r.operator})`
                  : ''}
              </td>
              <td>{r.account_name}</td>
              <td className="text-end">{formatQty(r.count)}</td>
              <td className="text-end">
                <Money value={r.total} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A closing's count, note by note: the closing's page (`print` false: in a scrolling wrapper) and its
 * A4 report (`print`: the paper table, with `difference` — the row under « Total compté »).
 */
export function CountLinesTable({
  lines,
  counted,
  difference = null,
  print = false,
}: {
  /** Left out: the company currency (useCompany). */
  currency?: string;
  lines: CountLine[];
  counted: number;
  difference?: { label: string; value: number } | null;
  print?: boolean;
}) {
  const num = print ? 'num' : 'text-end';
  const header = (label: string, className?: string): ReactNode =>
    print ? (
      <th className={className}>{label}</th>
    ) : (
      <th scope="col" className={className}>
        {label}
      </th>
    );
  const total = (label: string, value: number, testId: string | undefined) => (
    <tr>
      {print ? (
        <th colSpan={2}>{label}</th>
      ) : (
        <th scope="row" colSpan={2}>
          {label}
        </th>
      )}
      <td className={print ? 'num' : 'text-end fw-bold'} data-testid={testId}>
        <Money value={value} />
      </td>
    </tr>
  );
  const table = (
    <table
      className={print ? 'app-print-table' : 'table table-sm align-middle mb-0'}
      data-testid={print ? 'closing-print-count' : undefined}
    >
      <thead>
        <tr>
          {header('Coupure')}
          {header('Nombre', num)}
          {header('Montant', num)}
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.key}>
            <td>{l.label}</td>
            <td className={num}>{formatQty(l.count)}</td>
            <td className={num}>
              <Money value={l.total} />
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {total('Total compté', counted, print ? 'print-counted' : undefined)}
        {difference ? total(difference.label, difference.value, print ? 'print-difference' : undefined) : null}
      </tfoot>
    </table>
  );
  return print ? table : <div className="table-responsive">{table}</div>;
}
