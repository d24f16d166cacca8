// What the booking API tests share: one app per file with a signed-in host, bookings reset before each test.
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startTestApp, type TestApp } from '../harness.ts';
import { resetBookings, signInHost } from './fixture.ts';

export let app: TestApp;
export let hostId: number;

/** Starts the app for the calling test file and resets the bookings before each of its tests. */
export function setUpBookingApp(environment?: Parameters<typeof startTestApp>[0]): void {
  beforeAll(async () => {
    app = await startTestApp(environment);
    hostId = await signInHost(app);
  });
  afterAll(() => app.close());

  beforeEach(() => resetBookings(app, hostId));
}

export async function firstSlots(count = 2): Promise<string[]> {
  const response = await app.client().get('/api/bookings/slots', { query: { days: 3 } });
  expect(response.status).toBe(200);
  return (response.body.days as Array<{ slots: Array<{ start: string }> }>).flatMap((day) => day.slots.map((slot) => slot.start)).slice(0, count);
}

export const person = { firstName: 'Léa', lastName: 'Favre', email: 'lea@example.ch', phone: '+41 79 123 45 67', message: 'Le stress au travail' };
