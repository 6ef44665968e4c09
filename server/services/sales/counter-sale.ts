import type { Knex } from 'knex';
import { Refusal } from '../../domain/errors.js';
import type { Actor } from '../actor.js';
import { type SaleInput, type SaleRights, createSale } from './create-sale.js';

/**
 * A counter sale (vente boutique): createSale with the counter's terms — kind counter, paid now —
 * from a shop (a location of kind boutique; a depot does not sell over the counter). Every other
 * rule is createSale's.
 */
export async function createCounterSale(
  db: Knex,
  input: Omit<SaleInput, 'kind' | 'paymentMode' | 'dueDate'>,
  rights: SaleRights,
  actor: Actor,
) {
  const location = await db('locations').where({ id: input.locationId }).first('name', 'kind');
  if (location && location.kind !== 'boutique')
    throw new Refusal({
      location_id: `La vente boutique se fait depuis une boutique : « ${location.name} » n’en est pas une.`,
    });
  return createSale(db, { ...input, kind: 'counter', paymentMode: 'cash', dueDate: null }, rights, actor);
}
