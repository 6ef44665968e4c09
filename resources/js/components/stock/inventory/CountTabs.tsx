import { Link } from '@inertiajs/react';
import { Icon } from '@/components/Icon';

/** "Saisie" / "Écarts" of a count, each keeping the filters (`href(tab)`). */
export function CountTabs({
  tab,
  open,
  href,
}: {
  tab: 'saisie' | 'ecarts';
  open: boolean;
  href: (tab: 'saisie' | 'ecarts') => string;
}) {
  return (
    <ul className="nav nav-tabs mb-3" role="tablist">
      <li className="nav-item" role="presentation">
        <Link
          href={href('saisie')}
          className={`nav-link ${tab === 'saisie' ? 'active' : ''}`}
          aria-current={tab === 'saisie' ? 'page' : undefined}
          preserveScroll
        >
          <Icon name="fa-solid fa-list-check" className="me-1" />
          {open ? 'Saisie' : 'Comptages'}
        </Link>
      </li>
      <li className="nav-item" role="presentation">
        <Link
          href={href('ecarts')}
          className={`nav-link ${tab === 'ecarts' ? 'active' : ''}`}
          aria-current={tab === 'ecarts' ? 'page' : undefined}
          preserveScroll
          data-testid="tab-ecarts"
        >
          <Icon name="fa-solid fa-scale-unbalanced" className="me-1" />
          {open ? 'Écarts et validation' : 'Écarts et ajustements'}
        </Link>
      </li>
    </ul>
  );
}
