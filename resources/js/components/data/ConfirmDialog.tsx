import { router } from '@inertiajs/react';
import { type ReactNode, useState } from 'react';
import { Modal } from '@/components/Modal';
import { SubmitButton } from '@/components/SubmitButton';

/**
 * A confirmation before a consequential action (delete, archive, apply a price rule). On confirm
 * it sends `method url` as an Inertia visit; the server answers with a redirect and a flash
 * (or a French error flash when the action is refused), so the dialog just closes.
 *
 *   <ConfirmDialog open={open} onClose={…} title="Supprimer le client ?" confirmLabel="Supprimer"
 *     method="delete" url={route('clients.show', { id })} tone="danger">Cette suppression est définitive.</ConfirmDialog>
 *
 * A form with its own submission (useServerForm: errors on its fields) passes `onConfirm` instead of
 * method/url: the dialog closes and the form submits (ValidateCountForm).
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  children,
  confirmLabel,
  method,
  url,
  onConfirm,
  data,
  tone = 'default',
  icon,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  method?: 'post' | 'delete' | 'put';
  url?: string;
  /** Instead of method/url: what confirming does (the dialog closes at once). */
  onConfirm?: () => void;
  data?: Record<string, string | number | boolean>;
  tone?: 'danger' | 'default';
  icon?: string;
  testId?: string;
}) {
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    if (busy) return;
    if (onConfirm || !url) {
      onClose();
      onConfirm?.();
      return;
    }
    router.visit(url, {
      method,
      data: data ?? {},
      preserveScroll: true,
      onStart: () => setBusy(true),
      onFinish: () => {
        setBusy(false);
        onClose();
      },
    });
  };
  return (
    <Modal
      open={open}
      onClose={() => (busy ? undefined : onClose())}
      title={title}
      tone={tone}
      testId={testId}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={busy}>
            Annuler
          </button>
          <SubmitButton
            type="button"
            busy={busy}
            variant={tone === 'danger' ? 'danger' : 'primary'}
            icon={icon}
            onClick={confirm}
            busyLabel="Veuillez patienter…"
            testId={testId ? `${testId}-confirm` : undefined}
          >
            {confirmLabel}
          </SubmitButton>
        </>
      }
    >
      {children}
    </Modal>
  );
}
