import type { ReactNode } from 'react';
import { Icon } from '@/components/Icon';

/**
 * What a list, a table or a document says when it has no row: an icon, a title, what to do next,
 * and an optional action. Placed inside a card (DataTable uses it for its empty list).
 *
 *   <EmptyState icon="fa-solid fa-truck-ramp-box" title="Aucune entrée de stock" action={…}>Aucune entrée sur cette période.</EmptyState>
 */
export function EmptyState({
  icon = 'fa-regular fa-folder-open',
  title,
  children,
  action,
  testId = 'empty-state',
}: {
  icon?: string;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="app-empty-state card-body" data-testid={testId}>
      <div className="app-empty-icon" aria-hidden="true">
        <Icon name={icon} />
      </div>
      <h2 className="h5">{title}</h2>
      {children ? <p className={`text-body-secondary ${action ? 'mb-3' : 'mb-0'}`}>{children}</p> : null}
      {action}
    </div>
  );
}
