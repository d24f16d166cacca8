// The sequences' admin API (docs/decisions/150-sequences-engine.md): defaults, CRUD with French messages, steps edited and deleted, preview, test send, a contact's runs, stats, privacy.
import { describe, expect, it } from 'vitest';
import { addLead, admin, app, BASE, createSequence, DAY, invoicePaid, mailTo, makeDue, run, runOf, setUpSequencesApp, step, stepEmails } from './support.ts';

// The default sequences stay: the first test reads them.
setUpSequencesApp(['emails', 'leads', 'webinars']);

const welcome = (fields: Record<string, unknown> = {}) =>
  createSequence({
    name: `Bienvenue ${Math.random()}`,
    entry: { event: 'invoice_paid' },
    exitOn: [],
    goal: 'call_held',
    steps: [step('Bienvenue'), step('Vos premiers pas', { delayMinutes: DAY / 60_000 }), step('Un mois déjà', { delayMinutes: 0 })],
    ...fields,
  });

describe('sequences API', () => {
  it('installs the two default sequences, active; viewers read, only administrators change', async () => {
    const viewer = await app.signIn({ email: 'lecture@example.ch', role: 'viewer' });
    const list = await viewer.get(BASE);
    expect(list.status).toBe(200);
    const byName = new Map(list.body.items.map((item: any) => [item.name, item]));
    const absent = byName.get('Absents du webinaire') as any;
    const after = byName.get('Après le webinaire') as any;
    expect(absent).toMatchObject({ status: 'active', entry: { event: 'webinar_absent', afterMinutes: 0 }, goal: 'call_booked', window: { from: '08:00', to: '20:00', days: [1, 2, 3, 4, 5, 6] } });
    expect(absent.steps[0].body).toContain('{{prochains-webinaires}}');
    expect(after).toMatchObject({ status: 'active', entry: { event: 'webinar_attended' } });
    // 1, 4 and 10 days: each delay counted from the previous step.
    expect(after.steps.map((item: any) => item.delayMinutes / (24 * 60))).toEqual([1, 3, 6]);
    expect(after.exitOn).toContain('call_booked');
    expect((await viewer.post(BASE, { name: 'Non', entry: { event: 'call_held' } })).status).toBe(403);
    expect((await viewer.post(`${BASE}/${absent.id}/pause`, {})).status).toBe(403);
    expect((await app.client().get(BASE)).status).toBe(401);
  });

  it('refuses invalid values with 400 and a French message per field, and unknown ids with 404', async () => {
    const response = await admin.post(BASE, {
      name: ' ',
      entry: { event: 'inconnu' },
      exitOn: ['jamais'],
      window: { from: '25:00', to: '08:00', days: [0] },
      steps: [{ delayMinutes: -1, subject: '', body: 'x' }],
      status: 'brouillon',
    });
    expect(response.status).toBe(400);
    const paths = Object.fromEntries(response.body.errors.map((error: { path: string; message: string }) => [error.path, error.message]));
    expect(paths.name).toBe('Le nom est obligatoire.');
    expect(paths['entry.event']).toMatch(/^L’événement d’entrée doit être l'une des valeurs suivantes : Absent·e d’un webinaire/);
    expect(paths['exitOn.0']).toMatch(/Un événement de sortie doit être/);
    expect(paths['window.from']).toBe('L’heure de début doit être au format HH:MM.');
    expect(paths['window.days.0']).toMatch(/de 1 \(lundi\) à 7 \(dimanche\)/);
    expect(paths['steps.0.delayMinutes']).toMatch(/Le délai de l’étape/);
    expect(paths['steps.0.subject']).toBe('L’objet est obligatoire.');
    expect(paths.status).toMatch(/L’état doit être/);
    const order = await admin.post(BASE, { name: 'Plage', entry: { event: 'call_held' }, window: { from: '20:00', to: '08:00', days: [1] } });
    expect(order.body.errors).toEqual([{ path: 'window.to', message: 'L’heure de fin de la plage d’envoi doit suivre l’heure de début.' }]);
    const paid = await admin.post(BASE, { name: 'Bienvenue', entry: { event: 'invoice_paid' }, exitOn: ['paid'] });
    expect(paid.status).toBe(400);
    expect(paid.body.message).toBe('Une séquence de bienvenue (facture payée) ne peut pas sortir sur « Payé ».');
    expect((await admin.get(`${BASE}/999999`)).body).toEqual({ message: 'Séquence non trouvée.' });
    expect((await admin.get(`${BASE}/abc`)).status).toBe(404);
    expect((await admin.post('/api/admin/sequence-runs/999999/stop', {})).status).toBe(404);
    expect((await admin.get('/api/admin/leads/999999/sequence-runs')).status).toBe(404);
  });

  it('edits a step’s text for what is sent from then on, and a deleted step is skipped by whoever waits on it', async () => {
    const sequence = await welcome();
    const leadId = await addLead('cliente@example.ch');
    await invoicePaid(leadId);
    await run();
    await mailTo('cliente@example.ch', 'Bienvenue');
    const [first, second, third] = sequence.steps as Array<{ id: number; subject: string; body: string; delayMinutes: number; preview: string }>;
    expect((await runOf(leadId, sequence.id)).currentStepId).toBe(second!.id);
    const patched = await admin.patch(`${BASE}/${sequence.id}`, {
      steps: [
        { ...first, window: false },
        { ...third, subject: 'Un mois déjà, déjà !', window: false },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.body.steps.map((item: { id: number; subject: string }) => [item.id, item.subject])).toEqual([
      [first!.id, 'Bienvenue'],
      [third!.id, 'Un mois déjà, déjà !'],
    ]);
    await makeDue((await runOf(leadId, sequence.id)).id);
    await run();
    await mailTo('cliente@example.ch', 'Un mois déjà, déjà !');
    expect((await stepEmails(leadId)).map((email) => email.subject)).toEqual(['Bienvenue', 'Un mois déjà, déjà !']);
    expect(await runOf(leadId, sequence.id)).toMatchObject({ state: 'completed' });

    const stats = await admin.get(`${BASE}/${sequence.id}/stats`);
    expect(stats.body).toMatchObject({ entered: 1, completed: 1, active: 0, converted: 0 });
    expect(stats.body.steps.map((item: { stepId: number; sent: number; deleted: boolean }) => [item.stepId, item.sent, item.deleted])).toEqual([
      [first!.id, 1, false],
      [third!.id, 1, false],
    ]);
    expect((await admin.delete(`${BASE}/${sequence.id}`)).status).toBe(204);
    expect((await admin.get(`${BASE}/${sequence.id}`)).status).toBe(404);
  });

  it('previews a step with the blocks filled, and test-sends it marked as a test', async () => {
    const preview = await admin.post(`${BASE}/preview`, { subject: 'Un appel ?', preview: 'Trente minutes.', body: 'Bonjour {{prenom}},\n\n{{appel-decouverte}}' });
    expect(preview.status).toBe(200);
    expect(preview.body.subject).toBe('Un appel ?');
    expect(preview.body.text).toContain('Bonjour Camille,');
    expect(preview.body.text).toContain('Choisir un créneau');
    const sequence = await welcome();
    const test = await admin.post(`${BASE}/${sequence.id}/steps/${sequence.steps[0]!.id}/test`, { to: 'essai@example.ch' });
    expect(test.status).toBe(202);
    const message = await mailTo('essai@example.ch', '[Test] Bienvenue');
    expect(message.parsed.text).toContain('Envoi de test');
    expect(message.parsed.text).toContain('Message de service');
  });

  it('lists a contact’s runs and lets an administrator stop one; the export holds them and the erasure removes them', async () => {
    const sequence = await welcome({ steps: [step('Bienvenue', { delayMinutes: 60 })] });
    const leadId = await addLead('parcours@example.ch');
    await invoicePaid(leadId);
    await run();
    const runs = await admin.get(`/api/admin/leads/${leadId}/sequence-runs`);
    expect(runs.status).toBe(200);
    // The earlier tests' onboarding sequences take the client in too: this test reads its own.
    const item = runs.body.items.find((entry: { sequence: { id: number } }) => entry.sequence.id === sequence.id);
    expect(item).toMatchObject({ sequence: { id: sequence.id }, state: 'active', currentStep: { id: sequence.steps[0]!.id, subject: 'Bienvenue' }, exitReason: null, sent: 0 });
    expect(new Date(item.nextSendAt).getTime()).toBeGreaterThan(Date.now());

    const exported = await admin.get(`/api/admin/leads/${leadId}/export`);
    expect(exported.body.sequenceRuns).toEqual(expect.arrayContaining([expect.objectContaining({ id: item.id, state: 'active' })]));

    const stopped = await admin.post(`/api/admin/sequence-runs/${item.id}/stop`, {});
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ id: item.id, state: 'exited', exitReason: 'stopped', nextSendAt: null });
    expect((await admin.post(`/api/admin/sequence-runs/${item.id}/stop`, {})).body).toEqual({ message: 'Ce parcours est déjà terminé.' });
    expect((await admin.get(`${BASE}/${sequence.id}/stats`)).body.exited).toEqual({ stopped: 1 });

    // The paid invoice is kept (accounting records): the answer says so, with 200.
    const erased = await admin.post(`/api/admin/leads/${leadId}/erase`, { confirmEmail: 'parcours@example.ch' });
    expect(erased.status).toBe(200);
    expect(await app.knex('sequenceRuns').where({ leadId })).toHaveLength(0);
    expect(await app.knex('sequenceSends').where({ leadId })).toHaveLength(0);
  });
});
