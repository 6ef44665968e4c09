import { z } from 'zod';
import { Refusal } from '../domain/errors.js';
import { issuesToErrors, text } from '../services/records/fields.js';

export { issuesToErrors };

z.config(z.locales.fr());

/** Parses input with a schema or throws a Refusal (→ redirect back with errors). */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new Refusal(issuesToErrors(result.error));
  return result.data;
}

/** Common field builders with French messages. */
export const fields = {
  requiredString: (label: string, max = 255) => text(label, max, { required: true }),
  email: () =>
    z
      .string({ error: 'L’adresse e-mail est obligatoire.' })
      .trim()
      .min(1, 'L’adresse e-mail est obligatoire.')
      .max(190, 'L’adresse e-mail ne doit pas dépasser 190 caractères.')
      .pipe(z.email('L’adresse e-mail n’est pas valide.'))
      .transform((v) => v.toLowerCase()),
  password: (label = 'Le mot de passe') =>
    z
      .string({ error: `${label} est obligatoire.` })
      .min(1, `${label} est obligatoire.`)
      .max(200, `${label} est trop long.`),
  newPassword: () =>
    z
      .string({ error: 'Le mot de passe est obligatoire.' })
      .min(8, 'Le mot de passe doit contenir au moins 8 caractères.')
      .max(200, 'Le mot de passe ne doit pas dépasser 200 caractères.')
      .refine(
        (v) => /[A-Za-zÀ-ÿ]/.test(v) && /\d/.test(v),
        'Le mot de passe doit contenir au moins une lettre et un chiffre.',
      ),
  checkbox: () =>
    z
      .union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('false'), z.literal('1'), z.literal('0')], {
        error: 'Valeur attendue : oui ou non.',
      })
      .optional()
      .transform((v) => v === true || v === 'on' || v === 'true' || v === '1'),
};
