import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { AppPage } from '@/components/AppPage';
import { StatusAlert } from '@/components/Field';
import { CounterActions, CounterPhoneBar } from '@/components/sales/counter/CounterActions';
import { CounterHead } from '@/components/sales/counter/CounterHead';
import { CounterLastSale } from '@/components/sales/counter/CounterLastSale';
import { CounterLines } from '@/components/sales/counter/CounterLines';
import { CounterParked } from '@/components/sales/counter/CounterParked';
import { CounterPayment } from '@/components/sales/counter/CounterPayment';
import { CounterShortcuts } from '@/components/sales/counter/CounterShortcuts';
import { CounterTotal } from '@/components/sales/counter/CounterTotal';
import { useCounter } from '@/components/sales/counter/useCounter';
import { useCounterKeys } from '@/components/sales/counter/useCounterKeys';
import '../../../../css/screens/counter.scss';

/**
 * Vente boutique: the till of a shop, made for a USB scanner and the keyboard. The scan field has
 * the focus between actions; a barcode + Enter adds the product (or one more); « + », « − »,
 * « *n » and Suppr act on the line in progress, F3 opens its price and discount; the client is
 * CLIENT COMPTANT unless another is picked (its price level then applies; the counter never sells
 * on credit); a price may be changed and a discount given — an amount or a percentage, per line
 * and on the sale — within the minimum price unless the seller may sell below it (the server
 * checks both); cash tendered gives the change live (shared allocatePayments), mobile money carries
 * its operator, phone and transaction id, and both may split one sale. F7 puts the basket on hold
 * (kept by the server for this cashier: it survives a reload) to serve the next customer, and any
 * basket on hold is resumed or discarded from the bar above the lines. F9 validates, prints the
 * ticket in the print frame and starts the next sale at once; the last sale's number and change
 * stay in a corner. The shop (hence the cash desk the cash lands in) is remembered by this browser.
 * At 1366 × 768 the payment panel, mobile-money fields open, fits beside the lines with « Valider ».
 * The state is useCounter, the keyboard useCounterKeys, the panels components/sales/counter/.
 */
export default function CounterIndex(props: PageProps<'sales/counter/Index'>) {
  const state = useCounter(props);
  const { onScanKey, backToScanOnEnter, onPointerUp } = useCounterKeys(state);
  return (
    <AppPage
      title="Vente boutique"
      breadcrumbs={[
        { label: 'Opérations' },
        { label: 'Sortie de stock', href: route('stockExits') },
        { label: 'Vente boutique' },
      ]}
      actions={props.last_sale ? <CounterLastSale state={state} /> : null}
    >
      <div className="app-counter" onKeyDown={backToScanOnEnter} onPointerUp={onPointerUp} data-testid="counter">
        {state.noShop ? (
          <StatusAlert tone="warning" testId="counter-no-shop">
            {props.places_restricted
              ? 'Aucune boutique active ne vous est attribuée : demandez à l’administrateur de vous en attribuer une (Paramètres › Utilisateurs) pour vendre au comptoir.'
              : 'Aucune boutique active : créez un emplacement de type boutique sous Paramètres › Société › Emplacements pour vendre au comptoir.'}
          </StatusAlert>
        ) : null}
        {!props.can.create ? (
          <StatusAlert tone="info" testId="counter-read-only">
            Vous pouvez consulter la caisse mais pas valider de vente : il faut le droit « Créer des ventes ».
          </StatusAlert>
        ) : null}
        <div className="row g-3">
          <div className="col-lg-8">
            <CounterHead state={state} />
            <CounterParked state={state} />
            <CounterLines state={state} onScanKey={onScanKey} />
            <CounterShortcuts />
          </div>

          <div className="col-lg-4">
            <div className="app-counter-side">
              <CounterTotal state={state} />
              <CounterPayment state={state} />
              <CounterActions state={state} />
            </div>
          </div>
        </div>
        <CounterPhoneBar state={state} />
        {/* The print frame: each validated sale's ticket opens here with ?print=1 and prints itself. */}
        <iframe
          ref={state.printFrameRef}
          title="Impression du ticket"
          className="app-counter-print-frame"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="counter-print-frame"
        />
      </div>
    </AppPage>
  );
}
