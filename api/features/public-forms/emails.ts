/**
 * The public forms' e-mail kind, as the outbox asks for it (api/platform/mail/kinds.ts): the
 * acknowledgement of a contact request (the team alert is api/features/contacts'; the newsletter's
 * confirmation is api/features/newsletters'). It is not checked again before sending: it says what
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
} satisfies Partial<Record<EmailKind, Kind<any>>>;
