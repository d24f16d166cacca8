/** Shared steps of the passkey API tests (docs/decisions/146-passkeys.md). */
import { expect } from 'vitest';
import type { TestApp, TestClient } from '../harness.ts';
import { SoftwareAuthenticator } from '../../support/software-authenticator.ts';

export const PASSKEY_FAILED = "Cette clé d'accès n'a pas pu être vérifiée.";

/** Registers a passkey named `name` for the signed-in `client` on `authenticator`; returns the 201 body. */
export async function registerPasskey(client: TestClient, authenticator: SoftwareAuthenticator, name: string) {
  const options = await client.post('/api/simple-auth/mfa/passkey/options');
  expect(options.status).toBe(200);
  const response = await client.post('/api/simple-auth/mfa/passkey', { name, response: authenticator.create(options.body) });
  expect(response.status, response.text).toBe(201);
  return response.body as { factor: { id: number; type: string; name: string; createdAt: string }; recoveryCodes?: string[] };
}

/** An account with one passkey, signed in as `client`, and the authenticator holding it. */
export async function accountWithPasskey(app: TestApp, email: string, role: 'admin' | 'viewer' = 'admin') {
  const client = await app.signIn({ email, role });
  const authenticator = new SoftwareAuthenticator(app.url);
  const { factor } = await registerPasskey(client, authenticator, 'Portable');
  const userId = (await app.knex('users').where({ email }).first('id')).id as number;
  return { client, authenticator, factor, userId };
}
