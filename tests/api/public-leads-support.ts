/** The public leads tests' starting point: the app with empty contacts and webinars, the answer every contact request gets (decision 020), and helpers. */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

export let app: TestApp;

/** The answer to every contact request, whoever sends it (decision 020: it never tells whether an email is known). */
export const RECEIVED = { status: 'received', registration: null, notice: null };

export const CONTACT = {
  firstName: 'Léa',
  lastName: 'Favre',
  email: 'lea.favre@example.ch',
  phone: '+41 79 123 45 67',
  company: 'Favre Conseil SA',
  message: 'Je souhaite en savoir plus sur le programme.',
  type: 'contact',
};

export async function leadByEmail(email: string) {
  return app.knex('leads').whereRaw('lower(email) = lower(?)', [email]).first();
}

export async function createWebinar(fields: Record<string, unknown> = {}) {
  const [row] = await app
    .knex('webinars')
    .insert({
      title: 'Les 4 hormones du bonheur',
      description: 'Webinaire gratuit',
      datetime: new Date(Date.now() + 7 * 24 * 3600 * 1000),
      ...fields,
    })
    .returning('*');
  return row;
}

/** Registers this file's hooks: each test file starts its own app (a module imported by several files is evaluated once per worker). */
export function setUpPublicLeadsTests(): void {
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await app.emptyTables('webinars', 'leads');
  });
}
