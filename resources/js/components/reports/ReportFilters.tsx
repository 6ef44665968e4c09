import type { ReportFilter } from '@shared/reports';
import { FilterInput, FilterSelect } from '@/components/data/ListToolbar';
import type { ListHandle } from '@/components/data/useList';
import { ProductPicker } from '@/components/pickers/ProductPicker';

/** The toolbar filters of a report, as the server declared them; each change reloads the report with the URL updated. */
export function ReportFilters({ filters, list }: { filters: ReportFilter[]; list: ListHandle }) {
  return (
    <>
      {filters.map((f) => {
        switch (f.type) {
          case 'date':
            return (
              <FilterInput
                key={f.id}
                label={f.label}
                type="date"
                value={f.value}
                onChange={(v) => list.update({ [f.id]: v, page: '' })}
                testId={`report-filter-${f.id}`}
              />
            );
          case 'select':
            return (
              <FilterSelect
                key={f.id}
                label={f.label}
                value={f.value}
                allLabel={f.all_label}
                options={f.options}
                onChange={(v) => list.update({ [f.id]: v, page: '' })}
                testId={`report-filter-${f.id}`}
              />
            );
          case 'search':
            return (
              <FilterInput
                key={f.id}
                label={f.label}
                value={f.value}
                placeholder={f.placeholder}
                onChange={(v) => list.update({ [f.id]: v, page: '' })}
                testId={`report-filter-${f.id}`}
              />
            );
          case 'products': {
            const ids = f.value ? f.value.split(',') : [];
            return (
              <div key={f.id} className="app-filter app-report-products" data-testid="report-filter-products">
                <span className="app-filter-label">{f.label}</span>
                <div className="d-flex flex-wrap gap-1 align-items-center">
                  {f.selected.map((p) => (
                    <span
                      key={p.id}
                      className="badge rounded-pill app-badge-soft fw-normal d-inline-flex align-items-center"
                    >
                      {p.label}
                      <button
                        type="button"
                        className="btn-close ms-2"
                        aria-label={`Retirer ${p.label}`}
                        onClick={() =>
                          list.update({ [f.id]: ids.filter((i) => i !== String(p.id)).join(','), page: '' })
                        }
                      />
                    </span>
                  ))}
                  {ids.length < 20 ? (
                    <ProductPicker
                      hideLabel
                      placeholder="Ajouter un produit…"
                      keepSelection={false}
                      onPick={(p) => list.update({ [f.id]: [...new Set([...ids, String(p.id)])].join(','), page: '' })}
                      testId="report-product-picker"
                    />
                  ) : null}
                </div>
              </div>
            );
          }
        }
      })}
    </>
  );
}
