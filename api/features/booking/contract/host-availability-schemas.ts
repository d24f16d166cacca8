/**
 * Each host's weekly schedule and date overrides (Swiss time), their meeting link and calendar feed:
 * `GET`/`PUT /api/admin/hosts/{userId}/availability`. Imports only zod. Rules the availability engine
 * relies on are checked here: a range ends after it starts and never overlaps another range of the same day.
 */
import { z } from '../../../contract/zod.ts';
import { blankToNull, integer } from '../../../contract/fields.ts';
import { BOOKING_LIMITS } from './booking-schemas.ts';

export const TIME_OF_DAY_MESSAGE = 'L’heure doit être au format HH:MM (de 00:00 à 23:59).';
export const RANGE_ORDER_MESSAGE = 'L’heure de fin doit être après l’heure de début.';
export const RANGE_OVERLAP_MESSAGE = 'Cette plage chevauche une autre plage du même jour.';
export const OVERRIDE_DUPLICATE_MESSAGE = 'Cette date a déjà une exception.';

/** `"09:00"`, a wall-clock time in Swiss time. */
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOfDay = z.string({ error: TIME_OF_DAY_MESSAGE }).trim().regex(TIME_OF_DAY, TIME_OF_DAY_MESSAGE);

const range = { start: timeOfDay, end: timeOfDay };

type TimeRange = { start: string; end: string };

/**
 * Each range ends after it starts; ranges of one group (a weekday, a date) do not overlap. Ranges that
 * touch (09:00–12:00 and 12:00–14:00) are allowed. Issues point at the offending range's field.
 */
function checkRanges(ranges: ReadonlyArray<TimeRange>, groupOf: (index: number) => string | number, pathOf: (index: number) => PropertyKey[], ctx: z.RefinementCtx) {
  // Ranges with a malformed time already have their own message.
  const valid = (candidate: TimeRange) => TIME_OF_DAY.test(candidate.start) && TIME_OF_DAY.test(candidate.end);
  ranges.forEach((current, index) => {
    if (!valid(current)) return;
    // "HH:MM" strings compare like the times they write.
    if (current.end <= current.start) {
      ctx.addIssue({ code: 'custom', path: [...pathOf(index), 'end'], message: RANGE_ORDER_MESSAGE });
      return;
    }
    const overlaps = ranges.some(
      (other, otherIndex) => otherIndex < index && groupOf(otherIndex) === groupOf(index) && valid(other) && other.end > other.start && other.start < current.end && current.start < other.end,
    );
    if (overlaps) ctx.addIssue({ code: 'custom', path: [...pathOf(index), 'start'], message: RANGE_OVERLAP_MESSAGE });
  });
}

export const WEEKDAY_MESSAGE = 'Le jour doit être un nombre entier de 1 (lundi) à 7 (dimanche).';

/** One range of the weekly schedule: ISO weekday (1 = Monday), Swiss time. */
export const weeklyRangeSchema = z.object({ weekday: integer('Le jour', 1, 7, WEEKDAY_MESSAGE), ...range });
export type WeeklyRange = z.output<typeof weeklyRangeSchema>;

/** One date's own hours; no range at all is a day off. */
export const dateOverrideSchema = z.object({
  date: z.iso.date({ error: 'La date doit être une date valide (AAAA-MM-JJ).' }),
  ranges: z
    .array(z.object(range), { error: 'Les plages horaires doivent être une liste.' })
    .max(BOOKING_LIMITS.rangesPerDateMax, `Au plus ${BOOKING_LIMITS.rangesPerDateMax} plages horaires par date.`)
    .superRefine((ranges, ctx) =>
      checkRanges(
        ranges,
        () => 0,
        (index) => [index],
        ctx,
      ),
    ),
});
export type DateOverride = z.output<typeof dateOverrideSchema>;

/** The meeting link of a host: https only (it is sent to people by e-mail). Blank or null: none. */
const videoUrl = z.preprocess(
  blankToNull,
  z.union([
    z.null(),
    z
      .string({ error: 'Le lien de visioconférence doit être un texte.' })
      .trim()
      .max(2000, 'Le lien de visioconférence ne doit pas dépasser 2000 caractères.')
      .pipe(z.url({ protocol: /^https$/, error: 'Le lien de visioconférence doit être une adresse complète commençant par https://.' })),
  ]),
);

/**
 * The secret address of the host's own calendar (an iCalendar feed). Calendar applications often
 * hand it out as `webcal://`, which is the same address over https.
 */
const feedUrl = z.preprocess(
  (value) => {
    const blank = blankToNull(value);
    return typeof blank === 'string' ? blank.trim().replace(/^webcals?:\/\//i, 'https://') : blank;
  },
  z.union([
    z.null(),
    z
      .string({ error: 'L’adresse du calendrier doit être un texte.' })
      .max(2000, 'L’adresse du calendrier ne doit pas dépasser 2000 caractères.')
      .pipe(z.url({ protocol: /^https?$/, error: 'L’adresse du calendrier doit être une adresse complète commençant par https:// (ou http://, webcal://).' })),
  ]),
);

/** `GET`/`PUT /api/admin/hosts/{userId}/availability`. */
export const hostAvailabilitySchema = z.object({
  isHost: z.boolean({ error: 'Le champ « hôte » doit être vrai ou faux.' }),
  weekly: z
    .array(weeklyRangeSchema, { error: 'Le planning hebdomadaire doit être une liste de plages horaires.' })
    .max(BOOKING_LIMITS.rangesPerHostMax, `Au plus ${BOOKING_LIMITS.rangesPerHostMax} plages horaires par semaine.`)
    .superRefine((ranges, ctx) =>
      checkRanges(
        ranges,
        (index) => ranges[index]!.weekday,
        (index) => [index],
        ctx,
      ),
    )
    .default([]),
  overrides: z
    .array(dateOverrideSchema, { error: 'Les exceptions doivent être une liste.' })
    .max(BOOKING_LIMITS.overridesMax, `Au plus ${BOOKING_LIMITS.overridesMax} exceptions.`)
    .superRefine((overrides, ctx) => {
      overrides.forEach((override, index) => {
        if (overrides.findIndex((other) => other.date === override.date) < index) {
          ctx.addIssue({ code: 'custom', path: [index, 'date'], message: OVERRIDE_DUPLICATE_MESSAGE });
        }
      });
    })
    .default([]),
  videoUrl: videoUrl.default(null),
  feedUrl: feedUrl.default(null),
});
export type HostAvailabilityInput = z.input<typeof hostAvailabilitySchema>;
export type HostAvailability = z.output<typeof hostAvailabilitySchema>;
