import { Link } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { AppPage, type AppPageProps } from '@/components/AppPage';
import { Icon } from '@/components/Icon';

/**
 * The frame of a master-data record page (a client, a product, a location…): the page heading,
 * the main column (figures, facts, form, history) and, beside it, `aside` (RecordLifecycle);
 * `below`, full width under both (a wide list of the record: an account's ledger).
 *
 *   <RecordPage title={client.name} subtitle={…} breadcrumbs={…} actions={…} aside={<RecordLifecycle … />}>…</RecordPage>
 */
export function RecordPage({
  aside,
  below,
  mainClassName = 'col-xl-8',
  children,
  ...page
}: AppPageProps & { aside?: ReactNode; mainClassName?: string; below?: ReactNode }) {
  return (
    <AppPage {...page}>
      <div className="row g-4">
        <div className={mainClassName}>{children}</div>
        {aside ? <div className="col-xl-4">{aside}</div> : null}
      </div>
      {/* `below`: full width under both columns (a wide table: a treasury account's ledger). */}
      {below ? <div className="mt-4">{below}</div> : null}
    </AppPage>
  );
}

/** "Modifier" in a record page's heading, for a user who may change it (`href` null otherwise). */
export function EditLink({ href }: { href: string | null }) {
  return href ? (
    <Link href={href} className="btn btn-primary" data-testid="edit-link">
      <Icon name="fa-solid fa-pen" className="me-2" />
      Modifier
    </Link>
  ) : null;
}
