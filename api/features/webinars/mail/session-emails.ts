/**
 * What the e-mails about one seat say (confirmation, reminder, promotion, update, waiting list,
 * cancellations), from their wording (site/content/emails.yaml) and the facts on their row, and the
 * calendar file that adds the session to the person's calendar or takes it out (decision 090).
 */
import { fill } from '../../../platform/mail/content.ts';
import type { Block, EmailDocument } from '../../../platform/mail/layout.ts';
import type { Attachment, ComposeContext } from '../../../platform/mail/kinds.ts';
import { greetingCopy } from '../../../platform/mail/greeting-name.ts';
import { calendarAttachmentOf } from '../../../platform/mail/calendar.ts';
import { letter, opening } from '../../../platform/mail/document.ts';
import { calendarFile, registrationUid, type CalendarMethod } from './calendar.ts';
import { cancelBlock, sessionFacts, sessionValues } from './funnel-emails.ts';
import type { CancellationEmailData, RegistrationEmailData } from './email-data.ts';
import type { WebinarWording } from './email-wording.ts';

type Context = ComposeContext<WebinarWording>;

export function calendarAttachment(data: RegistrationEmailData, context: Context, method: CalendarMethod): Attachment {
  const { webinar } = data;
  const ics = calendarFile(
    {
      uid: registrationUid(data.registrationId, context.publicUrl),
      organizer: { name: context.brand, email: context.sender ?? context.content.senderAddress },
      ...(context.recipient ? { attendee: { name: data.firstName, email: context.recipient } } : {}),
      title: webinar.title,
      description: webinar.description ?? webinar.title,
      start: new Date(webinar.datetime),
      durationMinutes: webinar.duration,
      location: webinar.location,
      joinUrl: webinar.joinUrl,
      // A cancellation must outrank the last update the calendar holds.
      sequence: (webinar.sequence ?? 0) + (method === 'CANCEL' ? 1 : 0),
    },
    method,
  );
  return calendarAttachmentOf(ics, method);
}

/** Whether a cancellation carries its METHOD:CANCEL file (see CancellationEmailData). */
export function cancelsCalendarEntry(data: CancellationEmailData): boolean {
  return data.calendar ?? true;
}

/** A confirmation, reminder, promotion or update: the session's facts, how to join, the cancellation link. */
export function sessionDocument(
  copy: WebinarWording['webinarConfirmation'] | WebinarWording['webinarReminder'] | WebinarWording['waitlistPromoted'] | WebinarWording['webinarUpdate'],
  data: RegistrationEmailData,
  context: Context,
): EmailDocument {
  const values = sessionValues(data, context.brand);
  const join: Block = data.webinar.joinUrl ? { type: 'button', label: copy.joinButton, url: data.webinar.joinUrl, hint: copy.joinHint } : { type: 'paragraph', text: fill(copy.noJoinLink, values) };
  const blocks: Block[] = [...opening(copy, values), sessionFacts(copy, values), join];
  if ('calendarHint' in copy) blocks.push({ type: 'paragraph', text: fill(copy.calendarHint, values) });
  blocks.push(...cancelBlock(data.registrationId, context));
  return letter(copy, values, blocks, context.content);
}

/** On the waiting list: the session's facts, what happens next, and the link to leave the list. */
export function waitlistDocument(data: RegistrationEmailData, context: Context): EmailDocument {
  const copy = context.content.waitlistJoined;
  const values = sessionValues(data, context.brand);
  return letter(
    copy,
    values,
    [...opening(copy, values), sessionFacts(copy, values), { type: 'paragraph', text: fill(copy.nextSteps, values) }, ...cancelBlock(data.registrationId, context, copy.leaveLink)],
    context.content,
  );
}

/** A cancellation: who cancelled (the team or the person), whether the person held a seat, and the calendar hint only with a file. */
export function cancellationDocument(kind: 'webinar_cancelled' | 'registration_cancelled', data: CancellationEmailData, context: Context): EmailDocument {
  const { content } = context;
  const copy = kind === 'webinar_cancelled' ? (data.waitlisted ? content.webinarCancelledWaitlist : content.webinarCancelled) : data.waitlisted ? content.waitlistLeft : content.registrationCancelled;
  const values = sessionValues(data, context.brand);
  const greeting = greetingCopy(copy, values.firstName);
  const paragraphs = cancelsCalendarEntry(data) ? [greeting, copy.intro, copy.calendarHint, copy.nextSteps] : [greeting, copy.intro, copy.nextSteps];
  return letter(
    copy,
    values,
    paragraphs.map((text) => ({ type: 'paragraph', text: fill(text, values) })),
    content,
  );
}
