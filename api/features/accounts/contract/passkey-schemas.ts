/**
 * Passkeys (docs/decisions/146-passkeys.md): the name a user gives a passkey, and the browser's WebAuthn
 * answers (@simplewebauthn/browser's RegistrationResponseJSON and AuthenticationResponseJSON). Their
 * shape is checked loosely, every field bounded; the signature, challenge, origin and counter are
 * verified by @simplewebauthn/server.
 */
import { z } from '../../../contract/zod.ts';
import { requiredText } from '../../../contract/fields.ts';

export const PASSKEY_RESPONSE_MESSAGE = "La réponse de la clé d'accès est invalide.";

const invalid = { error: PASSKEY_RESPONSE_MESSAGE };

/** base64url text, as WebAuthn JSON encodes bytes (padding tolerated). */
function base64url(max: number) {
  return z
    .string(invalid)
    .max(max, PASSKEY_RESPONSE_MESSAGE)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, PASSKEY_RESPONSE_MESSAGE);
}

const credentialId = base64url(1400).min(1, PASSKEY_RESPONSE_MESSAGE);
const extensionResults = z.record(z.string(invalid).max(100), z.unknown(), invalid).optional();
const attachment = z.string(invalid).max(40).optional();

export const passkeyNameSchema = requiredText("Le nom de la clé d'accès", { max: 100 });

/** What `startRegistration()` answers. */
export const registrationResponseSchema = z.object(
  {
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key', invalid),
    response: z.object(
      {
        clientDataJSON: base64url(4000).min(1, PASSKEY_RESPONSE_MESSAGE),
        attestationObject: base64url(20000).min(1, PASSKEY_RESPONSE_MESSAGE),
        authenticatorData: base64url(10000).optional(),
        transports: z.array(z.string(invalid).max(40), invalid).max(10, PASSKEY_RESPONSE_MESSAGE).optional(),
        publicKeyAlgorithm: z.number(invalid).int(invalid).optional(),
        publicKey: base64url(2000).optional(),
      },
      invalid,
    ),
    authenticatorAttachment: attachment,
    clientExtensionResults: extensionResults,
  },
  invalid,
);

/** What `startAuthentication()` answers. */
export const authenticationResponseSchema = z.object(
  {
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key', invalid),
    response: z.object(
      {
        clientDataJSON: base64url(4000).min(1, PASSKEY_RESPONSE_MESSAGE),
        authenticatorData: base64url(10000).min(1, PASSKEY_RESPONSE_MESSAGE),
        signature: base64url(2000).min(1, PASSKEY_RESPONSE_MESSAGE),
        userHandle: base64url(200).optional(),
      },
      invalid,
    ),
    authenticatorAttachment: attachment,
    clientExtensionResults: extensionResults,
  },
  invalid,
);

/** `POST /api/simple-auth/mfa/passkey`. */
export const passkeyRegistrationSchema = z.object({ name: passkeyNameSchema, response: registrationResponseSchema }, invalid);
export type PasskeyRegistrationInput = z.input<typeof passkeyRegistrationSchema>;

/** `POST /api/simple-auth/passkey/verify` and `POST /api/simple-auth/reauth/passkey`. */
export const passkeyAssertionSchema = z.object({ response: authenticationResponseSchema }, invalid);
export type PasskeyAssertionInput = z.input<typeof passkeyAssertionSchema>;
