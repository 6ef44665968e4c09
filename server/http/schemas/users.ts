import { z } from 'zod';
import { USER_ONBOARDING } from '../../../shared/users.js';
import { choice, flag, text } from '../../services/records/fields.js';
import { fields } from '../validation.js';

/** A list of record ids from checkboxes (`role_ids[]`): absent → none; anything else than ids refused. */
const idList = (label: string, max: number) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx): number[] => {
      if (v === undefined || v === null || v === '') return [];
      const items = Array.isArray(v) ? v : [v];
      const ids = items.map((x) =>
        typeof x === 'number'
          ? x
          : typeof x === 'string' && /^\d{1,10}$/.test(x.trim())
            ? Number(x.trim())
            : Number.NaN,
      );
      if (items.length > max || ids.some((n) => !Number.isSafeInteger(n) || n <= 0)) {
        ctx.addIssue({ code: 'custom', message: `Choix de ${label} invalide.` });
        return z.NEVER;
      }
      return [...new Set(ids)];
    });

const base = {
  name: fields.requiredString('nom', 120),
  first_name: text('prénom', 80).transform((v) => v || null),
  email: fields.email(),
  role_ids: idList('rôles', 50),
  places_restricted: flag(false),
  location_ids: idList('emplacements', 500),
  treasury_account_ids: idList('comptes de trésorerie', 500),
};

export const userUpdateSchema = z.object(base);

/** Creation: an invitation mail, or an initial password (typed twice) to be changed at first login. */
export const userCreateSchema = z
  .object({
    ...base,
    onboarding: choice('première connexion', USER_ONBOARDING, { default: 'invite' }),
    password: z
      .string({ error: 'Le mot de passe doit être un texte.' })
      .max(200, 'Le mot de passe ne doit pas dépasser 200 caractères.')
      .nullish(),
    password_confirmation: z.string({ error: 'La confirmation doit être un texte.' }).max(200).nullish(),
  })
  .superRefine(
    (v, ctx) => {
      if (v?.onboarding !== 'password') return;
      const checked = fields.newPassword().safeParse(v.password ?? '');
      if (!checked.success)
        ctx.addIssue({
          code: 'custom',
          path: ['password'],
          message: checked.error.issues[0]?.message ?? 'Mot de passe invalide.',
        });
      else if (v.password !== v.password_confirmation)
        ctx.addIssue({
          code: 'custom',
          path: ['password_confirmation'],
          message: 'La confirmation du mot de passe ne correspond pas.',
        });
    },
    { when: () => true },
  );

export const changePasswordSchema = z
  .object({
    password: fields.newPassword(),
    password_confirmation: z.string({ error: 'Veuillez confirmer le mot de passe.' }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'La confirmation du mot de passe ne correspond pas.',
    path: ['password_confirmation'],
  });
