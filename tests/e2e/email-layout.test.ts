/**
 * Every kind of e-mail, rendered by the real composer and laid out by Chromium at a phone's width
 * (375 px) and a desktop's (800 px): nothing wider than the window, no word cut across two lines, and
 * every web or e-mail address in the visible text is a link to that address. The kinds come from
 * EMAIL_KINDS, so a new kind fails here until it has a sample below.
 * No server of its own: the HTML is composed in the test process and set as the page's content. The
 * fixtures are the other files' (tests/e2e/fixtures.ts), so the worker that runs them runs this file too.
 */
import { test, expect } from './fixtures.ts';
import { EMAIL_KINDS, composeEmail, loadEmailContent, type ComposeContext, type EmailKind } from '../../api/features/email-kinds.ts';

const context: ComposeContext = {
  content: loadEmailContent(),
  publicUrl: 'https://www.clairval-innercircle.ch',
  brand: 'Clairval Inner Circle',
  linkSecret: 'a-session-secret-long-enough-to-sign-links',
};

// Long values on purpose: a real meeting link with its password, a long title, the 1st of a month.
const webinar = {
  id: 7,
  title: 'Le bonheur des dirigeants : retrouver de l’énergie sans sacrifier la performance',
  description: 'Trois outils concrets pour les dirigeants.',
  datetime: '2027-04-01T16:00:00.000Z',
  duration: 90,
  location: 'online',
  joinUrl: 'https://us02web.zoom.us/j/81234567890?pwd=QWxhZGRpbjpvcGVuIHNlc2FtZQ.1',
  sequence: 2,
};
const registration = { firstName: 'Anne-Sophie', registrationId: 4321, webinar };
const withoutJoinLink = { ...registration, webinar: { ...webinar, joinUrl: null } };
const lead = {
  id: 981,
  firstName: 'Anne-Sophie',
  lastName: 'de Montmollin-Dubois',
  email: 'anne-sophie.de-montmollin@entreprise-exemple.ch',
  phone: '+41 79 700 80 21',
  company: 'Fiduciaire Exemple SA',
  message: 'Bonjour, je souhaite un appel découverte pour notre comité de direction au mois de mars.',
};

const booking = {
  bookingId: 57,
  audience: 'person',
  uid: '0f8c1e2a-4b7d-4f3e-9a61-2d5c8b7e9f10@www.clairval-innercircle.ch',
  sequence: 1,
  status: 'confirmed',
  start: '2027-04-01T07:30:00.000Z',
  end: '2027-04-01T08:00:00.000Z',
  mode: 'video',
  videoUrl: webinar.joinUrl,
  phone: lead.phone,
  message: lead.message,
  person: { firstName: lead.firstName, lastName: lead.lastName, email: lead.email },
  host: { firstName: 'Jean-Baptiste', name: 'Jean-Baptiste Rochat-Vuilleumier', email: 'jean-baptiste.rochat@clairval-innercircle.ch' },
};
const byPhone = { ...booking, mode: 'phone', videoUrl: null };
const toHost = { ...booking, audience: 'host' };

// A long link, a list, a quote and the two blocks (a session with seats left, one full).
const newsletterIssue = {
  issueId: 12,
  subject: 'Trois minutes pour retrouver votre calme avant une réunion difficile',
  preheader: 'Une technique de respiration à essayer dès demain matin.',
  body: [
    '## Respirer avant de parler',
    '',
    'Avant une réunion tendue, **trois cycles** de respiration carrée suffisent. Le détail sur https://www.clairval-innercircle.ch/blog/respiration-carree-pour-dirigeants-presses-avant-une-reunion',
    '',
    '1. Inspirez quatre secondes.',
    '2. Retenez quatre secondes.',
    '',
    '> « Le calme est une compétence. »',
    '',
    '{{prochains-webinaires}}',
    '',
    '{{appel-decouverte}}',
  ].join('\n'),
  campaign: 'trois-minutes-pour-retrouver-votre-calme',
  leadId: lead.id,
  token: 'jeton-newsletter-0123456789abcdef',
  webinars: [
    { webinarId: 7, title: webinar.title, datetime: webinar.datetime, seatsLeft: 12 },
    { webinarId: 8, title: 'Dormir mieux quand on dirige', datetime: '2027-05-06T16:00:00.000Z', seatsLeft: 0 },
  ],
};

/** At least one sample per kind; the variants change which blocks an e-mail has. */
const samples: Record<EmailKind, Array<{ name: string; data: unknown }>> = {
  webinar_confirmation: [
    { name: 'with join link', data: registration },
    { name: 'without join link', data: withoutJoinLink },
  ],
  webinar_reminder: [{ name: 'with join link', data: registration }],
  contact_acknowledgement: [{ name: 'default', data: { firstName: 'Anne-Sophie' } }],
  team_alert: [
    { name: 'contact', data: { submission: 'contact', lead, webinarTitle: null, outcome: null } },
    { name: 'webinar', data: { submission: 'webinar', lead: { ...lead, message: null }, webinarTitle: webinar.title, outcome: 'waitlisted' } },
  ],
  booking_feed_alert: [
    {
      name: 'failed',
      data: { hostId: 3, hostName: 'Hélène Hôte', status: 'failed', error: 'Le calendrier ne peut pas être lu : son serveur a répondu par une erreur (HTTP 500).', readAt: '2027-03-15T08:00:00.000Z' },
    },
    { name: 'stale never read', data: { hostId: 3, hostName: 'Hélène Hôte', status: 'stale', error: null, readAt: null } },
  ],
  webinar_cancelled: [
    { name: 'seat', data: registration },
    { name: 'waiting list', data: { ...registration, waitlisted: true, calendar: false } },
  ],
  registration_cancelled: [
    { name: 'seat', data: { ...registration, calendar: true } },
    { name: 'waiting list', data: { ...registration, waitlisted: true, calendar: false } },
  ],
  webinar_invitation: [{ name: 'default', data: { firstName: 'Anne-Sophie', leadId: 981, webinar } }],
  waitlist_promoted: [{ name: 'default', data: registration }],
  webinar_followup: [
    { name: 'attended', data: { firstName: 'Anne-Sophie', registrationId: 4321, attended: true, webinar, next: null } },
    { name: 'no-show', data: { firstName: 'Anne-Sophie', registrationId: 4321, attended: false, webinar, next: { datetime: '2027-05-01T16:00:00.000Z' } } },
  ],
  webinar_update: [{ name: 'with join link', data: registration }],
  newsletter_confirmation: [
    { name: 'with name', data: { firstName: 'Anne-Sophie', token: 'xQ3m9VfK2cLpR7tWzA0bYdE5hJ8nS1uG' } },
    { name: 'without name', data: { firstName: null, token: 'xQ3m9VfK2cLpR7tWzA0bYdE5hJ8nS1uG' } },
  ],
  waitlist_joined: [{ name: 'default', data: registration }],
  booking_confirmation: [
    { name: 'video', data: booking },
    { name: 'phone', data: byPhone },
  ],
  booking_reminder: [{ name: 'video', data: { ...booking, offsetMinutes: 60 } }],
  booking_host_alert: [
    { name: 'video', data: toHost },
    { name: 'phone', data: { ...byPhone, audience: 'host' } },
  ],
  booking_update: [
    { name: 'person', data: { ...booking, previousStart: '2027-03-29T07:00:00.000Z' } },
    { name: 'host', data: { ...toHost, previousStart: '2027-03-29T07:00:00.000Z' } },
  ],
  booking_cancelled: [
    { name: 'person', data: { ...booking, by: 'person' } },
    { name: 'host', data: { ...toHost, by: 'person' } },
  ],
  newsletter_issue: [{ name: 'with both blocks', data: newsletterIssue }],
  newsletter_test: [{ name: 'no webinar to come', data: { ...newsletterIssue, leadId: undefined, token: null, webinars: [] } }],
  newsletter_paused_alert: [{ name: 'default', data: { issueId: 12, subject: newsletterIssue.subject, reason: '421 4.7.0 Try again later, closing connection.', sent: 1204, queued: 3310 } }],
  invoice_issued: [{ name: 'default', data: { invoiceId: 3, number: '2027-0003', firstName: 'Anne-Sophie', totalCents: 486_500, dueOn: '2027-04-30', reference: '000000000000000002027000003' } }],
  invoice_reminder: [{ name: 'default', data: { invoiceId: 3, number: '2027-0003', firstName: 'Anne-Sophie', totalCents: 486_500, dueOn: '2027-04-30', reference: 'RF4720270000003' } }],
  credit_note_issued: [{ name: 'default', data: { creditNoteId: 1, number: 'NC-2027-0001', invoiceNumber: '2027-0003', firstName: 'Anne-Sophie', amountCents: 486_500 } }],
  offer_sent: [
    {
      name: 'monthly, with a message',
      data: {
        offerId: 48213,
        firstName: 'Anne-Sophie',
        totalCents: 1_621_500,
        startDate: '2027-04-01',
        validUntil: '2027-03-15',
        instalments: 6,
        message: 'Comme convenu lors de notre appel, le programme commence le 1er avril.',
      },
    },
    { name: 'once, no message', data: { offerId: 7, firstName: null, totalCents: 250_000, startDate: '2027-05-03', validUntil: '2027-04-20', instalments: 1, message: null } },
  ],
  sequence_step: [
    {
      name: 'marketing, both blocks',
      data: {
        runId: 4,
        stepId: 2,
        sequenceId: 1,
        subject: 'Le webinaire que vous avez manqué',
        preview: 'Et la prochaine session.',
        body: 'Bonjour {{prenom}},\n\n{{prochains-webinaires}}\n\n{{appel-decouverte}}',
        firstName: 'Anne-Sophie',
        leadId: 42,
        transactional: false,
        campaign: 'sequence-1',
        webinars: newsletterIssue.webinars,
      },
    },
    {
      name: 'onboarding, transactional',
      data: {
        subject: 'Bienvenue dans le programme',
        preview: 'Vos premiers pas.',
        body: 'Bonjour {{prenom}},\n\nBienvenue !',
        firstName: null,
        leadId: 42,
        transactional: true,
        campaign: 'sequence-3',
        webinars: [],
      },
    },
  ],
  sequence_test: [
    {
      name: 'test',
      data: {
        subject: 'Une question après le webinaire ?',
        preview: '',
        body: 'Bonjour {{prenom}},\n\n{{appel-decouverte}}',
        firstName: 'Camille',
        transactional: false,
        campaign: 'sequence-2',
        webinars: [],
      },
    },
  ],
};

interface Layout {
  scrollWidth: number;
  brokenWords: string[];
  unlinked: string[];
}

/** Runs in the page: measures the document and every word of its visible text. */
function measure(): Layout {
  const url = /^https?:\/\/\S+?(?=[.,;:!?»)]*$)/;
  const email = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+(?=[.,;:!?»)]*$)/;
  const brokenWords: string[] = [];
  const unlinked: string[] = [];
  const lines = (range: Range) => {
    // Fragments of one line share their baseline; a word on two lines has two distinct bottoms.
    const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
    return new Set(rects.map((rect) => Math.round(rect.bottom))).size;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    for (const token of node.data.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(node, token.index);
      range.setEnd(node, token.index + token[0].length);
      if (lines(range) === 0) continue; // not displayed (the preview line)
      const address = url.exec(token[0])?.[0] ?? email.exec(token[0])?.[0];
      if (address) {
        // A long address may wrap (it is a link, not a word); it must lead where it says.
        const link = node.parentElement?.closest('a[href]');
        const href = link?.getAttribute('href') ?? '';
        if (href !== address && href !== `mailto:${address}`) unlinked.push(`${address} (href: ${href || 'none'})`);
        continue;
      }
      // Words of a hyphenated compound ("Anne-Sophie") may go to the next line at the hyphen, as in print.
      let offset = token.index;
      for (const part of token[0].split(/(?<=-)/)) {
        const partRange = document.createRange();
        partRange.setStart(node, offset);
        partRange.setEnd(node, offset + part.length);
        if (lines(partRange) > 1) brokenWords.push(part);
        offset += part.length;
      }
    }
  }
  return {
    scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    brokenWords,
    unlinked,
  };
}

test('every e-mail kind has a layout sample', () => {
  expect(Object.keys(samples).sort()).toEqual([...EMAIL_KINDS].sort());
});

for (const kind of EMAIL_KINDS) {
  for (const sample of samples[kind] ?? []) {
    test(`${kind} (${sample.name}) fits 375 px and 800 px, words whole, addresses linked`, async ({ page }) => {
      const { html } = await composeEmail(kind, sample.data, context);
      for (const width of [375, 800]) {
        await page.setViewportSize({ width, height: 900 });
        await page.setContent(html);
        const layout = await page.evaluate(measure);
        expect.soft(layout.scrollWidth, `${kind} at ${width} px: document width`).toBeLessThanOrEqual(width);
        expect.soft(layout.brokenWords, `${kind} at ${width} px: words cut across lines`).toEqual([]);
        expect.soft(layout.unlinked, `${kind} at ${width} px: addresses that are not links to themselves`).toEqual([]);
      }
    });
  }
}
