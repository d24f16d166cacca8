/**
 * The person who books, as a contact (docs/decisions/104-booking-storage-and-double-booking.md): the
 * contact rules of public submissions, inside the booking's transaction.
 */
import type { Knex } from "knex";
import type { BookingRequest } from "../../schemas/index.ts";
import { currentNotice } from "../privacy/index.ts";

/**
 * The contact rules of public submissions: one contact per e-mail (case-insensitive), an existing
 * contact only gets its empty fields filled; the notice shown beside the form is recorded.
 */
export async function upsertContact(
  trx: Knex.Transaction,
  request: Omit<BookingRequest, 'website'>,
  idempotencyKey: string | null,
): Promise<{ leadId: number; typedDifferences: string }> {
  const { rows } = await trx.raw<{
    rows: Array<{
      id: number;
      first_name: string;
      last_name: string | null;
      phone: string | null;
    }>;
  }>(
    `insert into leads (first_name, last_name, email, phone, type, source, status)
     values (?, ?, ?, ?, 'contact', 'form', 'new')
     on conflict (lower(email)) do update set
       last_name = coalesce(nullif(leads.last_name, ''), excluded.last_name),
       phone = coalesce(nullif(leads.phone, ''), excluded.phone),
       updated_at = now()
     returning id, first_name, last_name, phone`,
    [request.firstName, request.lastName, request.email, request.phone ?? null],
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
