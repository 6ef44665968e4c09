import { useRef } from 'react';
import { FieldError, RequiredMark } from '@/components/Field';
import { Modal } from '@/components/Modal';
import { SubmitButton } from '@/components/SubmitButton';
import { useServerForm } from '@/hooks/useServerForm';
import { formLevelErrors } from '@/components/data/form-errors';

/**
 * Cancellation of a stock document: a mandatory reason (5 characters at least, checked again by
 * the server), the document's version so a stale page is refused, errors shown in the dialog.
 * Any other action that asks for a reason (reopening a cash closing) is this dialog with its own
 * words: `reasonLabel`, `confirmLabel`, `icon`, `busyLabel`, no `version` when there is none.
 */
export function CancelDialog({
  open,
  onClose,
  url,
  version,
  title,
  explanation,
  confirmLabel = "Confirmer l’annulation",
  reasonLabel = "Motif de l’annulation",
  icon = 'fa-solid fa-ban',
  busyLabel = 'Annulation…',
  testId = 'cancel-dialog',
}: {
  open: boolean;
  onClose: () => void;
  url: string;
  /** The document's version (a stale page is refused); none for an action on no versioned record. */
  version?: number;
  title: string;
  explanation: string;
  confirmLabel?: string;
  reasonLabel?: string;
  icon?: 'fa-solid fa-ban' | 'fa-solid fa-lock-open';
  busyLabel?: string;
  testId?: string;
}) {
  const form = useServerForm(version === undefined ? { reason: '' } : { reason: '', version });
  const area = useRef<HTMLTextAreaElement>(null);
  const id = `${testId}-reason`;
  const others = formLevelErrors(form.errors, ['reason']);
  const close = () => {
    form.clearErrors();
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      tone="danger"
      testId={testId}
      initialFocus={area}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={close}>
            Fermer
          </button>
          <SubmitButton busy={form.busy} variant="danger" icon={icon} form={`${testId}-form`} busyLabel={busyLabel}>
            {confirmLabel}
          </SubmitButton>
        </>
      }
    >
      <form
        id={`${testId}-form`}
        ref={form.formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.submit('post', url, { onSuccess: () => onClose() });
        }}
      >
        <p>{explanation}</p>
        {others.map((m) => (
          <div key={m} className="alert alert-danger py-2 small" role="alert">
            {m}
          </div>
        ))}
        <span className="app-label-line">
          <label htmlFor={id} className="form-label">
            {reasonLabel}
          </label>
          <RequiredMark />
        </span>
        <textarea
          ref={area}
          id={id}
          name="reason"
          rows={3}
          maxLength={500}
          required
          className={`form-control ${form.errors.reason ? 'is-invalid' : ''}`}
          value={form.data.reason}
          onChange={(e) => form.setData('reason', e.target.value)}
          aria-invalid={form.errors.reason ? true : undefined}
          aria-describedby={form.errors.reason ? `${id}-error` : undefined}
        />
        <FieldError id={`${id}-error`} error={form.errors.reason} />
      </form>
    </Modal>
  );
}
