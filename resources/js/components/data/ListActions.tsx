import { Link } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { Icon } from '@/components/Icon';
import { ExportButtons } from './ExportButtons';
import type { ListState } from './list-query';

/**
 * The actions of a list toolbar, in their usual order: anything specific (children: a printout…),
 * export (CSV/XLSX of the filtered list), import, and the "Nouveau…" button. Each is given only
 * when the user may use it (the server checks again).
 *
 *   <ListActions exportUrl={can.export ? route('clients.export') : null} state={list.state}
 *     importHref={can.import ? route('clients.import') : null} create={can.create ? { href: route('clients.create'), label: 'Nouveau client' } : null} />
 */
export function ListActions({
  exportUrl,
  state = {},
  importHref,
  create,
  children,
}: {
  exportUrl?: string | null;
  state?: ListState;
  importHref?: string | null;
  create?: { href: string; label: string; testId?: string } | null;
  children?: ReactNode;
}) {
  return (
    <>
      {children}
      {exportUrl ? <ExportButtons url={exportUrl} state={state} /> : null}
      {importHref ? (
        <Link href={importHref} className="btn btn-outline-secondary">
          <Icon name="fa-solid fa-file-import" className="me-2" />
          Importer
        </Link>
      ) : null}
      {create ? <CreateLink href={create.href} label={create.label} testId={create.testId ?? 'create-link'} /> : null}
    </>
  );
}

/** The « Nouveau… » button (plus icon, primary): the toolbar's, and an empty list's action. */
export function CreateLink({ href, label, testId }: { href: string; label: string; testId?: string }) {
  return (
    <Link href={href} className="btn btn-primary" data-testid={testId}>
      <Icon name="fa-solid fa-plus" className="me-2" />
      {label}
    </Link>
  );
}
