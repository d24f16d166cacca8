// The follow-up after a webinar session (decisions 050, 051, 053): once per attendee or no-show, recent sessions only, a pg-boss cron job.
import { describe, expect, it } from 'vitest';
import { queueDueFollowups, FOLLOWUP_QUEUE } from '../../../api/features/webinars/follow-ups/followups.ts';
import { bookingPageUrl } from '../../../api/features/booking/index.ts';
import { sessionDate } from '../../support/webinars.ts';
import { swissDateTime } from '../../../api/platform/mail/dates.ts';
import { app, createWebinar, mailTo, setUpFunnelApp, signUp } from './funnel-support.ts';

setUpFunnelApp();

describe('follow-up after the session', () => {
  it('sends one follow-up to each registrant marked attended or no-show, never twice', async () => {
    const past = await createWebinar({ datetime: new Date(Date.now() + 3600 * 1000).toISOString() });
    for (const email of ['lea@example.ch', 'marc@example.ch', 'zoe@example.ch']) await signUp(email);
    const nextStart = sessionDate('2027-03-25T17:00:00.000Z');
    const next = await createWebinar({ datetime: nextStart });
    // The session took place; the team marks who came (however it is done: here, directly).
    await app
      .knex('webinars')
      .where({ id: past.id })
      .update({ datetime: new Date(Date.now() - 2 * 3600 * 1000) });
    await app
      .knex('webinarRegistrations')
      .whereIn('leadId', app.knex('leads').select('id').where({ email: 'lea@example.ch' }))
      .update({ status: 'attended' });
    await app
      .knex('webinarRegistrations')
      .whereIn('leadId', app.knex('leads').select('id').where({ email: 'marc@example.ch' }))
      .update({ status: 'no-show' });

    // The every-minute cron may queue them first: what counts is what is queued, once.
    await queueDueFollowups(app.knex);
    expect(await queueDueFollowups(app.knex)).toBe(0);
    const thanks = await mailTo('lea@example.ch', /Merci d'avoir participé/);
    expect(thanks.parsed.text).toContain('appel découverte');
    // The booking page, signed for Léa: it opens with her name and e-mail filled.
    const lea = await app.knex('leads').where({ email: 'lea@example.ch' }).first('id');
    expect(thanks.parsed.text).toContain(bookingPageUrl(app.url, app.config.sessionSecret, lea.id));
    const missed = await mailTo('marc@example.ch', /Nous vous avons manqué/);
    expect(missed.parsed.text).toContain(swissDateTime(new Date(nextStart)));
    expect(await app.knex('emails').where({ kind: 'webinar_followup' })).toHaveLength(2);
    expect(await app.knex('emails').where({ kind: 'webinar_followup', toAddress: 'zoe@example.ch' })).toHaveLength(0);

    // Marked the other way afterwards: still one follow-up per registration.
    await app
      .knex('webinarRegistrations')
      .whereIn('leadId', app.knex('leads').select('id').where({ email: 'marc@example.ch' }))
      .update({ status: 'attended' });
    expect(await queueDueFollowups(app.knex)).toBe(0);
    expect(next.id).toBeGreaterThan(past.id);
  });

  it('follows up only sessions that started less than 7 days ago (a restart does not thank every past session)', async () => {
    const old = await createWebinar({ datetime: new Date(Date.now() + 3600 * 1000).toISOString(), title: 'Session ancienne' });
    await signUp('lea@example.ch');
    await signUp('marc@example.ch', 'Marc');
    await app
      .knex('webinars')
      .where({ id: old.id })
      .update({ datetime: new Date(Date.now() - 10 * 86_400_000) });
    const recent = await createWebinar({ datetime: new Date(Date.now() + 3600 * 1000).toISOString(), title: 'Session récente' });
    await signUp('zoe@example.ch', 'Zoé');
    await app
      .knex('webinars')
      .where({ id: recent.id })
      .update({ datetime: new Date(Date.now() - 2 * 86_400_000) });
    // Everyone came; the statuses are set only now, as after a restart or a late attendance import.
    await app.knex('webinarRegistrations').whereIn('webinarId', [old.id, recent.id]).update({ status: 'attended' });
    expect(await app.knex('webinarRegistrations').where({ webinarId: old.id })).toHaveLength(2);
    expect(await app.knex('webinarRegistrations').where({ webinarId: recent.id })).toHaveLength(1);

    // The every-minute cron may queue it first: what counts is what is queued, once.
    await queueDueFollowups(app.knex);
    expect(await queueDueFollowups(app.knex)).toBe(0);
    const thanks = await mailTo('zoe@example.ch', /Merci d'avoir participé/);
    expect(thanks.parsed.text).toContain('Session récente');
    const followups = await app.knex('emails').where({ kind: 'webinar_followup' }).select('toAddress', 'webinarId');
    expect(followups).toEqual([{ toAddress: 'zoe@example.ch', webinarId: recent.id }]);
  });

  it('waits for the session to start', async () => {
    await createWebinar();
    await signUp('lea@example.ch');
    await app.knex('webinarRegistrations').update({ status: 'attended' });
    expect(await queueDueFollowups(app.knex)).toBe(0);
  });

  it('is a pg-boss cron job, every minute', async () => {
    const schedules = await app.jobs.queue.getSchedules();
    expect(schedules.find((schedule) => schedule.name === FOLLOWUP_QUEUE)).toMatchObject({ cron: '* * * * *' });
  });
});
