/**
 * The person who books, as a contact (docs/decisions/104-booking-storage-and-double-booking.md): the
 * contact rules of public submissions, inside the booking's transaction.
 */
import type { Knex } from "knex";
import type { BookingRequest } from "../../schemas/index.ts";
import { currentNotice } from "../privacy/index.ts";
import { FIRST_TOUCH_KEPT, touchColumns } from "../contacts/index.ts";
import type { Touch } from "../attribution/index.ts";

function firstTouchValues(touch: Touch | undefined): Array<string | null> {
  const columns = touchColumns(touch);
  return [columns.touch_channel, columns.touch_source, columns.touch_medium, columns.touch_campaign, columns.touch_referrer, columns.touch_landing_page, columns.touch_at];
}

/**
 * The contact rules of public submissions: one contact per e-mail (case-insensitive), an existing
 * contact only gets its empty fields filled; the notice shown beside the form is recorded; its first
 * touch is set only when it has none (decision 115).
 */
export async function upsertContact(
  trx: Knex.Transaction,
  request: Omit<BookingRequest, 'website' | 'touchPage' | 'touchReferrer'>,
  idempotencyKey: string | null,
  touch?: Touch,
): Promise<{ leadId: number; typedDifferences: string }> {
  const { rows } = await trx.raw<{
    rows: Array<{
      id: number;
      first_name: string;
      last_name: string | null;
      phone: string | null;
    }>;
  }>(
    `insert into leads (first_name, last_name, email, phone, type, source, status, first_touch_channel, first_touch_source,
       first_touch_medium, first_touch_campaign, first_touch_referrer, first_touch_landing_page, first_touch_at)
     values (?, ?, ?, ?, 'contact', 'form', 'new', ?, ?, ?, ?, ?, ?, ?)
     on conflict (lower(email)) do update set
       ${FIRST_TOUCH_KEPT},
       last_name = coalesce(nullif(leads.last_name, ''), excluded.last_name),
       phone = coalesce(nullif(leads.phone, ''), excluded.phone),
       updated_at = now()
     returning id, first_name, last_name, phone`,
    [request.firstName, request.lastName, request.email, request.phone ?? null, ...firstTouchValues(touch)],
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
  return { leadId, typedDifferences };
}
