/** Sign-in and first-admin creation (spec sections 2.4, 5, 8). */
import { z } from './zod.ts';
import { LIMITS } from './options.ts';
import { EMAIL_INVALID, EMAIL_MAX } from './fields.ts';

export const MISSING_FIELDS_MESSAGE = 'Veuillez remplir tous les champs';
export const PASSWORD_MIN_MESSAGE = `Le mot de passe doit comporter au moins ${LIMITS.passwordMin} caractères`;
export const PASSWORD_MAX_MESSAGE = `Le mot de passe ne doit pas dépasser ${LIMITS.passwordMax} caractères`;

const filled = (max: number, tooLong: string) =>
  z
    .string({ error: MISSING_FIELDS_MESSAGE })
    .min(1, { message: MISSING_FIELDS_MESSAGE, abort: true })
    .max(max, tooLong);

/** `POST /api/simple-auth/login`: `email` is the username field (an email or a username). */
export const loginSchema = z.object({
  email: filled(EMAIL_MAX, "L'identifiant ne doit pas dépasser 254 caractères").trim().min(1, MISSING_FIELDS_MESSAGE),
  // Never trimmed: spaces may be part of a password. The bound keeps hashing cheap for absurd inputs.
  password: filled(1024, 'Le mot de passe est trop long'),
});
export type LoginInput = z.input<typeof loginSchema>;

/** `POST /api/simple-auth/setup-admin`: the first administrator account. */
export const setupAdminSchema = z.object({
  email: z
    .string({ error: MISSING_FIELDS_MESSAGE })
    .trim()
    .toLowerCase()
    .min(1, { message: MISSING_FIELDS_MESSAGE, abort: true })
    .max(EMAIL_MAX, `L'email ne doit pas dépasser ${EMAIL_MAX} caractères.`)
    .pipe(z.email(EMAIL_INVALID)),
  password: filled(LIMITS.passwordMax, PASSWORD_MAX_MESSAGE).min(LIMITS.passwordMin, PASSWORD_MIN_MESSAGE),
  firstName: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string({ error: 'Le prénom doit être un texte.' }).trim().max(100, 'Le prénom ne doit pas dépasser 100 caractères.').default('Admin'),
  ),
  lastName: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string({ error: 'Le nom doit être un texte.' }).trim().max(100, 'Le nom ne doit pas dépasser 100 caractères.').default('Utilisateur'),
  ),
});
export type SetupAdminInput = z.input<typeof setupAdminSchema>;
