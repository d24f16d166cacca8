/**
 * What the booking settings, a host's availability and the public booking form accept, and the
 * French message each refused field gets (decision 102).
 */
import { describe, expect, it } from 'vitest';
import { BOOKING_SETTINGS_DEFAULTS, bookingRequestSchemaFor, bookingSettingsSchema, hostAvailabilitySchema } from '#contract/booking';

function messages(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('booking settings', () => {
  it('fills every setting with its default (BOOKING_SETTINGS_DEFAULTS, what the store answers before any save), each one a value the form accepts', () => {
    expect(bookingSettingsSchema.parse({})).toEqual(BOOKING_SETTINGS_DEFAULTS);
    // The agreed defaults: 30 minutes, 0 before, 10 after, 12 hours' notice, 30 days ahead, every 30 minutes, no cap, by video.
    const { durationMinutes, bufferBeforeMinutes, bufferAfterMinutes, minimumNoticeMinutes, horizonDays, slotStepMinutes, dailyCapPerHost, mode } = BOOKING_SETTINGS_DEFAULTS;
    expect([durationMinutes, bufferBeforeMinutes, bufferAfterMinutes, minimumNoticeMinutes, horizonDays, slotStepMinutes, dailyCapPerHost, mode]).toEqual([30, 0, 10, 720, 30, 30, null, 'video']);
    expect(bookingSettingsSchema.parse(BOOKING_SETTINGS_DEFAULTS)).toEqual(BOOKING_SETTINGS_DEFAULTS);
  });

  it('takes the numbers of a form and a cap, and refuses what is out of range', () => {
    expect(bookingSettingsSchema.parse({ durationMinutes: '45', dailyCapPerHost: '3', mode: 'phone' })).toMatchObject({ durationMinutes: 45, dailyCapPerHost: 3, mode: 'phone' });
    expect(bookingSettingsSchema.parse({ dailyCapPerHost: '' }).dailyCapPerHost).toBeNull();
    expect(messages(bookingSettingsSchema.safeParse({ durationMinutes: 10, bufferAfterMinutes: -5, dailyCapPerHost: 0, mode: 'visite', slotStepMinutes: 7.5 }))).toEqual([
      ['durationMinutes', 'La durée de l’appel doit être un nombre entier compris entre 15 et 120.'],
      ['bufferAfterMinutes', 'La marge après l’appel doit être un nombre entier compris entre 0 et 240.'],
      ['slotStepMinutes', 'L’intervalle entre deux créneaux doit être un nombre entier compris entre 5 et 240.'],
      ['dailyCapPerHost', 'La limite d’appels par jour et par hôte doit être un nombre entier compris entre 1 et 100.'],
      ['mode', "Le déroulement de l’appel doit être l'une des valeurs suivantes : Visioconférence, Téléphone."],
    ]);
  });
});

describe('a host’s availability', () => {
  const valid = {
    isHost: true,
    weekly: [
      { weekday: 1, start: '09:00', end: '12:00' },
      { weekday: 1, start: '12:00', end: '17:00' },
      { weekday: 3, start: '14:00', end: '18:30' },
    ],
    overrides: [
      { date: '2027-03-29', ranges: [] },
      { date: '2027-04-03', ranges: [{ start: '10:00', end: '12:00' }] },
    ],
    videoUrl: 'https://meet.example.ch/lea-favre',
    feedUrl: 'https://calendar.example.ch/ical/secret/basic.ics',
  };

  it('accepts several ranges a weekday, touching ones included, a day off and a day with other hours', () => {
    expect(hostAvailabilitySchema.parse(valid)).toEqual(valid);
  });

  it('defaults to no range, no override, no link and no feed', () => {
    expect(hostAvailabilitySchema.parse({ isHost: false })).toEqual({ isHost: false, weekly: [], overrides: [], videoUrl: null, feedUrl: null });
  });

  it('reads a webcal:// feed address as https://, and a blank one as none', () => {
    expect(hostAvailabilitySchema.parse({ ...valid, feedUrl: 'webcal://p52-caldav.icloud.com/published/2/secret' }).feedUrl).toBe('https://p52-caldav.icloud.com/published/2/secret');
    expect(hostAvailabilitySchema.parse({ ...valid, feedUrl: '  ', videoUrl: '' })).toMatchObject({ feedUrl: null, videoUrl: null });
  });

  it('names the field of each mistake in French', () => {
    const result = hostAvailabilitySchema.safeParse({
      isHost: 'oui',
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '11:30', end: '13:00' },
        { weekday: 2, start: '15:00', end: '14:00' },
        { weekday: 8, start: '9h', end: '10:00' },
      ],
      overrides: [
        { date: '2027-03-29', ranges: [] },
        { date: '2027-03-29', ranges: [{ start: '10:00', end: '10:00' }] },
        { date: '29.03.2027', ranges: [] },
      ],
      videoUrl: 'http://meet.example.ch/lea',
      feedUrl: 'ftp://calendar.example.ch/lea.ics',
    });
    expect(messages(result)).toEqual([
      ['isHost', 'Le champ « hôte » doit être vrai ou faux.'],
      ['weekly.3.weekday', 'Le jour doit être un nombre entier de 1 (lundi) à 7 (dimanche).'],
      ['weekly.3.start', 'L’heure doit être au format HH:MM (de 00:00 à 23:59).'],
      ['weekly.1.start', 'Cette plage chevauche une autre plage du même jour.'],
      ['weekly.2.end', 'L’heure de fin doit être après l’heure de début.'],
      ['overrides.1.ranges.0.end', 'L’heure de fin doit être après l’heure de début.'],
      ['overrides.2.date', 'La date doit être une date valide (AAAA-MM-JJ).'],
      ['overrides.1.date', 'Cette date a déjà une exception.'],
      ['videoUrl', 'Le lien de visioconférence doit être une adresse complète commençant par https://.'],
      ['feedUrl', 'L’adresse du calendrier doit être une adresse complète commençant par https:// (ou http://, webcal://).'],
    ]);
  });
});

describe('the public booking form', () => {
  const person = { start: '2027-03-29T07:00:00.000Z', firstName: ' Léa ', lastName: 'Favre', email: 'Lea.Favre@Example.CH', phone: '', message: '' };

  it('keeps the chosen start and the person, trimmed, the e-mail in lower case, blank optional fields left out', () => {
    expect(bookingRequestSchemaFor('video').parse(person)).toEqual({ start: '2027-03-29T07:00:00.000Z', firstName: 'Léa', lastName: 'Favre', email: 'lea.favre@example.ch' });
  });

  it('asks for a slot, the names and the e-mail, and the phone number when the team calls', () => {
    expect(messages(bookingRequestSchemaFor('phone').safeParse({ start: '', firstName: '', email: 'lea' }))).toEqual([
      ['start', 'Choisissez un créneau.'],
      ['firstName', 'Le prénom est obligatoire.'],
      ['lastName', 'Le nom est obligatoire.'],
      ['email', 'Email invalide'],
      ['phone', 'Le numéro de téléphone est obligatoire.'],
    ]);
    expect(bookingRequestSchemaFor('phone').parse({ ...person, phone: '+41 79 123 45 67' }).phone).toBe('+41 79 123 45 67');
  });

  it('refuses a start that is not an instant', () => {
    expect(messages(bookingRequestSchemaFor('video').safeParse({ ...person, start: 'lundi 10h' }))).toEqual([['start', 'Le créneau choisi n’est pas valide. Choisissez-en un dans la liste.']]);
  });
});
