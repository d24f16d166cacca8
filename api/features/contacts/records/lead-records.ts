/** One contact in the back office: read, create, update, delete. Ids arrive validated by the route. */
import type { Knex } from 'knex';
import { Lead } from '../../../models/index.ts';
import type { FirstTouchUpdate } from '../../attribution/contract/index.ts';
import type { LeadCreate, LeadUpdate } from '../contract/index.ts';
import { MESSAGES, notFound } from '../../../platform/errors.ts';
import { eraseLead } from './erasure.ts';

/** The contact, or 404 "Contact non trouvé". */
export async function findLeadOr404(db: Knex, id: number): Promise<Lead> {
  const lead = await Lead.query(db).findById(id);
  if (!lead) throw notFound(MESSAGES.leadNotFound);
  return lead;
}

/** Admin creation. A duplicate email is refused by the unique index → 409 (api/platform/errors.ts). */
export async function createLead(db: Knex, input: LeadCreate): Promise<Lead> {
  return Lead.query(db).insertAndFetch({
    ...input,
    nextFollowUpAt: input.nextFollowUpAt ? new Date(input.nextFollowUpAt) : null,
  });
}

/**
 * The first touch's columns for an administrator's correction (decision 115): every value as given
 * (absent ones cleared), the date kept unless given, now for a contact that had none; null clears all.
 */
function firstTouchPatch(db: Knex, touch: FirstTouchUpdate | null): Record<string, unknown> {
  return {
    firstTouchChannel: touch?.channel ?? null,
    firstTouchSource: touch?.source ?? null,
    firstTouchMedium: touch?.medium ?? null,
    firstTouchCampaign: touch?.campaign?.toLowerCase() ?? null,
    firstTouchReferrer: touch?.referrer ?? null,
    firstTouchLandingPage: touch?.landingPage ?? null,
    firstTouchAt: touch ? (touch.at ? new Date(touch.at) : db.raw('coalesce(first_touch_at, now())')) : null,
  };
}

/** Changes the given fields only; an empty change answers the contact as it is. */
export async function updateLead(db: Knex, id: number, changes: LeadUpdate): Promise<Lead> {
  const { firstTouch, ...fields } = changes;
  const patch: Record<string, unknown> = firstTouch === undefined ? {} : firstTouchPatch(db, firstTouch);
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) patch[key] = value;
  if (typeof patch.nextFollowUpAt === 'string') patch.nextFollowUpAt = new Date(patch.nextFollowUpAt);
  if (Object.keys(patch).length === 0) return findLeadOr404(db, id);
  const lead = await Lead.query(db).patchAndFetchById(id, patch);
  if (!lead) throw notFound(MESSAGES.leadNotFound);
  return lead;
}

/** Deletes the lead and every row about them, exactly like an erasure (api/features/contacts/records/erasure.ts). */
export async function deleteLead(db: Knex, id: number): Promise<void> {
  await eraseLead(db, id);
}

/**
 * Deletes these leads (the bulk action), each exactly as the single delete does: an erasure of the
 * contact and every row about them, all in one transaction. Answers the ids that existed.
 */
export async function deleteLeads(db: Knex, ids: number[]): Promise<number[]> {
  return db.transaction(async (trx) => {
    const existing: number[] = await trx('leads').whereIn('id', ids).orderBy('id').pluck('id');
    for (const id of existing) await eraseLead(trx, id);
    return existing;
  });
}
