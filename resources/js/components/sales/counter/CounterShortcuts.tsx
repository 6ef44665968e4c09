import { SHORTCUTS } from './counter-form';

/** The till's shortcuts, shown beside the lines on a wide screen. */
export function CounterShortcuts() {
  return (
    <details className="app-counter-keys d-none d-lg-block" open>
      <summary className="small fw-semibold">Raccourcis clavier</summary>
      <dl className="app-counter-keys-list" data-testid="counter-shortcuts">
        {SHORTCUTS.map(([k, v]) => (
          <div key={k}>
            <dt>
              <kbd>{k}</kbd>
            </dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
