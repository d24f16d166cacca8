/**
 * Webinars and their registrations in the back office: the list, creation, deletion, the registrations
 * of one webinar with its statistics. The public sign-up lives in ../seats/sign-up.ts.
 */
import type { Knex } from 'knex';
import { Webinar, WebinarRegistration } from '../../../models/index.ts';
import type { PaginationQuery } from '../../../contract/params.ts';
import type { RegistrationListQuery, WebinarCreate, RegistrationCounts } from '../contract/index.ts';
import { MESSAGES, notFound } from '../../../platform/errors.ts';
import { enqueueWebinarCancellations } from './cancellations.ts';
import { inviteWaitingPeople } from '../follow-ups/invitations.ts';

export async function findWebinarOr404(db: Knex, id: number): Promise<Webinar> {
  const webinar = await Webinar.query(db).findById(id);
  if (!webinar) throw notFound(MESSAGES.webinarNotFound);
  return webinar;
}

/** Soonest upcoming first, then past ones from the most recent. */
export async function listWebinars(db: Knex, query: PaginationQuery): Promise<{ webinars: Webinar[]; total: number }> {
  const { results, total } = await Webinar.query(db)
    .orderByRaw('(datetime >= now()) desc, case when datetime >= now() then datetime end asc, datetime desc, id asc')
    .page(query.page - 1, query.limit);
  return { webinars: results, total };
}

/** The dashboard card: the 3 soonest webinars to come, active or not. */
export async function upcomingWebinars(db: Knex, limit = 3): Promise<Webinar[]> {
  return Webinar.query(db)
    .where('datetime', '>=', db.fn.now())
    .orderBy([{ column: 'datetime' }, { column: 'id' }])
    .limit(limit);
}

export async function createWebinar(db: Knex, input: WebinarCreate): Promise<Webinar> {
  // `date` and `time` are the dialog's own inputs: `datetime` is authoritative.
  const { date: _date, time: _time, ...fields } = input;
  return db.transaction(async (trx) => {
    const webinar = await Webinar.query(trx).insertAndFetch({ ...fields, datetime: new Date(fields.datetime) });
    // Those who signed up while no session was planned are invited to this one.
    await inviteWaitingPeople(trx, webinar);
    return webinar;
  });
}

/** Deletes the webinar; its registrations go with it (ON DELETE CASCADE); registrants are told. */
export async function deleteWebinar(db: Knex, id: number): Promise<void> {
  await db.transaction(async (trx) => {
    await enqueueWebinarCancellations(trx, id);
    const deleted = await trx('webinars').where({ id }).delete().returning('id');
    if (deleted.length === 0) throw notFound(MESSAGES.webinarNotFound);
  });
}

/** Counts of one webinar's registrations by status (the shape the presenter gives the screen). */
export type RegistrationStats = RegistrationCounts;

/** One page of a webinar's registrations (newest first) and statistics over the whole webinar. */
export async function listRegistrations(db: Knex, webinarId: number, query: RegistrationListQuery) {
  const webinar = await findWebinarOr404(db, webinarId);
  const builder = WebinarRegistration.query(db).where('webinarId', webinar.id);
  if (query.status) builder.where('status', query.status);
  const page = await builder
    .withGraphFetched('lead(listFields)')
    .modifiers({ listFields: (lead) => lead.select('id', 'firstName', 'lastName', 'email', 'phone') })
    .orderBy([
      { column: 'registeredAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .page(query.page - 1, query.limit);
  const { rows } = await db.raw<{ rows: Array<Record<string, string | number>> }>(
    `select count(*) as total,
            count(*) filter (where status = 'registered') as registered,
            count(*) filter (where status = 'attended') as attended,
            count(*) filter (where status = 'no-show') as no_show,
            count(*) filter (where status = 'waitlisted') as waitlisted,
            count(*) filter (where status = 'cancelled') as cancelled
     from webinar_registrations where webinar_id = ?`,
    [webinar.id],
  );
  const row = rows[0]!;
  const stats: RegistrationStats = {
    total: Number(row.total),
    registered: Number(row.registered),
    attended: Number(row.attended),
    noShow: Number(row.no_show),
    waitlisted: Number(row.waitlisted),
    cancelled: Number(row.cancelled),
  };
  return { registrations: page.results, total: page.total, stats };
}

export async function webinarStats(db: Knex): Promise<{ upcoming: number; registrations: number }> {
  const { rows } = await db.raw<{ rows: Array<Record<string, string | number>> }>(`
    select (select count(*) from webinars where is_active and datetime > now()) as upcoming,
           (select count(*) from webinar_registrations) as registrations`);
  return { upcoming: Number(rows[0]!.upcoming), registrations: Number(rows[0]!.registrations) };
}
