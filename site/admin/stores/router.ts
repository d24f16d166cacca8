/**
 * Client routes of the back office. Order matters: "/admin/leads/new" must win
 * over "/admin/leads/:id". A path matching nothing leaves the page undefined → "Page non trouvée".
 */
import { createRouter } from '@nanostores/router';

export const $router = createRouter({
  dashboard: '/admin',
  leads: '/admin/leads',
  leadNew: '/admin/leads/new',
  lead: '/admin/leads/:id',
  leadEdit: '/admin/leads/:id/edit',
  webinars: '/admin/webinars',
  webinar: '/admin/webinars/:id',
  webinarRegistrations: '/admin/webinars/:id/registrations',
  // The tabbed page's row action links to this singular form.
  webinarRegistrationsAlt: '/admin/webinar/:id/registrations',
  tags: '/admin/tags',
  settings: '/admin/settings',
  settingsTab: '/admin/settings/:tab',
  profile: '/admin/profile',
  // « Ajoutez un second facteur » (decision 149): where a required enrolment lands, also reached from Paramètres → Sécurité.
  secondFactor: '/admin/second-facteur',
  emails: '/admin/emails',
  tasks: '/admin/tasks',
  bookings: '/admin/bookings',
  analytics: '/admin/analytics',
  activityFeed: '/admin/activity',
  // Before '/admin/emails/:id': the newsletters and the sequences live under the Emails entry (the sidebar keeps its eight).
  newsletters: '/admin/emails/newsletters',
  newsletterNew: '/admin/emails/newsletters/new',
  newsletter: '/admin/emails/newsletters/:id',
  sequences: '/admin/emails/sequences',
  sequenceNew: '/admin/emails/sequences/new',
  sequence: '/admin/emails/sequences/:id',
  sequenceStats: '/admin/emails/sequences/:id/stats',
  email: '/admin/emails/:id',
  simpleAdmin: '/simple-admin',
  adminDev: /^\/admin-dev(?:\/.*)?$/i,
});

export function navigate(path: string, replace = false): void {
  $router.open(path, replace);
  window.scrollTo({ top: 0 });
}

let leaving = false;

/** Leaves the app for a full page load; the first destination asked for wins. */
export function leaveTo(url: string): void {
  if (leaving) return;
  leaving = true;
  window.location.assign(url);
}

/** The sign-in screen for the current area. */
export function goToSignIn(): void {
  const { pathname, search } = window.location;
  if (pathname.startsWith('/admin-dev') || pathname.startsWith('/simple-admin')) leaveTo('/login');
  else leaveTo(`/api/login?next=${encodeURIComponent(pathname + search)}`);
}
