import { Dropdown } from '@/components/Dropdown';
import { Icon } from '@/components/Icon';
import { type ListState, exportHref } from './list-query';

/**
 * "Exporter" menu: CSV and Excel files of the list as filtered (same search, filters and sort).
 * `url` is the list's export route; plain <a> links, not Inertia visits: the browser downloads the file.
 *
 *   <ExportButtons url={route('clients.export')} state={list.state} />
 */
export function ExportButtons({ url, state, label = 'Exporter' }: { url: string; state: ListState; label?: string }) {
  return (
    <Dropdown
      label={
        <>
          <Icon name="fa-solid fa-file-export" className="me-2" />
          {label}
        </>
      }
      toggleClassName="btn btn-outline-secondary"
      testId="export-menu"
    >
      <a role="menuitem" className="dropdown-item" href={exportHref(url, state, 'csv')} download>
        <Icon name="fa-solid fa-file-csv" fixedWidth className="me-2" />
        Fichier CSV
      </a>
      <a role="menuitem" className="dropdown-item" href={exportHref(url, state, 'xlsx')} download>
        <Icon name="fa-solid fa-file-excel" fixedWidth className="me-2" />
        Classeur Excel (XLSX)
      </a>
    </Dropdown>
  );
}
