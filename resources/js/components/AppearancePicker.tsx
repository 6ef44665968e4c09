import { useLayout } from '@/lib/layout-context';
import { COLOR_THEME_LABELS, COLOR_THEMES, DARK_MODE_LABELS, DARK_MODES } from '@/lib/theme';
import { Dropdown } from './Dropdown';
import { Icon } from './Icon';

/** Dropdown with the dark/light/system choice and the six colour themes. */
export function AppearanceDropdown({ toggleClassName, align = 'end', dropup = false, testId = 'appearance-toggle' }: { toggleClassName: string; align?: 'start' | 'end'; dropup?: boolean; testId?: string }) {
  const { state, dispatch } = useLayout();
  return (
    <Dropdown
      ariaLabel="Apparence : mode et thème"
      toggleClassName={toggleClassName}
      align={align}
      dropup={dropup}
      menuClassName="app-appearance-menu"
      testId={testId}
      label={<Icon name="fa-solid fa-palette" />}
    >
      {() => (
        <>
          <h3 className="dropdown-header">Mode d'affichage</h3>
          {DARK_MODES.map((mode) => (
            <button
              key={mode}
              type="button"
              role="menuitemradio"
              aria-checked={state.darkMode === mode}
              className={`dropdown-item d-flex align-items-center gap-2 ${state.darkMode === mode ? 'active' : ''}`}
              onClick={() => dispatch({ type: 'darkMode', value: mode })}
              data-dark-mode-option={mode}
            >
              <Icon name={DARK_MODE_LABELS[mode].icon} fixedWidth />
              <span className="flex-grow-1">{DARK_MODE_LABELS[mode].label}</span>
              {state.darkMode === mode ? <Icon name="fa-solid fa-check" /> : null}
            </button>
          ))}
          <div className="dropdown-divider" />
          <h3 className="dropdown-header">Thème de couleurs</h3>
          {COLOR_THEMES.map((theme) => (
            <button
              key={theme}
              type="button"
              role="menuitemradio"
              aria-checked={state.colorTheme === theme}
              className={`dropdown-item d-flex align-items-center gap-2 ${state.colorTheme === theme ? 'active' : ''}`}
              onClick={() => dispatch({ type: 'colorTheme', value: theme })}
              data-color-theme-option={theme}
            >
              <span className="app-swatch" style={{ backgroundColor: COLOR_THEME_LABELS[theme].swatch }} aria-hidden="true" />
              <span className="flex-grow-1">{COLOR_THEME_LABELS[theme].label}</span>
              {state.colorTheme === theme ? <Icon name="fa-solid fa-check" /> : null}
            </button>
          ))}
        </>
      )}
    </Dropdown>
  );
}

/** Inline version for the side overlay: a segmented mode choice and theme swatches. */
export function AppearancePanel() {
  const { state, dispatch } = useLayout();
  return (
    <>
      <fieldset className="mb-3">
        <legend className="app-panel-label">Mode d'affichage</legend>
        <div className="btn-group w-100 app-segmented" role="radiogroup" aria-label="Mode d'affichage">
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
              <span className="app-swatch app-swatch-lg" style={{ backgroundColor: COLOR_THEME_LABELS[theme].swatch }} aria-hidden="true">
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
