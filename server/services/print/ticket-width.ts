import type { Knex } from 'knex';
import type { TicketWidth } from '../../../shared/print.js';
import { printSettingsFor } from './print-settings.js';

/**
 * The width of the cash ticket (80 or 58 mm roll): the format of the « Ticket de caisse » in
 * Paramètres › Impression, read by the ticket printout and shown on the counter. `?width=58` on
 * the ticket's URL overrides it for one print.
 */
export async function ticketWidth(db: Knex): Promise<TicketWidth> {
  return (await printSettingsFor(db, 'ticket')).format === '58mm' ? '58mm' : '80mm';
}
