import { useRef } from 'react';
import { FieldError, RequiredMark, SelectField } from '@/components/Field';
import { Modal } from '@/components/Modal';
import { SubmitButton } from '@/components/SubmitButton';
import { useServerForm } from '@/hooks/useServerForm';
import { formLevelErrors } from '@/components/data/form-errors';

/** One list beside the reason: its field name, label, options and the placeholder that sends ''. */
export interface DialogChoice {
  name: string;
  label: string;
  placeholder: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  hint?: string;
}

/**
 * Cancellation of a stock document: a mandatory reason (5 characters at least, checked again by
 * the server), the document's version so a stale page is refused, errors shown in the dialog.
 * Any other action that asks for a reason (reopening a cash closing) is this dialog with its own
 * words: `reasonLabel`, `confirmLabel`, `icon`, `busyLabel`, no `version` when there is none.
 * A `choice` adds one list beside the reason (a sale's cancellation: the account the refund comes
 * from), sent as its `name`, '' for its placeholder; its refusals show under it.
 */
export function CancelDialog({
  open,
  onClose,
  url,
  version,
  title,
  explanation,
  confirmLabel = 'Confirmer l’annulation',
  reasonLabel = 'Motif de l’annulation',
  icon = 'fa-solid fa-ban',
  busyLabel = 'Annulation…',
  testId = 'cancel-dialog',
  choice,
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
  choice?: DialogChoice;
}) {
  const base: Record<string, string | number> = version === undefined ? { reason: '' } : { reason: '', version };
  const form = useServerForm<Record<string, string | number>>(choice ? { ...base, [choice.name]: '' } : base);
  const area = useRef<HTMLTextAreaElement>(null);
  const id = `${testId}-reason`;
  const errors = form.errors as Record<string, string | undefined>;
  const others = formLevelErrors(form.errors, choice ? ['reason', choice.name] : ['reason']);
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
          className={`form-control ${errors.reason ? 'is-invalid' : ''}`}
          value={String(form.data.reason)}
          onChange={(e) => form.setData('reason', e.target.value)}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${id}-error` : undefined}
        />
        <FieldError id={`${id}-error`} error={errors.reason} />
        {choice ? (
          <SelectField
            id={`${testId}-${choice.name}`}
            name={choice.name}
            label={choice.label}
            value={String(form.data[choice.name] ?? '')}
            onChange={(v) => {
              form.setData(choice.name, v);
              form.clearErrors(choice.name);
            }}
            options={choice.options}
            placeholder={choice.placeholder}
            hint={choice.hint}
            error={errors[choice.name]}
            className="mt-3 mb-0"
          />
        ) : null}
      </form>
    </Modal>
  );
}
