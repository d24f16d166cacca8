/**
 * Every new password (setup-admin, password change, `npm run admin:create`): 12 to 128 characters here,
 * and not guessable — zxcvbn-ts scores it at least 3 of 4 (api/platform/lib/password-strength.ts, shared by the
 * server and the login screen; kept out of this zod-only module because of its dictionaries).
 */
import { z } from './zod.ts';
import { LIMITS } from './options.ts';

export const MISSING_FIELDS_MESSAGE = 'Veuillez remplir tous les champs';
export const PASSWORD_MIN_MESSAGE = `Le mot de passe doit comporter au moins ${LIMITS.passwordMin} caractères`;
export const PASSWORD_MAX_MESSAGE = `Le mot de passe ne doit pas dépasser ${LIMITS.passwordMax} caractères`;
export const PASSWORD_MIN_SCORE = 3;

export const filledText = (max: number, tooLong: string) => z.string({ error: MISSING_FIELDS_MESSAGE }).min(1, { message: MISSING_FIELDS_MESSAGE, abort: true }).max(max, tooLong);

/** A new password's length (never trimmed: spaces may be part of it). */
export const newPasswordSchema = filledText(LIMITS.passwordMax, PASSWORD_MAX_MESSAGE).min(LIMITS.passwordMin, PASSWORD_MIN_MESSAGE);

/** A password typed to prove who one is. The bound keeps hashing cheap for absurd inputs. */
export const currentPasswordSchema = filledText(1024, 'Le mot de passe est trop long');

/** What the strength estimator says about a password (zxcvbn-ts's result, reduced). */
export interface PasswordStrength {
  score: number;
  warning: string | null;
  suggestions: string[];
}

/** The French refusal: why the password is refused and what to do instead. */
export function weakPasswordMessage(strength: PasswordStrength): string {
  const why = strength.warning ? ` (${strength.warning.replace(/\.$/, '')})` : '';
  const hints = strength.suggestions.length > 0 ? ` ${strength.suggestions.join(' ')}` : '';
  return `Ce mot de passe est trop facile à deviner${why}.${hints} ` + 'Choisissez par exemple quatre ou cinq mots sans rapport entre eux, sans votre nom ni votre email.';
}

/** `POST /api/simple-auth/password`. */
export const passwordChangeSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;
