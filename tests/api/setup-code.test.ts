/**
 * The first administrator, only by whoever runs the server (decision 021): in production, with no account
 * yet, setup-admin requires the one-time code the server writes to its log at start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

const ADMIN = { email: 'fondatrice@example.ch', password: 'Brume-sur-le-Leman-au-matin', firstName: 'Nadia', lastName: 'Keller' };

describe('in production', () => {
  const logLines: string[] = [];
  let app: TestApp;
  let code = '';
  beforeAll(async () => {
    app = await startTestApp({ NODE_ENV: 'production' }, { logLines });
  });
  afterAll(() => app.close());

  it("writes a code of at least 128 random bits to the log, in a line starting with « Code d'installation : »", () => {
    const messages = logLines.map((line) => (JSON.parse(line) as { msg: string }).msg).filter((msg) => msg.startsWith("Code d'installation :"));
    expect(messages).toHaveLength(1);
    code = messages[0]!.slice("Code d'installation :".length).trim();
    expect(code).toMatch(/^[A-Za-z0-9_-]{24,}$/);
    expect(Buffer.from(code, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(code).toBe(app.setupCode);
  });

  it('says the code is required while no administrator exists', async () => {
    const response = await app.client().get('/api/simple-auth/setup');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ available: true, codeRequired: true });
  });

  it('refuses setup-admin without the code, or with a wrong one, with 403 and a French message; nothing is created', async () => {
    const missing = await app.client().post('/api/simple-auth/setup-admin', ADMIN);
    expect(missing.status).toBe(403);
    expect(missing.body.message).toBe("Le code d'installation est requis. Il figure dans le journal du serveur, sur la ligne qui commence par « Code d'installation : ».");
    // The last character changed to one it cannot already be: a fixed 'x' was the code itself once in 64 runs.
    const lastCharacterChanged = `${code.slice(0, -1)}${code.endsWith('x') ? 'y' : 'x'}`;
    for (const wrong of [lastCharacterChanged, code.slice(1), 'a'.repeat(200)]) {
      expect(wrong).not.toBe(code);
      const response = await app.client().post('/api/simple-auth/setup-admin', { ...ADMIN, setupCode: wrong });
      expect(response.status).toBe(403);
      expect(response.body.message).toMatch(/^Code d'installation incorrect\./);
    }
    expect(Number((await app.knex('users').count({ n: '*' }).first())!.n)).toBe(0);
  });

  it('creates the administrator with the right code, after which the code is worthless', async () => {
    const browser = app.client();
    const response = await browser.post('/api/simple-auth/setup-admin', { ...ADMIN, setupCode: code });
    expect(response.status).toBe(201);
    expect(response.body.email).toBe(ADMIN.email);
    expect((await browser.get('/api/simple-auth/user')).status).toBe(200);

    expect((await app.client().get('/api/simple-auth/setup')).body).toEqual({ available: false, codeRequired: false });
    const again = await app.client().post('/api/simple-auth/setup-admin', { ...ADMIN, email: 'autre@example.ch', setupCode: code });
    expect(again.status).toBe(409);
    expect(Number((await app.knex('users').count({ n: '*' }).first())!.n)).toBe(1);
  });
});

describe('outside production', () => {
  const logLines: string[] = [];
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({}, { logLines });
  });
  afterAll(() => app.close());

  it('asks for no code (the spec flow) and logs none', async () => {
    expect((await app.client().get('/api/simple-auth/setup')).body).toEqual({ available: true, codeRequired: false });
    expect(logLines.join('\n')).not.toContain("Code d'installation");
    const response = await app.client().post('/api/simple-auth/setup-admin', ADMIN);
    expect(response.status).toBe(201);
    expect((await app.client().get('/api/simple-auth/setup')).body).toEqual({ available: false, codeRequired: false });
  });
});
