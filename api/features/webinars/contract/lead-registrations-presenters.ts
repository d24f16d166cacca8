import type { WebinarRegistration } from '../../../models/index.ts';
import { iso, presentPage } from '../../../contract/presenting.ts';

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

/** One page of the contact's registrations. */
export function presentLeadRegistrationPage(registrations: WebinarRegistration[], query: { page: number; limit: number }, total: number) {
  return { registrations: registrations.map(presentLeadRegistration), pagination: presentPage(query, total) };
}
export type LeadRegistrationPageJson = ReturnType<typeof presentLeadRegistrationPage>;
