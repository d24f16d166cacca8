import type { Lead } from '../../../models/index.ts';
import { iso, presentPage, text } from '../../../contract/presenting.ts';

/** Where the contact came from when they first wrote in (decision 115); null when unknown (e.g. added by hand). */
export function presentFirstTouch(lead: Lead) {
  if (!lead.firstTouchChannel) return null;
  return {
    channel: lead.firstTouchChannel,
    source: text(lead.firstTouchSource),
    medium: text(lead.firstTouchMedium),
    campaign: text(lead.firstTouchCampaign),
    referrer: text(lead.firstTouchReferrer),
    landingPage: text(lead.firstTouchLandingPage),
    at: iso(lead.firstTouchAt)!,
  };
}
export type FirstTouchJson = NonNullable<ReturnType<typeof presentFirstTouch>>;

/** A contact, every field (internal notes included: only administrators read leads). */
export function presentLead(lead: Lead) {
  return {
    id: lead.id,
    firstName: lead.firstName,
    lastName: text(lead.lastName),
    email: lead.email,
    phone: text(lead.phone),
    company: text(lead.company),
    country: text(lead.country),
    city: text(lead.city),
    message: text(lead.message),
    type: lead.type,
    source: lead.source ?? null,
    status: lead.status,
    tags: lead.tags ?? [],
    assignedTo: lead.assignedTo ?? null,
    lastContactedAt: iso(lead.lastContactedAt),
    nextFollowUpAt: iso(lead.nextFollowUpAt),
    notes: text(lead.notes),
    // The token of the newsletter links is a secret: never answered.
    newsletter: {
      status: lead.newsletterStatus ?? null,
      requestedAt: iso(lead.newsletterRequestedAt),
      confirmedAt: iso(lead.newsletterConfirmedAt),
      unsubscribedAt: iso(lead.newsletterUnsubscribedAt),
    },
    // The invitations and follow-ups (decision 091): stopped by the contact's one-click unsubscribe.
    webinarEmails: { unsubscribedAt: iso(lead.webinarMarketingUnsubscribedAt) },
    firstTouch: presentFirstTouch(lead),
    // A paying customer (decision 134): an invoice of theirs received money and was not credited.
    isClient: lead.isClient ?? false,
    createdAt: iso(lead.createdAt)!,
    updatedAt: iso(lead.updatedAt)!,
  };
}
export type LeadJson = ReturnType<typeof presentLead>;

/** One page of the contacts list. */
export function presentLeadPage(leads: Lead[], query: { page: number; limit: number }, total: number) {
  return { leads: leads.map(presentLead), pagination: presentPage(query, total) };
}
export type LeadPageJson = ReturnType<typeof presentLeadPage>;

/** A contact's tags, as the tag routes answer them. */
export function presentTags(tags: string[]) {
  return { tags };
}
export type TagsJson = ReturnType<typeof presentTags>;
