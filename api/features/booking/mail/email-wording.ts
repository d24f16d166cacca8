/**
 * The sections of site/content/emails.yaml that the booking's e-mails read: each text with the
 * placeholders its e-mail can fill (api/platform/mail/content.ts checks them at start).
 */
import { z } from 'zod';
import { plain, template } from '../../../platform/mail/content.ts';

/** To the person: their first name, the call's Swiss date and time, its duration, the host's name. */
const call = template('firstName', 'date', 'duration', 'host', 'brand');
const callNoName = template('date', 'duration', 'host', 'brand');
/** To the host: their own first name, the person's name, the call's date and duration. */
const hostCall = template('firstName', 'person', 'date', 'duration', 'brand');
const hostCallNoName = template('person', 'date', 'duration', 'brand');

const personEmail = z.strictObject({ subject: call, preview: call, greeting: call, greetingNoName: callNoName, intro: call, closing: plain });
const hostEmail = z.strictObject({ subject: hostCall, preview: hostCall, greeting: hostCall, greetingNoName: hostCallNoName, intro: hostCall, closing: plain });

export const bookingWording = {
  /** What every e-mail about a booked call shows: its facts, how it happens, the calendar file, the manage link. */
  bookingCall: z.strictObject({
    /** The calendar entry's title. */
    title: template('brand'),
    dateLabel: plain,
    previousDateLabel: plain,
    durationLabel: plain,
    hostLabel: plain,
    whereLabel: plain,
    /** Where, for a video call (also the calendar file's LOCATION). */
    video: template('videoUrl'),
    videoPending: plain,
    /** Where, for a call by phone (also the calendar file's LOCATION). */
    phone: template('phone'),
    joinButton: plain,
    joinHint: plain,
    personLabel: plain,
    emailLabel: plain,
    phoneLabel: plain,
    messageLabel: plain,
    calendarHint: plain,
    cancelCalendarHint: plain,
    /** The line and button of every e-mail: reschedule or cancel (the signed manage link). */
    manageText: plain,
    manageLabel: plain,
    /** The calendar file's description line before the manage link. */
    manageDescription: plain,
  }),
  bookingConfirmation: personEmail,
  bookingReminder: personEmail,
  bookingUpdate: personEmail,
  bookingCancelled: personEmail,
  bookingHostAlert: hostEmail,
  bookingHostUpdate: hostEmail,
  bookingHostCancelled: hostEmail,
};

export type BookingWording = z.output<z.ZodObject<typeof bookingWording>>;
