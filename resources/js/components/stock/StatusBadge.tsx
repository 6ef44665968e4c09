import { COUNT_STATUS_LABELS, type CountStatus, ENTRY_STATUS_LABELS, type EntryStatus, TRANSFER_STATUS_LABELS, TRANSFER_STATUS_TONES, type TransferStatus } from '@shared/stock';
import { Badge } from '@/components/data/StatusBadge';

type Tone = 'success' | 'secondary' | 'info' | 'warning';
const ENTRY_TONES: Record<EntryStatus, Tone> = { validated: 'success', cancelled: 'secondary' };
const COUNT_TONES: Record<CountStatus, Tone> = { open: 'info', validated: 'success', cancelled: 'secondary' };

/** Status of a stock document as a coloured badge (labels and transfer tones from shared/stock.ts). */
export function StatusBadge({ kind, status, label }: { kind: 'entry' | 'transfer' | 'count'; status: string; label?: string }) {
  const tone = (kind === 'entry' ? ENTRY_TONES[status as EntryStatus] : kind === 'transfer' ? TRANSFER_STATUS_TONES[status as TransferStatus] : COUNT_TONES[status as CountStatus]) as Tone | undefined;
  const text =
    label ??
    (kind === 'entry' ? ENTRY_STATUS_LABELS[status as EntryStatus] : kind === 'transfer' ? TRANSFER_STATUS_LABELS[status as TransferStatus] : COUNT_STATUS_LABELS[status as CountStatus]);
  return (
    <span data-status={status}>
      <Badge tone={tone ?? 'secondary'} className="app-status">
        {text ?? status}
      </Badge>
    </span>
  );
}
