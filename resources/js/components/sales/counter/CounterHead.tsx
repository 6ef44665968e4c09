import { FieldError } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { ClientPicker } from '@/components/pickers/ClientPicker';
import { CLIENT_ID } from './counter-form';
import type { CounterState } from './useCounter';

/** The shop sold from (and the cash desk its cash lands in), and the client with their price level. */
export function CounterHead({ state }: { state: CounterState }) {
  const { props, form, errors, location, client, choosingClient } = state;
  return (
    <div className="card mb-3">
      <div className="card-body app-counter-head">
        <div className="app-counter-shop">
          <label htmlFor="counter-location" className="form-label small mb-1">
            Boutique
          </label>
          <select
            id="counter-location"
            name="location_id"
            className={`form-select ${errors.location_id ? 'is-invalid' : ''}`}
            value={form.data.location_id}
            onChange={(e) => state.changeLocation(e.target.value)}
            data-testid="counter-location"
          >
            {props.locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
          <div
            className={`small mt-1 ${location?.desk ? 'text-body-secondary' : 'text-danger'}`}
            data-testid="counter-desk"
          >
            <Icon name="fa-solid fa-cash-register" className="me-1" />
            {location
              ? location.desk
                ? `Caisse : ${location.desk}`
                : 'Aucune caisse à cette boutique : les espèces ne pourront pas être encaissées.'
              : '—'}
          </div>
        </div>
        <div className="app-counter-client" data-testid="counter-client">
          {choosingClient ? (
            <ClientPicker
              id={CLIENT_ID}
              onPick={state.chooseClient}
              keepSelection={false}
              autoFocus
              label="Client"
              placeholder="Code, nom ou téléphone… (Échap : annuler)"
              testId="counter-client-picker"
              error={errors.client_id}
            />
          ) : (
            <>
              <div className="form-label small mb-1">Client</div>
              <div className="d-flex align-items-center gap-2 flex-wrap">
                <span className="fw-semibold" data-testid="counter-client-name">
                  {client.name}
                </span>
                <span className={`badge ${client.price_level === 'gros' ? 'text-bg-info' : 'text-bg-secondary'}`}>
                  {client.price_level === 'gros' ? 'Prix de gros' : 'Prix de détail'}
                </span>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary"
                  onClick={state.openClientPicker}
                  data-testid="counter-change-client"
                >
                  Changer <kbd>F6</kbd>
                </button>
                {!client.is_walk_in ? (
                  <button
                    type="button"
                    className="btn btn-sm btn-link"
                    onClick={() => state.chooseClient(props.walk_in)}
                  >
                    Client comptant
                  </button>
                ) : null}
              </div>
              <FieldError id="counter-client-error" error={errors.client_id} />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
