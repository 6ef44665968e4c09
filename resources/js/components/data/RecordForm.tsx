import type { Method } from '@inertiajs/core';
import { Link } from '@inertiajs/react';
import type { ReactNode, RefObject } from 'react';
import { SubmitButton } from '@/components/SubmitButton';

/**
 * The form card of a master-data record: the fields (children), then "Annuler" and "Enregistrer".
 * It sends `method url` through useServerForm (errors come back on the fields). Read-only for a
 * user who may not change it (`editable` false: the fields are disabled, no buttons).
 *
 *   <RecordForm form={form} method={client ? 'put' : 'post'} url={client ? route('clients.show', { id: client.id }) : route('clients.index')}
 *     cancelHref={…} testId="client-form">…fields…</RecordForm>
 */
export function RecordForm({
  form,
  method,
  url,
  cancelHref,
  cancelLabel = 'Annuler',
  editable = true,
  legend,
  testId,
  className = '',
  children,
}: {
  form: { formRef: RefObject<HTMLFormElement | null>; submit: (method: Method, url: string) => unknown; busy: boolean };
  method: Method;
  url: string;
  cancelHref: string;
  cancelLabel?: string;
  editable?: boolean;
  /** Name of the fieldset (for screen readers) when the form can be read-only. */
  legend?: string;
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      ref={form.formRef}
      noValidate
      className={`card app-form-card ${className}`}
      onSubmit={(e) => {
        e.preventDefault();
        form.submit(method, url);
      }}
      data-testid={testId}
    >
      {legend ? (
        <fieldset disabled={!editable} className="card-body">
          <legend className="visually-hidden">{legend}</legend>
          {children}
        </fieldset>
      ) : (
        <div className="card-body">{children}</div>
      )}
      {editable ? (
        <div className="card-footer d-flex flex-wrap gap-2 justify-content-end">
          <Link href={cancelHref} className="btn btn-outline-secondary">
            {cancelLabel}
          </Link>
          <SubmitButton busy={form.busy} icon="fa-solid fa-floppy-disk" busyLabel="Enregistrement…" testId="save">
            Enregistrer
          </SubmitButton>
        </div>
      ) : null}
    </form>
  );
}
