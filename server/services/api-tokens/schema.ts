import { z } from 'zod';
import { isKnownPermission } from '../../../shared/permissions.js';
import { API_TOKEN_EXPIRIES } from '../../../shared/api.js';
import { choice, text } from '../records/fields.js';

/** The new-token form: a name, the abilities (permission names of the catalogue) and a lifetime in days. */
export const apiTokenSchema = z.object({
  name: text('nom', 80, { required: true }),
  abilities: z
    .unknown()
    .optional()
    .transform((v, ctx): string[] => {
      const list = v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];
      if (!list.every((a): a is string => typeof a === 'string' && isKnownPermission(a))) {
        ctx.addIssue({ code: 'custom', message: 'Choisissez des permissions de la liste.' });
        return z.NEVER as never;
      }
      if (list.length === 0) {
        ctx.addIssue({ code: 'custom', message: 'Choisissez au moins une permission pour ce jeton.' });
        return z.NEVER as never;
      }
      return [...new Set(list)].sort();
    }),
  expires_in_days: choice(
    'durée de validité',
    API_TOKEN_EXPIRIES.map((e) => String(e.days)),
    { default: '90' },
  ).transform(Number),
});

export type ApiTokenInput = z.infer<typeof apiTokenSchema>;
