import type { Knex } from 'knex';
import { addEmailKinds, removeEmailKinds } from './helpers/allowed-values.ts';

/**
 * Sequences: e-mails that follow a person's step in the funnel and stop when it changes
 * (docs/decisions/150-sequences-engine.md, 151-webinar-follow-up-and-sequences.md).
 * - `sequences`: name, entry event and its delay, exit events, goal, state, re-entry, sending window
 *   (Swiss time, ISO weekdays 1 = Monday).
 * - `sequence_steps`: delay (the first from the entry, each later one from the previous send), subject,
 *   preview line, Markdown body with the newsletter's blocks; `deleted_at` skips a step for everyone.
 * - `sequence_runs`: one person in one sequence. `event_key` names the fact that made them enter (a
 *   registration, a booking…): unique per sequence and person, so one event never enters twice; a partial
 *   unique index keeps one active run per person and sequence. lead_id ON DELETE CASCADE: personal data.
 * - `sequence_sends`: the record that a step went to a person in a run, written in the transaction that
 *   writes the outbox row (before its send job can run): exactly once across restarts and instances.
 * Kinds `sequence_step` and `sequence_test`. Two default sequences, active.
 */
const KINDS = ['sequence_step', 'sequence_test'];
const ENTRY_EVENTS = ['webinar_absent', 'webinar_attended', 'call_no_show', 'call_held', 'offer_sent', 'invoice_paid', 'newsletter_confirmed'];
const GOALS = ['call_booked', 'call_held', 'offer_accepted', 'paid'];
const EXIT_REASONS = [...GOALS, 'unsubscribed', 'bouncing', 'erased', 'stopped'];
const list = (values: string[]) => values.map((value) => `'${value}'`).join(', ');

const ABSENT_STEPS = [
  {
    delay: 24 * 60,
    subject: 'Le webinaire que vous avez manqué',
    preview: 'Les techniques présentées, et la prochaine session pour les vivre en direct.',
    body: `Bonjour {{prenom}},

Vous n’avez pas pu vous joindre à nous lors du webinaire : ce n’est que partie remise. En 45 minutes, nous y présentons les quatre hormones du bonheur et trois techniques rapides à essayer dès le lendemain.

La prochaine session est l’occasion de le vivre en direct et de poser vos questions :

{{prochains-webinaires}}`,
  },
  {
    delay: 3 * 24 * 60,
    subject: 'Et si nous en parlions directement ?',
    preview: 'Un appel découverte, gratuit et sans engagement.',
    body: `Bonjour {{prenom}},

Si le moment du webinaire ne vous convient pas, un appel découverte permet de faire le point sur votre situation et de voir si le programme vous correspond.

{{appel-decouverte}}`,
  },
];

const AFTER_STEPS = [
  {
    delay: 24 * 60,
    subject: 'Une question après le webinaire ?',
    preview: 'Parlons de ce que vous souhaitez changer.',
    body: `Bonjour {{prenom}},

Merci encore d’avoir participé au webinaire. Si une technique vous a parlé, la suivante est de voir comment l’appliquer à votre quotidien : c’est l’objet de l’appel découverte.

{{appel-decouverte}}`,
  },
  {
    delay: 3 * 24 * 60,
    subject: 'Ce que les participants ont changé en quatre semaines',
    preview: 'Deux à trois heures par semaine, des résultats en quatre à six semaines.',
    body: `Bonjour {{prenom}},

Les membres du programme y consacrent deux à trois heures par semaine et constatent les premiers résultats en quatre à six semaines. La garantie de 30 jours vous permet d’essayer sans risque.

{{appel-decouverte}}`,
  },
  {
    delay: 6 * 24 * 60,
    subject: 'Dernier message au sujet du webinaire',
    preview: 'Nous restons à votre disposition.',
    body: `Bonjour {{prenom}},

Ce sera notre dernier message au sujet du webinaire. Si le moment n’est pas venu, aucun souci : vous pouvez réserver un appel quand vous le souhaitez.

{{appel-decouverte}}`,
  },
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table sequences (
      id serial primary key,
      name text not null check (length(btrim(name)) > 0),
      entry_event text not null check (entry_event in (${list(ENTRY_EVENTS)})),
      entry_after_minutes integer not null default 0 check (entry_after_minutes >= 0),
      exit_events text[] not null default '{}' check (exit_events <@ array[${list(GOALS)}]::text[]),
      goal text check (goal in (${list(GOALS)})),
      state text not null default 'active' check (state in ('active', 'paused')),
      reentry boolean not null default false,
      window_from text not null default '08:00' check (window_from ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      window_to text not null default '20:00' check (window_to ~ '^([01][0-9]|2[0-4]):[0-5][0-9]$'),
      window_days smallint[] not null default '{1,2,3,4,5,6}' check (window_days <@ array[1,2,3,4,5,6,7]::smallint[] and cardinality(window_days) > 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (window_from < window_to)
    )`);
  await knex.raw(`
    create table sequence_steps (
      id serial primary key,
      sequence_id integer not null references sequences (id) on delete cascade,
      position integer not null,
      delay_minutes integer not null check (delay_minutes >= 0),
      subject text not null,
      preview text not null default '',
      body_markdown text not null,
      sending_window boolean not null default true,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
  await knex.raw('create index sequence_steps_sequence_idx on sequence_steps (sequence_id, position)');
  await knex.raw(`
    create table sequence_runs (
      id serial primary key,
      sequence_id integer not null references sequences (id) on delete cascade,
      lead_id integer not null references leads (id) on delete cascade,
      event_key text not null,
      event_at timestamptz not null,
      state text not null default 'active' check (state in ('active', 'exited', 'completed')),
      current_step_id integer references sequence_steps (id) on delete set null,
      next_send_at timestamptz,
      exit_reason text check (exit_reason in (${list(EXIT_REASONS)})),
      entered_at timestamptz not null default now(),
      exited_at timestamptz,
      completed_at timestamptz,
      unique (sequence_id, lead_id, event_key),
      check (state <> 'exited' or (exit_reason is not null and exited_at is not null))
    )`);
  await knex.raw(`create unique index sequence_runs_one_active on sequence_runs (sequence_id, lead_id) where state = 'active'`);
  await knex.raw(`create index sequence_runs_due on sequence_runs (next_send_at) where state = 'active'`);
  await knex.raw('create index sequence_runs_lead_idx on sequence_runs (lead_id)');
  await knex.raw(`
    create table sequence_sends (
      id serial primary key,
      run_id integer not null references sequence_runs (id) on delete cascade,
      sequence_id integer not null references sequences (id) on delete cascade,
      step_id integer not null references sequence_steps (id) on delete cascade,
      lead_id integer not null references leads (id) on delete cascade,
      email_id integer references emails (id) on delete set null,
      created_at timestamptz not null default now(),
      unique (lead_id, sequence_id, step_id, run_id)
    )`);
  await knex.raw('create index sequence_sends_step_idx on sequence_sends (step_id)');
  await knex.raw('create index sequence_sends_run_idx on sequence_sends (run_id)');
  await addEmailKinds(knex, KINDS);

  const defaults = [
    { name: 'Absents du webinaire', entryEvent: 'webinar_absent', exitEvents: ['call_booked', 'call_held', 'offer_accepted', 'paid'], goal: 'call_booked', steps: ABSENT_STEPS },
    { name: 'Après le webinaire', entryEvent: 'webinar_attended', exitEvents: ['call_booked', 'call_held', 'offer_accepted', 'paid'], goal: 'call_booked', steps: AFTER_STEPS },
  ];
  for (const sequence of defaults) {
    const [row] = await knex('sequences').insert({ name: sequence.name, entry_event: sequence.entryEvent, exit_events: sequence.exitEvents, goal: sequence.goal }).returning('id');
    await knex('sequence_steps').insert(
      sequence.steps.map((step, index) => ({ sequence_id: row.id, position: index + 1, delay_minutes: step.delay, subject: step.subject, preview: step.preview, body_markdown: step.body })),
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists sequence_sends');
  await knex.raw('drop table if exists sequence_runs');
  await knex.raw('drop table if exists sequence_steps');
  await knex.raw('drop table if exists sequences');
  await removeEmailKinds(knex, KINDS);
}
