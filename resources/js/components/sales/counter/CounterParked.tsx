import { Icon } from '@/components/Icon';
import { Money } from '@/components/data/Money';
import { formatTime } from '@/components/data/format';
import type { CounterState } from './useCounter';

/** The baskets on hold at this shop: time, lines, total; resume one (the basket in progress goes on hold) or discard it. */
export function CounterParked({ state }: { state: CounterState }) {
  const { parked, form, resumeParked, discardParked } = state;
  if (parked.length === 0) return null;
  return (
    <section className="app-counter-parked mb-3" aria-label="Ventes en attente" data-testid="counter-parked">
      <div className="app-counter-parked-title small fw-semibold">
        <Icon name="fa-solid fa-clock" className="me-1" />
        En attente ({parked.length})
      </div>
      <ul className="app-counter-parked-list">
        {parked.map((p) => (
          <li key={p.id} data-testid={`counter-parked-${p.id}`}>
            <button
              type="button"
              className="btn btn-sm btn-outline-primary app-counter-parked-resume"
              onClick={() => resumeParked(p)}
              disabled={form.busy}
              title="Reprendre cette vente"
            >
              <span className="fw-semibold">{formatTime(p.parked_at)}</span>
              <span>
                {p.line_count} ligne{p.line_count > 1 ? 's' : ''}
              </span>
              <Money value={p.total} />
              {!p.client.is_walk_in ? (
                <span className="text-truncate app-counter-parked-client">{p.client.name}</span>
              ) : null}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              onClick={() => discardParked(p)}
              disabled={form.busy}
              aria-label={`Supprimer la vente en attente de ${formatTime(p.parked_at)}`}
              title="Supprimer"
            >
              <Icon name="fa-solid fa-xmark" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
