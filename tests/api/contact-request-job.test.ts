/**
 * A contact request is one statement that also queues its e-mail job (api/jobs/inline-job.ts): the job
 * must be exactly what pg-boss's send() would have queued, once per submission, never for a replay.
 * Workers are off so the job stays in the queue to be read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { QUEUES, SEND_EXPIRE_SECONDS, SEND_RETRY_LIMIT } from '../../api/jobs/queues.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ WORKERS: 'off' });
});
afterAll(() => app.close());

interface JobRow {
  data: Record<string, unknown>;
  state: string;
  retryLimit: number;
  retryBackoff: boolean;
  expireSeconds: number;
}

const prepareJobs = async (leadId: number): Promise<JobRow[]> => {
  const { rows } = await app.knex.raw<{ rows: JobRow[] }>(
    `select data, state, retry_limit as "retryLimit", retry_backoff as "retryBackoff", expire_seconds as "expireSeconds"
     from pgboss.job where name = ? and (data->>'leadId')::int = ?`,
    [QUEUES.prepare, leadId],
  );
  return rows;
};

const contactRequest = { firstName: 'Léa', lastName: 'Favre', email: 'lea.job@exemple.ch', message: 'Bonjour', type: 'contact' };

describe('a contact request queues its e-mail job in its own statement', () => {
  it('queues one prepare job with the queue’s retry policy, and none for a replay of the same key', async () => {
    const key = crypto.randomUUID();
    const first = await app.client().post('/api/leads', contactRequest, { headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    const lead = await app.knex('leads').whereRaw('lower(email) = ?', [contactRequest.email]).first();

    const replay = await app.client().post('/api/leads', contactRequest, { headers: { 'idempotency-key': key } });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');

    const jobs = await prepareJobs(lead.id);
    // The note the request wrote: the team alert quotes it (what was typed this time).
    const note = await app.knex('activities').where({ leadId: lead.id, type: 'note' }).first('id');
    expect(jobs).toEqual([
      {
        data: { leadId: lead.id, noteId: note.id, submission: 'contact', webinarId: null, registrationId: null, outcome: null },
        state: 'created',
        retryLimit: SEND_RETRY_LIMIT,
        retryBackoff: true,
        expireSeconds: SEND_EXPIRE_SECONDS,
      },
    ]);
  });

  it('queues a job for each new submission of a known email, without a key', async () => {
    const email = 'paul.job@exemple.ch';
    for (let round = 0; round < 2; round += 1) {
      expect((await app.client().post('/api/leads', { ...contactRequest, email })).status).toBe(201);
    }
    const lead = await app.knex('leads').whereRaw('lower(email) = ?', [email]).first();
    expect((await prepareJobs(lead.id)).map((job) => job.data.submission)).toEqual(['contact', 'contact']);
  });
});
