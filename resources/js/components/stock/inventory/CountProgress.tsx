import type { CountSessionView, CountSummaryView } from '@shared/pages/stock';
import { StatusAlert } from '@/components/Field';
import { formatQty } from '@/components/data/format';
import { Money } from '@/components/data/Money';

/** Under a count's facts: how many products are counted, and a warning when stock moved since the snapshot. */
export function CountProgress({ session, summary }: { session: CountSessionView; summary: CountSummaryView | null }) {
  const progress = session.line_count === 0 ? 0 : Math.round((session.counted_count / session.line_count) * 100);
  return (
    <>
      <div className="d-flex justify-content-between small mb-1 mt-3">
        <span>
          Produits comptés : <strong data-testid="counted-progress">{formatQty(session.counted_count)}</strong> sur{' '}
          {formatQty(session.line_count)}
        </span>
        <span>{progress} %</span>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label="Avancement du comptage"
        aria-valuenow={progress}
        aria-valuemin={0}
        aria-valuemax={100}
        style={{ height: '0.5rem' }}
      >
        <div className="progress-bar" style={{ width: `${progress}%` }} />
      </div>
      {summary && summary.moved > 0 && session.status === 'open' ? (
        <StatusAlert tone="warning" className="small mt-3 mb-0">
          {formatQty(summary.moved)} produit{summary.moved > 1 ? 's ont' : ' a'} bougé depuis l’instantané (ventes,
          transferts, entrées) : la validation demandera comment les traiter.
          {summary.net_value ? (
            <>
              {' '}
              Écart net actuel : <Money value={summary.net_value} />.
            </>
          ) : null}
        </StatusAlert>
      ) : null}
    </>
  );
}
