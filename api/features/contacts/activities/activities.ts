/** Activities logged against a contact, and the dashboard's recent activity. */
import type { Knex } from 'knex';
import { Activity } from '../../../models/index.ts';
import { ACTIVITY_NOT_FOUND, ASSIGNEE_MESSAGE, type ActivityCreate, type ActivityUpdate } from '../contract/index.ts';
import type { ContactListQuery } from '../../../contract/params.ts';
import { badRequest, MESSAGES, notFound } from '../../../platform/errors.ts';

/** Completed activities of these types are a contact with the person: they update lastContactedAt. */
const CONTACT_TYPES = new Set(['call', 'email', 'meeting']);

/**
 * One page of a contact's activities, newest first; the id breaks ties between activities created in
 * the same instant, so paging never repeats or skips one. Served by the (lead_id, created_at desc,
 * id desc) index (docs/decisions/089-contact-lists-are-paginated.md).
 */
export async function listLeadActivities(db: Knex, leadId: number, page: ContactListQuery): Promise<{ activities: Activity[]; total: number }> {
  const lead = await db('leads').where({ id: leadId }).first('id');
  if (!lead) throw notFound(MESSAGES.leadNotFound);
  const activities = await Activity.query(db)
    .where({ leadId })
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  const count = await db('activities').where({ leadId }).count({ total: '*' }).first();
  return { activities, total: Number(count?.total ?? 0) };
}

/**
 * Logs an activity by `userId`. Saved as completed without a completion date → completed now.
 * A completed call, email or meeting moves the lead's lastContactedAt forward (never backward,
 * so logging an old call does not hide a more recent one).
 */
export async function createActivity(db: Knex, leadId: number, input: ActivityCreate, userId: number): Promise<Activity> {
  return db.transaction(async (trx) => {
    const lead = await trx('leads').where({ id: leadId }).forUpdate().first('id');
    if (!lead) throw notFound(MESSAGES.leadNotFound);
    const completed = input.status === 'completed';
    const completedAt = input.completedAt ? new Date(input.completedAt) : completed ? new Date() : null;
    if (input.assignedTo !== undefined) await requireAssignee(trx, input.assignedTo);
    const activity = await Activity.query(trx).insertAndFetch({
      leadId,
      type: input.type,
      title: input.title,
      description: input.description ?? null,
      status: input.status,
      outcome: input.outcome ?? null,
      dueDate: input.dueDate ? new Date(input.dueDate) : null,
      scheduledAt: input.scheduledAt ? new Date(input.scheduledAt) : null,
      completedAt,
      createdBy: userId,
      assignedTo: input.assignedTo ?? null,
    });
    if (completed) await noteContact(trx, leadId, input.type, completedAt!);
    return activity;
  });
}

/** A completed call, email or meeting moves the contact's lastContactedAt forward (never backward). */
async function noteContact(trx: Knex, leadId: number, type: string, completedAt: Date): Promise<void> {
  if (!CONTACT_TYPES.has(type)) return;
  await trx('leads')
    .where({ id: leadId })
    .update({
      lastContactedAt: trx.raw('greatest(last_contacted_at, ?::timestamptz)', [completedAt]),
      updatedAt: trx.fn.now(),
    });
}

/** An unknown assignee is the caller's mistake (400 on the field), not a missing activity. */
async function requireAssignee(db: Knex, userId: number | null): Promise<void> {
  if (userId === null) return;
  const user = await db('users').where({ id: userId }).first('id');
  if (!user) throw badRequest(MESSAGES.invalid, [{ path: 'assignedTo', message: ASSIGNEE_MESSAGE }]);
}

const toDate = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Date(value));

/**
 * Edits an activity with the rules of creation: set to completed without a completion date → completed
 * now (an already completed activity keeps its date); a completion date alone marks it completed; set
 * back to planned, in progress or cancelled → no completion date. Becoming a completed call, email or
 * meeting moves the contact's lastContactedAt forward, as creation does.
 */
export async function updateActivity(db: Knex, id: number, input: ActivityUpdate): Promise<Activity> {
  return db.transaction(async (trx) => {
    const current = await Activity.query(trx).findById(id).forUpdate();
    if (!current) throw notFound(ACTIVITY_NOT_FOUND);
    if (input.assignedTo !== undefined) await requireAssignee(trx, input.assignedTo);
    // patchAndFetch updates `current` in place: what it was is read before.
    const wasCompleted = current.status === 'completed';
    const status = input.status ?? (input.completedAt ? 'completed' : current.status);
    const completed = status === 'completed';
    const completedAt = completed ? (toDate(input.completedAt) ?? current.completedAt ?? new Date()) : null;
    const patch = {
      type: input.type,
      title: input.title,
      description: input.description,
      outcome: input.outcome,
      dueDate: toDate(input.dueDate),
      scheduledAt: toDate(input.scheduledAt),
      assignedTo: input.assignedTo,
      status,
      completedAt,
    };
    const updated = await current.$query(trx).patchAndFetch(Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)));
    const becameContact = completed && (!wasCompleted || input.completedAt || input.type);
    if (becameContact) await noteContact(trx, updated.leadId, updated.type, completedAt!);
    return updated;
  });
}

/** Every activity, newest first, with who it concerns: the "Voir toute l'activité" feed. */
export async function activityFeed(db: Knex, page: number, limit: number): Promise<{ activities: Activity[]; total: number }> {
  const [activities, count] = await Promise.all([recentActivities(db, limit).offset((page - 1) * limit), db('activities').count({ total: '*' }).first()]);
  return { activities, total: Number(count?.total ?? 0) };
}

/** The newest activities of every contact, with who they concern. */
export function recentActivities(db: Knex, limit: number) {
  return Activity.query(db)
    .withGraphFetched('lead(nameOnly)')
    .modifiers({ nameOnly: (lead) => lead.select('id', 'firstName', 'lastName') })
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
}
