import { useRef } from 'react';
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES } from '@shared/support';
import { FieldError } from '@/components/Field';
import { FileChooser } from '@/components/data/FileField';
import { Icon } from '@/components/Icon';

function size(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`
    : `${Math.max(1, Math.round(bytes / 1024))} Ko`;
}

/** The attachments of a ticket or a reply: images and PDF, a few files, each size-capped (checked again by the server, by content). */
export function AttachmentsInput({
  id,
  files,
  onChange,
  error,
}: {
  id: string;
  files: File[];
  onChange: (files: File[]) => void;
  error?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        Pièces jointes <span className="text-body-secondary small">(facultatif)</span>
      </label>
      <FileChooser
        input={input}
        error={error}
        icon="fa-solid fa-paperclip"
        label="Joindre…"
        names={files.map((f) => f.name).join(', ')}
      />
      <input
        ref={input}
        id={id}
        name="attachments"
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        className="app-file-native"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        data-testid="attachments-input"
        onChange={(e) => onChange(Array.from(e.target.files ?? []))}
      />
      <FieldError id={`${id}-error`} error={error} />
      <div id={`${id}-hint`} className="form-text">
        Captures d’écran (PNG, JPEG, GIF, WebP) ou PDF, {ATTACHMENT_MAX_FILES} fichiers au plus,{' '}
        {size(ATTACHMENT_MAX_BYTES)} chacun.
      </div>
      {files.length ? (
        <ul className="list-unstyled small mt-2 mb-0">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="d-flex align-items-center gap-2">
              <Icon
                name={f.type === 'application/pdf' ? 'fa-solid fa-file-pdf' : 'fa-solid fa-file-image'}
                className="text-body-secondary"
              />
              <span className="text-truncate">{f.name}</span>
              <span className="text-body-secondary">{size(f.size)}</span>
              <button
                type="button"
                className="btn btn-link btn-sm p-0 ms-auto"
                onClick={() => onChange(files.filter((_, j) => j !== i))}
                aria-label={`Retirer ${f.name}`}
              >
                Retirer
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
