import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Icon } from '@/components/Icon';
import { useTypeahead } from './useTypeahead';

export interface ComboboxProps<T> {
  label: string;
  /** Hide the label visually (it stays for screen readers). */
  hideLabel?: boolean;
  placeholder?: string;
  fetchUrl: (q: string) => string;
  onPick: (item: T) => void;
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  /** Text shown in the input once picked; omitted → the input is emptied (scan-and-add). */
  pickedText?: (item: T) => string;
  emptyText: string;
  autoFocus?: boolean;
  disabled?: boolean;
  error?: string;
  id?: string;
  icon?: string;
  testId?: string;
  /**
   * Keys the caller handles before the list does (the counter's « + », « − », « *5 » Entrée):
   * given the key and the text typed so far, returns true when it handled them — the key is then
   * swallowed and the input emptied for the next scan.
   */
  onKeyCommand?: (e: React.KeyboardEvent<HTMLInputElement>, query: string) => boolean;
}

/** What a picker flavour (ClientPicker, ProductPicker) lets its caller set; the rest is the flavour's. */
export type PickerProps<T> = Pick<
  ComboboxProps<T>,
  'onPick' | 'hideLabel' | 'placeholder' | 'autoFocus' | 'disabled' | 'error' | 'id' | 'testId' | 'onKeyCommand'
> & {
  /** Left out: the company currency (useCompany). */
  currency?: string;
  /** Defaults to the flavour's ("Client", "Produit"). */
  label?: string;
  /** Show the picked record ("CODE — Nom") in the input instead of emptying it for the next scan. */
  keepSelection?: boolean;
};

/** The text a picked record leaves in the input. */
export const codeAndName = (item: { code: string; name: string }) => `${item.code} — ${item.name}`;

/** One option of a picker: the name, a line of details under it, figures on the right. */
export function PickerOption({ title, meta, aside }: { title: ReactNode; meta: ReactNode; aside: ReactNode }) {
  return (
    <div className="d-flex justify-content-between gap-3">
      <div className="min-w-0">
        <div className="fw-semibold text-truncate">{title}</div>
        <div className="small app-combobox-meta">{meta}</div>
      </div>
      <div className="text-end text-nowrap small">{aside}</div>
    </div>
  );
}

/**
 * WAI-ARIA combobox (list autocomplete): the input owns a listbox of server results; ↑ ↓ move
 * the highlighted option (aria-activedescendant), Enter picks, Escape closes, a click picks.
 */
export function Combobox<T>({
  label,
  hideLabel,
  placeholder,
  fetchUrl,
  onPick,
  itemKey,
  renderItem,
  pickedText,
  emptyText,
  autoFocus,
  disabled,
  error,
  id: givenId,
  icon = 'fa-solid fa-magnifying-glass',
  testId,
  onKeyCommand,
}: ComboboxProps<T>) {
  const autoId = useId();
  const id = givenId ?? `${autoId}-input`;
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const ta = useTypeahead<T>({
    fetchUrl,
    // Scan-and-add (the input emptied on pick): scans read before the previous answer are queued.
    queueScans: !pickedText,
    onPick: (item, meta) => {
      // A queued scan's pick leaves the input alone: it may already hold the next scan.
      if (!meta?.queued) ta.setQuery(pickedText ? pickedText(item) : '');
      onPick(item);
      inputRef.current?.focus();
    },
  });

  // A click elsewhere closes the list.
  const setOpen = ta.setOpen;
  useEffect(() => {
    if (!ta.open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [ta.open, setOpen]);

  // Keep the highlighted option visible.
  useEffect(() => {
    if (ta.active < 0) return;
    document.getElementById(`${listId}-${ta.active}`)?.scrollIntoView({ block: 'nearest' });
  }, [ta.active, listId]);

  const showList = ta.open && ta.query.trim() !== '';
  const activeId = showList && ta.active >= 0 ? `${listId}-${ta.active}` : undefined;

  return (
    <div ref={rootRef} className="app-combobox" data-testid={testId}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'form-label'}>
        {label}
      </label>
      <div className={`input-group ${error ? 'is-invalid' : ''}`}>
        <span className="input-group-text">
          {ta.loading ? (
            <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          ) : (
            <Icon name={icon} fixedWidth />
          )}
        </span>
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          className={`form-control ${error ? 'is-invalid' : ''}`}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          autoFocus={autoFocus}
          disabled={disabled}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          value={ta.query}
          onChange={(e) => ta.onInput(e.target.value)}
          onKeyDown={(e) => {
            if (onKeyCommand?.(e, ta.query)) {
              e.preventDefault();
              ta.reset();
              return;
            }
            ta.onKeyDown(e);
          }}
          onFocus={(e) => e.currentTarget.select()}
        />
      </div>
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      ) : null}
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        className={`app-combobox-list ${showList ? 'show' : ''}`}
        hidden={!showList}
      >
        {showList && ta.error ? (
          <li className="app-combobox-message text-danger" role="presentation">
            {ta.error}
          </li>
        ) : showList && ta.items.length === 0 && ta.answered === ta.query.trim() ? (
          <li className="app-combobox-message" role="presentation">
            {emptyText}
          </li>
        ) : null}
        {showList
          ? ta.items.map((item, i) => (
              <li
                key={itemKey(item)}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === ta.active}
                className={`app-combobox-option ${i === ta.active ? 'active' : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => ta.setActive(i)}
                onClick={() => ta.pick(item)}
              >
                {renderItem(item)}
              </li>
            ))
          : null}
      </ul>
      <span className="visually-hidden" aria-live="polite">
        {showList && ta.answered === ta.query.trim() && !ta.loading
          ? `${ta.items.length} résultat${ta.items.length > 1 ? 's' : ''}`
          : ''}
      </span>
    </div>
  );
}
