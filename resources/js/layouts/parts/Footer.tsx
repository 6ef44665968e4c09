import { usePage } from '@inertiajs/react';

/** Product name, version and copyright (DESIGN.md §4). */
export function Footer({ className = '' }: { className?: string }) {
  const app = usePage().props.app;
  const year = new Date().getFullYear();
  const copyright = app?.copyright ?? `© ${year} SDSTOCK`;
  return (
    <footer className={`app-footer ${className}`}>
      <div className="app-footer-content">
        <span>
          <strong>{app?.name ?? 'SDSTOCK WEB 2.0'}</strong>{' '}
          <span className="text-body-secondary">· version {app?.version ?? '3.0'}</span>
        </span>
        <span className="text-body-secondary">{copyright}</span>
      </div>
    </footer>
  );
}
