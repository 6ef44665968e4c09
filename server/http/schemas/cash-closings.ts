import { z } from 'zod';
import { LIMITS } from '../../../shared/limits.js';
import { isIsoDate } from '../../domain/dates.js';
import { integer, text as shortText } from '../../services/records/fields.js';
import { idempotencyKey, isoDate, recordId, requiredText, text } from './stock.js';

/** The count of one note or coin: a whole number, zero or more (empty = none). */
const count = integer('nombre de billets ou de pièces', { min: 0, default: 0 });

/** Arrêté de caisse: the desk, the day, the drawer counted by denomination, the reason of a difference. */
export const closingSchema = z.object({
  idempotency_key: idempotencyKey,
  account_id: recordId('Choisissez la caisse à arrêter.'),
  day: isoDate('La journée').refine(isIsoDate, 'La journée n’est pas une date du calendrier.'),
  counts: z
    .array(z.object({ key: shortText('coupure', 10, { required: true }), count }), {
      error: 'Saisissez le comptage de la caisse.',
    })
    .max(30, 'Le comptage compte trop de lignes.'),
  reason: text('Le motif de l’écart', 500),
  expected_seen: integer('montant attendu', { min: -LIMITS.balance, max: LIMITS.balance }),
});

/** Réouverture d'un arrêté: the reason is mandatory. */
export const reopenSchema = z.object({
  reason: requiredText('Le motif de la réouverture', 500, 5),
});
