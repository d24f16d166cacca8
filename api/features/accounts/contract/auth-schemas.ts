/** Sign-in and first-admin creation. */
import { z } from '../../../contract/zod.ts';
import { EMAIL_INVALID, EMAIL_MAX } from '../../../contract/fields.ts';
import { currentPasswordSchema, filledText as filled, MISSING_FIELDS_MESSAGE, newPasswordSchema } from '../../../contract/passwords.ts';

/** `POST /api/simple-auth/login`: `email` is the username field (an email or a username). */
export const loginSchema = z.object({
  email: filled(EMAIL_MAX, "L'identifiant ne doit pas dépasser 254 caractères").trim().min(1, MISSING_FIELDS_MESSAGE),
  password: currentPasswordSchema,
});
export type LoginInput = z.input<typeof loginSchema>;

/** What `setup-admin` also takes in production: the one-time code from the server's log. */
export const setupCodeSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string({ error: "Le code d'installation doit être un texte." }).trim().max(200, "Le code d'installation est trop long.").optional(),
);

/** `POST /api/simple-auth/setup-admin`: the first administrator account. */
export const setupAdminSchema = z.object({
  email: z
    .string({ error: MISSING_FIELDS_MESSAGE })
    .trim()
    .toLowerCase()
    .min(1, { message: MISSING_FIELDS_MESSAGE, abort: true })
    .max(EMAIL_MAX, `L'email ne doit pas dépasser ${EMAIL_MAX} caractères.`)
    .pipe(z.email(EMAIL_INVALID)),
  password: newPasswordSchema,
  firstName: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string({ error: 'Le prénom doit être un texte.' }).trim().max(100, 'Le prénom ne doit pas dépasser 100 caractères.').default('Admin'),
  ),
  lastName: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string({ error: 'Le nom doit être un texte.' }).trim().max(100, 'Le nom ne doit pas dépasser 100 caractères.').default('Utilisateur'),
  ),
  setupCode: setupCodeSchema,
});
export type SetupAdminInput = z.input<typeof setupAdminSchema>;
