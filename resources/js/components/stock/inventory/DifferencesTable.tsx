import type { ReactNode } from 'react';
import type { Paginated } from '@shared/lists';
import type { CountLineView } from '@shared/pages/stock';
import { diffClass, formatQty, formatSigned } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { CountLineProduct, CountLinesCard, CountLinesTable } from './CountLinesCard';

/** The differences of a count, line by line: theoretical, current, moved, counted, difference, adjustment (and their value at CMUP when shown). */
export function DifferencesTable({
  lines,
  open,
  showValues,
  top,
}: {
  lines: Paginated<CountLineView>;
  open: boolean;
  showValues: boolean;
  top: ReactNode;
}) {
  return (
    <CountLinesCard top={top} lines={lines} emptyIcon="fa-solid fa-scale-balanced">
      <CountLinesTable
        testId="difference-lines"
        head={
          <>
            <th scope="col" className="num">
              Théorique
            </th>
            <th scope="col" className="num">
              {open ? 'Stock actuel' : 'Stock à la validation'}
            </th>
            <th scope="col" className="num">
              Mouvements
            </th>
            <th scope="col" className="num">
              Compté
            </th>
            <th scope="col" className="num">
              Écart
            </th>
            <th scope="col" className="num">
              Ajustement
            </th>
            {showValues ? (
              <>
                <th scope="col" className="num">
                  CMUP
                </th>
                <th scope="col" className="num">
                  Valeur
                </th>
              </>
            ) : null}
          </>
        }
      >
        {lines.data.map((l) => (
          <tr key={l.product_id} data-testid={`diff-line-${l.code}`}>
            <CountLineProduct code={l.code} name={l.name} />
            <td className="num" data-label="Théorique">
              {formatQty(l.theoretical)}
            </td>
            <td className="num" data-label={open ? 'Stock actuel' : 'À la validation'}>
              {formatQty(l.current)}
            </td>
            <td
              className={`num ${l.moved ? 'text-warning-emphasis fw-semibold' : 'text-body-secondary'}`}
              data-label="Mouvements"
            >
              {l.moved ? formatSigned(l.moved) : '—'}
            </td>
            <td className="num" data-label="Compté">
              {l.counted === null ? <span className="text-body-secondary">non compté</span> : formatQty(l.counted)}
            </td>
            <td className={`num ${diffClass(l.difference)}`} data-label="Écart">
              {formatSigned(l.difference)}
            </td>
            <td className={`num ${diffClass(l.adjustment)}`} data-label="Ajustement">
              {formatSigned(l.adjustment)}
            </td>
            {showValues ? (
              <>
                <td className="num" data-label="CMUP">
                  <Money value={l.unit_cost} />
                </td>
                <td className="num" data-label="Valeur">
                  {l.value == null ? '—' : <Money value={l.value} tone="balance" />}
                </td>
              </>
            ) : null}
          </tr>
        ))}
      </CountLinesTable>
    </CountLinesCard>
  );
}
