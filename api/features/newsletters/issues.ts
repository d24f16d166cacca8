/**
 * Newsletter issues as the team edits them: create, read with their counts, change, delete a draft,
 * and the audience an issue would reach (decision 112). Sending is ./sending.ts.
 */
import type { Knex } from 'knex';
import { Newsletter, type NewsletterCounts } from '../../models/index.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { NEWSLETTER_MESSAGES, type NewsletterCreate, type NewsletterUpdate } from './contract/index.ts';

export async function findIssueOr404(db: Knex, id: number): Promise<Newsletter> {
  const issue = await Newsletter.query(db).findById(id);
  if (!issue) throw notFound(NEWSLETTER_MESSAGES.notFound);
  return issue;
}

/** "Les bienfaits du sommeil : 5 idées !" → "les-bienfaits-du-sommeil-5-idees" (French accents folded). */
export function slugOf(subject: string): string {
  const slug = subject
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'newsletter';
}

/** The built pages under /newsletter/ (site/pages/newsletter/): an issue named like one would be hidden behind it. */
export const RESERVED_SLUGS = ['confirmee', 'confirmer', 'desinscription', 'desinscrit', 'lien-invalide', 'merci', 'numero'];

/**
 * The issue's slug, set once and kept: from its subject, made unique with a number. Taken when the
 * issue is first sent, so a draft's subject can change freely and a published address never moves.
 */
export async function assignSlug(trx: Knex.Transaction, issueId: number): Promise<string> {
  const issue = await trx('newsletters').where({ id: issueId }).first<{ slug: string | null; subject: string }>('slug', 'subject');
  if (issue!.slug) return issue!.slug;
  const base = slugOf(issue!.subject);
  const taken = new Set([...RESERVED_SLUGS, ...((await trx('newsletters').where('slug', base).orWhere('slug', 'like', `${base}-%`).pluck('slug')) as string[])]);
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  await trx('newsletters').where({ id: issueId }).update({ slug });
  return slug;
}

const EMPTY: NewsletterCounts = { recipients: 0, queued: 0, sent: 0, failed: 0, cancelled: 0, unsubscribedSince: 0 };

/** Each issue's messages by status, and how many of its recipients have left the list since. */
export async function countsOf(db: Knex, ids: number[]): Promise<Map<number, NewsletterCounts>> {
  const counts = new Map<number, NewsletterCounts>(ids.map((id) => [id, { ...EMPTY }]));
  if (ids.length === 0) return counts;
  const { rows } = await db.raw<{ rows: Array<{ newsletter_id: number; status: string; count: number; gone: number }> }>(
    `select e.newsletter_id, e.status, count(*)::int as count,
       count(*) filter (where l.newsletter_status in ('unsubscribed', 'bounced'))::int as gone
     from emails e left join leads l on l.id = e.lead_id
     where e.newsletter_id = any(?::int[]) and e.kind = 'newsletter_issue'
     group by e.newsletter_id, e.status`,
    [ids],
  );
  for (const row of rows) {
    const entry = counts.get(row.newsletter_id)!;
    entry.recipients += row.count;
    entry.unsubscribedSince += row.gone;
    if (row.status === 'queued' || row.status === 'sent' || row.status === 'failed' || row.status === 'cancelled') entry[row.status] += row.count;
  }
  return counts;
}

export async function readIssue(db: Knex, id: number): Promise<{ issue: Newsletter; counts: NewsletterCounts }> {
  const issue = await findIssueOr404(db, id);
  return { issue, counts: (await countsOf(db, [id])).get(id)! };
}

export async function listIssues(db: Knex): Promise<Array<{ issue: Newsletter; counts: NewsletterCounts }>> {
  const issues = await Newsletter.query(db)
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(500);
  const counts = await countsOf(
    db,
    issues.map((issue) => issue.id),
  );
  return issues.map((issue) => ({ issue, counts: counts.get(issue.id)! }));
}

export async function createIssue(db: Knex, input: NewsletterCreate, userId: number | null): Promise<Newsletter> {
  const [row] = (await db('newsletters')
    .insert({ subject: input.subject, preheader: input.preheader, body: input.body, tags: db.raw('?::text[]', [input.tags]), archive: input.archive, createdBy: userId })
    .returning('id')) as Array<{ id: number }>;
  return findIssueOr404(db, row!.id);
}

/** Content changes while the issue is a draft or scheduled; `archive` at any time. */
export async function updateIssue(db: Knex, id: number, input: NewsletterUpdate): Promise<void> {
  await db.transaction(async (trx) => {
    const issue = await trx('newsletters').where({ id }).forUpdate().first<{ status: string } | undefined>('status');
    if (!issue) throw notFound(NEWSLETTER_MESSAGES.notFound);
    const { archive, ...content } = input;
    const changesContent = Object.values(content).some((value) => value !== undefined);
    if (changesContent && issue.status !== 'draft' && issue.status !== 'scheduled') throw conflict(NEWSLETTER_MESSAGES.notEditable);
    const changes: Record<string, unknown> = Object.fromEntries(Object.entries(content).filter(([, value]) => value !== undefined));
    if (archive !== undefined) changes.archive = archive;
    if (Object.keys(changes).length === 0) return;
    if (Array.isArray(changes.tags)) changes.tags = trx.raw('?::text[]', [changes.tags]);
    await trx('newsletters')
      .where({ id })
      .update({ ...changes, updatedAt: trx.fn.now() });
    // Published once sent: an issue already sent gets its address when the team chooses to publish it.
    if (archive && issue.status === 'sent') await assignSlug(trx, id);
  });
}

export async function deleteDraft(db: Knex, id: number): Promise<void> {
  const issue = await findIssueOr404(db, id);
  if (issue.status !== 'draft') throw conflict(NEWSLETTER_MESSAGES.notDraftDelete);
  await db('newsletters').where({ id, status: 'draft' }).delete();
}

/**
 * The audience: confirmed subscribers (never pending, unsubscribed, bouncing; an erased contact is
 * gone), with at least one of the tags when tags are chosen, compared case-insensitively.
 */
export function audienceSql(tagsParam: string): string {
  return `l.newsletter_status = 'subscribed'
    and (cardinality(${tagsParam}::text[]) = 0 or exists (select 1 from unnest(l.tags) as t(tag) where lower(t.tag) = any(array(select lower(x) from unnest(${tagsParam}::text[]) as x))))`;
}

export async function audienceCount(db: Knex, tags: string[]): Promise<number> {
  const { rows } = await db.raw<{ rows: Array<{ count: number }> }>(`select count(*)::int as count from leads l where ${audienceSql('?')}`, [tags, tags]);
  return rows[0]!.count;
}
