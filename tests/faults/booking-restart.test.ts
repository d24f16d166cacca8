/**
 * A booking answered 201 keeps its e-mails when the app is killed right after (`kill -9`): the
 * confirmation, the host's alert and the reminders are rows and jobs of the booking's own transaction
 * (decision 107). After the restart each is sent, or still has its send job (a send the killed process
 * had started is retried once its job expires, api/platform/mail/queues.ts), and nothing goes out twice.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TestClient } from '../api/harness.ts';
import { computeSlots } from '../../api/features/booking/index.ts';
import { swissDay } from '../../api/platform/lib/swiss-day.ts';
import { setUpKillableServers } from './killable-servers.ts';

const faults = setUpKillableServers('booking_restart');

/** Every day, the whole day: the test finds a start a few minutes ahead whenever it runs. */
const WHOLE_DAYS = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:59' }));
const RULES = { durationMinutes: 15, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, horizonDays: 2, slotStepMinutes: 5, dailyCapPerHost: null };

describe('the app killed right after a booking', () => {
  it('keeps every e-mail of a booking answered 201: sent once, or its job still waiting', async () => {
    // The first start at least six minutes ahead; its reminder one minute before it, still to come.
    const now = new Date();
    const host = { id: 1, weekly: WHOLE_DAYS, overrides: [], feedState: 'ok' as const, busy: [], bookings: [] };
    const start = computeSlots({ ...RULES, minimumNoticeMinutes: 6 }, now, { from: swissDay(now), days: 2 }, [host]).days.flatMap((day) => day.slots)[0]!.start;

    const env = {
      DATABASE_URL: faults.scratch.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: faults.smtp.url,
      NOTIFY_EMAIL: 'equipe@clairval.ch',
      BOOKING_REMINDERS: '1',
    };
    const first = await faults.start(env);
    const { rows } = await faults.db.query<{ id: number }>(
      `insert into users (username, email, password, first_name, last_name, role) values ('helene@example.ch', 'helene@example.ch', 'pas-de-connexion', 'Hélène', 'Hôte', 'admin') returning id`,
    );
    await faults.db.query(`insert into booking_hosts (user_id, is_host, weekly, video_url, calendar_token) values ($1, true, $2, 'https://meet.example.ch/helene', 'jeton-redemarrage')`, [
      rows[0]!.id,
      JSON.stringify(WHOLE_DAYS),
    ]);
    await faults.db.query(
      `update booking_settings set duration_minutes = $1, buffer_before_minutes = 0, buffer_after_minutes = 0, minimum_notice_minutes = 1, horizon_days = $2, slot_step_minutes = $3`,
      [RULES.durationMinutes, RULES.horizonDays, RULES.slotStepMinutes],
    );

    const booked = await new TestClient(first.url).post('/api/bookings', { start, firstName: 'Léa', lastName: 'Favre', email: 'lea@example.ch', phone: '+41 79 123 45 67' });
    expect(booked.status).toBe(201);
    await faults.kill(first);

    await faults.start(env);
    // Each e-mail of the booking is there once, and either sent or with its send job waiting.
    const state = async () =>
      (
        await faults.db.query<{ kind: string; status: string; jobs: number }>(
          `select e.kind, e.status,
             (select count(*)::int from pgboss.job j where j.name = 'emails-send' and (j.data->>'emailId')::int = e.id and j.state in ('created', 'retry', 'active')) as jobs
           from emails e where e.booking_id is not null order by e.kind`,
        )
      ).rows;
    await expect.poll(async () => (await state()).every((email) => email.status === 'sent' || email.jobs === 1), { timeout: 60_000 }).toBe(true);
    expect((await state()).map((email) => email.kind)).toEqual(['booking_confirmation', 'booking_host_alert', 'booking_reminder']);
    // The reminder waits for its time, with one job.
    expect((await state()).find((email) => email.kind === 'booking_reminder')).toMatchObject({ status: 'queued', jobs: 1 });
    // What went out went out once.
    const ids = faults.smtp.messages.map((message) => message.parsed.messageId);
    expect(new Set(ids).size).toBe(ids.length);
  }, 180_000);
});
