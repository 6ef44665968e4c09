import { type ReactNode, useId } from 'react';
import { Icon } from '@/components/Icon';
// The screens' stylesheet, in the screens chunk with this component (vite.config.ts).
import '../../../css/screens/screens.scss';

/**
 * A titled card of a record or document page ("Fiche client", "Historique des prix", "Réception…"):
 * the heading names the section for screen readers; `aside` sits at the right of the heading.
 */
export function SectionCard({
  title,
  icon,
  aside,
  children,
  testId,
  className = '',
}: {
  title: ReactNode;
  icon?: string;
  aside?: ReactNode;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  const titleId = `${useId()}-title`;
  return (
    <section className={`card app-section-card ${className}`} aria-labelledby={titleId} data-testid={testId}>
      <div
        className={`card-header ${aside ? 'd-flex justify-content-between align-items-center gap-2 flex-wrap' : ''}`}
      >
        <h2 id={titleId} className="h6 mb-0">
          {icon ? <Icon name={icon} className="me-2" /> : null}
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
