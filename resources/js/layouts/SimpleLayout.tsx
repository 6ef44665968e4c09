import type { ReactNode } from 'react';

/** Full width, no chrome: error pages and printouts. */
export default function SimpleLayout({ children }: { children?: ReactNode }) {
  return (
    <main id="main-content" className="app-simple">
      {children}
    </main>
  );
}
