/**
 * Realistic contacts at scale, generated inside PostgreSQL with generate_series (no round trip per
 * row): French and Swiss-romand first and last names (a few last names very common, as in real life:
 * Martin alone is 2.5 % of the rows), unaccented emails made unique by the row number, companies,
 * phones, countries and cities, statuses and sources with plausible weights, 0–4 tags per contact
 * and created_at spread uniformly over the last two years.
 * One rare last name ("Quéméner") is planted on one row in ten thousand, for the "rare term" search.
 *
 * To insert at COPY-like speed, the secondary indexes of `leads` are dropped before a batch and
 * recreated afterwards from their own definitions (pg_indexes), then VACUUM ANALYZE: the schema
 * measured is exactly the one the migrations created.
 */
import type pg from 'pg';
import { migrateLatest, openDatabase } from '../api/platform/db.ts';
import names from './names.json' with { type: 'json' };

export const RARE_LAST_NAME = 'Quéméner';
export const COMMON_LAST_NAME = 'Martin';

/** Share of each very common last name (per mille); the others share the rest evenly. */
const COMMON_LAST_NAMES: Array<[string, number]> = [
  ['Martin', 25],
  ['Bernard', 15],
  ['Dubois', 12],
  ['Thomas', 12],
  ['Robert', 10],
  ['Richard', 10],
  ['Petit', 10],
  ['Durand', 10],
  ['Leroy', 8],
  ['Moreau', 8],
];
/** The first names, and the last names that share what the common ones leave: data, kept in names.json. */
const { firstNames: FIRST_NAMES, otherLastNames: OTHER_LAST_NAMES } = names;

function weightedLastNames(): string[] {
  const list: string[] = [];
  for (const [name, perMille] of COMMON_LAST_NAMES) for (let index = 0; index < perMille; index++) list.push(name);
  for (let index = 0; list.length < 1000; index++) list.push(OTHER_LAST_NAMES[index % OTHER_LAST_NAMES.length]!);
  return list;
}

const COMPANIES = [
  'Atelier Léman SA',
  'Boulangerie Favre',
  'Clinique des Alpes',
  'Dupont & Fils',
  'Ébénisterie Rochat',
  'Fiduciaire Romande',
  'Groupe Mutuel Santé',
  'Hôtel du Lac',
  'Imprimerie Genoud',
  'Jardins de Lavaux',
  'Kiné Plus Lausanne',
  'La Poste',
  'Migros',
  'Coop',
  'Nestlé',
  'Orange',
  'SNCF',
  'Décathlon',
  'Carrefour',
  'BNP Paribas',
  'Crédit Agricole',
  'Société Générale',
  'Swisscom',
  'UBS',
  'Banque Cantonale Vaudoise',
  'Romande Énergie',
  'EPFL',
  'Université de Genève',
  'HUG',
  'CHUV',
  'Cabinet Moreau',
  'Studio Petit',
  'Conseil & Bien-être Sàrl',
  'Yoga Vevey',
  'Pharmacie Centrale',
  'Architectes Associés',
  'Café de la Gare',
  'Transports Publics Genevois',
  'Lycée Voltaire',
  'Mairie de Lyon',
];

const PLACES = [
  ['France', 'Paris'],
  ['France', 'Lyon'],
  ['France', 'Marseille'],
  ['France', 'Toulouse'],
  ['France', 'Bordeaux'],
  ['France', 'Lille'],
  ['France', 'Nantes'],
  ['France', 'Annecy'],
  ['France', 'Grenoble'],
  ['France', 'Strasbourg'],
  ['France', 'Montpellier'],
  ['France', 'Rennes'],
  ['Suisse', 'Genève'],
  ['Suisse', 'Lausanne'],
  ['Suisse', 'Fribourg'],
  ['Suisse', 'Neuchâtel'],
  ['Suisse', 'Sion'],
  ['Suisse', 'Montreux'],
  ['Suisse', 'Vevey'],
  ['Belgique', 'Bruxelles'],
  ['Belgique', 'Liège'],
  ['Luxembourg', 'Luxembourg'],
  ['Canada', 'Montréal'],
];

const DOMAINS = ['gmail.com', 'hotmail.fr', 'orange.fr', 'bluewin.ch', 'yahoo.fr', 'free.fr', 'outlook.com', 'gmx.ch', 'sunrise.ch', 'laposte.net', 'icloud.com', 'protonmail.ch'];

const MESSAGES = [
  'Bonjour, je souhaite en savoir plus sur le programme Inner Circle.',
  "Pouvez-vous m'envoyer les dates des prochains webinaires ?",
  'Je cherche un accompagnement pour gérer mon stress au travail.',
  'Intéressée par une offre pour mon équipe.',
];

const INSERT_ROWS = `
insert into leads (first_name, last_name, email, phone, company, country, city, message, type, source, status, tags,
                   last_contacted_at, created_at, updated_at)
select f, l,
       lower(regexp_replace(immutable_unaccent(f || '.' || l), '[^A-Za-z.]', '', 'g')) || '.' || g || '@' || d,
       case when r_phone < 0.8 then case when country = 'Suisse' then '+41 7' || (6 + (g % 4)) || ' ' else '+33 6 ' end
            || lpad(((g::bigint * 7919) % 10000000)::text, 7, '0') end,
       case when r_company < 0.65 then ($4::text[])[1 + floor(random() * array_length($4::text[], 1))::int] end,
       country, city,
       case when r_message < 0.12 then ($7::text[])[1 + floor(random() * array_length($7::text[], 1))::int] end,
       case when source = 'webinar' then 'webinar' else 'contact' end,
       source,
       case when r_status < 0.40 then 'new' when r_status < 0.70 then 'contacted' when r_status < 0.90 then 'qualified' else 'unqualified' end,
       array_remove(array[
         case when random() < 0.03 then 'vip' end,
         case when random() < 0.25 then 'newsletter' end,
         case when random() < 0.10 then 'webinaire-2025' end,
         case when random() < 0.08 then 'webinaire-2026' end,
         case when random() < 0.05 then 'partenaire' end,
         case when country = 'Suisse' and random() < 0.5 then 'suisse-romande' end,
         case when random() < 0.12 then 'à-relancer' end
       ], null),
       case when r_status >= 0.40 then created + random() * (now() - created) end,
       created,
       least(now(), created + random() * interval '30 days')
from (
  select g,
         ($3::text[])[1 + floor(random() * array_length($3::text[], 1))::int] as f,
         case when g % 10000 = 7777 then $8::text else ($5::text[])[1 + floor(random() * 1000)::int] end as l,
         ($6::text[])[1 + floor(random() * array_length($6::text[], 1))::int] as d,
         (($9::text[])[1 + (p % array_length($9::text[], 1))]) as country,
         (($10::text[])[1 + (p % array_length($10::text[], 1))]) as city,
         case when r_source < 0.40 then 'form' when r_source < 0.65 then 'webinar' when r_source < 0.80 then 'website'
              when r_source < 0.90 then 'referral' when r_source < 0.97 then 'social' else 'other' end as source,
         r_phone, r_company, r_message, r_status,
         now() - random() * interval '730 days' as created
  from (
    select g, random() as r_phone, random() as r_company, random() as r_message, random() as r_status, random() as r_source,
           floor(random() * 1000)::int as p
    from generate_series($1::int, $2::int) as g
  ) as base
) as row`;

export interface SeedStep {
  rows: number;
  insertMs: number;
  indexMs: number;
  vacuumMs: number;
}

async function timedQuery(client: pg.Client, sql: string, params: unknown[] = []): Promise<number> {
  const started = performance.now();
  await client.query(sql, params);
  return performance.now() - started;
}

/** Grows `leads` from its current size to `target` rows (ids current+1..target). */
export async function seedLeadsTo(client: pg.Client, target: number): Promise<SeedStep> {
  const current = Number((await client.query<{ n: string }>('select count(*) as n from leads')).rows[0]!.n);
  if (current >= target) return { rows: current, insertMs: 0, indexMs: 0, vacuumMs: 0 };
  const indexes = (
    await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes
       where schemaname = current_schema() and tablename = 'leads' and indexname not in
         (select conname from pg_constraint where conrelid = 'leads'::regclass)`,
    )
  ).rows;
  await client.query(`set maintenance_work_mem = '512MB'`);
  await client.query('select setseed($1)', [0.42 + target / 1e9]);
  for (const index of indexes) await client.query(`drop index "${index.indexname}"`);

  // Countries/cities: 60 % France, 30 % Suisse, the rest elsewhere, through a 1000-slot table.
  const countries: string[] = [];
  const cities: string[] = [];
  const weights = PLACES.map(([country]) => (country === 'France' ? 50 : country === 'Suisse' ? 43 : 25));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  PLACES.forEach(([country, city], index) => {
    const slots = Math.round((weights[index]! / total) * 1000);
    for (let slot = 0; slot < slots; slot++) {
      countries.push(country!);
      cities.push(city!);
    }
  });

  const insertMs = await timedQuery(client, INSERT_ROWS, [current + 1, target, FIRST_NAMES, COMPANIES, weightedLastNames(), DOMAINS, MESSAGES, RARE_LAST_NAME, countries, cities]);
  await client.query(`select setval(pg_get_serial_sequence('leads', 'id'), (select max(id) from leads))`);
  let indexMs = 0;
  for (const index of indexes) indexMs += await timedQuery(client, index.indexdef);
  const vacuumMs = await timedQuery(client, 'vacuum (analyze) leads');
  return { rows: target, insertMs, indexMs, vacuumMs };
}

/** A few webinars (two upcoming), registrations for 2 % of the webinar contacts and some activities. */
export async function seedDashboardData(client: pg.Client): Promise<void> {
  await client.query(`delete from webinars`);
  await client.query(`
    insert into webinars (title, description, datetime, duration, location, max_attendees, is_active)
    values ('Apprivoiser son stress', 'Un webinaire gratuit pour comprendre et apaiser le stress du quotidien.', now() + interval '7 days', 60, 'online', 500, true),
           ('Mieux dormir', 'Les clés d''un sommeil réparateur.', now() + interval '21 days', 45, 'online', 300, true),
           ('Bien-être au travail', 'Prévenir l''épuisement professionnel.', now() - interval '30 days', 90, 'online', 1000, true)`);
  await client.query(`
    insert into webinar_registrations (webinar_id, lead_id, status, registered_at)
    select w.id, l.id, 'registered', l.created_at
    from (select id from webinars order by datetime limit 1) w
    cross join (select id, created_at from leads where type = 'webinar' and id % 50 = 0 limit 500) l`);
  await client.query(`delete from activities`);
  await client.query(`
    insert into activities (lead_id, type, title, description, status, created_at)
    select id, (array['note','call','email','meeting','task'])[1 + id % 5], 'Suivi', 'Premier échange', 'completed', created_at
    from leads where id % 100 = 0`);
  await client.query('vacuum (analyze) webinars, webinar_registrations, activities');
}

/** Monday to Friday, 09:00–17:00 Swiss time: the booking page's coming days always hold free starts. */
export const BOOKING_HOST_WEEK = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' }));

/**
 * One host with that week (video calls, no calendar feed) in the embedded database of a server about
 * to start, so /rendez-vous/ shows its free starts as a visitor sees them: without a host the page
 * only says that no time is free. The default settings (30-minute call, 12 h notice, 30 days).
 */
export async function seedBookingHost(dataDir: string): Promise<void> {
  const knex = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    await migrateLatest(knex);
    const user = await knex.raw<{ rows: Array<{ id: number }> }>(
      `insert into users (username, email, password, first_name, last_name, role) values ('hote.banc', 'hote.banc@exemple.ch', 'pas-de-connexion', 'Hélène', 'Banc', 'admin') returning id`,
    );
    await knex.raw(`insert into booking_hosts (user_id, is_host, weekly, overrides, video_url, calendar_token) values (?, true, ?, '[]', 'https://meet.exemple.ch/helene', 'bench-booking-host')`, [
      user.rows[0]!.id,
      JSON.stringify(BOOKING_HOST_WEEK),
    ]);
  } finally {
    await knex.destroy();
  }
}
