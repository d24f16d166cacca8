/** The booking tests' starting point: one host available every day, all day, and nothing booked yet. */
import type { TestApp } from '../harness.ts';

/** Every day, the whole day, so slots exist whenever the test runs. */
export const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:30' }));

/** Signs in the host (Hélène) and returns their id. */
export async function signInHost(app: TestApp): Promise<number> {
  await app.signIn({ email: 'hote@example.ch', firstName: 'Hélène', lastName: 'Hôte' });
  return (await app.knex('users').where({ email: 'hote@example.ch' }).first()).id;
}

/** No booking, no contact, the default settings with an hour's notice, and the host available all week. */
export async function resetBookings(app: TestApp, hostId: number): Promise<void> {
  await app.emptyTables('bookings', 'leads', 'booking_hosts', 'idempotency_keys');
  await app.knex('booking_settings').where({ id: 1 }).update({ minimumNoticeMinutes: 60, horizonDays: 30, dailyCapPerHost: null, mode: 'video' });
  await app.knex('booking_hosts').insert({
    userId: hostId,
    isHost: true,
    weekly: JSON.stringify(ALL_WEEK),
    overrides: '[]',
    videoUrl: 'https://meet.example.ch/helene',
    calendarToken: `token-${hostId}`,
  });
}
