/** A webinar as the e-mail tests create it in the back office (`POST /api/admin/webinars`). */
export const SAMPLE_WEBINAR = {
  title: 'Le bonheur des dirigeants',
  description: 'Webinaire gratuit : 4 hormones, 3 techniques.',
  // Far ahead: a fixed date soon in the past would turn every sign-up into a wait for the next session.
  datetime: '2036-11-27T17:00:00.000Z',
  duration: 60,
  maxAttendees: 100,
  location: 'online',
  isActive: true,
};
