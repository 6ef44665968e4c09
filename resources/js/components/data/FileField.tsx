import { type ReactNode, type RefObject, useRef } from 'react';
import { FieldError } from '@/components/Field';
import { Icon } from '@/components/Icon';

/**
 * The French button and the chosen files' names standing in front of a native file input (which
 * speaks the browser's language; `app-file-native` hides it): FileField, AttachmentsInput.
 */
export function FileChooser({
  input,
  error,
  icon,
  label,
  names,
}: {
  input: RefObject<HTMLInputElement | null>;
  error?: string;
  icon: 'fa-solid fa-folder-open' | 'fa-solid fa-paperclip';
  label: string;
  names: string;
}) {
  return (
    <div className={`input-group app-file-input ${error ? 'is-invalid' : ''}`}>
      <button
        type="button"
        className="btn btn-outline-secondary"
        tabIndex={-1}
        aria-hidden="true"
        onClick={() => input.current?.click()}
      >
        <Icon name={icon} className="me-2" />
        {label}
      </button>
      <span className={`form-control text-truncate ${names ? '' : 'text-body-secondary'}`} aria-hidden="true">
        {names || 'Aucun fichier'}
      </span>
    </div>
  );
}

/**
 * One file to send (an import, a backup): the native file button speaks the browser's language, so
 * a French « Choisir… » button and the chosen name stand in front of it; the server's error and the
 * hint under it (aria-describedby). Remount it (`key`) to clear the native input after a send.
 */
export function FileField({
  id,
  label,
  accept,
  file,
  onChange,
  error,
  hint,
}: {
  id: string;
  label: ReactNode;
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  hint: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <FileChooser
        input={input}
        error={error}
        icon="fa-solid fa-folder-open"
        label="Choisir…"
        names={file?.name ?? ''}
      />
      <input
        ref={input}
        id={id}
        name="file"
        type="file"
        accept={accept}
        className="app-file-native"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
      <FieldError id={`${id}-error`} error={error} />
      <div id={`${id}-hint`} className="form-text">
        {hint}
      </div>
    </div>
  );
}
