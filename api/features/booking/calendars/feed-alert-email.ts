/**
 * `booking_feed_alert`: the team is told once that a host's own calendar cannot be read (or was not
 * read for over an hour), so that host offers no slot until it is read again (fail closed, decision
 * 102). Written to the team: the reason as the reading gave it, and a link to Paramètres.
 */
import { z } from 'zod';
import { fill, plain, template } from '../../../platform/mail/content.ts';
import type { EmailDocument } from '../../../platform/mail/layout.ts';
import type { EmailKind, EmailKindDefinition } from '../../../platform/mail/kinds.ts';
import { swissDateTime } from '../../../platform/mail/dates.ts';

/** The section of site/content/emails.yaml this e-mail reads. */
export const feedAlertWording = {
  bookingFeedAlert: z.strictObject({
    subject: template('name'),
    preview: template('name'),
    failedIntro: template('name'),
    staleIntro: template('name'),
    consequence: plain,
    labels: z.strictObject({ host: plain, reason: plain, readAt: plain }),
    neverRead: plain,
    button: plain,
    onceOnly: plain,
  }),
};
export type FeedAlertWording = z.output<z.ZodObject<typeof feedAlertWording>>;

export interface FeedAlertData {
  hostId: number;
  hostName: string;
  status: 'failed' | 'stale';
  /** The French reason of a failed reading. */
  error: string | null;
  /** The last successful reading (ISO), if any. */
  readAt: string | null;
}

export const feedAlertEmailKinds = {
  booking_feed_alert: {
    document: (data, { content, publicUrl }): EmailDocument => {
      const copy = content.bookingFeedAlert;
      const values = { name: data.hostName };
      const rows = [
        { label: copy.labels.host, value: data.hostName },
        ...(data.error ? [{ label: copy.labels.reason, value: data.error }] : []),
        { label: copy.labels.readAt, value: data.readAt ? swissDateTime(new Date(data.readAt)) : copy.neverRead },
      ];
      return {
        subject: fill(copy.subject, values),
        preview: fill(copy.preview, values),
        blocks: [
          { type: 'paragraph', text: fill(data.status === 'failed' ? copy.failedIntro : copy.staleIntro, values) },
          { type: 'paragraph', text: copy.consequence },
          { type: 'facts', rows },
          { type: 'button', label: copy.button, url: `${publicUrl}/admin/settings/rendez-vous` },
          { type: 'paragraph', text: copy.onceOnly },
        ],
        signature: [content.signature],
        footer: content.footer,
      };
    },
  } satisfies EmailKindDefinition<FeedAlertData, FeedAlertWording>,
} satisfies Partial<Record<EmailKind, EmailKindDefinition<any, FeedAlertWording>>>;
