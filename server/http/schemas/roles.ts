import { z } from 'zod';
import { longText, text } from '../../services/records/fields.js';

/**
 * Paramètres › Rôles et permissions: a role's name and description, and the permissions ticked in
 * the matrix (names from the catalogue; unknown names are refused by the service).
 */
export const roleSchema = z.object({
  name: text('nom', 60, { required: true }),
  description: longText('description', 255),
  permissions: z
    .array(
      z.string({ error: 'Une permission doit être un nom de permission.' }).max(80, 'Nom de permission trop long.'),
      { error: 'Les permissions doivent être une liste.' },
    )
    .max(500, 'Trop de permissions.')
    .optional()
    .transform((v) => v ?? []),
});
