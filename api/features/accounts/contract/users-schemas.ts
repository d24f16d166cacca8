/** Users and roles: the admin's user list and a user's own profile (the roles themselves: api/contract/options.ts). */
import { z } from '../../../contract/zod.ts';
import { blankToNull, clearableText, emailField, httpUrl, oneOf, requiredText } from '../../../contract/fields.ts';
import { USER_ROLES, USER_ROLE_LABELS } from '../../../contract/options.ts';
import { newPasswordSchema } from '../../../contract/passwords.ts';
import { pathIdSchema } from '../../../contract/params.ts';

export const USER_NOT_FOUND_MESSAGE = 'Utilisateur non trouvé.';

const role = oneOf(USER_ROLES, USER_ROLE_LABELS, 'Le rôle');

const firstName = requiredText('Le prénom', { max: 100 });
const lastName = requiredText('Le nom', { max: 100 });

/** `POST /api/admin/users`: the administrator chooses the first password and hands it over; the user changes it in Profil. */
export const userCreateSchema = z.object({
  email: emailField(),
  firstName,
  lastName,
  role,
  password: newPasswordSchema,
});
export type UserCreateInput = z.input<typeof userCreateSchema>;
export type UserCreate = z.output<typeof userCreateSchema>;

/** `PATCH /api/admin/users/{id}`: role and/or active, nothing else. */
export const userUpdateSchema = z
  .object({
    role: role.optional(),
    active: z.boolean({ error: 'Le champ « actif » doit être vrai ou faux.' }).optional(),
  })
  .refine((value) => value.role !== undefined || value.active !== undefined, 'Indiquez le rôle ou l’état du compte à modifier.');
export type UserUpdateInput = z.input<typeof userUpdateSchema>;

/** `PATCH /api/simple-auth/user`: the signed-in user's own profile. */
export const profileUpdateSchema = z.object({
  firstName: firstName.optional(),
  lastName: lastName.optional(),
  email: emailField().optional(),
  bio: clearableText('La bio', 2000),
  // Blank or null removes the image.
  profileImageUrl: z.preprocess(blankToNull, z.union([z.null(), httpUrl("L'adresse de l'image")]).optional()),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** `:id` of a user. */
export const userParamsSchema = z.object({ id: pathIdSchema(USER_NOT_FOUND_MESSAGE) });
