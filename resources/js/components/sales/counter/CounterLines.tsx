import { FieldError } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { EmptyState } from '@/components/data/EmptyState';
import { formatQty } from '@/components/data/format';
import { REMOVE_HEADER } from '@/components/documents/DocumentLines';
import { ProductPicker } from '@/components/pickers/ProductPicker';
import { SCAN_ID } from './counter-form';
import { CounterLineRow } from './CounterLineRow';
import type { CounterState } from './useCounter';

/** The scan field and the lines of the sale in progress, with their count and price level. */
export function CounterLines({
  state,
  onScanKey,
}: {
  state: CounterState;
  onScanKey: (e: React.KeyboardEvent<HTMLInputElement>, query: string) => boolean;
}) {
  const { form, lines, items, client } = state;
  return (
    <div className="card mb-3">
      <div className="app-picker-bar app-counter-scan">
        <ProductPicker
          id={SCAN_ID}
          locationId={form.data.location_id || null}
          onPick={state.pick}
          onKeyCommand={onScanKey}
          label="Scanner ou rechercher un produit"
          placeholder="Code-barres, code ou nom puis Entrée…"
          autoFocus
          testId="counter-scan"
        />
        <FieldError id="counter-lines-error" error={lines.listError} />
      </div>
      {form.data.parked_id !== null ? (
        <div className="app-counter-resumed small px-3 py-2" data-testid="counter-resumed">
          <Icon name="fa-solid fa-clock-rotate-left" className="me-2" />
          Vente reprise de l’attente : validez-la, ou remettez-la en attente <kbd>F7</kbd>.
        </div>
      ) : null}
      {items.length === 0 ? (
        <EmptyState icon="fa-solid fa-barcode" title="Prêt pour la vente">
          Scannez le premier article.
        </EmptyState>
      ) : (
        <div className="table-responsive">
          <table
            className="table app-doc-table app-lines-table app-stack-sm app-counter-lines"
            data-testid="counter-lines"
          >
            <thead>
              <tr>
                <th scope="col">Article</th>
                <th scope="col" className="num">
                  Quantité
                </th>
                <th scope="col" className="num">
                  Prix unitaire
                </th>
                <th scope="col" className="num">
                  Montant
                </th>
                {REMOVE_HEADER}
              </tr>
            </thead>
            <tbody>
              {items.map((l, i) => (
                <CounterLineRow key={l.product_id} state={state} line={l} index={i} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="card-footer small text-body-secondary d-flex justify-content-between flex-wrap gap-2">
        <span data-testid="counter-line-count">
          {formatQty(items.length)} ligne{items.length > 1 ? 's' : ''}
        </span>
        <span>Prix TTC{client.price_level === 'gros' ? ', niveau gros' : ''}</span>
      </div>
    </div>
  );
}
