/**
 * Every e-mail kind the outbox sends, gathered from the features that own them: the one registry the
 * sender works from, and the schema of the wording file those kinds read (site/content/emails.yaml).
 * The kinds are those of the browser contract (api/contract/email-kinds.ts, with their labels): the type
 * below fails to compile while a kind has no definition here, or a feature defines an unknown one.
 */
import { z } from 'zod';
import { commonWording, EMAIL_CONTENT_FILE, EmailContentError, loadContent } from '../platform/mail/content.ts';
import { composeWith, type ComposeContext as BaseContext, type ComposedEmail, type EmailKind, type EmailKinds } from '../platform/mail/kinds.ts';
import { webinarEmailKinds, webinarWording } from './webinars/index.ts';
import { publicFormsEmailKinds, publicFormsWording } from './public-forms/index.ts';
import { contactEmailKinds, contactsWording } from './contacts/index.ts';
import { bookingEmailKinds, bookingWording, feedAlertEmailKinds, feedAlertWording } from './booking/index.ts';
import { newsletterEmailKinds, newsletterWording } from './newsletters/index.ts';
import { billingEmailKinds, billingWording } from './billing/index.ts';
import { offerEmailKinds, offersWording } from './offers/index.ts';

export const emailKinds: EmailKinds = { ...webinarEmailKinds, ...publicFormsEmailKinds, ...contactEmailKinds, ...bookingEmailKinds, ...feedAlertEmailKinds, ...newsletterEmailKinds, ...billingEmailKinds, ...offerEmailKinds } satisfies EmailKinds;

/** Every kind, in the registry's order. */
export const EMAIL_KINDS = Object.keys(emailKinds) as EmailKind[];

/** The wording file's schema: the shared fields first, then each feature's sections. */
export const emailContentSchema = z.strictObject({ ...commonWording, ...webinarWording, ...publicFormsWording, ...contactsWording, ...bookingWording, ...feedAlertWording, ...newsletterWording, ...billingWording, ...offersWording });
export type EmailContent = z.output<typeof emailContentSchema>;

export function loadEmailContent(file = EMAIL_CONTENT_FILE): EmailContent {
  return loadContent(emailContentSchema, file);
}

/** One e-mail as the sender writes it (tests and previews call it directly). */
export function composeEmail(kind: EmailKind, data: unknown, context: ComposeContext): Promise<ComposedEmail> {
  return composeWith(emailKinds, kind, data, context);
}

export { EMAIL_CONTENT_FILE, EmailContentError };
/** What composing needs, with the whole wording file. */
export type ComposeContext = BaseContext<EmailContent>;
export type { EmailKind };
export type { CancellationEmailData, RegistrationEmailData } from './webinars/index.ts';
