import type { ReactNode } from 'react';
import { Icon } from './Icon';

interface SubmitButtonProps {
  /** The form is being sent: the button shows a spinner, says so, and cannot be pressed again. */
  busy: boolean;
  children: ReactNode;
  busyLabel?: string;
  icon?: string;
  variant?: string;
  className?: string;
  disabled?: boolean;
  form?: string;
  type?: 'submit' | 'button';
  onClick?: () => void;
  testId?: string;
}

/**
 * The validation button of a form. While busy it is disabled (no double submit), keeps its
 * width, shows a spinner and announces the busy state (aria-busy + live text).
 */
export function SubmitButton({
  busy,
  children,
  busyLabel = 'Envoi en cours…',
  icon,
  variant = 'primary',
  className = '',
  disabled,
  form,
  type = 'submit',
  onClick,
  testId,
}: SubmitButtonProps) {
  return (
    <button
      type={type}
      form={form}
      className={`btn btn-${variant} app-submit ${busy ? 'is-busy' : ''} ${className}`}
      disabled={busy || disabled}
      aria-busy={busy}
      aria-disabled={busy || disabled}
      onClick={(e) => {
        if (busy) {
          e.preventDefault();
          return;
        }
        onClick?.();
      }}
      data-testid={testId}
    >
      {busy ? (
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
      ) : icon ? (
        <Icon name={icon} className="me-2" />
      ) : null}
      <span>{busy ? busyLabel : children}</span>
    </button>
  );
}
