// A sequence run is kept while it goes and RETENTION_MONTHS after it ended, then deleted with its sends
// by the weekly retention run (docs/decisions/156-sequences-privacy-notice-and-retention.md); the contact stays.
import { describe, expect, it } from 'vitest';
import { deleteEndedSequenceRuns } from '../../../api/features/privacy/retention.ts';
import { addLead, admin, app, createSequence, DAY, setUpSequencesApp, step } from './support.ts';

setUpSequencesApp(['sequences', 'emails', 'leads', 'webinars']);

const ago = (days: number) => new Date(Date.now() - days * DAY);
const RETENTION = { months: 24, emailBodyDays: 90 };

describe('the retention of sequence runs', () => {
  it('deletes a run over for 24 months with its sends, keeps a recent one and a run still going, and keeps the contact', async () => {
    const sequence = await createSequence({ name: 'Après l’appel', entry: { event: 'call_held' }, steps: [step('Merci pour l’appel')] });
    const stepId = sequence.steps[0]!.id;
    const client = await addLead('ancienne-serie@example.ch');
    const other = await addLead('serie-recente@example.ch');
    const waiting = await addLead('serie-en-cours@example.ch');
    const insertRun = async (leadId: number, eventKey: string, fields: Record<string, unknown>) => {
      const [row] = await app
        .knex('sequenceRuns')
        .insert({ sequenceId: sequence.id, leadId, eventKey, eventAt: ago(800), enteredAt: ago(800), currentStepId: null, ...fields })
        .returning('id');
      return row.id as number;
    };
    // 25 months and more after it ended: deleted, with the send it holds.
    const old = await insertRun(client, 'booking:1', { state: 'completed', completedAt: ago(26 * 31) });
    await app.knex('sequenceSends').insert({ runId: old, sequenceId: sequence.id, stepId, leadId: client });
    // The same person's later run, ended a month ago: kept.
    const recent = await insertRun(client, 'booking:2', { eventAt: ago(40), enteredAt: ago(40), state: 'exited', exitReason: 'call_booked', exitedAt: ago(30) });
    // Ended 23 months ago: kept.
    const under = await insertRun(other, 'booking:3', { state: 'exited', exitReason: 'stopped', exitedAt: ago(23 * 30) });
    // Entered long ago and still waiting on a step: never deleted by retention.
    const going = await insertRun(waiting, 'booking:4', { state: 'active', currentStepId: stepId, nextSendAt: new Date(Date.now() + DAY) });

    expect(await deleteEndedSequenceRuns(app.knex, RETENTION)).toBe(1);
    expect((await app.knex('sequenceRuns').orderBy('id').pluck('id')).sort()).toEqual([recent, under, going].sort());
    expect(await app.knex('sequenceSends').where({ runId: old })).toEqual([]);
    expect(Number((await app.knex('leads').whereIn('id', [client, other, waiting]).count({ n: '*' }).first())!.n)).toBe(3);

    // The person's copy of their data holds the run kept, not the one deleted.
    const exported = await admin.get(`/api/admin/leads/${client}/export`);
    expect(exported.status).toBe(200);
    expect(exported.body.sequenceRuns.map((run: { id: number }) => run.id)).toEqual([recent]);
    expect(exported.body.sequenceSends).toEqual([]);

    // A second run finds nothing more to delete.
    expect(await deleteEndedSequenceRuns(app.knex, RETENTION)).toBe(0);
  });
});
