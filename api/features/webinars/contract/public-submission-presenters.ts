/** How a webinar sign-up went, as far as the visitor may know: it depends on the webinar alone. */
export type WebinarOutcome = 'registered' | 'waitlisted' | 'no_upcoming_webinar';

/** What the visitor is told, and what a replay of the same Idempotency-Key gets back (stored as JSON). */
export interface PublicReceipt {
  registration: { webinarId: number; status: 'registered' | 'waitlisted' } | null;
  outcome: WebinarOutcome | null;
}

/** What the visitor reads under the success message when the sign-up needs explaining (the webinar's state only). */
export const WEBINAR_NOTICES: Record<Exclude<WebinarOutcome, 'registered'>, string> = {
  waitlisted: "Le prochain webinaire est complet : vous êtes sur la liste d'attente. Nous vous écrirons dès qu'une place se libère.",
  no_upcoming_webinar: "Votre demande est enregistrée : aucun webinaire n'est programmé pour le moment, vous recevrez une invitation dès qu'une date sera fixée.",
};

/**
 * The answer to `POST /api/leads`: the same for a new and a known email, a first and a repeated sign-up
 * (no contact id, nothing about the person), so it never tells whether someone is already a lead.
 */
export function presentPublicSubmission(receipt: PublicReceipt) {
  return {
    status: 'received' as const,
    registration: receipt.registration ? { webinarId: receipt.registration.webinarId, status: receipt.registration.status } : null,
    notice: receipt.outcome === 'waitlisted' || receipt.outcome === 'no_upcoming_webinar' ? WEBINAR_NOTICES[receipt.outcome] : null,
  };
}
export type PublicSubmissionJson = ReturnType<typeof presentPublicSubmission>;
