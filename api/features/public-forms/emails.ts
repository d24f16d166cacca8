/**
 * The public forms' e-mail kinds, as the outbox asks for them (api/platform/mail/kinds.ts): the
 * acknowledgement of a contact request and the newsletter's confirmation, with its unsubscribe headers
 * (the team alert is api/features/contacts'). None is checked again before sending: each says what
 * happened when it was caused.
 */
import { fill } from '../../platform/mail/content.ts';
import type { EmailDocument } from '../../platform/mail/layout.ts';
import type { EmailKind, EmailKindDefinition } from '../../platform/mail/kinds.ts';
import { letter, opening, personValues } from '../../platform/mail/document.ts';
import type { PublicFormsWording } from './email-wording.ts';
import { bookingPageUrl } from '../booking/index.ts';

type Kind<Data> = EmailKindDefinition<Data, PublicFormsWording>;

export interface AcknowledgementData {
  firstName: string;
  /** The contact, for the booking page's pre-filled link (absent on rows written before it). */
  leadId?: number;
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
    document: (data, { content, brand, publicUrl, linkSecret }): EmailDocument => {
      const copy = content.contactAcknowledgement;
      const values = personValues(data.firstName, brand);
      // The call can be booked at once: the booking page, with the name and e-mail filled when the link can be signed.
      const booking = bookingPageUrl(publicUrl, linkSecret ?? '', linkSecret ? data.leadId : undefined);
      return letter(
        copy,
        values,
        [
          ...opening(copy, values),
          { type: 'list', title: copy.nextStepsTitle, items: copy.nextSteps.map((item) => fill(item, values)) },
          { type: 'paragraph', text: fill(copy.booking, values) },
          { type: 'button', label: copy.bookingButton, url: booking },
        ],
        content,
      );
    },
  } satisfies Kind<AcknowledgementData>,
  newsletter_confirmation: {
    document: (data, { content, brand, publicUrl }): EmailDocument => {
      const copy = content.newsletterConfirmation;
      const values = personValues(data.firstName, brand);
      const links = newsletterLinks(data.token, publicUrl);
      return letter(
        copy,
        values,
        [
          ...opening(copy, values),
          { type: 'button', label: copy.button, url: links.confirm, hint: copy.hint },
          { type: 'paragraph', text: copy.ignore },
          { type: 'paragraph', text: copy.unsubscribe, link: links.unsubscribe },
        ],
        content,
      );
    },
    /** An https unsubscribe link, and RFC 8058 one-click (mail clients POST `List-Unsubscribe=One-Click` to it; ./newsletter-routes.ts unsubscribes at once). */
    headers: (data, context) => {
      const { unsubscribe } = newsletterLinks(data.token, context.publicUrl);
      return { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    },
  } satisfies Kind<NewsletterEmailData>,
} satisfies Partial<Record<EmailKind, Kind<any>>>;
