import { FISCAL_FILTER_STATES, FISCAL_STATES, type FiscalBadgeFacts } from '@shared/fiscal';
import { FilterSelect } from '@/components/data/ListToolbar';
import { StatusBadge } from '@/components/data/StatusBadge';

/**
 * A document's certification in a list cell: its state's badge and, once certified, its fiscal
 * number under it; « — » for a document the DGI was never told of (made while no provider was set).
 *
 *   { id: 'fiscal', label: 'Certification', role: 'status', cell: (s) => <FiscalBadge fiscal={s.fiscal} /> }
 */
export function FiscalBadge({ fiscal }: { fiscal: FiscalBadgeFacts | null }) {
  if (!fiscal) return <span className="text-body-secondary">—</span>;
  return (
    <>
      <StatusBadge kind="fiscal" status={fiscal.state} />
      {fiscal.fiscal_number ? (
        <div className="small text-body-secondary app-doc-number" data-testid="fiscal-number">
          {fiscal.fiscal_number}
        </div>
      ) : null}
    </>
  );
}

/** The « Certification » column of a document list (shown only when `show`). */
export function fiscalColumn<T extends { fiscal: FiscalBadgeFacts | null }>(show: boolean) {
  return show
    ? {
        id: 'fiscal',
        label: 'Certification',
        role: 'status' as const,
        cell: (row: T) => <FiscalBadge fiscal={row.fiscal} />,
      }
    : null;
}

const FILTER_OPTIONS = FISCAL_FILTER_STATES.map((s) => ({ value: s, label: FISCAL_STATES[s] }));

/** The « Certification » filter of a document list (shown with its column). */
export function FiscalFilter({ value, onChange }: { value: string; onChange: (fiscal: string) => void }) {
  return (
    <FilterSelect
      label="Certification"
      value={value}
      allLabel="Toutes"
      options={FILTER_OPTIONS}
      onChange={onChange}
      testId="fiscal-filter"
    />
  );
}
