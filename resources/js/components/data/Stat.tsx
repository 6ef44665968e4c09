import type { ReactNode } from 'react';

/**
 * Key figures above a record, a list or a document: <StatRow> lays out the <Stat> boxes (value in
 * bold, label under it, an optional second line), wrapping on narrow screens.
 *
 *   <StatRow><Stat label="Solde dû" value={<Money … />} tone="danger" /></StatRow>
 */
export function StatRow({
  children,
  testId,
  className = 'mb-4',
}: {
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <div className={`app-stat-row ${className}`} data-testid={testId}>
      {children}
    </div>
  );
}

export function Stat({
  label,
  value,
  extra,
  tone,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  extra?: ReactNode;
  tone?: 'success' | 'info' | 'danger';
  testId?: string;
}) {
  return (
    <div className={`app-stat ${tone ? `app-stat-${tone}` : ''}`} data-testid={testId}>
      <div className="app-stat-value">{typeof value === 'number' ? value.toLocaleString('fr-FR') : value}</div>
      <div className="app-stat-label">{label}</div>
      {extra ? <div className="small mt-1">{extra}</div> : null}
    </div>
  );
}
