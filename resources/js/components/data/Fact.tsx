import type { ReactNode } from 'react';

/** One "label: value" pair of a record page (inside <dl className="app-facts">); empty → "—". */
export function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value === '' || value === null || value === undefined ? <span className="text-body-secondary">—</span> : value}</dd>
    </div>
  );
}
