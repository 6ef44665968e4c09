import type { MovementTypeTotal, NonCashTotal } from '@shared/cash-closing-pages';
import { MOBILE_MONEY_OPERATOR_LABELS, type MobileMoneyOperator, PAYMENT_METHOD_LABELS } from '@shared/treasury';
import { formatQty } from '@/components/data/format';
import { Money } from '@/components/data/Money';

/**
 * The figures of a desk's day, as the closing screen, the closing's page and (in print) its report
 * show them: the opening balance, the day's ins and outs by movement type, the expected cash.
 */
export function ExpectedCashTable({ currency, opening, byType, totalIn, totalOut, expected, day }: { currency: string; opening: number; byType: MovementTypeTotal[]; totalIn: number; totalOut: number; expected: number; day: string }) {
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle mb-0" data-testid="closing-expected-table">
        <thead>
          <tr>
            <th scope="col">Nature</th>
            <th scope="col" className="text-end d-none d-sm-table-cell">
              Mouvements
            </th>
            <th scope="col" className="text-end">
              Entrées
            </th>
            <th scope="col" className="text-end">
              Sorties
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="fw-semibold">
            <th scope="row">Fond de caisse</th>
            <td className="d-none d-sm-table-cell" />
            <td className="text-end" colSpan={2} data-testid="closing-opening">
              <Money value={opening} currency={currency} />
            </td>
          </tr>
          {byType.length === 0 ? (
            <tr>
              <td colSpan={4} className="text-body-secondary">
                Aucun mouvement ce jour ({day}).
              </td>
            </tr>
          ) : (
            byType.map((t) => (
              <tr key={t.movement_type} data-testid={`closing-type-${t.movement_type}`}>
                <td>{t.label}</td>
                <td className="text-end d-none d-sm-table-cell">{formatQty(t.count)}</td>
                <td className="text-end">{t.total_in ? <Money value={t.total_in} currency={currency} /> : '—'}</td>
                <td className="text-end">{t.total_out ? <Money value={-t.total_out} currency={currency} /> : '—'}</td>
              </tr>
            ))
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total du jour</th>
            <td className="d-none d-sm-table-cell" />
            <td className="text-end">
              <Money value={totalIn} currency={currency} />
            </td>
            <td className="text-end">
              <Money value={-totalOut} currency={currency} />
            </td>
          </tr>
          <tr>
            <th scope="row">Espèces attendues en caisse</th>
            <td className="d-none d-sm-table-cell" />
            <td className="text-end fw-bold" colSpan={2} data-testid="closing-expected">
              <Money value={expected} currency={currency} />
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The day's money taken by other means than cash, to check against the operators' and banks' statements. */
export function NonCashTable({ currency, rows }: { currency: string; rows: NonCashTotal[] }) {
  if (rows.length === 0) return <p className="text-body-secondary mb-0">Aucun encaissement hors espèces ce jour.</p>;
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
                {r.operator ? ` (${MOBILE_MONEY_OPERATOR_LABELS[r.operator as MobileMoneyOperator] ?? r.operator})` : ''}
              </td>
              <td>{r.account_name}</td>
              <td className="text-end">{formatQty(r.count)}</td>
              <td className="text-end">
                <Money value={r.total} currency={currency} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
