/** The agenda tests' starting point: an admin, a viewer, two hosts, and helpers to store contacts and bookings as book.ts does. */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { TZDate } from '@date-fns/tz';
import { format, startOfWeek } from 'date-fns';
import { startTestApp, type TestApp, type TestClient } from '../harness.ts';

export let app: TestApp;
export let admin: TestClient;
export let viewer: TestClient;
export let hostA: number;
export let hostB: number;

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** A whole half hour, so a start is on the slot step whatever the time the test runs. */
export const halfHour = (ms: number) => new Date(Math.floor(ms / (30 * MINUTE)) * 30 * MINUTE);
/** The Monday (Zurich) of the week holding `date`, as the API names weeks. */
export const weekOf = (date: Date) => format(startOfWeek(new TZDate(date, 'Europe/Zurich'), { weekStartsOn: 1 }), 'yyyy-MM-dd');

export async function lead(email: string, firstName: string, lastName: string | null = null): Promise<number> {
  const [row] = await app.knex('leads').insert({ firstName, lastName, email, type: 'contact', source: 'form' }).returning('id');
  return row.id;
}

interface Seed {
  leadId: number;
  hostId: number;
  start: Date;
  status?: 'confirmed' | 'held' | 'no-show' | 'cancelled';
  message?: string | null;
  createdAt?: Date;
}

/** A booking as book.ts stores it: its planned meeting in the host's tasks, 30 minutes, 10 blocked after. */
export async function booking(seed: Seed): Promise<{ id: number; activityId: number }> {
  const [activity] = await app
    .knex('activities')
    .insert({ leadId: seed.leadId, type: 'meeting', status: 'planned', title: 'Appel découverte', scheduledAt: seed.start, dueDate: seed.start, assignedTo: seed.hostId })
    .returning('id');
  const end = new Date(seed.start.getTime() + 30 * MINUTE);
  const [row] = await app
    .knex('bookings')
    .insert({
      uid: `${Math.random().toString(36).slice(2)}@localhost`,
      leadId: seed.leadId,
      hostId: seed.hostId,
      activityId: activity.id,
      startAt: seed.start,
      endAt: end,
      blocked: app.knex.raw('tstzrange(?, ?)', [seed.start.toISOString(), new Date(end.getTime() + 10 * MINUTE).toISOString()]),
      status: seed.status ?? 'confirmed',
      mode: 'video',
      message: seed.message ?? null,
      createdAt: seed.createdAt ?? new Date(),
      cancelledAt: seed.status === 'cancelled' ? new Date() : null,
    })
    .returning('id');
  return { id: row.id, activityId: activity.id };
}

/** A call as the API answers it, with exactly these fields: it ends 30 minutes after its start. */
export function answered(call: { id: number; start: Date; status: string; hostId: number; lead: { id: number; firstName: string; lastName: string | null; email: string }; message: string | null }) {
  return { ...call, start: call.start.toISOString(), end: new Date(call.start.getTime() + 30 * MINUTE).toISOString() };
}

/** Registers this file's hooks: each test file starts its own app (a module imported by several files is evaluated once per worker). */
export function setUpAgendaTests(): void {
  beforeAll(async () => {
    app = await startTestApp();
    admin = await app.signIn({ email: 'helene@example.ch', firstName: 'Hélène', lastName: 'Hôte' });
    viewer = await app.signIn({ email: 'lecture@example.ch', role: 'viewer' });
    await app.signIn({ email: 'marc@example.ch', firstName: 'Marc', lastName: 'Second' });
    hostA = (await app.knex('users').where({ email: 'helene@example.ch' }).first()).id;
    hostB = (await app.knex('users').where({ email: 'marc@example.ch' }).first()).id;
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await app.emptyTables('bookings', 'leads', 'webinars');
  });
}
