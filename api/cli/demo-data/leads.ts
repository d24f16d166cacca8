/** One demo contact: its row, its activities, and maybe a webinar registration. */
import type { Knex } from 'knex';
import type { Random } from './random.ts';
import { CITIES, COMPANIES, FIRST_NAMES, LAST_NAMES, MAIL_DOMAINS, MESSAGES, slug, swissMobile, TAGS } from './vocabulary.ts';

export const DAY = 24 * 60 * 60 * 1000;

export interface DemoWebinar {
  id: number;
  past: boolean;
  maxAttendees: number;
  datetime: Date;
}

/** The contact's row; the draws happen in a fixed order, so contact n is the same on every run. */
export function demoLeadRow(random: Random, index: number, now: Date) {
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
  const source = random.weighted([
    ['form', 40],
    ['webinar', 30],
    ['referral', 10],
    ['website', 8],
    ['social', 9],
    ['other', 3],
  ] as const);
  const status =
    ageDays < 7
      ? random.weighted([
          ['new', 80],
          ['contacted', 20],
        ] as const)
      : random.weighted([
          ['new', 20],
          ['contacted', 35],
          ['qualified', 25],
          ['unqualified', 20],
        ] as const);
  const tags = TAGS.filter(() => random.chance(0.12));
  const message = source === 'form' || random.chance(0.2) ? random.pick(MESSAGES) : null;
  return {
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
  };
}
export type DemoLead = ReturnType<typeof demoLeadRow> & { id: number };

/**
 * The contact's history: the note of its form or sign-up, one to three past exchanges once it has
 * been contacted, and a follow-up task while it is in progress.
 */
export function demoActivities(random: Random, lead: DemoLead, now: Date, authorId: number | undefined) {
  const { id: leadId, source, status, message, createdAt } = lead;
  const activities: Array<Record<string, unknown>> = [];
  if (source === 'form' || source === 'webinar') {
    activities.push({
      leadId,
      type: 'note',
      status: 'completed',
      createdAt,
      completedAt: createdAt,
      createdBy: null,
      title: source === 'form' ? 'Demande de contact' : 'Inscription au webinaire',
      description: message,
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
        leadId,
        type,
        status: 'completed',
        title: titles[type],
        createdAt: at,
        completedAt: at,
        createdBy: authorId,
        description: type === 'call' ? 'Échange sur les objectifs et le rythme (2-3 h par semaine).' : null,
        outcome: random.pick(['Intéressé', 'À relancer', 'Demande une offre', 'Pas le bon moment']),
      });
      if (!lastContactedAt || at > lastContactedAt) lastContactedAt = at;
    }
  }
  if (status === 'contacted' || status === 'qualified') {
    activities.push({
      leadId,
      type: 'task',
      status: random.pick(['planned', 'in_progress'] as const),
      title: 'Relance téléphonique',
      dueDate: new Date(now.getTime() + random.integer(1, 14) * DAY),
      createdAt: now,
      createdBy: authorId,
    });
  }
  return { activities, lastContactedAt };
}

/**
 * People sign up for one of the next two webinars still to come when they became a contact, while
 * seats remain. Returns how many registrations were written (0 or 1).
 */
export async function registerDemoLead(knex: Knex, random: Random, webinars: DemoWebinar[], lead: DemoLead): Promise<number> {
  const open = webinars.filter((webinar) => webinar.datetime > lead.createdAt);
  if (!open.length || !(lead.source === 'webinar' || random.chance(0.1))) return 0;
  const webinar = random.pick(open.slice(0, 2));
  const taken = Number((await knex('webinarRegistrations').where({ webinarId: webinar.id }).count({ n: '*' }).first())?.n ?? 0);
  if (taken >= webinar.maxAttendees) return 0;
  const registrationStatus = webinar.past
    ? random.weighted([
        ['attended', 65],
        ['no-show', 35],
      ] as const)
    : 'registered';
  const registered = await knex('webinarRegistrations')
    .insert({ webinarId: webinar.id, leadId: lead.id, status: registrationStatus, registeredAt: lead.createdAt })
    .onConflict(['webinarId', 'leadId'])
    .ignore()
    .returning('id');
  return registered.length;
}
