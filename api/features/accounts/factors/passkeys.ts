/**
 * Passkeys (WebAuthn) with @simplewebauthn/server (docs/decisions/146-passkeys.md): registration of
 * several named passkeys per account, and the verification of an assertion for the second step of a
 * sign-in, the whole sign-in (a discoverable credential, the user verified by the authenticator) and
 * re-authentication. Challenges are single-use and kept server-side (./webauthn-challenges.ts).
 */
import { createHmac } from 'node:crypto';
import type { Context } from 'koa';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { User } from '../../../models/index.ts';
import { keepChallenge, takeChallenge, CHALLENGE_LIFETIME_MS, type ChallengePurpose } from './webauthn-challenges.ts';
import { replaceRecoveryCodes } from './recovery-codes.ts';

export const RP_NAME = 'Inner Circle';
export const PASSKEY_FAILED_MESSAGE = "Cette clé d'accès n'a pas pu être vérifiée.";
export const PASSKEY_NOT_REGISTERED_MESSAGE = "Cette clé d'accès n'a pas pu être enregistrée. Réessayez.";

/** A passkey row of `user_factors`. */
export interface PasskeyFactor {
  id: number;
  userId: number;
  name: string;
  credentialId: string;
  publicKey: Uint8Array;
  signCount: number;
  transports: AuthenticatorTransportFuture[];
  createdAt: Date;
}

/** The relying party: PUBLIC_URL's hostname and origin; without it (development, tests) the request's own. */
export function relyingParty(ctx: Context): { rpID: string; origin: string } {
  if (ctx.config.publicUrl) {
    const url = new URL(ctx.config.publicUrl);
    return { rpID: url.hostname, origin: url.origin };
  }
  return { rpID: ctx.hostname, origin: ctx.origin };
}

/**
 * The WebAuthn user handle of an account: stable (an authenticator replaces its own earlier passkey for
 * the same account rather than keeping two) and opaque (a keyed hash, neither the id nor the e-mail).
 */
export function userHandle(ctx: Context, userId: number): Uint8Array {
  return new Uint8Array(createHmac('sha256', ctx.config.sessionSecret).update(`webauthn-user:${userId}`).digest());
}

function toFactor(row: Record<string, unknown>): PasskeyFactor {
  return {
    ...(row as unknown as PasskeyFactor),
    publicKey: new Uint8Array(row.publicKey as Buffer),
    signCount: Number(row.signCount),
    transports: (typeof row.transports === 'string' ? JSON.parse(row.transports) : row.transports) as AuthenticatorTransportFuture[],
  };
}

export async function listPasskeys(ctx: Context, userId: number): Promise<PasskeyFactor[]> {
  const rows = await ctx.knex('userFactors').where({ userId, type: 'passkey' }).whereNotNull('confirmedAt').orderBy('id');
  return rows.map(toFactor);
}

async function passkeyByCredentialId(ctx: Context, credentialId: string): Promise<PasskeyFactor | undefined> {
  const row = await ctx.knex('userFactors').where({ credentialId, type: 'passkey' }).whereNotNull('confirmedAt').first();
  return row ? toFactor(row) : undefined;
}

/** The account whose passkey `credentialId` is, if any (the whole sign-in counts its attempts per account). */
export async function passkeyOwner(ctx: Context, credentialId: string): Promise<User | undefined> {
  const passkey = await passkeyByCredentialId(ctx, credentialId);
  if (!passkey) return undefined;
  return User.query(ctx.knex).findById(passkey.userId);
}

/** Creation options for a new passkey of `user`; the challenge is kept for `registerPasskey`. */
export async function registrationOptions(ctx: Context, user: User): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { rpID } = relyingParty(ctx);
  const existing = await listPasskeys(ctx, user.id);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.email,
    userID: userHandle(ctx, user.id) as Uint8Array<ArrayBuffer>,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim(),
    timeout: CHALLENGE_LIFETIME_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    // A discoverable credential when the authenticator can: the passkey can then be the whole sign-in.
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await keepChallenge(ctx, 'register', options.challenge, user.id);
  return options;
}

export interface RegisteredPasskey {
  factor: PasskeyFactor;
  /** Ten new recovery codes when this is the account's first confirmed factor. */
  recoveryCodes?: string[];
}

/** Verifies a registration answer and stores the passkey; `undefined` when it does not verify. */
export async function registerPasskey(ctx: Context, user: User, name: string, response: RegistrationResponseJSON): Promise<RegisteredPasskey | undefined> {
  const stored = await takeChallenge(ctx, ['register']);
  if (!stored || stored.userId !== user.id) return undefined;
  const { rpID, origin } = relyingParty(ctx);
  let info;
  try {
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: stored.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
    if (!verification.verified) return undefined;
    info = verification.registrationInfo;
  } catch {
    return undefined;
  }
  const { credential } = info;
  if (await ctx.knex('userFactors').where({ credentialId: credential.id }).first('id')) return undefined;
  return ctx.knex.transaction(async (trx) => {
    const confirmed = await trx('userFactors').where({ userId: user.id }).whereNotNull('confirmedAt').count({ n: '*' }).first();
    const [row] = await trx('userFactors')
      .insert({
        userId: user.id,
        type: 'passkey',
        name,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey),
        signCount: credential.counter,
        transports: JSON.stringify(credential.transports ?? response.response.transports ?? []),
        confirmedAt: new Date(),
      })
      .returning('*');
    const recoveryCodes = Number(confirmed?.n ?? 0) === 0 ? await replaceRecoveryCodes(trx, user.id) : undefined;
    return { factor: toFactor(row), recoveryCodes };
  });
}

/**
 * Request options. With `user`: for that account's passkeys (the second step, re-authentication);
 * without: any discoverable credential of this site (the whole sign-in), the user verified.
 */
export async function authenticationOptions(ctx: Context, purpose: Exclude<ChallengePurpose, 'register'>, user?: User): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { rpID } = relyingParty(ctx);
  const passkeys = user ? await listPasskeys(ctx, user.id) : [];
  const options = await generateAuthenticationOptions({
    rpID,
    timeout: CHALLENGE_LIFETIME_MS,
    allowCredentials: user ? passkeys.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })) : undefined,
    userVerification: purpose === 'sign-in' ? 'required' : 'preferred',
  });
  await keepChallenge(ctx, purpose, options.challenge, user?.id ?? null);
  return options;
}

export interface VerifiedAssertion {
  purpose: ChallengePurpose;
  passkey: PasskeyFactor;
}

/**
 * Verifies an assertion against this browser's challenge of one of `purposes`. The passkey must belong
 * to the account the challenge was issued for (when it names one); its counter, when the authenticator
 * keeps one, must have grown, and is stored in the same statement that checks it (two concurrent uses
 * of one counter value cannot both pass). `undefined` for any failure: the caller answers 401.
 */
export async function verifyAssertion(ctx: Context, purposes: readonly ChallengePurpose[], response: AuthenticationResponseJSON): Promise<VerifiedAssertion | undefined> {
  const stored = await takeChallenge(ctx, purposes);
  if (!stored) return undefined;
  const passkey = await passkeyByCredentialId(ctx, response.id);
  if (!passkey || (stored.userId !== null && passkey.userId !== stored.userId)) return undefined;
  if (response.response.userHandle && response.response.userHandle !== Buffer.from(userHandle(ctx, passkey.userId)).toString('base64url')) return undefined;
  const { rpID, origin } = relyingParty(ctx);
  let newCounter: number;
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: stored.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: { id: passkey.credentialId, publicKey: passkey.publicKey as Uint8Array<ArrayBuffer>, counter: passkey.signCount, transports: passkey.transports },
      // The whole sign-in stands for two factors: the authenticator must have verified the user.
      requireUserVerification: stored.purpose === 'sign-in',
    });
    if (!verification.verified) return undefined;
    newCounter = verification.authenticationInfo.newCounter;
  } catch {
    // Wrong origin, RP ID, challenge or signature, a counter that did not grow, or a malformed answer.
    return undefined;
  }
  const updated = await ctx.knex('userFactors').where({ id: passkey.id, signCount: passkey.signCount }).update({ signCount: newCounter, lastUsedAt: new Date() });
  if (updated !== 1) return undefined;
  return { purpose: stored.purpose, passkey: { ...passkey, signCount: newCounter } };
}
