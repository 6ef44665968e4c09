import type { Knex } from 'knex';
import { DEFAULT_TICKET_WIDTH, type TicketWidth } from '../../../shared/print.js';

/**
 * The width of the cash ticket (80 or 58 mm roll): the ONE setting the ticket printout and the
 * counter read. Until Paramètres › Impression stores it, it is the company default, 80 mm; that
 * screen's setting replaces the body of this function, nothing else. `?width=58` on the ticket's
 * URL overrides it for one print.
 */
export async function ticketWidth(_db: Knex): Promise<TicketWidth> {
  return DEFAULT_TICKET_WIDTH;
}
