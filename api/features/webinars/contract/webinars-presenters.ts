import type { Webinar, WebinarRegistration, Lead } from '../../../models/index.ts';
import { iso, presentPage, text } from '../../../contract/presenting.ts';

export function presentWebinar(webinar: Webinar) {
  return {
    id: webinar.id,
    title: webinar.title,
    description: text(webinar.description),
    datetime: iso(webinar.datetime)!,
    duration: webinar.duration,
    location: webinar.location,
    maxAttendees: webinar.maxAttendees,
    registrationUrl: text(webinar.registrationUrl),
    imageUrl: text(webinar.imageUrl),
    joinUrl: text(webinar.joinUrl),
    isActive: webinar.isActive,
    createdAt: iso(webinar.createdAt)!,
    updatedAt: iso(webinar.updatedAt)!,
  };
}
export type WebinarJson = ReturnType<typeof presentWebinar>;

/** A registration row of the registrations list, with the few lead fields the table shows. */
export function presentRegistration(registration: WebinarRegistration & { lead?: Pick<Lead, 'firstName' | 'lastName' | 'email' | 'phone'> }) {
  const lead = registration.lead;
  return {
    id: registration.id,
    webinarId: registration.webinarId,
    leadId: registration.leadId,
    status: registration.status,
    registeredAt: iso(registration.registeredAt)!,
    lead: lead ? { firstName: lead.firstName, lastName: text(lead.lastName), email: lead.email, phone: text(lead.phone) } : null,
  };
}
export type RegistrationJson = ReturnType<typeof presentRegistration>;

/** One page of the webinars list. */
export function presentWebinarPage(webinars: Webinar[], query: { page: number; limit: number }, total: number) {
  return { webinars: webinars.map(presentWebinar), pagination: presentPage(query, total) };
}
export type WebinarPageJson = ReturnType<typeof presentWebinarPage>;

/** Counts of one webinar's registrations by status, over the whole webinar. */
export interface RegistrationCounts {
  total: number;
  registered: number;
  attended: number;
  noShow: number;
  waitlisted: number;
  cancelled: number;
}

/** One page of a webinar's registrations, with the counts over all of them. */
export function presentRegistrationPage(page: { registrations: Parameters<typeof presentRegistration>[0][]; total: number; stats: RegistrationCounts }, query: { page: number; limit: number }) {
  const { total, registered, attended, noShow, waitlisted, cancelled } = page.stats;
  return {
    registrations: page.registrations.map(presentRegistration),
    pagination: presentPage(query, page.total),
    stats: { total, registered, attended, noShow, waitlisted, cancelled },
  };
}
export type RegistrationPageJson = ReturnType<typeof presentRegistrationPage>;

/** The answer of "Marquer présents / absents" on selected rows. */
export function presentBulkStatus(updated: number) {
  return { updated };
}
export type BulkStatusJson = ReturnType<typeof presentBulkStatus>;

/** The answer of "Importer les présents". */
export function presentAttendance(result: { attended: number; noShow: number; unmatched: string[] }) {
  return { attended: result.attended, noShow: result.noShow, unmatched: result.unmatched };
}
export type AttendanceJson = ReturnType<typeof presentAttendance>;
