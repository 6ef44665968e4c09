import { usePage } from '@inertiajs/react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Avatar } from '@/components/Avatar';
import { Icon } from '@/components/Icon';
import { useLayout } from '@/lib/layout-context';
import type { ContentWidth } from '@/lib/layout-store';
import { COLOR_THEME_LABELS, COLOR_THEMES, DARK_MODE_LABELS, DARK_MODES } from '@/lib/theme';

function Switch({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="form-check form-switch app-switch">
      <input
        className="form-check-input"
        type="checkbox"
        role="switch"
        id={id}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <div id={`${id}-hint`} className="form-text mt-0">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: Array<{ value: T; label: string; icon?: string }>;
  onChange: (v: T) => void;
}) {
  return (
    <fieldset className="mb-3">
      <legend className="app-panel-label">{label}</legend>
      <div className="btn-group w-100 app-segmented" role="radiogroup" aria-label={label}>
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={value === o.value}
            className={`btn btn-sm ${value === o.value ? 'btn-primary' : 'btn-outline-secondary'}`}
            onClick={() => onChange(o.value)}
          >
            {o.icon ? <Icon name={o.icon} className="me-1" /> : null}
            {o.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The appearance choice inline (a segmented mode choice and theme swatches): here, not in
 * components/AppearancePicker.tsx, so that it stays out of `common` and loads with this panel.
 */
function AppearancePanel() {
  const { state, dispatch } = useLayout();
  return (
    <>
      <fieldset className="mb-3">
        <legend className="app-panel-label">Mode d’affichage</legend>
        <div className="btn-group w-100 app-segmented" role="radiogroup" aria-label="Mode d’affichage">
          {DARK_MODES.map((mode) => (
            <button
              key={mode}
              type="button"
              role="radio"
              aria-checked={state.darkMode === mode}
              className={`btn btn-sm ${state.darkMode === mode ? 'btn-primary' : 'btn-outline-secondary'}`}
              onClick={() => dispatch({ type: 'darkMode', value: mode })}
            >
              <Icon name={DARK_MODE_LABELS[mode].icon} className="me-1" />
              {DARK_MODE_LABELS[mode].label}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className="mb-2">
        <legend className="app-panel-label">Thème de couleurs</legend>
        <div className="app-swatch-grid" role="radiogroup" aria-label="Thème de couleurs">
          {COLOR_THEMES.map((theme) => (
            <button
              key={theme}
              type="button"
              role="radio"
              aria-checked={state.colorTheme === theme}
              className={`app-swatch-option ${state.colorTheme === theme ? 'is-active' : ''}`}
              onClick={() => dispatch({ type: 'colorTheme', value: theme })}
            >
              <span
                className="app-swatch app-swatch-lg"
                style={{ backgroundColor: COLOR_THEME_LABELS[theme].swatch }}
                aria-hidden="true"
              >
                {state.colorTheme === theme ? <Icon name="fa-solid fa-check" /> : null}
              </span>
              <span className="app-swatch-label">{COLOR_THEME_LABELS[theme].label}</span>
            </button>
          ))}
        </div>
      </fieldset>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="app-panel-section">
      <h3 className="app-panel-legend">{title}</h3>
      {children}
    </section>
  );
}

/**
 * The side overlay: the user's display preferences (appearance and the layout toggles of the
 * shell). Escape, the close button or a click on the dimmed page closes it.
 */
export function SideOverlay() {
  const { state, dispatch } = useLayout();
  const user = usePage().props.auth.user;
  const closeBtn = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (state.sideOverlayOpen) closeBtn.current?.focus({ preventScroll: true });
  }, [state.sideOverlayOpen]);

  const visible = state.sideOverlayOpen || state.sideOverlayHover;
  return (
    <aside
      id="side-overlay"
      className="app-side-overlay"
      aria-labelledby={titleId}
      inert={!visible}
      data-testid="side-overlay"
    >
      <div className="app-side-overlay-header">
        {user ? <Avatar name={user.name} src={user.gravatar} size={36} /> : null}
        <div className="flex-grow-1 min-w-0">
          <h2 id={titleId} className="h6 mb-0">
            Préférences d’affichage
          </h2>
          {user ? <div className="small text-body-secondary text-truncate">{user.name}</div> : null}
        </div>
        <button
          ref={closeBtn}
          type="button"
          className="btn app-btn-icon"
          onClick={() => dispatch({ type: 'sideOverlay', value: 'off' })}
          aria-label="Fermer le panneau"
          data-testid="side-overlay-close"
        >
          <Icon name="fa-solid fa-xmark" />
        </button>
      </div>
      <div className="app-side-overlay-body">
        <Section title="Apparence">
          <AppearancePanel />
        </Section>
        <Section title="Menu latéral">
          <Segmented
            label="Position"
            value={state.sidebarPosition}
            options={[
              { value: 'left', label: 'À gauche', icon: 'fa-solid fa-arrow-left' },
              { value: 'right', label: 'À droite', icon: 'fa-solid fa-arrow-right' },
            ]}
            onChange={(v) => dispatch({ type: 'sidebarPosition', value: v })}
          />
          <Segmented
            label="Style"
            value={state.sidebarStyle}
            options={[
              { value: 'dark', label: 'Sombre' },
              { value: 'light', label: 'Clair' },
            ]}
            onChange={(v) => dispatch({ type: 'sidebarStyle', value: v })}
          />
          <Switch
            label="Afficher le menu (grand écran)"
            checked={state.sidebarVisibleDesktop}
            onChange={(v) => dispatch({ type: 'sidebar', value: v ? 'on' : 'off', viewport: 'desktop' })}
          />
          <Switch
            label="Menu réduit aux icônes"
            checked={state.sidebarMini}
            onChange={(v) => dispatch({ type: 'sidebarMini', value: v ? 'on' : 'off' })}
            hint="Sur grand écran ; le nom s’affiche au survol."
          />
        </Section>
        <Section title="En-tête">
          <Switch
            label="En-tête fixe"
            checked={state.headerFixed}
            onChange={(v) => dispatch({ type: 'headerMode', value: v ? 'fixed' : 'static' })}
            hint="Reste visible quand la page défile."
          />
          <Switch
            label="En-tête sombre"
            checked={state.headerStyle === 'dark'}
            onChange={(v) => dispatch({ type: 'headerStyle', value: v ? 'dark' : 'light' })}
          />
        </Section>
        <Section title="Contenu">
          <Segmented<ContentWidth>
            label="Largeur"
            value={state.contentWidth}
            options={[
              { value: 'narrow', label: 'Étroite' },
              { value: 'boxed', label: 'Encadrée' },
              { value: 'full', label: 'Pleine' },
            ]}
            onChange={(v) => dispatch({ type: 'contentWidth', value: v })}
          />
        </Section>
        <Section title="Ce panneau">
          <Switch
            label="Assombrir la page derrière le panneau"
            checked={state.pageOverlay}
            onChange={(v) => dispatch({ type: 'pageOverlay', value: v ? 'on' : 'off' })}
          />
          <Switch
            label="Ouvrir au survol du bord droit"
            checked={state.sideOverlayHover}
            onChange={(v) => dispatch({ type: 'sideOverlayHover', value: v ? 'on' : 'off' })}
            hint="Sur grand écran, le panneau dépasse du bord et s’ouvre au survol."
          />
        </Section>
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm w-100 mt-2"
          onClick={() => dispatch({ type: 'reset' })}
        >
          <Icon name="fa-solid fa-rotate-left" className="me-2" />
          Rétablir la disposition par défaut
        </button>
      </div>
    </aside>
  );
}
