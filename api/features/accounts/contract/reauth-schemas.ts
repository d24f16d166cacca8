/** Re-authentication before what cannot be undone (docs/decisions/145-re-authentication.md). */
import { z } from '../../../contract/zod.ts';
import { filledText } from '../../../contract/passwords.ts';

export const REAUTH_METHODS = ['totp', 'recovery', 'password'] as const;
export type ReauthMethod = (typeof REAUTH_METHODS)[number];

export const REAUTH_WRONG_CODE_MESSAGE = 'Code incorrect ou déjà utilisé.';
export const REAUTH_WRONG_PASSWORD_MESSAGE = 'Le mot de passe est incorrect.';
export const USE_SECOND_FACTOR_MESSAGE = 'Utilisez votre second facteur.';

/** `POST /api/simple-auth/reauth`: a TOTP code, a recovery code, or the password of an account without a factor. */
export const reauthSchema = z.object({
  method: z.enum(REAUTH_METHODS, { error: 'La méthode doit être « totp », « recovery » ou « password ».' }),
  // The bound keeps hashing cheap for absurd inputs; a password is never trimmed.
  code: filledText(1024, 'Le code est trop long'),
});
export type ReauthInput = z.input<typeof reauthSchema>;

/** The answer of a successful re-authentication: when the proof was recorded. */
export interface ReauthResult {
  verifiedAt: string;
}
