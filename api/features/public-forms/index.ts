/**
 * Public forms: the entry of `POST /api/leads` and the contact request it records (a webinar sign-up
 * sent there is api/features/webinars'), the newsletter's double opt-in, and the e-mails they cause
 * (acknowledgement, newsletter confirmation; the team alert is the contacts').
 */
export { PUBLIC_ACTIVITY_TITLES } from './submissions.ts';
