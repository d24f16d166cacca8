/**
 * The contacts' e-mail kind, as the outbox asks for it (api/platform/mail/kinds.ts): the team alert of
 * a contact's submissions (decision 088), caused by a contact request (api/features/public-forms) or a
 * webinar sign-up (api/features/webinars) through ./team-alert.ts. Not checked again before sending: it
 * says what happened when it was caused.
 */
import type { EmailKind, EmailKindDefinition } from '../../../platform/mail/kinds.ts';
import { teamAlertDocument, type TeamAlertData } from './team-alert-email.ts';
import type { ContactsWording } from './email-wording.ts';

type Kind<Data> = EmailKindDefinition<Data, ContactsWording>;

export const contactEmailKinds = {
  team_alert: {
    document: (data, context) => teamAlertDocument(data, context.content, context.publicUrl),
  } satisfies Kind<TeamAlertData>,
} satisfies Partial<Record<EmailKind, Kind<any>>>;
