/**
 * Client type-ahead for sales and payments (GET /pickers/clients?q=): code, name or phone.
 * By default the picked client's name stays in the input (a document has one client).
 *
 *   <ClientPicker currency={currency} onPick={(c) => form.setData('client_id', c.id)} error={form.errorOf('client_id')} />
 *
 * The item carries price_level, credit_limit and balance so the sale screen can apply the
 * client's prices and warn about credit.
 */
import type { ClientPickerItem } from '@shared/records';
import { PRICE_LEVEL_LABELS } from '@shared/records';
import { formatMoney } from '@shared/money';
import { Combobox } from './Combobox';

export function ClientPicker({
  onPick,
  currency,
  label = 'Client',
  hideLabel,
  placeholder = 'Code, nom ou téléphone…',
  autoFocus,
  disabled,
  error,
  id,
  keepSelection = true,
  testId = 'client-picker',
}: {
  onPick: (client: ClientPickerItem) => void;
  currency: string;
  label?: string;
  hideLabel?: boolean;
  placeholder?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  error?: string;
  id?: string;
  keepSelection?: boolean;
  testId?: string;
}) {
  return (
    <Combobox<ClientPickerItem>
      id={id}
      label={label}
      hideLabel={hideLabel}
      placeholder={placeholder}
      icon="fa-solid fa-user"
      autoFocus={autoFocus}
      disabled={disabled}
      error={error}
      testId={testId}
      emptyText="Aucun client actif ne correspond."
      fetchUrl={(q) => `/pickers/clients?${new URLSearchParams({ q }).toString()}`}
      onPick={onPick}
      itemKey={(c) => c.id}
      pickedText={keepSelection ? (c) => `${c.code} — ${c.name}` : undefined}
      renderItem={(c) => (
        <div className="d-flex justify-content-between gap-3">
          <div className="min-w-0">
            <div className="fw-semibold text-truncate">{c.name}</div>
            <div className="small app-combobox-meta">
              {c.code}
              {c.phone ? ` · ${c.phone}` : ''} · {PRICE_LEVEL_LABELS[c.price_level]}
            </div>
          </div>
          <div className="text-end text-nowrap small">
            {c.is_walk_in ? <span className="app-combobox-meta">Comptant</span> : <div className={c.balance > 0 ? 'text-danger' : ''}>Solde : {formatMoney(c.balance, currency)}</div>}
          </div>
        </div>
      )}
    />
  );
}
