/**
 * `npm run seed:demo`: realistic demo data for trying the back office — about 200 Swiss contacts
 * over the last six months (varied sources, statuses, tags), six webinars (past and upcoming) with
 * registrations, and activities. Creates an administrator (admin@example.ch, password printed once)
 * when no account exists yet.
 *
 * Re-running it adds nothing twice: contacts are keyed by email, webinars by title, registrations by
 * (webinar, contact), and activities are only written for contacts created by this run. The data come
 * from a fixed pseudo-random sequence, so every run (and every developer) sees the same contacts.
 * On the embedded database, refused while `npm start` runs on it (decision 125).
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { loadConfigOrExit } from '../platform/config.ts';
import { databaseOptions, migrateLatest, openDatabase } from '../platform/db.ts';
import { refuseIfDataDirectoryInUse } from '../platform/data-dir-lock.ts';
import { hashPassword } from '../platform/lib/passwords.ts';
import { DAY, demoActivities, demoLeadRow, registerDemoLead, type DemoWebinar } from './demo-data/leads.ts';
import { generator } from './demo-data/random.ts';
import { WEBINARS } from './demo-data/vocabulary.ts';
import { refuseWhileServerRuns } from '../features/operations/index.ts';

export const DEMO_ADMIN_EMAIL = 'admin@example.ch';

export interface SeedSummary {
  leadsCreated: number;
  webinarsCreated: number;
  registrationsCreated: number;
  activitiesCreated: number;
  admin: { email: string; password: string } | null;
}

/** The author of the demo activities: the first account, or a new demo administrator (password returned once). */
async function ensureAuthor(knex: Knex): Promise<{ authorId: number; admin: SeedSummary['admin'] }> {
  const existingUser = await knex('users').orderBy('id').first<{ id: number } | undefined>('id');
  if (existingUser) return { authorId: existingUser.id, admin: null };
  const password = randomBytes(12).toString('base64url');
  const [admin] = await knex('users')
    .insert({
      username: DEMO_ADMIN_EMAIL,
      email: DEMO_ADMIN_EMAIL,
      password: await hashPassword(password),
      firstName: 'Admin',
      lastName: 'Démo',
      role: 'admin',
    })
    .returning('id');
  return { authorId: admin.id, admin: { email: DEMO_ADMIN_EMAIL, password } };
}

/** The six demo webinars, keyed by title (an existing one is kept as it is). */
async function seedWebinars(knex: Knex, now: Date): Promise<{ webinars: DemoWebinar[]; created: number }> {
  const webinars: DemoWebinar[] = [];
  let created = 0;
  for (const webinar of WEBINARS) {
    const datetime = new Date(now.getTime() + webinar.offsetDays * DAY);
    datetime.setUTCHours(17, 0, 0, 0); // 18:00 or 19:00 in Switzerland
    let row = await knex('webinars').where({ title: webinar.title }).first<{ id: number; maxAttendees: number } | undefined>('id', 'maxAttendees');
    if (!row) {
      [row] = await knex('webinars')
        .insert({
          title: webinar.title,
          description: `${webinar.title} : 45 minutes de contenu et 15 minutes de questions, avec 3 techniques à appliquer dès le lendemain.`,
          datetime,
          duration: webinar.duration,
          maxAttendees: webinar.maxAttendees,
          location: webinar.location,
          isActive: webinar.isActive,
          registrationUrl: webinar.location === 'online' ? 'https://zoom.us/j/0000000000' : null,
          createdAt: new Date(datetime.getTime() - 30 * DAY),
        })
        .returning(['id', 'maxAttendees']);
      created += 1;
    }
    webinars.push({ id: row!.id, past: webinar.offsetDays < 0, maxAttendees: row!.maxAttendees, datetime });
  }
  return { webinars, created };
}

export async function seedDemo(knex: Knex, options: { now?: Date; leadCount?: number } = {}): Promise<SeedSummary> {
  const now = options.now ?? new Date();
  const { authorId, admin } = await ensureAuthor(knex);
  const { webinars, created: webinarsCreated } = await seedWebinars(knex, now);
  const summary: SeedSummary = { leadsCreated: 0, webinarsCreated, registrationsCreated: 0, activitiesCreated: 0, admin };

  const leadCount = options.leadCount ?? 200;
  for (let index = 0; index < leadCount; index += 1) {
    // One sequence per contact: contact n is the same person on every run, whatever runs skipped.
    const random = generator(20261121 + index * 7919);
    const row = demoLeadRow(random, index, now);
    const inserted = await knex('leads').insert(row).onConflict(knex.raw('(lower(email))')).ignore().returning('id');
    if (inserted.length === 0) continue; // Seeded by an earlier run: leave it as it is now.
    const lead = { ...row, id: inserted[0].id as number };
    summary.leadsCreated += 1;

    const { activities, lastContactedAt } = demoActivities(random, lead, now, authorId);
    if (activities.length) {
      await knex('activities').insert(activities.map((activity) => ({ updatedAt: activity.createdAt, ...activity })));
      summary.activitiesCreated += activities.length;
    }
    if (lastContactedAt) await knex('leads').where({ id: lead.id }).update({ lastContactedAt });
    summary.registrationsCreated += await registerDemoLead(knex, random, webinars, lead);
  }
  return summary;
}

if (import.meta.main) {
  const config = loadConfigOrExit();
  // The embedded database a running server holds is never opened a second time (decision 125).
  if (!config.databaseUrl) await refuseWhileServerRuns(config.dataDir, 'npm run seed:demo');
  const knex = await openDatabase(databaseOptions(config)).catch(refuseIfDataDirectoryInUse);
  try {
    await migrateLatest(knex);
    const summary = await seedDemo(knex);
    console.log(
      `Données de démonstration : ${summary.leadsCreated} contacts, ${summary.webinarsCreated} webinaires, ` +
        `${summary.registrationsCreated} inscriptions et ${summary.activitiesCreated} activités ajoutés.`,
    );
    if (summary.admin) {
      console.log(`Compte administrateur créé : ${summary.admin.email} / mot de passe : ${summary.admin.password}`);
      console.log('Notez ce mot de passe : il ne sera plus affiché.');
    } else {
      console.log('Un compte existe déjà : aucun administrateur créé (connectez-vous avec votre compte).');
    }
  } finally {
    await knex.destroy();
  }
}
