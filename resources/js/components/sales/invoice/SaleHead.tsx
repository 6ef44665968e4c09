import { PRICE_LEVEL_LABELS } from '@shared/clients';
import { addDays } from '@shared/dates';
import { SelectField } from '@/components/Field';
import { DateField } from '@/components/data/DateField';
import { DocumentHead } from '@/components/documents/DocumentHead';
import { ClientPicker } from '@/components/pickers/ClientPicker';
import type { SaleForm } from './sale-form';
import type { SaleState } from './useSaleForm';

/** The invoice's head: the client (price level, balance, credit limit), the location it leaves from, its date, the note. */
export function SaleHead({ state }: { state: SaleState }) {
  const { form, data, client, walkIn, money, errorOf, pickClient, preselected, locations, today, credit_days } = state;
  return (
    <DocumentHead note={form.fieldProps('note')} notePlaceholder="Visible sur la facture">
      <div className="col-md-6 col-xl-5">
        <ClientPicker
          keepSelection
          autoFocus={preselected === null}
          onPick={pickClient}
          error={errorOf('client_id')}
          id="sale-client"
          testId="sale-client-picker"
        />
        {client ? (
          <div className="app-sale-client small mt-2" data-testid="sale-client-facts">
            <span>
              Niveau de prix : <strong>{PRICE_LEVEL_LABELS[client.price_level]}</strong>
            </span>
            {walkIn ? (
              <span>Client comptant : vente encaissée uniquement</span>
            ) : (
              <>
                <span>
                  Solde : <strong className={client.balance > 0 ? 'text-danger' : ''}>{money(client.balance)}</strong>
                </span>
                <span>
                  Plafond de crédit : <strong>{money(client.credit_limit)}</strong>
                </span>
              </>
            )}
          </div>
        ) : null}
      </div>
      <div className="col-sm-6 col-xl-4">
        <SelectField
          required
          id="sale-location"
          name="location_id"
          label="Emplacement (sortie du stock)"
          value={data.location_id}
          onChange={(v) => {
            form.setData((d: SaleForm) => ({
              ...d,
              location_id: v,
              lines: d.lines.map((l) => ({ ...l, stock: null })),
            }));
            form.clearErrors('location_id');
          }}
          error={errorOf('location_id')}
          options={locations}
          placeholder="Choisir…"
        />
      </div>
      <div className="col-sm-6 col-xl-3">
        <DateField
          {...form.fieldProps('sale_date')}
          onChange={(v) => {
            form.setData((d: SaleForm) => ({
              ...d,
              sale_date: v,
              due_date: d.due_date && d.due_date >= v ? d.due_date : addDays(v, credit_days),
            }));
            form.clearErrors('sale_date');
          }}
          label="Date de la facture"
          max={today}
          required
          className="mb-0"
        />
      </div>
    </DocumentHead>
  );
}
