/** Activities logged against a contact, and the dashboard's recent activity. */
import type { Knex } from 'knex';
import { Activity } from '../models/index.ts';
import type { ActivityCreate } from '../schemas/index.ts';
import { MESSAGES, notFound } from '../errors.ts';

/** Completed activities of these types are a contact with the person: they update lastContactedAt. */
const CONTACT_TYPES = new Set(['call', 'email', 'meeting']);

export async function listLeadActivities(db: Knex, leadId: number): Promise<Activity[]> {
  const lead = await db('leads').where({ id: leadId }).first('id');
  if (!lead) throw notFound(MESSAGES.leadNotFound);
  return Activity.query(db)
    .where({ leadId })
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
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
    });
    if (completed && CONTACT_TYPES.has(input.type)) {
      await trx('leads')
        .where({ id: leadId })
        .update({
          lastContactedAt: trx.raw('greatest(last_contacted_at, ?::timestamptz)', [completedAt]),
          updatedAt: trx.fn.now(),
        });
    }
    return activity;
  });
}

/** The newest activities of every contact, with who they concern. */
export async function recentActivities(db: Knex, limit: number) {
  return Activity.query(db)
    .withGraphFetched('lead(nameOnly)')
    .modifiers({ nameOnly: (lead) => lead.select('id', 'firstName', 'lastName') })
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
}
