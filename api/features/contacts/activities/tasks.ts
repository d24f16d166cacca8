/**
 * The task list: every open activity (planned or in progress) across contacts, grouped by
 * its due date against the day in Zurich. Boundaries are computed by PostgreSQL from `now()`, like the
 * dashboard's monthly counts, so the server's own time zone never moves a task to another group.
 */
import type { Knex } from 'knex';
import type { TaskDueGroup, TaskListQuery } from '../contract/index.ts';
import type { TaskRow } from '../contract/index.ts';

export const OPEN_STATUSES = ['planned', 'in_progress'] as const;

/** Midnight today and tomorrow in Zurich, as instants. */
const TODAY = "(date_trunc('day', now() at time zone 'Europe/Zurich') at time zone 'Europe/Zurich')";
const TOMORROW = "((date_trunc('day', now() at time zone 'Europe/Zurich') + interval '1 day') at time zone 'Europe/Zurich')";

/** The SQL group of a due date: the same expression filters and labels. */
const DUE_GROUP = `case
  when a.due_date is null then 'none'
  when a.due_date < ${TODAY} then 'overdue'
  when a.due_date < ${TOMORROW} then 'today'
  else 'upcoming' end`;

function whereDue(builder: Knex.QueryBuilder, due: TaskDueGroup | undefined, db: Knex): void {
  if (due === 'none') builder.whereNull('a.due_date');
  else if (due === 'overdue') builder.where('a.due_date', '<', db.raw(TODAY));
  else if (due === 'today') builder.where('a.due_date', '>=', db.raw(TODAY)).andWhere('a.due_date', '<', db.raw(TOMORROW));
  else if (due === 'upcoming') builder.where('a.due_date', '>=', db.raw(TOMORROW));
}

function openTasks(db: Knex, query: Pick<TaskListQuery, 'due' | 'type' | 'assignedTo'>): Knex.QueryBuilder {
  const builder = db('activities as a').whereIn('a.status', OPEN_STATUSES);
  whereDue(builder, query.due, db);
  if (query.type) builder.where('a.type', query.type);
  if (query.assignedTo === 'none') builder.whereNull('a.assigned_to');
  else if (query.assignedTo !== undefined) builder.where('a.assigned_to', query.assignedTo);
  return builder;
}

/**
 * One page of open tasks: overdue first (oldest first), then today, upcoming, and those without a due
 * date last (newest first); `due` keeps one group.
 */
export async function listTasks(db: Knex, query: TaskListQuery): Promise<{ tasks: TaskRow[]; total: number }> {
  const [tasks, count] = await Promise.all([
    openTasks(db, query)
      .join('leads as l', 'l.id', 'a.lead_id')
      .leftJoin('users as u', 'u.id', 'a.assigned_to')
      .orderByRaw('a.due_date asc nulls last, a.created_at desc, a.id desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .select<TaskRow[]>(
        'a.id',
        'a.leadId',
        'a.type',
        'a.title',
        'a.description',
        'a.status',
        'a.outcome',
        'a.dueDate',
        'a.scheduledAt',
        'a.completedAt',
        'a.createdBy',
        'a.assignedTo',
        'a.createdAt',
        'a.updatedAt',
        'a.touch',
        'l.firstName as leadFirstName',
        'l.lastName as leadLastName',
        'u.firstName as assigneeFirstName',
        'u.lastName as assigneeLastName',
        'u.username as assigneeUsername',
        db.raw(`${DUE_GROUP} as due`),
      ),
    openTasks(db, query).count({ total: '*' }).first(),
  ]);
  return { tasks, total: Number(count?.total ?? 0) };
}

/** How many open tasks are overdue and due today (the dashboard's "Tâches du jour"). */
export async function taskCounts(db: Knex): Promise<{ overdue: number; today: number }> {
  const row = await db('activities as a')
    .whereIn('a.status', OPEN_STATUSES)
    .where('a.due_date', '<', db.raw(TOMORROW))
    .first(db.raw(`count(*) filter (where a.due_date < ${TODAY})::int as overdue`), db.raw(`count(*) filter (where a.due_date >= ${TODAY})::int as today`));
  return { overdue: Number(row?.overdue ?? 0), today: Number(row?.today ?? 0) };
}

/** The users a task can be assigned to, by name. */
export async function assignableUsers(db: Knex): Promise<{ id: number; firstName: string | null; lastName: string | null; username: string }[]> {
  return db('users').orderByRaw('lower(coalesce(first_name, username)), id').select('id', 'firstName', 'lastName', 'username');
}
