import { Icon } from '@/components/Icon';
import { Money } from '@/components/data/Money';
import type { CounterState } from './useCounter';

/** The refusals of the last try, « Valider et imprimer » (F9), « En attente » (F7), « Vider » (F8) and the ticket width. */
export function CounterActions({ state }: { state: CounterState }) {
  const { form, refusals, blocked, items, props } = state;
  return (
    <>
      {refusals.length ? (
        <div className="alert alert-danger app-alert py-2 mb-2" role="alert" data-testid="counter-errors">
          <Icon name="fa-solid fa-triangle-exclamation" className="me-2" />
          <strong>Vente refusée</strong>
          <ul className="mb-0 ps-3 mt-1 small">
            {refusals.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <button
        type="button"
        className="btn btn-success btn-lg w-100 app-counter-validate"
        onClick={state.validate}
        disabled={blocked}
        data-testid="counter-validate"
      >
        {form.busy ? (
          <>
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            Validation…
          </>
        ) : (
          <>
            <Icon name="fa-solid fa-print" className="me-2" />
            Valider et imprimer <kbd>F9</kbd>
          </>
        )}
      </button>
      <div className="app-counter-secondary">
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => state.park()}
          disabled={blocked}
          data-testid="counter-park"
        >
          <Icon name="fa-solid fa-pause" className="me-1" />
          En attente <kbd>F7</kbd>
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={state.clearSale}
          disabled={form.busy || (items.length === 0 && form.data.cash === '' && form.data.mm_amount === '')}
          data-testid="counter-clear"
        >
          Vider <kbd>F8</kbd>
        </button>
      </div>
      <div className="small text-body-secondary text-center mt-1" data-testid="counter-ticket-width">
        Ticket {props.ticket_width === '58mm' ? '58' : '80'} mm, sur l’imprimante par défaut
      </div>
    </>
  );
}

/** On a phone the total and the validation stay in reach at the bottom of the screen. */
export function CounterPhoneBar({ state }: { state: CounterState }) {
  return (
    <div className="app-counter-bar d-lg-none" data-testid="counter-bar">
      <div>
        <div className="small text-body-secondary">Total</div>
        <strong className="app-counter-bar-total">
          <Money value={state.total} />
        </strong>
      </div>
      <button type="button" className="btn btn-success btn-lg" onClick={state.validate} disabled={state.blocked}>
        <Icon name="fa-solid fa-print" className="me-2" />
        Valider
      </button>
    </div>
  );
}
