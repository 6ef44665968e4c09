import type { ReactNode } from 'react';
import { SectionCard } from './SectionCard';

/** The label/value list of a record or document page: <Facts><Fact label="Téléphone" value={…} />…</Facts>. */
export function Facts({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <dl className={`app-facts ${className}`}>{children}</dl>;
}

/** One "label: value" pair of <Facts>; empty → "—". */
export function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {value === '' || value === null || value === undefined ? <span className="text-body-secondary">—</span> : value}
      </dd>
    </div>
  );
}

/** The facts of a record in their titled card ("Fiche client"). */
export function FactsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SectionCard title={title}>
      <div className="card-body">
        <Facts>{children}</Facts>
      </div>
    </SectionCard>
  );
}
