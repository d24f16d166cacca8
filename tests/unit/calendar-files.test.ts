/**
 * Every calendar file the e-mails carry (decision 090), parsed with a maintained parser (ical.js):
 * METHOD, UID and SEQUENCE, ORGANIZER (the sender, the brand as CN), the person as ATTENDEE, start times
 * on both sides of a daylight-saving change, and content lines of at most 75 octets (RFC 5545 3.1).
 */
import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { loadEmailContent } from '../../api/features/email-kinds.ts';
import { composeEmail, type CancellationEmailData, type ComposeContext, type EmailKind, type RegistrationEmailData } from '../../api/features/email-kinds.ts';
import { foldLine } from '../../api/features/webinars/mail/calendar.ts';

const context: ComposeContext = {
  content: loadEmailContent(),
  publicUrl: 'https://www.clairval.ch',
  brand: 'Clairval Inner Circle',
  linkSecret: 'secret-de-test-pour-les-liens-0123456789',
  sender: 'ne-pas-repondre@clairval.ch',
  recipient: 'helene.muller@example.ch',
};

// Long enough to be folded several times, with two-byte (é, è, à) and three-byte (’, €) characters.
const DESCRIPTION =
  'Une heure pour comprendre d’où vient la fatigue décisionnelle des dirigeantes et dirigeants, ' +
  'et repartir avec trois exercices éprouvés : à pratiquer dès le lendemain, sans matériel — coût 0 €. ' +
  'Questions libres à la fin ; présence à l’écran facultative, caméra éteinte acceptée.';

function facts(datetime: string, sequence = 0): RegistrationEmailData {
  return {
    firstName: 'Hélène',
    registrationId: 42,
    webinar: { id: 7, title: 'Fatigue décisionnelle : en sortir', description: DESCRIPTION, datetime, duration: 60, location: 'online', joinUrl: 'https://meet.example.ch/fatigue', sequence },
  };
}

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = calendar.getFirstSubcomponent('vevent')!;
  const organizer = event.getFirstProperty('organizer')!;
  const attendee = event.getFirstProperty('attendee');
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    status: event.getFirstPropertyValue('status'),
    description: event.getFirstPropertyValue('description'),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate(),
    organizer: { value: String(organizer.getFirstValue()).toLowerCase(), cn: organizer.getParameter('cn') },
    attendee: attendee ? { value: String(attendee.getFirstValue()).toLowerCase(), cn: attendee.getParameter('cn'), partstat: attendee.getParameter('partstat') } : null,
  };
}

const zurichTime = (date: Date) => new Intl.DateTimeFormat('fr-CH', { timeZone: 'Europe/Zurich', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(date);

const CASES: Array<{ kind: EmailKind; data: (datetime: string) => RegistrationEmailData | CancellationEmailData; method: string; sequence: number }> = [
  { kind: 'webinar_confirmation', data: (at) => facts(at), method: 'REQUEST', sequence: 0 },
  { kind: 'waitlist_promoted', data: (at) => facts(at), method: 'REQUEST', sequence: 0 },
  { kind: 'webinar_update', data: (at) => facts(at, 2), method: 'REQUEST', sequence: 2 },
  { kind: 'webinar_cancelled', data: (at) => facts(at, 2), method: 'CANCEL', sequence: 3 },
  { kind: 'webinar_cancelled', data: (at) => ({ ...facts(at, 2), waitlisted: true, calendar: true }), method: 'CANCEL', sequence: 3 },
  { kind: 'registration_cancelled', data: (at) => ({ ...facts(at, 1), calendar: true }), method: 'CANCEL', sequence: 2 },
  { kind: 'registration_cancelled', data: (at) => ({ ...facts(at, 0), waitlisted: true, calendar: true }), method: 'CANCEL', sequence: 1 },
];

describe('calendar files', () => {
  // Switzerland moves to summer time on Sunday 28 March 2027: 18:00 is 17:00 UTC before, 16:00 UTC after.
  const SESSIONS = [
    { at: '2027-03-26T17:00:00.000Z', zurich: '26.03.2027 18:00' },
    { at: '2027-03-29T16:00:00.000Z', zurich: '29.03.2027 18:00' },
  ];

  for (const item of CASES) {
    it(`${item.kind}${'waitlisted' in item.data('') ? ' (waiting list)' : ''}: ${item.method}, organizer, attendee, times and folded lines`, async () => {
      for (const session of SESSIONS) {
        const email = await composeEmail(item.kind, item.data(session.at), context);
        expect(email.attachments).toHaveLength(1);
        const [file] = email.attachments;
        expect(file!.contentType).toBe(`text/calendar; charset=utf-8; method=${item.method}`);
        const calendar = parse(file!.content);
        expect(calendar).toMatchObject({
          method: item.method,
          uid: 'webinar-registration-42@www.clairval.ch',
          sequence: item.sequence,
          status: item.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
          organizer: { value: 'mailto:ne-pas-repondre@clairval.ch', cn: 'Clairval Inner Circle' },
          attendee: { value: 'mailto:helene.muller@example.ch', cn: 'Hélène', partstat: 'ACCEPTED' },
        });
        expect(calendar.description).toBe(`${DESCRIPTION}\n\nhttps://meet.example.ch/fatigue`);
        expect(calendar.start.toISOString()).toBe(session.at);
        expect(zurichTime(calendar.start)).toBe(session.zurich);

        const lines = file!.content.split('\r\n');
        const octets = lines.map((line) => Buffer.byteLength(line, 'utf8'));
        expect(Math.max(...octets)).toBeLessThanOrEqual(75);
        // The description really was folded, each continuation line starting with one space.
        const descriptionAt = lines.findIndex((line) => line.startsWith('DESCRIPTION:'));
        expect(lines[descriptionAt + 1]).toMatch(/^ \S/);
        expect(file!.content).not.toMatch(/\r\n\t/);
        expect(file!.content.endsWith('\r\n')).toBe(true);
      }
    });
  }

  it('writes the join link as the place, or "En ligne" before the link is known, never the stored code', async () => {
    const base = facts('2027-03-26T17:00:00.000Z');
    const withLink = await composeEmail('webinar_confirmation', base, context);
    const withoutLink = await composeEmail('webinar_confirmation', { ...base, webinar: { ...base.webinar, joinUrl: null } }, context);
    const place = (content: string) => new ICAL.Component(ICAL.parse(content)).getFirstSubcomponent('vevent')!.getFirstPropertyValue('location');
    expect(place(withLink.attachments[0]!.content)).toBe('https://meet.example.ch/fatigue');
    expect(place(withoutLink.attachments[0]!.content)).toBe('En ligne');
  });

  it('sends no file to someone who was only ever on the waiting list', async () => {
    const left = await composeEmail('registration_cancelled', { ...facts('2027-03-26T17:00:00.000Z'), waitlisted: true, calendar: false }, context);
    expect(left.attachments).toEqual([]);
    expect(left.text).not.toContain('fichier joint');
    const deleted = await composeEmail('webinar_cancelled', { ...facts('2027-03-26T17:00:00.000Z'), waitlisted: true, calendar: false }, context);
    expect(deleted.attachments).toEqual([]);
  });

  it('folds by octets, never inside a multi-byte character', () => {
    const line = `DESCRIPTION:${'é'.repeat(100)}€x`;
    const folded = foldLine(line).split('\r\n');
    for (const piece of folded) {
      expect(Buffer.byteLength(piece, 'utf8')).toBeLessThanOrEqual(75);
      expect(Buffer.from(piece, 'utf8').toString('utf8')).toBe(piece);
    }
    expect(folded.slice(1).every((piece) => piece.startsWith(' '))).toBe(true);
    expect(folded.map((piece, index) => (index === 0 ? piece : piece.slice(1))).join('')).toBe(line);
    expect(foldLine('SUMMARY:court')).toBe('SUMMARY:court');
  });
});
