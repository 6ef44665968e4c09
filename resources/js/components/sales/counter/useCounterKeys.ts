import { type KeyboardEvent, type PointerEvent, useEffect, useRef } from 'react';
import { CASH_ID, CLIENT_ID, MM_ID, SCAN_ID, focusById, focusScan } from './counter-form';
import type { CounterState } from './useCounter';

/**
 * The keyboard of the till (SHORTCUTS in counter-form.ts): the function keys wherever the focus
 * is, « + », « − », « *n » and Suppr in the scan field on the line in progress, Enter in a field
 * back to the scan field, and a click outside a control gives the scan field the focus again.
 */
export function useCounterKeys(state: CounterState) {
  const { items, active, setQuantity, removeLine } = state;
  const actions = {
    validate: state.validate,
    clearSale: state.clearSale,
    park: () => state.park(),
    edit: () => state.editLine(active),
    chooseClient: state.openClientPicker,
    closeClient: () => state.setChoosingClient(false),
  };
  const handlers = useRef(actions);
  handlers.current = actions;
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'F9' || (e.key === 'Enter' && (e.ctrlKey || e.metaKey))) {
        e.preventDefault();
        handlers.current.validate();
      } else if (e.key === 'F2') {
        e.preventDefault();
        focusById(CASH_ID);
      } else if (e.key === 'F3') {
        e.preventDefault();
        handlers.current.edit();
      } else if (e.key === 'F4') {
        e.preventDefault();
        focusById(MM_ID);
      } else if (e.key === 'F6') {
        e.preventDefault();
        handlers.current.chooseClient();
      } else if (e.key === 'F7') {
        e.preventDefault();
        handlers.current.park();
      } else if (e.key === 'F8') {
        e.preventDefault();
        if (window.confirm('Vider la vente en cours ?')) handlers.current.clearSale();
      } else if (e.key === 'Escape') {
        handlers.current.closeClient();
        setTimeout(focusScan, 0);
      } else if (
        document.activeElement === document.body &&
        e.key.length === 1 &&
        !e.ctrlKey &&
        !e.altKey &&
        !e.metaKey
      ) {
        // Nothing has the focus (a click on the page): the scanner's characters go to the scan field.
        focusScan();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // The scan field's own keys: quantity of the line in progress, removal.
  const onScanKey = (e: KeyboardEvent<HTMLInputElement>, query: string): boolean => {
    const text = query.trim();
    if (text === '' && (e.key === '+' || e.key === '-' || e.key === '−')) {
      if (active < 0) return true;
      setQuantity(active, (items[active].quantity ?? 0) + (e.key === '+' ? 1 : -1));
      return true;
    }
    if (text === '' && e.key === 'Delete') {
      removeLine(active);
      return true;
    }
    if (e.key === 'Enter' && /^\*\s*\d+$/.test(text)) {
      const quantity = Number(text.replace(/\D/g, ''));
      if (active >= 0 && quantity > 0) setQuantity(active, quantity);
      return true;
    }
    return false;
  };

  // Enter in a quantity, price, discount or payment field ends that action: back to the scan field.
  const backToScanOnEnter = (e: KeyboardEvent<HTMLElement>) => {
    const target = e.target as HTMLElement;
    if (
      e.key === 'Enter' &&
      !e.ctrlKey &&
      !e.metaKey &&
      target.id !== SCAN_ID &&
      target.id !== CLIENT_ID &&
      target.tagName === 'INPUT'
    ) {
      e.preventDefault();
      focusScan();
    }
  };

  // A click on the page outside a control gives the focus back to the scan field.
  const onPointerUp = (e: PointerEvent<HTMLElement>) => {
    if (!(e.target as HTMLElement).closest('input, select, textarea, button, a, label, [role="listbox"]')) focusScan();
  };

  return { onScanKey, backToScanOnEnter, onPointerUp };
}
