// The sending window, pause and resume (docs/decisions/150-sequences-engine.md): a step outside the window waits, late steps are paced (decision 160).
import { describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import { nextOpening, sendDueSteps } from '../../../api/features/sequences/index.ts';
import { addLead, admin, app, BASE, createSequence, makeDue, paceStarts, registration, run, runOf, setUpSequencesApp, step, stepEmails, TEST_RATE } from './support.ts';
import { waitUntil } from '../../support/smtp-sink.ts';

setUpSequencesApp();

const ZONE = 'Europe/Zurich';
const isoWeekday = (at: Date) => {
  const day = new TZDate(at.getTime(), ZONE).getDay();
  return day === 0 ? 7 : day;
};

describe('sending window', () => {
  it('keeps a step due outside the window for the next opening, in Swiss time', async () => {
    // A window closed today whatever the date: every weekday but today's (Swiss), from 08:00 to 20:00.
    const today = isoWeekday(new Date());
    const days = [1, 2, 3, 4, 5, 6, 7].filter((day) => day !== today);
    const sequence = await createSequence({ entry: { event: 'webinar_absent' }, window: { from: '08:00', to: '20:00', days }, steps: [step('Dans la plage', { window: true })] });
    const leadId = await addLead('plage@example.ch');
    await registration(leadId, 'no-show');
    await run();
    const waiting = await runOf(leadId, sequence.id);
    expect(await stepEmails(leadId)).toHaveLength(0);
    const opening = new Date(waiting.nextSendAt);
    expect(opening.getTime()).toBeGreaterThan(Date.now());
    expect(isoWeekday(opening)).not.toBe(today);
    const local = new TZDate(opening.getTime(), ZONE);
    expect([local.getHours(), local.getMinutes()]).toEqual([8, 0]);
    expect(opening).toEqual(nextOpening(new Date(), { from: '08:00', to: '20:00', days }));

    // Made due again (a resume at night): it still waits for the opening instead of going.
    await makeDue(waiting.id);
    await run();
    expect(await stepEmails(leadId)).toHaveLength(0);
    expect(new Date((await runOf(leadId, sequence.id)).nextSendAt)).toEqual(opening);
  });

  it('computes the next opening across a Sunday and the change to summer time', () => {
    const window = { from: '08:00', to: '20:00', days: [1, 2, 3, 4, 5, 6] };
    // Saturday 28 March 2026, 21:30 in Zurich: Sunday is closed, Monday opens at 08:00 summer time (06:00 UTC).
    expect(nextOpening(new Date('2026-03-28T20:30:00Z'), window).toISOString()).toBe('2026-03-30T06:00:00.000Z');
    // Inside: itself. Before the opening: the opening (winter time, 07:00 UTC).
    expect(nextOpening(new Date('2026-12-01T10:15:00Z'), window).toISOString()).toBe('2026-12-01T10:15:00.000Z');
    expect(nextOpening(new Date('2026-12-01T05:00:00Z'), window).toISOString()).toBe('2026-12-01T07:00:00.000Z');
    // At 20:00 exactly it is closed: the next day's opening.
    expect(nextOpening(new Date('2026-12-01T19:00:00Z'), window).toISOString()).toBe('2026-12-02T07:00:00.000Z');
  });
});

describe('pause and resume', () => {
  it('keeps everyone in place while paused, sends nothing of theirs, and on resume sends the late steps one by one at the newsletters’ pace', async () => {
    const sequence = await createSequence({ entry: { event: 'webinar_absent' }, exitOn: [], steps: [step('Première', { delayMinutes: 24 * 60 }), step('Seconde', { delayMinutes: 24 * 60 })] });
    const leads: number[] = [];
    for (let index = 1; index <= 5; index += 1) {
      const leadId = await addLead(`pause-${index}@example.ch`);
      await registration(leadId, 'no-show');
      leads.push(leadId);
    }
    await run();
    expect((await admin.post(`${BASE}/${sequence.id}/pause`, {})).body.status).toBe('paused');
    for (const leadId of leads) await makeDue((await runOf(leadId, sequence.id)).id);
    await run();
    for (const leadId of leads) {
      expect(await runOf(leadId, sequence.id)).toMatchObject({ state: 'active', currentStepId: sequence.steps[0]!.id });
      expect(await stepEmails(leadId)).toHaveLength(0);
    }

    expect((await admin.post(`${BASE}/${sequence.id}/resume`, {})).body.status).toBe('active');
    // One run of the engine writes at most its share; the rows are due at once, with no send job (decision 160).
    const written = await sendDueSteps(app.knex, { limit: 3 });
    expect(written).toBe(3);
    await sendDueSteps(app.knex, { limit: 3 });
    const emails = await app.knex('emails').whereIn('leadId', leads).where({ kind: 'sequence_step' }).select('id', 'leadId');
    expect(emails).toHaveLength(5);
    expect(new Set(emails.map((email) => email.leadId)).size).toBe(5);
    for (const leadId of leads) expect(await runOf(leadId, sequence.id)).toMatchObject({ state: 'active', currentStepId: sequence.steps[1]!.id });
    // The dispatcher sends them, each start reserved on the shared pace: never two at the same moment.
    await waitUntil(async () => (await app.knex('emails').whereIn('leadId', leads).where({ kind: 'sequence_step', status: 'sent' })).length === 5, 30_000, 'the five steps sent');
    const starts = await paceStarts();
    const gaps = starts.slice(1).map((time, index) => time - starts[index]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(60_000 / TEST_RATE / 2 - 1);
  });
});
