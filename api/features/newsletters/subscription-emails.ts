/**
 * The newsletter subscription's e-mail kind, as the outbox asks for it (api/platform/mail/kinds.ts):
 * the double opt-in's confirmation, with its unsubscribe headers (./subscription.ts causes it). The
 * subscription's links are also those of every issue (./emails.ts).
 */
import type { EmailDocument } from '../../platform/mail/layout.ts';
import type { EmailKind, EmailKindDefinition } from '../../platform/mail/kinds.ts';
import { letter, opening, personValues } from '../../platform/mail/document.ts';
import type { SubscriptionWording } from './subscription-wording.ts';

type Kind<Data> = EmailKindDefinition<Data, SubscriptionWording>;

export interface NewsletterEmailData {
  firstName: string | null;
  token: string;
}

/** The newsletter's pages, reached from its e-mails (the static pages post to their own address). */
export function newsletterLinks(token: string, publicUrl: string) {
  const query = `?token=${encodeURIComponent(token)}`;
  return { confirm: `${publicUrl}/newsletter/confirmer${query}`, unsubscribe: `${publicUrl}/newsletter/desinscription${query}` };
}

export const subscriptionEmailKinds = {
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
    /** An https unsubscribe link, and RFC 8058 one-click (mail clients POST `List-Unsubscribe=One-Click` to it; ./subscription-routes.ts unsubscribes at once). */
    headers: (data, context) => {
      const { unsubscribe } = newsletterLinks(data.token, context.publicUrl);
      return { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    },
  } satisfies Kind<NewsletterEmailData>,
} satisfies Partial<Record<EmailKind, Kind<any>>>;
