/** What the re-authentication tests share: a proof gone stale, a TOTP factor enrolled directly in the database. */
import type { TestApp } from '../harness.ts';
import { newTotpSecret } from '../../../api/features/accounts/factors/totp.ts';
import { REAUTH_WINDOW_MS } from '../../../api/platform/http/reauth.ts';

export const REAUTH_REFUSAL = { message: 'Confirmez votre identité pour continuer.', reauth: true };

export async function userIdOf(app: TestApp, email: string): Promise<number> {
  return (await app.knex('users').where({ email }).first('id')).id;
}

/** Every session of the account proved its factor 6 minutes ago: one minute past the window. */
export async function makeProofStale(app: TestApp, email: string): Promise<void> {
  const staleAt = Date.now() - REAUTH_WINDOW_MS - 60_000;
  await app.knex.raw(`update sessions set sess = jsonb_set(sess::jsonb, '{factorVerifiedAt}', to_jsonb(?::bigint))::json where user_id = ?`, [staleAt, await userIdOf(app, email)]);
}

/** A confirmed TOTP factor, as if its owner had scanned the QR code and typed a first code; returns the secret. */
export async function enrolTotp(app: TestApp, email: string): Promise<string> {
  const secret = newTotpSecret();
  await app.knex('user_factors').insert({ userId: await userIdOf(app, email), type: 'totp', name: 'Téléphone', totpSecret: secret, confirmedAt: new Date() });
  return secret;
}
