import type { ListParams } from '@shared/lists';
import { Dropdown } from '@/components/Dropdown';
import { Icon } from '@/components/Icon';
import { exportHref } from './list-query';

/**
 * "Exporter" menu: CSV and Excel files of the list as filtered (same search, filters and sort).
 * Plain <a> links, not Inertia visits: the browser downloads the file.
 */
export function ExportButtons({ base, params, label = 'Exporter' }: { base: string; params: ListParams<object>; label?: string }) {
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
      <a role="menuitem" className="dropdown-item" href={exportHref(base, params, 'csv')} download>
        <Icon name="fa-solid fa-file-csv" fixedWidth className="me-2" />
        Fichier CSV
      </a>
      <a role="menuitem" className="dropdown-item" href={exportHref(base, params, 'xlsx')} download>
        <Icon name="fa-solid fa-file-excel" fixedWidth className="me-2" />
        Classeur Excel (XLSX)
      </a>
    </Dropdown>
  );
}
