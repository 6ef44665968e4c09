/** Ventes, avoirs, règlements: the buttons of their screens (the routes check each action again). */
import { type Viewer, may, mayReprint, saleAbilities } from './index.js';

/** Vente comptoir: validate the sale, reprint the last ticket, sell below a minimum price. */
export function counterAbilities(user: Viewer): { create: boolean; reprint: boolean; below_min_price: boolean } {
  return {
    create: may(user, 'sales.create'),
    reprint: mayReprint(user),
    below_min_price: saleAbilities(user).belowMinPrice,
  };
}

/** Avoirs: a credit note corrects a sale; the list is exported by anyone on the screen. */
export function creditNoteListAbilities(user: Viewer): { create: boolean; export: boolean } {
  return { create: may(user, 'sales.correct'), export: true };
}

/** Règlements: recording one (the list is exported by anyone on the screen). */
export function settlementListAbilities(user: Viewer): { create: boolean; export: boolean } {
  return { create: may(user, 'settlements.create'), export: true };
}

export function settlementAbilities(user: Viewer): { create: boolean } {
  return { create: may(user, 'settlements.create') };
}
