import type { CountSummaryView } from '@shared/pages/stock';
import { formatQty } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { Stat, StatRow } from '@/components/data/Stat';

/** The key figures of a count's differences: counted, moved, lines to adjust, gains, losses, net value at CMUP. */
export function CountSummary({
  summary,
  open,
  showValues,
}: {
  summary: CountSummaryView;
  open: boolean;
  showValues: boolean;
}) {
  return (
    <StatRow className="mb-3" testId="count-summary">
      <Stat label="Comptés" value={`${formatQty(summary.counted)} / ${formatQty(summary.lines)}`} />
      <Stat label="Non comptés" value={formatQty(summary.uncounted)} />
      <Stat label="Ont bougé" value={formatQty(summary.moved)} />
      <Stat label={open ? 'Lignes à ajuster' : 'Lignes ajustées'} value={formatQty(summary.adjusted)} />
      <Stat
        label="Lignes en gain"
        value={<span className="app-diff-pos">{formatQty(summary.gain_lines)}</span>}
        extra={showValues ? <Money value={summary.gain_value} /> : null}
      />
      <Stat
        label="Lignes en perte"
        value={<span className="app-diff-neg">{formatQty(summary.loss_lines)}</span>}
        extra={showValues ? <Money value={summary.loss_value ? -summary.loss_value : 0} /> : null}
      />
      {showValues ? (
        <Stat label="Écart net (CMUP)" value={<Money value={summary.net_value} tone="balance" />} testId="net-value" />
      ) : null}
    </StatRow>
  );
}
