import { Fragment, type ReactNode } from 'react';
import type { ParkedSaleView } from '@shared/counter-pages';
import { currencyInfo, formatAmount, formatMoney, minorToInput } from '@shared/money';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { levelPrice } from '@shared/sales';
import type { MobileMoneyOperator } from '@shared/treasury';
import { AppPage } from '@/components/AppPage';
import { FieldError, StatusAlert } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { EmptyState } from '@/components/data/EmptyState';
import { Money } from '@/components/data/Money';
import { MoneyInput } from '@/components/data/MoneyInput';
import { formatQty, formatQuantity, formatTime } from '@/components/data/format';
import { LineQuantity, LineRemove, REMOVE_HEADER } from '@/components/documents/DocumentLines';
import { ClientPicker } from '@/components/pickers/ClientPicker';
import { ProductPicker } from '@/components/pickers/ProductPicker';
import {
  CASH_ID,
  CLIENT_ID,
  type CounterForm,
  type CounterLine,
  DISCOUNT_ID,
  type DiscountKind,
  MM_ID,
  SCAN_ID,
  SHORTCUTS,
  focusById,
  focusScan,
} from '@/components/sales/counter/counter-form';
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
 */
export default function CounterIndex(props: PageProps<'sales/counter/Index'>) {
  const state = useCounter(props);
  const { onScanKey, backToScanOnEnter, onPointerUp } = useCounterKeys(state);
  const { locations, walk_in, operators, can } = props;
  const { currency, vat, money, form, lines, items, active, client, choosingClient, setChoosingClient } = state;
  const { editing, setEditing, setCurrent, printFrameRef, location, errors, refusals, parked, noShop } = state;
  const { figures, docDiscount, docDiscountError, totals, total, mobile, payment, setField, changeLocation } = state;
  const { pick, setQuantity, removeLine, editLine, chooseClient, clearSale, validate, park } = state;
  const { resumeParked, discardParked } = state;
  const cashError = errors['payments.0.amount'] ?? errors['payments.0.account_id'];
  const mmError = (field: string) => errors[`payments.1.${field}`];
  const belowMinHint = (l: CounterLine) =>
    can.below_min_price
      ? `Sous le prix minimum (${money(l.min_price)}) : vous y êtes autorisé.`
      : `Sous le prix minimum de ${money(l.min_price)} l’unité : la vente sera refusée.`;

  const last = props.last_sale;
  const lastCorner = last ? (
    <div className="app-counter-last" data-testid="counter-last-sale" aria-live="polite">
      <span className="small text-body-secondary">Dernière vente</span>{' '}
      <span className="app-doc-number">{last.number}</span>
      <span className="text-body-secondary"> · </span>
      <Money value={last.total} currency={currency} />
      <span className="text-body-secondary"> · </span>
      <span>
        Monnaie rendue{' '}
        <strong data-testid="counter-last-change">
          <Money value={last.change} currency={currency} />
        </strong>
      </span>
      {can.reprint ? (
        <a
          href={route('sales.ticket', { id: last.id })}
          className="ms-2 small"
          data-testid="counter-reprint"
          title="Réimprimer le ticket : ce sera un DUPLICATA"
        >
          <Icon name="fa-solid fa-print" className="me-1" />
          Réimprimer
        </a>
      ) : null}
    </div>
  ) : null;

  return (
    <AppPage
      title="Vente boutique"
      breadcrumbs={[
        { label: 'Opérations' },
        { label: 'Sortie de stock', href: route('stockExits') },
        { label: 'Vente boutique' },
      ]}
      actions={lastCorner}
    >
      <div className="app-counter" onKeyDown={backToScanOnEnter} onPointerUp={onPointerUp} data-testid="counter">
        {noShop ? (
          <StatusAlert tone="warning" testId="counter-no-shop">
            {props.places_restricted
              ? 'Aucune boutique active ne vous est attribuée : demandez à l’administrateur de vous en attribuer une (Paramètres › Utilisateurs) pour vendre au comptoir.'
              : 'Aucune boutique active : créez un emplacement de type boutique sous Paramètres › Société › Emplacements pour vendre au comptoir.'}
          </StatusAlert>
        ) : null}
        {!can.create ? (
          <StatusAlert tone="info" testId="counter-read-only">
            Vous pouvez consulter la caisse mais pas valider de vente : il faut le droit « Créer des ventes ».
          </StatusAlert>
        ) : null}
        <div className="row g-3">
          <div className="col-lg-8">
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
                    onChange={(e) => changeLocation(e.target.value)}
                    data-testid="counter-location"
                  >
                    {locations.map((l) => (
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
                      currency={currency}
                      onPick={chooseClient}
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
                        <span
                          className={`badge ${client.price_level === 'gros' ? 'text-bg-info' : 'text-bg-secondary'}`}
                        >
                          {client.price_level === 'gros' ? 'Prix de gros' : 'Prix de détail'}
                        </span>
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-secondary"
                          onClick={() => {
                            setChoosingClient(true);
                            setTimeout(() => focusById(CLIENT_ID), 0);
                          }}
                          data-testid="counter-change-client"
                        >
                          Changer <kbd>F6</kbd>
                        </button>
                        {!client.is_walk_in ? (
                          <button type="button" className="btn btn-sm btn-link" onClick={() => chooseClient(walk_in)}>
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

            {parked.length ? (
              <ParkedBar
                parked={parked}
                currency={currency}
                busy={form.busy}
                onResume={resumeParked}
                onDiscard={discardParked}
              />
            ) : null}

            <div className="card mb-3">
              <div className="app-picker-bar app-counter-scan">
                <ProductPicker
                  id={SCAN_ID}
                  currency={currency}
                  locationId={form.data.location_id || null}
                  onPick={pick}
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
                      {items.map((l, i) => {
                        const row = lines.rowProps(i);
                        const fig = figures[i];
                        const open = editing === i;
                        return (
                          <Fragment key={l.product_id}>
                            <tr
                              {...row}
                              className={`${row.className} ${i === active ? 'is-current' : ''}`}
                              data-testid={`counter-line-${i}`}
                              onFocus={() => setCurrent(i)}
                            >
                              <td className="app-stack-main">
                                <div className="fw-semibold">{l.name}</div>
                                <div className="small text-body-secondary">
                                  <span className="code">{l.code}</span>
                                  {l.stock !== null ? ` · en stock : ${formatQuantity(l.stock, l.unit_name)}` : ''}
                                </div>
                                <FieldError id={`line-${i}-product-error`} error={lines.error(i, 'product_id')} />
                              </td>
                              <LineQuantity
                                id={`counter-line-${i}-quantity`}
                                name={`lines.${i}.quantity`}
                                ariaLabel={`Quantité de ${l.name}`}
                                value={l.quantity}
                                onChange={(v) => setQuantity(i, v)}
                                error={lines.error(i, 'quantity')}
                                stepper
                              />
                              <td className="num app-counter-price" data-label="Prix unitaire">
                                <button
                                  type="button"
                                  className={`btn btn-link p-0 app-counter-price-button ${fig.edited || fig.discount ? 'is-changed' : ''}`}
                                  onClick={() => editLine(i)}
                                  aria-expanded={open}
                                  aria-controls={`counter-line-${i}-edit`}
                                  title="Changer le prix ou faire une remise (F3)"
                                  data-testid={`counter-line-${i}-edit`}
                                >
                                  <Money value={fig.unitPrice} currency={currency} />
                                  <Icon name="fa-solid fa-pen" className="ms-1 small" />
                                </button>
                                {fig.edited ? (
                                  <div className="small text-body-secondary">
                                    au lieu de <s>{money(levelPrice(l, client.price_level))}</s>
                                  </div>
                                ) : null}
                                {fig.discount ? (
                                  <div
                                    className="small text-success-emphasis"
                                    data-testid={`counter-line-${i}-discount`}
                                  >
                                    remise −
                                    {l.discount_kind === 'percent' ? `${l.discount}\u00a0%` : money(fig.discount)}
                                  </div>
                                ) : null}
                                {fig.belowMin ? (
                                  <div
                                    className={`small ${can.below_min_price ? 'text-warning-emphasis' : 'text-danger'}`}
                                  >
                                    {belowMinHint(l)}
                                  </div>
                                ) : null}
                                <FieldError
                                  id={`line-${i}-price-error`}
                                  error={
                                    lines.error(i, 'unit_price') ??
                                    lines.error(i, 'discount') ??
                                    (open ? undefined : (fig.priceError ?? fig.discountError ?? undefined))
                                  }
                                />
                              </td>
                              <td className="num fw-semibold" data-label="Montant">
                                <Money value={fig.net} currency={currency} />
                              </td>
                              <LineRemove name={l.name} onRemove={() => removeLine(i)} />
                            </tr>
                            {open ? (
                              <tr
                                className="app-counter-edit"
                                id={`counter-line-${i}-edit`}
                                data-testid={`counter-line-${i}-editor`}
                              >
                                <td colSpan={5} className="app-stack-main">
                                  <div className="app-counter-edit-fields">
                                    <div>
                                      <label htmlFor={`counter-line-${i}-price`} className="form-label small mb-0">
                                        Prix unitaire ({currencyInfo(currency).label})
                                      </label>
                                      <MoneyInput
                                        id={`counter-line-${i}-price`}
                                        name={`lines.${i}.unit_price`}
                                        size="sm"
                                        currency={currency}
                                        className="text-end"
                                        value={l.price}
                                        placeholder={minorToInput(levelPrice(l, client.price_level), currency)}
                                        onChange={(price) => lines.update(i, { price })}
                                        invalid={Boolean(fig.priceError)}
                                        describedBy={`counter-line-${i}-price-hint`}
                                      />
                                      <div id={`counter-line-${i}-price-hint`} className="form-text mt-0">
                                        {client.price_level === 'gros' ? 'Gros' : 'Détail'} :{' '}
                                        {money(levelPrice(l, client.price_level))}
                                        {l.min_price > 0 ? ` · min. ${money(l.min_price)}` : ''}
                                      </div>
                                      <FieldError
                                        id={`counter-line-${i}-price-error`}
                                        error={fig.priceError ?? undefined}
                                      />
                                    </div>
                                    <DiscountInput
                                      id={`counter-line-${i}-discount`}
                                      name={`lines.${i}.discount`}
                                      label="Remise sur la ligne"
                                      currency={currency}
                                      value={l.discount}
                                      kind={l.discount_kind}
                                      onChange={(discount, discount_kind) =>
                                        lines.update(i, { discount, discount_kind })
                                      }
                                      error={fig.discountError ?? undefined}
                                      size="sm"
                                    />
                                    <div className="d-flex gap-2 align-items-end">
                                      <button
                                        type="button"
                                        className="btn btn-sm btn-outline-secondary"
                                        onClick={() =>
                                          lines.update(i, { price: '', discount: '', discount_kind: 'amount' })
                                        }
                                        disabled={!fig.edited && !l.discount}
                                      >
                                        Prix normal
                                      </button>
                                      <button
                                        type="button"
                                        className="btn btn-sm btn-primary"
                                        onClick={() => {
                                          setEditing(null);
                                          focusScan();
                                        }}
                                      >
                                        OK
                                      </button>
                                    </div>
                                  </div>
                                </td>
                              </tr>
                            ) : null}
                          </Fragment>
                        );
                      })}
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
            <details className="app-counter-keys d-none d-lg-block" open>
              <summary className="small fw-semibold">Raccourcis clavier</summary>
              <dl className="app-counter-keys-list" data-testid="counter-shortcuts">
                {SHORTCUTS.map(([k, v]) => (
                  <div key={k}>
                    <dt>
                      <kbd>{k}</kbd>
                    </dt>
                    <dd>{v}</dd>
                  </div>
                ))}
              </dl>
            </details>
          </div>

          <div className="col-lg-4">
            <div className="app-counter-side">
              <div className="app-counter-total" data-testid="counter-total-box">
                <div className="app-counter-total-label">Total à payer</div>
                <div className="app-counter-total-value" data-testid="counter-total" aria-live="polite">
                  <span className="app-counter-total-amount">{formatAmount(total, currency)}</span>{' '}
                  <span className="app-counter-total-currency">{currencyInfo(currency).label}</span>
                </div>
                {docDiscount > 0 && total > 0 ? (
                  <div className="small" data-testid="counter-total-discount">
                    dont remise <Money value={-docDiscount} currency={currency} />
                  </div>
                ) : null}
                {vat.enabled && total > 0 ? (
                  <div className="small">
                    dont TVA <Money value={totals.vat} currency={currency} /> (HT{' '}
                    <Money value={totals.ht} currency={currency} />)
                  </div>
                ) : null}
                {totals.error ? <div className="small text-danger">{totals.error}</div> : null}
                <div className={`app-counter-change ${payment.problem ? 'is-short' : ''}`} data-testid="counter-change">
                  {payment.problem ? (
                    <span>{payment.problem}</span>
                  ) : (
                    <>
                      <span>À rendre</span>
                      <strong>
                        <Money value={payment.change} currency={currency} />
                      </strong>
                    </>
                  )}
                </div>
              </div>

              <div className="card mb-2">
                <div className="card-body app-counter-pay">
                  <DiscountInput
                    id={DISCOUNT_ID}
                    name="discount"
                    label="Remise sur la vente"
                    currency={currency}
                    value={form.data.discount}
                    kind={form.data.discount_kind}
                    onChange={(discount, discount_kind) =>
                      form.setData((d: CounterForm) => ({ ...d, discount, discount_kind }))
                    }
                    error={errors.discount ?? docDiscountError ?? undefined}
                    inline
                  />

                  <PaymentRow id={CASH_ID} label="Espèces reçues" shortcut="F2" error={cashError}>
                    <MoneyInput
                      id={CASH_ID}
                      name="payments.0.amount"
                      currency={currency}
                      value={form.data.cash}
                      onChange={(v) => setField('cash', v)}
                      invalid={Boolean(cashError)}
                      className="app-counter-money"
                      ariaLabel="Espèces reçues"
                      describedBy={cashError ? `${CASH_ID}-error` : `${CASH_ID}-hint`}
                    />
                  </PaymentRow>
                  <div id={`${CASH_ID}-hint`} className="form-text mt-0 mb-1">
                    {form.data.cash.trim() === '' && total > 0
                      ? `Vide : montant exact (${formatMoney(Math.max(0, total - mobile), currency)}).`
                      : ' '}
                  </div>

                  <fieldset className="app-counter-mm">
                    <legend className="small fw-semibold mb-1">
                      Mobile money <kbd>F4</kbd>
                    </legend>
                    {operators.length === 0 ? (
                      <div className="small text-body-secondary" data-testid="counter-no-wallet">
                        {props.places_restricted
                          ? 'Aucun compte mobile money actif ne vous est attribué : demandez-le à l’administrateur (Paramètres › Utilisateurs) pour encaisser ce mode.'
                          : 'Aucun compte mobile money actif : créez-le sous Paramètres › Société pour encaisser ce mode.'}
                      </div>
                    ) : (
                      <div className="app-counter-mm-grid">
                        <div>
                          <label htmlFor={MM_ID} className="form-label small mb-0">
                            Montant
                          </label>
                          <MoneyInput
                            id={MM_ID}
                            name="payments.1.amount"
                            size="sm"
                            currency={currency}
                            value={form.data.mm_amount}
                            onChange={(v) => setField('mm_amount', v)}
                            invalid={Boolean(mmError('amount'))}
                            ariaLabel="Montant mobile money"
                          />
                        </div>
                        <div>
                          <label htmlFor="counter-mm-operator" className="form-label small mb-0">
                            Opérateur
                          </label>
                          <select
                            id="counter-mm-operator"
                            name="payments.1.operator"
                            className={`form-select form-select-sm ${mmError('operator') ? 'is-invalid' : ''}`}
                            value={form.data.mm_operator}
                            onChange={(e) => setField('mm_operator', e.target.value as MobileMoneyOperator)}
                          >
                            {operators.map((o) => (
                              <option key={o.value} value={o.value}>
                                {o.label}
                              </option>
                            ))}
                          </select>
                        </div>
                        {mobile > 0 ? (
                          <>
                            <div>
                              <label htmlFor="counter-mm-phone" className="form-label small mb-0">
                                Téléphone
                              </label>
                              <input
                                id="counter-mm-phone"
                                name="payments.1.phone"
                                className={`form-control form-control-sm ${mmError('phone') ? 'is-invalid' : ''}`}
                                inputMode="tel"
                                autoComplete="off"
                                maxLength={30}
                                value={form.data.mm_phone}
                                onChange={(e) => setField('mm_phone', e.target.value)}
                              />
                            </div>
                            <div>
                              <label htmlFor="counter-mm-reference" className="form-label small mb-0">
                                ID de transaction
                              </label>
                              <input
                                id="counter-mm-reference"
                                name="payments.1.reference"
                                className={`form-control form-control-sm ${mmError('reference') ? 'is-invalid' : ''}`}
                                autoComplete="off"
                                maxLength={80}
                                value={form.data.mm_reference}
                                onChange={(e) => setField('mm_reference', e.target.value)}
                                aria-invalid={mmError('reference') ? true : undefined}
                              />
                            </div>
                          </>
                        ) : null}
                      </div>
                    )}
                  </fieldset>
                </div>
              </div>

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
                onClick={validate}
                disabled={form.busy || items.length === 0 || !can.create || noShop}
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
                  onClick={() => park()}
                  disabled={form.busy || items.length === 0 || !can.create || noShop}
                  data-testid="counter-park"
                >
                  <Icon name="fa-solid fa-pause" className="me-1" />
                  En attente <kbd>F7</kbd>
                </button>
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  onClick={clearSale}
                  disabled={form.busy || (items.length === 0 && form.data.cash === '' && form.data.mm_amount === '')}
                  data-testid="counter-clear"
                >
                  Vider <kbd>F8</kbd>
                </button>
              </div>
              <div className="small text-body-secondary text-center mt-1" data-testid="counter-ticket-width">
                Ticket {props.ticket_width === '58mm' ? '58' : '80'} mm, sur l’imprimante par défaut
              </div>
            </div>
          </div>
        </div>
        {/* On a phone the total and the validation stay in reach at the bottom of the screen. */}
        <div className="app-counter-bar d-lg-none" data-testid="counter-bar">
          <div>
            <div className="small text-body-secondary">Total</div>
            <strong className="app-counter-bar-total">
              <Money value={total} currency={currency} />
            </strong>
          </div>
          <button
            type="button"
            className="btn btn-success btn-lg"
            onClick={validate}
            disabled={form.busy || items.length === 0 || !can.create || noShop}
          >
            <Icon name="fa-solid fa-print" className="me-2" />
            Valider
          </button>
        </div>
        {/* The print frame: each validated sale's ticket opens here with ?print=1 and prints itself. */}
        <iframe
          ref={printFrameRef}
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

/** The baskets on hold at this shop: time, lines, total; resume one (the basket in progress goes on hold) or discard it. */
function ParkedBar({
  parked,
  currency,
  busy,
  onResume,
  onDiscard,
}: {
  parked: ParkedSaleView[];
  currency: string;
  busy: boolean;
  onResume: (p: ParkedSaleView) => void;
  onDiscard: (p: ParkedSaleView) => void;
}) {
  return (
    <section className="app-counter-parked mb-3" aria-label="Ventes en attente" data-testid="counter-parked">
      <div className="app-counter-parked-title small fw-semibold">
        <Icon name="fa-solid fa-clock" className="me-1" />
        En attente ({parked.length})
      </div>
      <ul className="app-counter-parked-list">
        {parked.map((p) => (
          <li key={p.id} data-testid={`counter-parked-${p.id}`}>
            <button
              type="button"
              className="btn btn-sm btn-outline-primary app-counter-parked-resume"
              onClick={() => onResume(p)}
              disabled={busy}
              title="Reprendre cette vente"
            >
              <span className="fw-semibold">{formatTime(p.parked_at)}</span>
              <span>
                {p.line_count} ligne{p.line_count > 1 ? 's' : ''}
              </span>
              <Money value={p.total} currency={currency} />
              {!p.client.is_walk_in ? (
                <span className="text-truncate app-counter-parked-client">{p.client.name}</span>
              ) : null}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              onClick={() => onDiscard(p)}
              disabled={busy}
              aria-label={`Supprimer la vente en attente de ${formatTime(p.parked_at)}`}
              title="Supprimer"
            >
              <Icon name="fa-solid fa-xmark" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A discount typed as an amount or a percentage, with the unit to choose beside it. */
function DiscountInput({
  id,
  name,
  label,
  currency,
  value,
  kind,
  onChange,
  error,
  size,
  inline = false,
}: {
  id: string;
  name: string;
  label: string;
  currency: string;
  value: string;
  kind: DiscountKind;
  onChange: (value: string, kind: DiscountKind) => void;
  error?: string;
  size?: 'sm';
  inline?: boolean;
}) {
  const unit = currencyInfo(currency).label;
  return (
    <div className={inline ? 'app-counter-discount is-inline' : 'app-counter-discount'}>
      <label htmlFor={id} className="form-label small mb-0">
        {label}
      </label>
      <div className={`input-group ${size === 'sm' || inline ? 'input-group-sm' : ''}`}>
        <input
          id={id}
          name={name}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          className={`form-control app-number text-end ${error ? 'is-invalid' : ''}`}
          value={value}
          onChange={(e) => onChange(e.target.value, kind)}
          placeholder="0"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {(['amount', 'percent'] as const).map((k) => (
          <button
            key={k}
            type="button"
            className={`btn ${kind === k ? 'btn-secondary' : 'btn-outline-secondary'}`}
            aria-pressed={kind === k}
            onClick={() => onChange(value, k)}
            data-testid={`${id}-${k}`}
          >
            {k === 'percent' ? '%' : unit}
          </button>
        ))}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

function PaymentRow({
  id,
  label,
  shortcut,
  error,
  children,
}: {
  id: string;
  label: string;
  shortcut: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="app-counter-cash">
      <label htmlFor={id} className="form-label fw-semibold mb-0">
        <span>{label}</span> <kbd>{shortcut}</kbd>
      </label>
      {children}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
