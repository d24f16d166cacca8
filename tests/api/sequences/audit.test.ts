// The sequences' changes in the security record (docs/decisions/155-sequences-audit-events.md): who created,
// changed, paused, resumed or deleted a sequence, who stopped a contact's run; a viewer's refused change records nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_EVENT_LABELS } from '#contract';
import type { TestClient } from '../harness.ts';
import { addLead, app, BASE, createSequence, invoicePaid, run, setUpSequencesApp, step } from './support.ts';

setUpSequencesApp(['sequences', 'emails', 'leads', 'webinars', 'auditEvents']);

let editor: TestClient;
let editorId: number;
beforeAll(async () => {
  editor = await app.signIn({ email: 'journal-sequences@example.ch' });
  editorId = (await app.knex('users').where({ email: 'journal-sequences@example.ch' }).first('id')).id as number;
});

/** The sequences' rows of the Journal (GET /api/admin/audit, as Paramètres → Journal reads it), oldest first. */
async function journal(): Promise<Array<{ type: string; userId: number | null; ipPrefix: string | null; details: Record<string, unknown> }>> {
  const response = await editor.get('/api/admin/audit?limit=100');
  expect(response.status).toBe(200);
  return (response.body.events as Array<{ type: string; userId: number | null; ipPrefix: string | null; details: Record<string, unknown> }>)
    .filter((event) => event.type.startsWith('sequence_'))
    .reverse()
    .map(({ type, userId, ipPrefix, details }) => ({ type, userId, ipPrefix, details }));
}

const welcome = (fields: Record<string, unknown> = {}) =>
  createSequence({ name: 'Bienvenue au programme', entry: { event: 'invoice_paid' }, exitOn: [], steps: [step('Bienvenue', { delayMinutes: 60 })], ...fields });

describe('the journal of the sequences', () => {
  it('names each change, its author and the sequence, never its text', async () => {
    const created = await editor.post(BASE, { name: 'Relance après l’appel', entry: { event: 'call_held' }, steps: [step('Merci pour l’appel')], status: 'paused' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(await journal()).toEqual([{ type: 'sequence_created', userId: editorId, ipPrefix: '127.0.0.0/24', details: { sequenceId: id, steps: 1, status: 'paused' } }]);

    // A change of text and steps is one edit; the state sent with it is recorded as what it is.
    const patched = await editor.patch(`${BASE}/${id}`, { name: 'Relance après l’appel (v2)', steps: [step('Merci'), step('Et maintenant ?')], status: 'active' });
    expect(patched.status).toBe(200);
    // Pause and resume by their routes; a second pause changes nothing and records nothing.
    expect((await editor.post(`${BASE}/${id}/pause`, {})).status).toBe(200);
    expect((await editor.post(`${BASE}/${id}/pause`, {})).status).toBe(200);
    expect((await editor.post(`${BASE}/${id}/resume`, {})).status).toBe(200);
    // A state sent alone by PATCH is a pause, not an edit.
    expect((await editor.patch(`${BASE}/${id}`, { status: 'paused' })).status).toBe(200);
    expect((await editor.delete(`${BASE}/${id}`)).status).toBe(204);

    expect(await journal()).toEqual([
      { type: 'sequence_created', userId: editorId, ipPrefix: '127.0.0.0/24', details: { sequenceId: id, steps: 1, status: 'paused' } },
      { type: 'sequence_updated', userId: editorId, ipPrefix: '127.0.0.0/24', details: { sequenceId: id, fields: 'name, steps', steps: 2 } },
      { type: 'sequence_resumed', userId: editorId, ipPrefix: '127.0.0.0/24', details: { sequenceId: id } },
      { type: 'sequence_paused', userId: editorId, ipPrefix: '127.0.0.0/24', details: { sequenceId: id } },
      { type: 'sequence_resumed', userId: editorId, ipPrefix: '127.0.0.0/24', details: { sequenceId: id } },
      { type: 'sequence_paused', userId: editorId, ipPrefix: '127.0.0.0/24', details: { sequenceId: id } },
      { type: 'sequence_deleted', userId: editorId, ipPrefix: '127.0.0.0/24', details: { sequenceId: id, runs: 0 } },
    ]);
    // Ids and counts only: the name and the steps' text stay in the sequence.
    const stored = JSON.stringify(await app.knex('auditEvents').select('details'));
    expect(stored).not.toContain('Relance');
    expect(stored).not.toContain('Merci');
    // The Journal's filter and labels name each type in French.
    expect([
      AUDIT_EVENT_LABELS.sequence_created,
      AUDIT_EVENT_LABELS.sequence_updated,
      AUDIT_EVENT_LABELS.sequence_paused,
      AUDIT_EVENT_LABELS.sequence_resumed,
      AUDIT_EVENT_LABELS.sequence_deleted,
    ]).toEqual(['Séquence créée', 'Séquence modifiée', 'Séquence mise en pause', 'Séquence reprise', 'Séquence supprimée']);
    const filtered = await editor.get('/api/admin/audit?type=sequence_paused');
    expect(filtered.body.events.map((event: { type: string }) => event.type)).toEqual(['sequence_paused', 'sequence_paused']);
  });

  it('records who stopped a contact’s run, with the contact, the sequence and the step; a deletion counts the runs it took', async () => {
    const sequence = await welcome();
    const leadId = await addLead('parcours-journal@example.ch');
    await invoicePaid(leadId);
    await run();
    const runs = await editor.get(`/api/admin/leads/${leadId}/sequence-runs`);
    const item = runs.body.items.find((entry: { sequence: { id: number } }) => entry.sequence.id === sequence.id);
    const accessBefore = Number((await app.knex('accessLog').count({ n: '*' }).first())!.n);

    expect((await editor.post(`/api/admin/sequence-runs/${item.id}/stop`, {})).status).toBe(200);
    // Already over: refused with 409, nothing recorded.
    expect((await editor.post(`/api/admin/sequence-runs/${item.id}/stop`, {})).status).toBe(409);
    expect((await editor.delete(`${BASE}/${sequence.id}`)).status).toBe(204);

    expect((await journal()).slice(1)).toEqual([
      { type: 'sequence_run_stopped', userId: editorId, ipPrefix: '127.0.0.0/24', details: { runId: item.id, sequenceId: sequence.id, leadId, stepId: sequence.steps[0]!.id } },
      { type: 'sequence_deleted', userId: editorId, ipPrefix: '127.0.0.0/24', details: { sequenceId: sequence.id, runs: 1 } },
    ]);
    expect(AUDIT_EVENT_LABELS.sequence_run_stopped).toBe('Séquence arrêtée pour un contact');
    // A single contact's change is in the security record, not the access log (decisions 147 and 155).
    expect(Number((await app.knex('accessLog').count({ n: '*' }).first())!.n)).toBe(accessBefore);
  });

  it('records nothing for a viewer’s refused change', async () => {
    const sequence = await welcome();
    const leadId = await addLead('lecture-journal@example.ch');
    await invoicePaid(leadId);
    await run();
    const runId = (await app.knex('sequenceRuns').where({ leadId, sequenceId: sequence.id }).first('id')).id as number;
    const before = await journal();
    const viewer = await app.signIn({ email: 'lecture-journal@example.ch', role: 'viewer' });

    expect((await viewer.post(BASE, { name: 'Non', entry: { event: 'call_held' } })).status).toBe(403);
    expect((await viewer.patch(`${BASE}/${sequence.id}`, { name: 'Non' })).status).toBe(403);
    expect((await viewer.post(`${BASE}/${sequence.id}/pause`, {})).status).toBe(403);
    expect((await viewer.post(`${BASE}/${sequence.id}/resume`, {})).status).toBe(403);
    expect((await viewer.delete(`${BASE}/${sequence.id}`)).status).toBe(403);
    expect((await viewer.post(`/api/admin/sequence-runs/${runId}/stop`, {})).status).toBe(403);

    expect(await journal()).toEqual(before);
    expect(await app.knex('sequences').where({ id: sequence.id }).first('name', 'state')).toEqual({ name: 'Bienvenue au programme', state: 'active' });
    expect(await app.knex('sequenceRuns').where({ id: runId }).first('state')).toEqual({ state: 'active' });
  });
});
