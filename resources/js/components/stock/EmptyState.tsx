import type { ReactNode } from 'react';
import { Icon } from '@/components/Icon';

/** What a list says when it has no row (and, when useful, what to do). */
export function EmptyState({ icon = 'fa-solid fa-box-open', children, action }: { icon?: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="app-stock-empty" data-testid="empty-state">
      <div className="app-stock-empty-icon">
        <Icon name={icon} />
      </div>
      <p className="mb-2">{children}</p>
      {action}
    </div>
  );
}
