import { Link } from '@inertiajs/react';

/** Logo mark: a stylised stack of boxes (drawn here, no image file). */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg className="app-logo-mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="30" height="30" rx="8" className="app-logo-bg" />
      <path d="M8.5 17.5h7v7h-7zM16.5 17.5h7v7h-7zM12.5 9.5h7v7h-7z" className="app-logo-box" />
    </svg>
  );
}

/** "SDSTOCK WEB 2.0" word mark with the logo; a link to `href` (home or dashboard). */
export function Brand({
  href,
  compact = false,
  className = '',
}: {
  href: string;
  compact?: boolean;
  className?: string;
}) {
  return (
    <Link href={href} className={`app-brand ${className}`} aria-label="SDSTOCK WEB 2.0 — accueil">
      <LogoMark />
      {compact ? null : (
        <span className="app-brand-text">
          <span className="app-brand-name">SDSTOCK</span>
          <span className="app-brand-suffix">WEB 2.0</span>
        </span>
      )}
    </Link>
  );
}
