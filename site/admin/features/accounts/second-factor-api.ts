/**
 * The second factor's calls and shapes, shared by the login screen, the enrolment screen and Paramètres →
 * Sécurité (docs/decisions/149-second-factor-screens.md). Passkeys go through `@simplewebauthn/browser`,
 * loaded only when someone uses one.
 */
import { isHTTPError } from 'ky';
import type { FactorJson, FactorType, SecondStepJson, TotpEnrolmentJson, UserJson } from '#contract/accounts';
import { errorMessage, http } from '../../lib/http.ts';

export { PENDING_SIGN_IN_EXPIRED_MESSAGE } from '#contract/accounts';
export type { FactorJson, FactorsJson, SecondStepMethod, TotpEnrolmentJson } from '#contract/accounts';

/** What `POST /api/simple-auth/login` answers: the user (perhaps to enrol first), or the second step. */
export type LoginAnswer = (UserJson & { enrolmentRequired?: boolean; mfaRequired?: undefined }) | SecondStepJson;

export const FACTOR_TYPE_LABELS: Record<FactorType, string> = {
  totp: "Application d'authentification",
  passkey: "Clé d'accès",
};

export const DEFAULT_PASSKEY_NAME = "Clé d'accès";

/** The key typed by hand, in groups of four characters (as authenticator apps show it). */
export function groupedSecret(secret: string): string {
  return (
    secret
      .replace(/\s+/g, '')
      .match(/.{1,4}/g)
      ?.join(' ') ?? secret
  );
}

/** A typed code without the spaces a person adds while reading it. */
export function compactCode(code: string): string {
  return code.replace(/\s+/g, '');
}

/** Whether a 403 says the account must first add a second factor (the API's `enrolmentRequired`). */
export function isEnrolmentRequired(error: unknown): boolean {
  if (!isHTTPError(error) || error.response.status !== 403) return false;
  return (error.data as { enrolmentRequired?: boolean } | undefined)?.enrolmentRequired === true;
}

/**
 * The text to show for a failed passkey ceremony: the browser's refusal (cancelled, no key, timeout) in
 * French, else the API's message.
 */
export function passkeyErrorMessage(error: unknown): string {
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
    return "L'opération avec la clé d'accès a été annulée ou n'a pas abouti. Veuillez réessayer.";
  }
  if (error instanceof Error && error.name === 'InvalidStateError') return "Cette clé d'accès est déjà enregistrée pour votre compte.";
  if (error instanceof Error && error.name === 'NotSupportedError') return "Ce navigateur ne prend pas en charge les clés d'accès.";
  return errorMessage(error);
}

/** Sign-in with a passkey: the second step (a pending sign-in) or the whole sign-in (discoverable credential). */
export async function signInWithPasskey(): Promise<UserJson> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = await http.post('/api/simple-auth/passkey/options').json<Parameters<typeof startAuthentication>[0]['optionsJSON']>();
  const response = await startAuthentication({ optionsJSON });
  return http.post('/api/simple-auth/passkey/verify', { json: { response } }).json<UserJson>();
}

/** Registers a passkey for the signed-in account; recovery codes come back when it is the first factor. */
export async function registerPasskey(name: string): Promise<{ factor: FactorJson; recoveryCodes?: string[] }> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const optionsJSON = await http.post('/api/simple-auth/mfa/passkey/options').json<Parameters<typeof startRegistration>[0]['optionsJSON']>();
  const response = await startRegistration({ optionsJSON });
  return http.post('/api/simple-auth/mfa/passkey', { json: { name, response } }).json<{ factor: FactorJson; recoveryCodes?: string[] }>();
}

export function startTotpEnrolment(): Promise<TotpEnrolmentJson> {
  return http.post('/api/simple-auth/mfa/totp', { json: {} }).json<TotpEnrolmentJson>();
}

export function confirmTotpEnrolment(factorId: number, code: string): Promise<{ recoveryCodes: string[] }> {
  return http.post(`/api/simple-auth/mfa/totp/${factorId}/confirm`, { json: { code: compactCode(code) } }).json<{ recoveryCodes: string[] }>();
}

export function sendSecondStep(method: 'totp' | 'recovery', code: string): Promise<UserJson> {
  return http.post('/api/simple-auth/mfa', { json: { method, code: method === 'totp' ? compactCode(code) : code.trim() } }).json<UserJson>();
}
