/**
 * The relying party follows PUBLIC_URL (docs/decisions/146-passkeys.md): its hostname is the RP ID and its
 * origin the only one accepted, whatever address the request came in on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness.ts';
import { SoftwareAuthenticator } from '../../support/software-authenticator.ts';
import { PASSKEY_FAILED } from './passkeys-support.ts';

const PUBLIC_URL = 'https://www.example.ch';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL });
});
afterAll(() => app.close());

describe('the relying party of PUBLIC_URL', () => {
  it('names its hostname as RP ID and accepts only its origin', async () => {
    const client = await app.signIn({ email: 'public@example.ch' });
    const options = await client.post('/api/simple-auth/mfa/passkey/options');
    expect(options.body.rp).toEqual({ name: 'Inner Circle', id: 'www.example.ch' });

    // The browser ran on the address the server listens on, not the public site: refused.
    const local = new SoftwareAuthenticator(app.url);
    const refused = await client.post('/api/simple-auth/mfa/passkey', { name: 'Clé', response: local.create(options.body) });
    expect(refused.status).toBe(400);

    const site = new SoftwareAuthenticator(PUBLIC_URL);
    const again = await client.post('/api/simple-auth/mfa/passkey/options');
    expect((await client.post('/api/simple-auth/mfa/passkey', { name: 'Clé', response: site.create(again.body) })).status).toBe(201);

    const visitor = app.client();
    const request = await visitor.post('/api/simple-auth/passkey/options');
    expect(request.body.rpId).toBe('www.example.ch');
    const wrongOrigin = await visitor.post('/api/simple-auth/passkey/verify', { response: site.get(request.body, { origin: app.url }) });
    expect(wrongOrigin.body).toEqual({ message: PASSKEY_FAILED });
    const retry = await visitor.post('/api/simple-auth/passkey/options');
    const signedIn = await visitor.post('/api/simple-auth/passkey/verify', { response: site.get(retry.body) });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.email).toBe('public@example.ch');
  });
});
