import type { Webinar, WebinarRegistration, Lead } from '../models/index.ts';
import { iso, text } from './common.ts';

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
    lead: lead
      ? { firstName: lead.firstName, lastName: text(lead.lastName), email: lead.email, phone: text(lead.phone) }
      : null,
  };
}
export type RegistrationJson = ReturnType<typeof presentRegistration>;
