import { useEffect, useRef } from 'react';
import { PERMISSION_CATALOGUE, type Permission, type PermissionArea } from '@shared/permissions';

/**
 * The permission matrix of a role (Paramètres › Rôles et permissions): every permission of the one
 * catalogue (shared/permissions.ts), grouped by area with its French label, the screens (menu)
 * and the actions together, and « Tout cocher » per area. `locked` (the administrator role): all
 * ticked, nothing can change.
 */
export function PermissionMatrix({
  value,
  onChange,
  locked,
  disabled,
}: {
  value: readonly Permission[];
  onChange: (next: Permission[]) => void;
  locked: boolean;
  disabled: boolean;
}) {
  const held = new Set<string>(value);
  const set = (names: readonly Permission[], on: boolean) => {
    const next = new Set<string>(value);
    for (const n of names) {
      if (on) next.add(n);
      else next.delete(n);
    }
    onChange(
      PERMISSION_CATALOGUE.flatMap((a: PermissionArea) =>
        [...a.menu, ...a.actions].map((p) => p.name as Permission),
      ).filter((p) => next.has(p)),
    );
  };
  return (
    <div className="app-permission-matrix" data-testid="permission-matrix">
      {PERMISSION_CATALOGUE.map((area: PermissionArea) => {
        const names = [...area.menu, ...area.actions].map((p) => p.name as Permission);
        const count = names.filter((n) => held.has(n)).length;
        return (
          <section
            key={area.area}
            className="card app-permission-area"
            aria-labelledby={`area-${area.area}-title`}
            data-testid={`area-${area.area}`}
          >
            <div className="card-header d-flex flex-wrap align-items-center justify-content-between gap-2">
              <h3 id={`area-${area.area}-title`} className="h6 mb-0">
                {area.label}{' '}
                <span className="small text-body-secondary fw-normal">
                  ({count} / {names.length})
                </span>
              </h3>
              <AreaToggle
                id={`all-${area.area}`}
                all={count === names.length}
                some={count > 0 && count < names.length}
                onChange={(on) => set(names, on)}
                label={`Tout cocher : ${area.label}`}
                disabled={locked || disabled}
              />
            </div>
            <fieldset className="card-body app-permission-grid" disabled={locked || disabled}>
              <legend className="visually-hidden">{area.label}</legend>
              {[
                ...area.menu.map((p) => ({ ...p, kind: 'Écran' as const })),
                ...area.actions.map((p) => ({ ...p, kind: 'Action' as const })),
              ].map((p) => (
                <div key={p.name} className="form-check">
                  <input
                    id={`perm-${p.name}`}
                    type="checkbox"
                    className="form-check-input"
                    checked={held.has(p.name)}
                    onChange={(e) => set([p.name as Permission], e.target.checked)}
                    data-permission={p.name}
                  />
                  <label htmlFor={`perm-${p.name}`} className="form-check-label">
                    {p.label}{' '}
                    <span className={p.kind === 'Écran' ? 'badge app-badge-soft' : 'badge text-bg-light border'}>
                      {p.kind}
                    </span>
                    {'note' in p && p.note ? (
                      <span className="d-block small text-body-secondary" data-testid={`note-${p.name}`}>
                        {p.note}
                      </span>
                    ) : null}
                  </label>
                </div>
              ))}
            </fieldset>
          </section>
        );
      })}
    </div>
  );
}

/** « Tout cocher » of an area: indeterminate when some of its permissions are ticked. */
function AreaToggle({
  id,
  all,
  some,
  onChange,
  label,
  disabled,
}: {
  id: string;
  all: boolean;
  some: boolean;
  onChange: (on: boolean) => void;
  label: string;
  disabled: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <div className="form-check mb-0 small">
      <input
        ref={ref}
        id={id}
        type="checkbox"
        className="form-check-input"
        checked={all}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-label={label}
        data-testid={id}
      />
      <label htmlFor={id} className="form-check-label">
        Tout cocher
      </label>
    </div>
  );
}
