// Entry into a sequence by the funnel's own states (docs/decisions/150-sequences-engine.md): each event, its delay, once.
import { describe, expect, it } from 'vitest';
import { ENTRY_MAX_AGE_DAYS, enterRuns } from '../../../api/features/sequences/index.ts';
import { addLead, admin, app, booking, createSequence, DAY, invoicePaid, MINUTE, offerSent, registration, run, runOf, setUpSequencesApp, step } from './support.ts';

setUpSequencesApp();

/** A sequence on `event` whose first step waits a day (nothing is sent: these tests look at entry). */
const onEvent = (event: string, afterMinutes = 0, fields: Record<string, unknown> = {}) =>
  createSequence({ name: `Entrée ${event}`, entry: { event, afterMinutes }, exitOn: [], steps: [step('Première étape', { delayMinutes: 24 * 60 })], ...fields });

describe('entry by state', () => {
  it('enters a contact for each entry event, with the fact that made them enter, once', async () => {
    const facts: Array<[string, (leadId: number) => Promise<number>, string]> = [
      ['webinar_absent', (lead) => registration(lead, 'no-show'), 'registration'],
      ['webinar_attended', (lead) => registration(lead, 'attended'), 'registration'],
      ['call_no_show', (lead) => booking(lead, 'no-show'), 'booking'],
      ['call_held', (lead) => booking(lead, 'held'), 'booking'],
      ['offer_sent', (lead) => offerSent(lead), 'offer'],
      ['invoice_paid', (lead) => invoicePaid(lead), 'invoice'],
    ];
    for (const [event, fact, prefix] of facts) {
      const sequence = await onEvent(event);
      const leadId = await addLead(`${event}@example.ch`);
      const factId = await fact(leadId);
      const other = await addLead(`autre-${event}@example.ch`);
      await run();
      const entered = await runOf(leadId, sequence.id);
      expect(entered, event).toMatchObject({ state: 'active', eventKey: `${prefix}:${factId}`, currentStepId: sequence.steps[0]!.id });
      // The first step is counted from the entry: a day after the event.
      expect(new Date(entered.nextSendAt).getTime() - new Date(entered.eventAt).getTime(), event).toBe(DAY);
      expect(await runOf(other, sequence.id), event).toBeUndefined();
    }
    const confirmed = await onEvent('newsletter_confirmed');
    const subscriber = await addLead('abonnee@example.ch', { newsletterStatus: 'subscribed', newsletterConfirmedAt: new Date(Date.now() - 5 * MINUTE) });
    await run();
    expect(await runOf(subscriber, confirmed.id)).toMatchObject({ state: 'active' });

    // Two runs at once, then again: the unique indexes make entering twice impossible.
    await Promise.all([enterRuns(app.knex), enterRuns(app.knex), run()]);
    const counts = await app.knex('sequenceRuns').select('leadId', 'sequenceId').count({ n: '*' }).groupBy('leadId', 'sequenceId');
    expect(counts.length).toBe(7);
    for (const row of counts) expect(Number(row.n)).toBe(1);
  });

  it('counts a registrant never marked present as absent 24 hours after the session ended, not before', async () => {
    const sequence = await onEvent('webinar_absent');
    const early = await addLead('tot@example.ch');
    await registration(early, 'registered', 23 * 60);
    const late = await addLead('tard@example.ch');
    const registrationId = await registration(late, 'registered', 25 * 60);
    await run();
    expect(await runOf(early, sequence.id)).toBeUndefined();
    expect(await runOf(late, sequence.id)).toMatchObject({ eventKey: `registration:${registrationId}` });
  });

  it('does not enter a present contact who booked a call after the session', async () => {
    const sequence = await onEvent('webinar_attended');
    const booked = await addLead('reserve@example.ch');
    await registration(booked, 'attended', 30);
    await booking(booked, 'confirmed', -3 * 24 * 60, 10);
    await run();
    expect(await runOf(booked, sequence.id)).toBeUndefined();
  });

  it('waits afterMinutes after the event', async () => {
    const sequence = await onEvent('call_held', 3 * 24 * 60);
    const recent = await addLead('recent@example.ch');
    await booking(recent, 'held', 2 * 24 * 60);
    const older = await addLead('ancien@example.ch');
    await booking(older, 'held', 3 * 24 * 60 + 5);
    await run();
    expect(await runOf(recent, sequence.id)).toBeUndefined();
    expect(await runOf(older, sequence.id)).toMatchObject({ state: 'active' });
  });

  it(`ignores an entry older than ${ENTRY_MAX_AGE_DAYS} days (a restart, a state set late), and paused sequences take nobody`, async () => {
    const sequence = await onEvent('call_no_show');
    const old = await addLead('vieux@example.ch');
    await booking(old, 'no-show', (ENTRY_MAX_AGE_DAYS + 1) * 24 * 60);
    const paused = await onEvent('call_no_show', 0, { status: 'paused' });
    const recent = await addLead('frais@example.ch');
    await booking(recent, 'no-show');
    await run();
    expect(await runOf(old, sequence.id)).toBeUndefined();
    expect(await runOf(recent, sequence.id)).toMatchObject({ state: 'active' });
    expect(await runOf(recent, paused.id)).toBeUndefined();
  });

  it('never enters again after an exit, unless re-entry is on (and then only for a newer event)', async () => {
    const never = await onEvent('call_no_show');
    const again = await onEvent('call_no_show', 0, { reentry: true });
    const leadId = await addLead('revient@example.ch');
    await booking(leadId, 'no-show', 20);
    await run();
    for (const sequence of [never, again]) {
      const first = await runOf(leadId, sequence.id);
      const stopped = await admin.post(`/api/admin/sequence-runs/${first.id}/stop`, {});
      expect(stopped.status).toBe(200);
    }
    const second = await booking(leadId, 'no-show', 10);
    await run();
    expect(await app.knex('sequenceRuns').where({ leadId, sequenceId: never.id })).toHaveLength(1);
    const runs = await app.knex('sequenceRuns').where({ leadId, sequenceId: again.id }).orderBy('id');
    expect(runs.map((row) => [row.state, row.eventKey])).toEqual([
      ['exited', expect.stringMatching(/^booking:/)],
      ['active', `booking:${second}`],
    ]);
  });

  it('does not take in a contact who left marketing, except into the transactional onboarding', async () => {
    const marketing = await onEvent('call_held');
    const onboarding = await onEvent('invoice_paid');
    const leadId = await addLead('parti@example.ch', { webinarMarketingUnsubscribedAt: new Date() });
    await booking(leadId, 'held');
    await invoicePaid(leadId);
    await run();
    expect(await runOf(leadId, marketing.id)).toBeUndefined();
    expect(await runOf(leadId, onboarding.id)).toMatchObject({ state: 'active' });
  });
});
