import type { WebinarRegistration } from '../models/index.ts';
import { iso } from './common.ts';

/** One row of the contact's registrations: the session and where the person stands. */
export function presentLeadRegistration(registration: WebinarRegistration) {
  const webinar = registration.webinar!;
  return {
    id: registration.id,
    status: registration.status,
    registeredAt: iso(registration.registeredAt)!,
    webinar: { id: webinar.id, title: webinar.title, datetime: iso(webinar.datetime)! },
  };
}
export type LeadRegistrationJson = ReturnType<typeof presentLeadRegistration>;

export function presentLeadRegistrations(registrations: WebinarRegistration[]) {
  return { registrations: registrations.map(presentLeadRegistration) };
}
export type LeadRegistrationsJson = ReturnType<typeof presentLeadRegistrations>;
