import { route } from '@shared/routes';
import { Icon } from '@/components/Icon';
import { Money } from '@/components/data/Money';
import type { CounterState } from './useCounter';

/** The last sale in the page's corner: its number, total and the change given, and its reprint. */
export function CounterLastSale({ state }: { state: CounterState }) {
  const last = state.props.last_sale;
  if (!last) return null;
  return (
    <div className="app-counter-last" data-testid="counter-last-sale" aria-live="polite">
      <span className="small text-body-secondary">Dernière vente</span>{' '}
      <span className="app-doc-number">{last.number}</span>
      <span className="text-body-secondary"> · </span>
      <Money value={last.total} />
      <span className="text-body-secondary"> · </span>
      <span>
        Monnaie rendue{' '}
        <strong data-testid="counter-last-change">
          <Money value={last.change} />
        </strong>
      </span>
      {state.can.reprint ? (
        <a
          href={route('sales.ticket', { id: last.id })}
          className="ms-2 small"
          data-testid="counter-reprint"
          title="Réimprimer le ticket : ce sera un DUPLICATA"
        >
          <Icon name="fa-solid fa-print" className="me-1" />
          Réimprimer
        </a>
      ) : null}
    </div>
  );
}
