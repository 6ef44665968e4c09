/**
 * Client flavour of the Combobox, for sales and payments (GET /pickers/clients?q=): code, name or
 * phone. By default the picked client stays in the input (a document has one client).
 *
 *   <ClientPicker onPick={(c) => form.setData('client_id', c.id)} error={form.errorOf('client_id')} />
 *
 * The item carries price_level, credit_limit and balance so the sale screen can apply the
 * client's prices and warn about credit.
 */
import type { ClientPickerItem } from '@shared/pickers';
import { PRICE_LEVEL_LABELS } from '@shared/clients';
import { formatMoney } from '@shared/money';
import { useCompany } from '@/hooks/useCompany';
import { route } from '@shared/routes';
import { Combobox, PickerOption, type PickerProps, codeAndName } from './Combobox';

export function ClientPicker({
  currency: currencyProp,
  keepSelection = true,
  ...props
}: PickerProps<ClientPickerItem>) {
  const company = useCompany();
  const currency = currencyProp ?? company.currency;
  return (
    <Combobox<ClientPickerItem>
      label="Client"
      placeholder="Code, nom ou téléphone…"
      testId="client-picker"
      {...props}
      icon="fa-solid fa-user"
      emptyText="Aucun client actif ne correspond."
      fetchUrl={(q) => route('pickers.clients', { q })}
      itemKey={(c) => c.id}
      pickedText={keepSelection ? codeAndName : undefined}
      renderItem={(c) => (
        <PickerOption
          title={c.name}
          meta={
            <>
              {c.code}
              {c.phone ? ` · ${c.phone}` : ''} · {PRICE_LEVEL_LABELS[c.price_level]}
            </>
          }
          aside={
            c.is_walk_in ? (
              <span className="app-combobox-meta">Comptant</span>
            ) : (
              <>
                <div className={c.balance > 0 ? 'text-danger' : ''}>Solde : {formatMoney(c.balance, currency)}</div>
                <div className="app-combobox-meta">Plafond : {formatMoney(c.credit_limit, currency)}</div>
              </>
            )
          }
        />
      )}
    />
  );
}
