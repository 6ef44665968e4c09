import { z } from 'zod';
import { text } from '../../services/records/fields.js';
import { fields } from '../validation.js';

const confirmed = <T extends { password: string; password_confirmation: string }>(schema: z.ZodType<T>) =>
  schema.refine((v) => v.password === v.password_confirmation, {
    message: 'La confirmation du mot de passe ne correspond pas.',
    path: ['password_confirmation'],
  });

/** Optional first name (the dashboard greets by it), through the one text primitive: empty or absent → null. */
const firstName = () => text('prénom', 80).transform((v) => v || null);

export const loginSchema = z.object({
  email: fields.email(),
  password: fields.password(),
  remember: fields.checkbox(),
});

export const registerSchema = confirmed(
  z.object({
    name: fields.requiredString('nom', 120),
    first_name: firstName(),
    email: fields.email(),
    password: fields.newPassword(),
    password_confirmation: z.string({ error: 'Veuillez confirmer le mot de passe.' }),
  }),
);

export const forgotPasswordSchema = z.object({ email: fields.email() });

export const resetPasswordSchema = confirmed(
  z.object({
    token: z
      .string({ error: 'Le lien de réinitialisation est invalide.' })
      .min(1, 'Le lien de réinitialisation est invalide.')
      .max(200),
    email: fields.email(),
    password: fields.newPassword(),
    password_confirmation: z.string({ error: 'Veuillez confirmer le mot de passe.' }),
  }),
);

export const confirmPasswordSchema = z.object({ password: fields.password() });

export const profileSchema = z.object({
  name: fields.requiredString('nom', 120),
  first_name: firstName(),
  email: fields.email(),
  /** Required by the service only when the e-mail changes. */
  current_password: z
    .string({ error: 'Le mot de passe actuel doit être un texte.' })
    .max(200, 'Le mot de passe actuel est trop long.')
    .nullish(),
});

export const updatePasswordSchema = confirmed(
  z.object({
    current_password: fields.password('Le mot de passe actuel'),
    password: fields.newPassword(),
    password_confirmation: z.string({ error: 'Veuillez confirmer le mot de passe.' }),
  }),
);

export const deleteAccountSchema = z.object({ password: fields.password() });
