/**
 * `npm run seed:demo`: realistic demo data for trying the back office — about 200 Swiss contacts
 * over the last six months (varied sources, statuses, tags), six webinars (past and upcoming) with
 * registrations, and activities. Creates an administrator (admin@example.ch, password printed once)
 * when no account exists yet.
 *
 * Re-running it adds nothing twice: contacts are keyed by email, webinars by title, registrations by
 * (webinar, contact), and activities are only written for contacts created by this run. The data come
 * from a fixed pseudo-random sequence, so every run (and every developer) sees the same contacts.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { loadConfigOrExit } from '../config.ts';
import { databaseOptions, migrateLatest, openDatabase } from '../db.ts';
import { hashPassword } from '../lib/passwords.ts';

const DAY = 24 * 60 * 60 * 1000;
export const DEMO_ADMIN_EMAIL = 'admin@example.ch';

/** mulberry32: a tiny deterministic generator, so the demo data are the same on every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const weighted = <T>(entries: ReadonlyArray<readonly [T, number]>): T => {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1]![0];
  };
  const chance = (probability: number) => next() < probability;
  const integer = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, pick, weighted, chance, integer };
}

const FIRST_NAMES = [
  'Léa', 'Chloé', 'Camille', 'Manon', 'Sarah', 'Julie', 'Laura', 'Émilie', 'Céline', 'Nathalie', 'Sophie', 'Isabelle',
  'Anne', 'Valérie', 'Mélanie', 'Aurélie', 'Noémie', 'Zoé', 'Élodie', 'Françoise', 'Lucas', 'Julien', 'Nicolas',
  'Thomas', 'David', 'Olivier', 'Pierre', 'Marc', 'Laurent', 'Stéphane', 'Christophe', 'Sébastien', 'Mathieu',
  'Raphaël', 'Yannick', 'Cédric', 'Jérôme', 'Frédéric', 'Grégoire', 'Loïc', 'Luca', 'Matteo', 'Andrea', 'Jonas', 'Reto',
] as const;
const LAST_NAMES = [
  'Favre', 'Rochat', 'Dubois', 'Müller', 'Meier', 'Schmid', 'Keller', 'Weber', 'Huber', 'Perrin', 'Bonvin', 'Mottier',
  'Monnier', 'Cuendet', 'Pittet', 'Chappuis', 'Jaquet', 'Rey', 'Fournier', 'Berset', 'Aebischer', 'Vuilleumier',
  'Gilliéron', 'Cretton', 'Zufferey', 'Bianchi', 'Rossi', 'Crettenand', 'Python', 'Dupraz', 'Girard', 'Blanc',
  'Lambiel', 'Fragnière', 'Chevalley', 'Tinguely', 'Baumann', 'Roulin', 'Maillard', 'Emery',
] as const;
const COMPANIES = [
  'Favre Conseil SA', 'Léman Finance', 'Helvetia Digital Sàrl', 'Alpes Ingénierie', 'Rochat & Associés', 'Swiss Wellness Group',
  'Jura Horlogerie', 'Lavaux Immobilier', 'Cité Avocats', 'Nexa Consulting', 'Romandie Médias', 'Valais Énergie',
  'Genève Family Office', 'Biotech Lausanne', 'Fribourg Logistique', 'Neuchâtel Design', 'Atelier Mont-Blanc',
  'Zurich Capital Partners', 'Tessin Hospitality', 'Banque Privée du Rhône', 'Start-up Nation Sàrl', 'Clinique du Lac',
] as const;
const CITIES = [
  'Genève', 'Lausanne', 'Fribourg', 'Neuchâtel', 'Sion', 'Montreux', 'Nyon', 'Vevey', 'Yverdon-les-Bains', 'La Chaux-de-Fonds',
  'Bienne', 'Martigny', 'Zurich', 'Berne', 'Bâle', 'Lugano', 'Morges', 'Delémont',
] as const;
const MAIL_DOMAINS = ['bluewin.ch', 'gmail.com', 'sunrise.ch', 'protonmail.ch', 'outlook.com', 'hispeed.ch'] as const;
const TAGS = ['VIP', 'Dirigeant', 'Entrepreneur', 'Suisse romande', 'Relance', 'Podcast', 'Entreprise', 'Mastermind', 'Stress', 'Leadership', 'B2B/PME'] as const;
const MESSAGES = [
  "Je cherche à mieux gérer mon stress au quotidien tout en gardant mes objectifs professionnels.",
  "Nous aimerions proposer le programme à notre équipe de direction (8 personnes).",
  "J'ai écouté votre podcast et j'aimerais en savoir plus sur le mastermind mensuel.",
  "Quel est l'investissement pour un plan individuel ? Je suis indépendant.",
  "Je me sens épuisé malgré une réussite apparente. Votre approche m'intéresse.",
  "Pouvez-vous me rappeler en fin de journée ? Merci.",
  "Je souhaite retrouver de l'énergie et du sens dans mon travail.",
  'Intéressée par une offre entreprise pour nos cadres.',
] as const;

const WEBINARS = [
  { title: 'Les 4 hormones du bonheur au travail', offsetDays: -75, duration: 60, maxAttendees: 100, location: 'online', isActive: true },
  { title: 'Sortir du piège de la fausse réussite', offsetDays: -45, duration: 60, maxAttendees: 80, location: 'online', isActive: true },
  { title: 'Dopamine et motivation : 3 techniques rapides', offsetDays: -14, duration: 45, maxAttendees: 50, location: 'Lausanne, Beaulieu', isActive: true },
  { title: 'Sérotonine : retrouver la sérénité en 4 semaines', offsetDays: 5, duration: 60, maxAttendees: 100, location: 'online', isActive: true },
  { title: 'Ocytocine et leadership bienveillant', offsetDays: 19, duration: 90, maxAttendees: 40, location: 'Genève, Palexpo', isActive: true },
  { title: 'Endorphines : performance durable pour dirigeants', offsetDays: 40, duration: 60, maxAttendees: 100, location: 'online', isActive: false },
] as const;

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

type Random = ReturnType<typeof generator>;

function swissMobile(random: Random): string {
  const digits = () => String(random.integer(0, 99)).padStart(2, '0');
  return `+41 7${random.pick(['6', '7', '8', '9'])} ${random.integer(100, 999)} ${digits()} ${digits()}`;
}

export interface SeedSummary {
  leadsCreated: number;
  webinarsCreated: number;
  registrationsCreated: number;
  activitiesCreated: number;
  admin: { email: string; password: string } | null;
}

export async function seedDemo(knex: Knex, options: { now?: Date; leadCount?: number } = {}): Promise<SeedSummary> {
  const now = options.now ?? new Date();
  const summary: SeedSummary = { leadsCreated: 0, webinarsCreated: 0, registrationsCreated: 0, activitiesCreated: 0, admin: null };

  const existingUser = await knex('users').orderBy('id').first<{ id: number } | undefined>('id');
  let authorId = existingUser?.id;
  if (!existingUser) {
    const password = randomBytes(12).toString('base64url');
    const [admin] = await knex('users')
      .insert({
        username: DEMO_ADMIN_EMAIL,
        email: DEMO_ADMIN_EMAIL,
        password: await hashPassword(password),
        firstName: 'Admin',
        lastName: 'Démo',
        isAdmin: true,
      })
      .returning('id');
    authorId = admin.id;
    summary.admin = { email: DEMO_ADMIN_EMAIL, password };
  }

  const webinarIds: Array<{ id: number; past: boolean; maxAttendees: number; datetime: Date }> = [];
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
      summary.webinarsCreated += 1;
    }
    webinarIds.push({ id: row!.id, past: webinar.offsetDays < 0, maxAttendees: row!.maxAttendees, datetime });
  }

  const leadCount = options.leadCount ?? 200;
  for (let index = 0; index < leadCount; index += 1) {
    // One sequence per contact: contact n is the same person on every run, whatever runs skipped.
    const random = generator(20261121 + index * 7919);
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const withCompany = random.chance(0.7);
    const company = withCompany ? random.pick(COMPANIES) : null;
    const domain = withCompany && random.chance(0.5) ? `${slug(company!).slice(0, 14)}.ch` : random.pick(MAIL_DOMAINS);
    // The index keeps emails unique even when two people share a name.
    const email = `${slug(firstName)}.${slug(lastName)}${index}@${domain}`;
    // More recent contacts are more frequent (the programme grows); spread over about 6 months.
    const ageDays = Math.floor(180 * random.next() ** 1.6);
    const createdAt = new Date(now.getTime() - ageDays * DAY - random.integer(0, 23 * 3600) * 1000);
    const source = random.weighted([['form', 40], ['webinar', 30], ['referral', 10], ['website', 8], ['social', 9], ['other', 3]] as const);
    const status = ageDays < 7
      ? random.weighted([['new', 80], ['contacted', 20]] as const)
      : random.weighted([['new', 20], ['contacted', 35], ['qualified', 25], ['unqualified', 20]] as const);
    const tags = TAGS.filter(() => random.chance(0.12));
    const message = source === 'form' || random.chance(0.2) ? random.pick(MESSAGES) : null;

    const inserted = await knex('leads')
      .insert({
        firstName,
        lastName,
        email,
        phone: source === 'webinar' && random.chance(0.6) ? null : swissMobile(random),
        company,
        country: 'Suisse',
        city: random.pick(CITIES),
        message,
        type: source === 'webinar' ? 'webinar' : 'contact',
        source,
        status,
        tags,
        notes: status === 'qualified' && random.chance(0.5) ? 'Intéressé par le plan entreprise, budget à confirmer.' : null,
        nextFollowUpAt: status === 'contacted' && random.chance(0.5) ? new Date(now.getTime() + random.integer(1, 20) * DAY) : null,
        createdAt,
        updatedAt: createdAt,
      })
      .onConflict(knex.raw('(lower(email))'))
      .ignore()
      .returning('id');
    if (inserted.length === 0) continue; // Seeded by an earlier run: leave it as it is now.
    const leadId: number = inserted[0].id;
    summary.leadsCreated += 1;

    const activities: Array<Record<string, unknown>> = [];
    if (source === 'form' || source === 'webinar') {
      activities.push({
        leadId, type: 'note', status: 'completed', createdAt, completedAt: createdAt, createdBy: null,
        title: source === 'form' ? 'Demande de contact' : 'Inscription au webinaire', description: message,
      });
    }
    let lastContactedAt: Date | null = null;
    if (status !== 'new') {
      const contactCount = random.integer(1, 3);
      for (let step = 0; step < contactCount; step += 1) {
        const at = new Date(Math.min(now.getTime() - 3600_000, createdAt.getTime() + (step + 1) * random.integer(1, 10) * DAY));
        const type = random.pick(['call', 'email', 'meeting'] as const);
        const titles = { call: 'Appel de découverte', email: 'Envoi de la brochure', meeting: 'Rendez-vous de présentation' };
        activities.push({
          leadId, type, status: 'completed', title: titles[type], createdAt: at, completedAt: at, createdBy: authorId,
          description: type === 'call' ? 'Échange sur les objectifs et le rythme (2-3 h par semaine).' : null,
          outcome: random.pick(['Intéressé', 'À relancer', 'Demande une offre', 'Pas le bon moment']),
        });
        if (!lastContactedAt || at > lastContactedAt) lastContactedAt = at;
      }
    }
    if (status === 'contacted' || status === 'qualified') {
      activities.push({
        leadId, type: 'task', status: random.pick(['planned', 'in_progress'] as const), title: 'Relance téléphonique',
        dueDate: new Date(now.getTime() + random.integer(1, 14) * DAY), createdAt: now, createdBy: authorId,
      });
    }
    if (activities.length) {
      await knex('activities').insert(activities.map((activity) => ({ updatedAt: activity.createdAt, ...activity })));
      summary.activitiesCreated += activities.length;
    }
    if (lastContactedAt) await knex('leads').where({ id: leadId }).update({ lastContactedAt });

    // People sign up for a webinar that was still to come when they became a contact.
    const open = webinarIds.filter((webinar) => webinar.datetime > createdAt);
    if (open.length && (source === 'webinar' || random.chance(0.1))) {
      const webinar = random.pick(open.slice(0, 2));
      const taken = Number((await knex('webinarRegistrations').where({ webinarId: webinar.id }).count({ n: '*' }).first())?.n ?? 0);
      if (taken < webinar.maxAttendees) {
        const registrationStatus = webinar.past ? random.weighted([['attended', 65], ['no-show', 35]] as const) : 'registered';
        const registered = await knex('webinarRegistrations')
          .insert({ webinarId: webinar.id, leadId, status: registrationStatus, registeredAt: createdAt })
          .onConflict(['webinarId', 'leadId'])
          .ignore()
          .returning('id');
        summary.registrationsCreated += registered.length;
      }
    }
  }
  return summary;
}

if (import.meta.main) {
  const config = loadConfigOrExit();
  const knex = await openDatabase(databaseOptions(config));
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
