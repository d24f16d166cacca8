/**
 * A contact request is one statement that also queues its e-mail job (api/platform/queue/inline-job.ts): the job
 * must be exactly what pg-boss's send() would have queued, once per submission, never for a replay.
 * Workers are off so the job stays in the queue to be read. Under a burst, several contact requests
 * share one statement (decision 082): each still gets exactly its own contact, note and job.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp, type TestResponse } from './harness.ts';
import { contactRequestsInProgress } from '../../api/features/public-forms/submissions.ts';
import { QUEUES, SEND_EXPIRE_SECONDS, SEND_RETRY_LIMIT } from '../../api/platform/mail/queues.ts';

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

  it('gives each of a burst of simultaneous requests its own note and job, sharing statements, with one contact per email', async () => {
    const known = { firstName: 'Claire', lastName: 'Rochat', email: 'claire.rafale@exemple.ch', phone: '+41 21 555 00 11', type: 'contact', source: 'referral', status: 'qualified' };
    const [claire] = await app.knex('leads').insert(known).returning('*');
    const statements: number[] = [];
    const countSubmissions = (query: { options?: { name?: string }; bindings?: unknown[] }) => {
      if (query.options?.name === 'public-submissions-with-jobs') statements.push(JSON.parse(String(query.bindings?.[0])).length);
    };
    app.knex.on('query', countSubmissions);

    const doubleClickKey = crypto.randomUUID();
    const requests = [
      ...Array.from({ length: 30 }, (_, i) => ({ body: { ...contactRequest, email: `rafale.${i}@exemple.ch` }, key: crypto.randomUUID() })),
      // A known contact writing three times at once, once in capitals and with another phone.
      { body: { ...contactRequest, email: 'claire.rafale@exemple.ch', message: 'Premier' }, key: crypto.randomUUID() },
      { body: { ...contactRequest, email: 'CLAIRE.Rafale@exemple.ch', message: 'Deuxième', phone: '+41 79 000 00 00' }, key: crypto.randomUUID() },
      { body: { ...contactRequest, email: 'claire.rafale@exemple.ch', message: 'Troisième' }, key: undefined },
      // A triple click: one submission.
      ...[1, 2, 3].map(() => ({ body: { ...contactRequest, email: 'triple.clic@exemple.ch' }, key: doubleClickKey })),
    ];
    // The contacts table is held until every request waits for its statement, as in a burst on a busy
    // database: the first four statements wait on the lock (PGlite: on its one connection), the rest queue.
    let sent: Promise<TestResponse[]> | undefined;
    await app.knex.transaction(async (trx) => {
      await trx.raw('lock table leads in exclusive mode');
      sent = Promise.all(requests.map(({ body, key }) => app.client().post('/api/leads', body, { headers: key ? { 'idempotency-key': key } : {} })));
      await vi.waitFor(() => expect(contactRequestsInProgress(app.knex)).toBe(requests.length), { timeout: 20_000, interval: 20 });
    });
    const answers = await sent!;
    app.knex.off('query', countSubmissions);

    expect(answers.map((answer) => answer.status)).toEqual(requests.map(() => 201));
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(2);
    // Each request went through exactly one statement (a replay's statement writes nothing), fewer statements than requests.
    expect(statements.reduce((sum, size) => sum + size, 0)).toBe(36);
    expect(Math.max(...statements)).toBeGreaterThan(1);

    for (let i = 0; i < 30; i += 1) {
      const lead = await app
        .knex('leads')
        .where({ email: `rafale.${i}@exemple.ch` })
        .first('id', 'firstName');
      const notes = await app.knex('activities').where({ leadId: lead.id }).select('id', 'description');
      expect(notes).toEqual([{ id: expect.any(Number), description: 'Bonjour' }]);
      expect((await prepareJobs(lead.id)).map((job) => job.data.noteId)).toEqual([notes[0]!.id]);
    }
    const triple = await app.knex('leads').where({ email: 'triple.clic@exemple.ch' }).select('id');
    expect(triple).toHaveLength(1);
    expect(await prepareJobs(triple[0].id)).toHaveLength(1);

    const claireNow = await app.knex('leads').whereRaw('lower(email) = ?', ['claire.rafale@exemple.ch']).select('id', 'phone', 'status');
    expect(claireNow).toEqual([{ id: claire.id, phone: known.phone, status: 'qualified' }]);
    const claireNotes = await app.knex('activities').where({ leadId: claire.id }).orderBy('id').select('id', 'description');
    expect(claireNotes.map((note) => note.description).sort()).toEqual([
      'Deuxième\n\nPrénom indiqué : Léa\nNom indiqué : Favre\nTéléphone indiqué : +41 79 000 00 00',
      'Premier\n\nPrénom indiqué : Léa\nNom indiqué : Favre',
      'Troisième\n\nPrénom indiqué : Léa\nNom indiqué : Favre',
    ]);
    expect((await prepareJobs(claire.id)).map((job) => job.data.noteId).sort()).toEqual(claireNotes.map((note) => note.id).sort());
  });
});
