/** The second factor (docs/decisions/144-second-factor-totp-and-recovery-codes.md): the sign-in's second step and the factors' management. */
import { z } from '../../../contract/zod.ts';
import { optionalText } from '../../../contract/fields.ts';
import { pathIdSchema } from '../../../contract/params.ts';

export const WRONG_CODE_MESSAGE = 'Code incorrect ou déjà utilisé.';
export const PENDING_SIGN_IN_EXPIRED_MESSAGE = 'Votre connexion a expiré. Saisissez à nouveau votre mot de passe.';
export const FACTOR_NOT_FOUND_MESSAGE = "Ce facteur n'existe pas.";
export const DEFAULT_TOTP_NAME = "Application d'authentification";

/** The kinds of factor an account can hold. */
export const FACTOR_TYPES = ['totp', 'passkey'] as const;
export type FactorType = (typeof FACTOR_TYPES)[number];

/** The methods of the sign-in's second step: an account's kinds of factor, plus its recovery codes. */
export type SecondStepMethod = FactorType | 'recovery';

const code = z.string({ error: 'Le code est obligatoire.' }).trim().min(1, { message: 'Le code est obligatoire.', abort: true }).max(100, 'Le code ne doit pas dépasser 100 caractères.');

/** `POST /api/simple-auth/mfa`: the second step, with a TOTP code or a recovery code. */
export const mfaSignInSchema = z.object({
  method: z.enum(['totp', 'recovery'], { error: 'La méthode doit être « totp » ou « recovery ».' }),
  code,
});
export type MfaSignInInput = z.input<typeof mfaSignInSchema>;

/** `POST /api/simple-auth/mfa/totp`: an optional name for the authenticator app. */
export const totpEnrolSchema = z
  .object({ name: optionalText('Le nom', 100) })
  .optional()
  .transform((body) => ({ name: body?.name ?? DEFAULT_TOTP_NAME }));
export type TotpEnrolInput = z.input<typeof totpEnrolSchema>;

/** `POST /api/simple-auth/mfa/totp/{factorId}/confirm`: the first code the app shows. */
export const totpConfirmSchema = z.object({ code });
export type TotpConfirmInput = z.input<typeof totpConfirmSchema>;

/** `:factorId` of `/api/simple-auth/mfa/…`. */
export const factorParamsSchema = z.object({ factorId: pathIdSchema(FACTOR_NOT_FOUND_MESSAGE) });
