import { z } from 'zod';
import { textInput } from '../../services/records/fields.js';
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from '../../../shared/support.js';

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

export const ticketSchema = z.object({
  subject: textInput({ subject: 'L’objet', required: 'L’objet du ticket est obligatoire.' }, 150, {
    required: true,
    min: 5,
  }),
  category: choice(TICKET_CATEGORIES, 'Choisissez une catégorie.'),
  priority: choice(TICKET_PRIORITIES, 'Choisissez une priorité.'),
  description: textInput(
    {
      subject: 'La description',
      required: 'Décrivez votre demande : ce que vous faisiez, ce que vous attendiez, ce qui est arrivé.',
    },
    5000,
    { required: true, min: 10, multiline: true },
  ),
});

/** A reply: text (required unless files are attached — checked by the route), an optional new status. */
export const replySchema = z.object({
  body: textInput({ subject: 'La réponse' }, 5000, { multiline: true }),
  status: z
    .union([z.literal(''), choice(TICKET_STATUSES, 'Statut inconnu.')])
    .optional()
    .transform((v) => (v ? v : null)),
});

export const statusSchema = z.object({ status: choice(TICKET_STATUSES, 'Choisissez un statut.') });

export const assignSchema = z.object({
  assigned_to: z
    .union([
      z.literal(''),
      z.null(),
      z.coerce
        .number({ error: 'Choisissez un membre du support.' })
        .int('Choisissez un membre du support.')
        .positive('Choisissez un membre du support.')
        .max(2_147_483_647, 'Choisissez un membre du support.'),
    ])
    .optional()
    .transform((v) => (v === '' || v === null || v === undefined ? null : v)),
});
