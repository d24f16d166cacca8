/**
 * What the newsletter fault files share (newsletter-kill.test.ts, newsletter-pace.test.ts): the
 * administrator written straight into the file's database, subscribers, and an issue sent through the API.
 * Each file has its own database, SMTP sink and servers (killable-servers.ts), so the two run beside each other.
 */
import { expect } from 'vitest';
import { TestClient } from '../api/harness.ts';
import { hashPassword } from '../../api/platform/lib/passwords.ts';
import { newTotpSecret, totpCode } from '../../api/features/accounts/factors/totp.ts';
import type { KillableServers } from './killable-servers.ts';

const PASSWORD = 'un-mot-de-passe-solide-42';

/**
 * The administrator, written straight into the database once the first server has migrated it, with an
 * authenticator app (the servers run in production, where a second factor is required: decision 144),
 * then signed in with both steps: the password, then the app's code of now.
 */
export async function signIn(faults: KillableServers, url: string): Promise<TestClient> {
  const secret = newTotpSecret();
  const { rows } = await faults.db.query<{ id: number }>(
    "insert into users (username, email, password, first_name, role) values ('admin@example.ch', 'admin@example.ch', $1, 'Camille', 'admin') returning id",
    [await hashPassword(PASSWORD)],
  );
  await faults.db.query("insert into user_factors (user_id, type, name, totp_secret, confirmed_at) values ($1, 'totp', 'Téléphone', $2, now())", [rows[0]!.id, secret]);
  const client = new TestClient(url);
  const answer = await client.post('/api/simple-auth/login', { email: 'admin@example.ch', password: PASSWORD });
  if (answer.status !== 200 || answer.body.mfaRequired !== true) throw new Error(`sign-in failed: ${answer.status} ${answer.text}`);
  const second = await client.post('/api/simple-auth/mfa', { method: 'totp', code: totpCode(secret) });
  if (second.status !== 200) throw new Error(`second step failed: ${second.status} ${second.text}`);
  return client;
}

export async function subscribers(faults: KillableServers, count: number, prefix: string): Promise<void> {
  await faults.db.query(
    `insert into leads (first_name, email, type, source, newsletter_status, newsletter_token, newsletter_requested_at, newsletter_confirmed_at)
     select 'Personne' || n, $1 || '-' || n || '@example.ch', 'contact', 'website', 'subscribed', md5(random()::text), now(), now() from generate_series(1, $2::int) as n`,
    [prefix, count],
  );
}

export async function sendIssue(client: TestClient, subject: string): Promise<number> {
  const created = await client.post('/api/admin/newsletters', { subject, preheader: '', body: 'Trois cycles de respiration suffisent.' });
  expect(created.status).toBe(201);
  expect((await client.post(`/api/admin/newsletters/${created.body.id}/send`, {})).status).toBe(202);
  return created.body.id as number;
}
