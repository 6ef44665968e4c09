import { useLayout } from '@/lib/layout-context';
import { COLOR_THEME_LABELS, COLOR_THEMES, DARK_MODE_LABELS, DARK_MODES } from '@/lib/theme';
import { Dropdown } from './Dropdown';
import { Icon } from './Icon';

/** Dropdown with the dark/light/system choice and the six colour themes. */
export function AppearanceDropdown({
  toggleClassName,
  align = 'end',
  dropup = false,
  testId = 'appearance-toggle',
}: {
  toggleClassName: string;
  align?: 'start' | 'end';
  dropup?: boolean;
  testId?: string;
}) {
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
          <h3 className="dropdown-header">Mode d’affichage</h3>
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
              <span
                className="app-swatch"
                style={{ backgroundColor: COLOR_THEME_LABELS[theme].swatch }}
                aria-hidden="true"
              />
              <span className="flex-grow-1">{COLOR_THEME_LABELS[theme].label}</span>
              {state.colorTheme === theme ? <Icon name="fa-solid fa-check" /> : null}
            </button>
          ))}
        </>
      )}
    </Dropdown>
  );
}
