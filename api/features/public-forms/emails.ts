/**
 * The public forms' e-mail kinds, as the outbox asks for them (api/platform/mail/kinds.ts): the
 * acknowledgement of a contact request, the team alert (decision 088) and the newsletter's
 * confirmation, with its unsubscribe headers. None is checked again before sending: each says what
 * happened when it was caused.
 */
import { fill } from '../../platform/mail/content.ts';
import type { EmailDocument } from '../../platform/mail/layout.ts';
import type { EmailKind, EmailKindDefinition } from '../../platform/mail/kinds.ts';
import { greetingCopy, greetingName } from '../../platform/mail/greeting-name.ts';
import { teamAlertDocument, type TeamAlertData } from './team-alert-email.ts';
import type { PublicFormsWording } from './email-wording.ts';

type Kind<Data> = EmailKindDefinition<Data, PublicFormsWording>;

export interface AcknowledgementData {
  firstName: string;
}

export interface NewsletterEmailData {
  firstName: string | null;
  token: string;
}

/** The newsletter's pages, reached from its e-mails (the static pages post to their own address). */
export function newsletterLinks(token: string, publicUrl: string) {
  const query = `?token=${encodeURIComponent(token)}`;
  return { confirm: `${publicUrl}/newsletter/confirmer${query}`, unsubscribe: `${publicUrl}/newsletter/desinscription${query}` };
}

export const publicFormsEmailKinds = {
  contact_acknowledgement: {
    document: (data, context): EmailDocument => {
      const copy = context.content.contactAcknowledgement;
      const values = { firstName: greetingName(data.firstName) ?? '', brand: context.brand };
      return {
        subject: fill(copy.subject, values),
        preview: fill(copy.preview, values),
        blocks: [
          { type: 'paragraph', text: fill(greetingCopy(copy, values.firstName), values) },
          { type: 'paragraph', text: fill(copy.intro, values) },
          { type: 'list', title: copy.nextStepsTitle, items: copy.nextSteps.map((item) => fill(item, values)) },
        ],
        signature: [copy.closing, context.content.signature],
        footer: context.content.footer,
      };
    },
  } satisfies Kind<AcknowledgementData>,
  team_alert: {
    document: (data, context) => teamAlertDocument(data, context.content, context.publicUrl),
  } satisfies Kind<TeamAlertData>,
  newsletter_confirmation: {
    document: (data, context): EmailDocument => {
      const copy = context.content.newsletterConfirmation;
      const values = { firstName: greetingName(data.firstName) ?? '', brand: context.brand };
      const links = newsletterLinks(data.token, context.publicUrl);
      return {
        subject: fill(copy.subject, values),
        preview: fill(copy.preview, values),
        blocks: [
          { type: 'paragraph', text: fill(greetingCopy(copy, values.firstName), values) },
          { type: 'paragraph', text: fill(copy.intro, values) },
          { type: 'button', label: copy.button, url: links.confirm, hint: copy.hint },
          { type: 'paragraph', text: copy.ignore },
          { type: 'paragraph', text: copy.unsubscribe, link: links.unsubscribe },
        ],
        signature: [copy.closing, context.content.signature],
        footer: context.content.footer,
      };
    },
    /** An https unsubscribe link, and RFC 8058 one-click (mail clients POST `List-Unsubscribe=One-Click` to it; ./newsletter-routes.ts unsubscribes at once). */
    headers: (data, context) => {
      const { unsubscribe } = newsletterLinks(data.token, context.publicUrl);
      return { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    },
  } satisfies Kind<NewsletterEmailData>,
} satisfies Partial<Record<EmailKind, Kind<any>>>;
