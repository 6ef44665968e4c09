import { useLayout } from '@/lib/layout-context';
import { LogoMark } from './Brand';

/** Full-page loader (layout state "page loader"): shown e.g. while signing out. */
export function PageLoader() {
  const { state } = useLayout();
  if (!state.pageLoader) return null;
  return (
    <div className="app-page-loader" role="status" aria-live="polite" data-testid="page-loader">
      <div className="app-page-loader-inner">
        <LogoMark size={48} />
        <span className="spinner-border" aria-hidden="true" />
        <span className="visually-hidden">Chargement…</span>
      </div>
    </div>
  );
}
