import { Link } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { AppPage, type AppPageProps } from '@/components/AppPage';
import { Icon } from '@/components/Icon';

/**
 * The frame of a master-data record page (a client, a product, a location…): the page heading,
 * the main column (figures, facts, form, history) and, beside it, `aside` (RecordLifecycle).
 *
 *   <RecordPage title={client.name} subtitle={…} breadcrumbs={…} actions={…} aside={<RecordLifecycle … />}>…</RecordPage>
 */
export function RecordPage({ aside, mainClassName = 'col-xl-8', children, ...page }: AppPageProps & { aside?: ReactNode; mainClassName?: string }) {
  return (
    <AppPage {...page}>
      <div className="row g-4">
        <div className={mainClassName}>{children}</div>
        {aside ? <div className="col-xl-4">{aside}</div> : null}
      </div>
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
