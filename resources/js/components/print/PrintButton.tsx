import type { PrintState } from '@shared/print';
import { Icon } from '@/components/Icon';

/**
 * A document's print button on its page, saying what the next print will be (the DUPLICATA rule of
 * server/services/print/record-print.ts): the original (`label`) the first time, « Réimprimer
 * (DUPLICATA) » once the original is out — and, to a user who may not reprint, no button but a
 * short note why.
 *
 *   <PrintButton href={route('transfers.print', { id })} label="Bon de transfert" state={print} testId="transfer-print" />
 */
export function PrintButton({
  href,
  label,
  state,
  testId,
}: {
  href: string;
  label: string;
  state: PrintState;
  testId: string;
}) {
  if (!state.allowed) {
    return (
      <span className="small text-body-secondary align-self-center" data-testid={`${testId}-refused`}>
        <Icon name="fa-solid fa-lock" className="me-1" />
        Déjà imprimé : un DUPLICATA est réservé aux utilisateurs autorisés à réimprimer.
      </span>
    );
  }
  return (
    <a
      href={href}
      className="btn btn-outline-secondary"
      data-testid={testId}
      data-copy={state.duplicata ? 'duplicata' : 'original'}
      title={state.duplicata ? `${label} : l’original est déjà imprimé, cette impression sera un DUPLICATA` : undefined}
    >
      <Icon name="fa-solid fa-print" className="me-1" />
      {state.duplicata ? 'Réimprimer (DUPLICATA)' : label}
    </a>
  );
}
