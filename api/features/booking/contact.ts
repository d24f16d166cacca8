/**
 * The person who books, as a contact (docs/decisions/104-booking-storage-and-double-booking.md): the
 * contact rules of public submissions, inside the booking's transaction.
 */
import type { Knex } from "knex";
import type { BookingRequest } from "./contract/index.ts";
import { currentNotice } from "../privacy/index.ts";
import { FIRST_TOUCH_KEPT } from "../contacts/index.ts";
import { touchRowBindings, touchRowSql, type Touch } from "../attribution/index.ts";

/**
 * The contact rules of public submissions: one contact per e-mail (case-insensitive), an existing
 * contact only gets its empty fields filled; the notice shown beside the form is recorded; its first
 * touch is set only when it has none (decision 115). The visitor's written first source is read by this
 * statement itself; it answers the touch it used, for the call's activity.
 */
export async function upsertContact(
  trx: Knex.Transaction,
  request: Omit<BookingRequest, 'website' | 'touchPage' | 'touchReferrer'>,
  idempotencyKey: string | null,
  touch?: Touch,
): Promise<{ leadId: number; typedDifferences: string; touch: Record<string, string | null> | null }> {
  const { rows } = await trx.raw<{
    rows: Array<{
      id: number;
      first_name: string;
      last_name: string | null;
      phone: string | null;
      touch: Record<string, string | null> | null;
    }>;
  }>(
    `with ${touchRowSql()}
     insert into leads (first_name, last_name, email, phone, type, source, status, first_touch_channel, first_touch_source,
       first_touch_medium, first_touch_campaign, first_touch_referrer, first_touch_landing_page, first_touch_at)
     select ?, ?, ?, ?, 'contact', 'form', 'new', channel, source, medium, campaign, referrer, landing_page, at from touch_row
     on conflict (lower(email)) do update set
       ${FIRST_TOUCH_KEPT},
       last_name = coalesce(nullif(leads.last_name, ''), excluded.last_name),
       phone = coalesce(nullif(leads.phone, ''), excluded.phone),
       updated_at = now()
     returning id, first_name, last_name, phone, (select touch from touch_row) as touch`,
    [...touchRowBindings(touch), request.firstName, request.lastName, request.email, request.phone ?? null],
  );
  const contact = rows[0]!;
  const leadId = contact.id;
  const digits = (phone: string) => phone.replace(/[^0-9+]/g, "");
  const typedDifferences = [
    request.firstName !== contact.first_name
      ? `Prénom indiqué : ${request.firstName}`
      : null,
    request.lastName !== (contact.last_name ?? "")
      ? `Nom indiqué : ${request.lastName}`
      : null,
    request.phone && digits(request.phone) !== digits(contact.phone ?? "")
      ? `Téléphone indiqué : ${request.phone}`
      : null,
  ]
    .filter(Boolean)
    .join("\n");
  const notice = currentNotice();
  await trx("consent_proofs").insert({
    leadId,
    kind: "notice_shown",
    form: "booking",
    noticeVersion: notice.version,
    noticeHash: notice.hash,
    idempotencyKey,
  });
  return { leadId, typedDifferences, touch: contact.touch };
}
