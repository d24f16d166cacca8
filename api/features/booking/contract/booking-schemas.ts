/**
 * The discovery call's booking: the settings of the one kind of call, each host's weekly schedule and
 * date overrides (Swiss time), and what the public booking page posts. Imports only zod.
 * Rules the availability engine relies on (api/features/booking/availability.ts) are checked here:
 * a range ends after it starts and never overlaps another range of the same day.
 */
import { z } from '../../../contract/zod.ts';
import {
  blankToNull,
  blankToUndefined,
  emailField,
  integer,
  isoDateTime,
  oneOf,
  optionalDateOrDateTime,
  optionalOneOf,
  optionalPhone,
  optionalText,
  requiredPhone,
  requiredText,
} from '../../../contract/fields.ts';
import { MAX_SERIAL_ID, pathIdSchema } from '../../../contract/params.ts';
import { BOOKING_STATUSES, BOOKING_STATUS_LABELS, BOOKING_TEAM_STATUSES } from './booking-statuses.ts';
import { postedTouchFields } from '../../attribution/contract/index.ts';

export const BOOKING_MODES = ['video', 'phone'] as const;
export type BookingMode = (typeof BOOKING_MODES)[number];
export const BOOKING_MODE_LABELS: Record<BookingMode, string> = { video: 'Visioconférence', phone: 'Téléphone' };

/** The settings' defaults: a 30-minute call, 10 minutes after it, 12 hours' notice, 30 days ahead, a start every 30 minutes. */
export const BOOKING_SETTINGS_DEFAULTS = {
  durationMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 10,
  minimumNoticeMinutes: 720,
  horizonDays: 30,
  slotStepMinutes: 30,
  dailyCapPerHost: null,
  mode: 'video',
} as const satisfies Record<string, unknown>;

export const BOOKING_LIMITS = {
  durationMin: 15,
  durationMax: 120,
  bufferMax: 240,
  /** 30 days. */
  noticeMax: 43_200,
  horizonMax: 365,
  stepMin: 5,
  stepMax: 240,
  dailyCapMax: 100,
  rangesPerHostMax: 70,
  overridesMax: 400,
  rangesPerDateMax: 10,
} as const;

/** A whole number of minutes with its own range; blank (from a form) takes the default. */
function minutes(label: string, min: number, max: number, fallback: number) {
  return z.preprocess(blankToUndefined, integer(label, min, max).default(fallback));
}

/** `GET`/`PUT /api/admin/booking-settings`. */
export const bookingSettingsSchema = z.object({
  durationMinutes: minutes('La durée de l’appel', BOOKING_LIMITS.durationMin, BOOKING_LIMITS.durationMax, BOOKING_SETTINGS_DEFAULTS.durationMinutes),
  bufferBeforeMinutes: minutes('La marge avant l’appel', 0, BOOKING_LIMITS.bufferMax, BOOKING_SETTINGS_DEFAULTS.bufferBeforeMinutes),
  bufferAfterMinutes: minutes('La marge après l’appel', 0, BOOKING_LIMITS.bufferMax, BOOKING_SETTINGS_DEFAULTS.bufferAfterMinutes),
  minimumNoticeMinutes: minutes('Le délai minimum de réservation', 0, BOOKING_LIMITS.noticeMax, BOOKING_SETTINGS_DEFAULTS.minimumNoticeMinutes),
  horizonDays: minutes('L’horizon de réservation', 1, BOOKING_LIMITS.horizonMax, BOOKING_SETTINGS_DEFAULTS.horizonDays),
  slotStepMinutes: minutes('L’intervalle entre deux créneaux', BOOKING_LIMITS.stepMin, BOOKING_LIMITS.stepMax, BOOKING_SETTINGS_DEFAULTS.slotStepMinutes),
  // Blank or null: no cap.
  dailyCapPerHost: z.preprocess(blankToNull, z.union([z.null(), integer('La limite d’appels par jour et par hôte', 1, BOOKING_LIMITS.dailyCapMax)]).default(null)),
  mode: z.preprocess(blankToUndefined, oneOf(BOOKING_MODES, BOOKING_MODE_LABELS, 'Le déroulement de l’appel').default('video')),
});
export type BookingSettingsInput = z.input<typeof bookingSettingsSchema>;
export type BookingSettings = z.output<typeof bookingSettingsSchema>;

export const BOOKING_SLOT_TAKEN_MESSAGE = "Ce créneau n'est plus disponible.";
export const BOOKING_START_REQUIRED_MESSAGE = 'Choisissez un créneau.';
export const BOOKING_START_MESSAGE = 'Le créneau choisi n’est pas valide. Choisissez-en un dans la liste.';

/**
 * `POST /api/bookings` (JSON, or the booking page's form without JavaScript). `start` is one of the
 * offered instants, as the slots list gives it. `website` is the public forms' honeypot.
 * When the call happens by phone, the phone number is required: {@link bookingRequestSchemaFor}.
 */
export const bookingRequestSchema = z.object({
  start: z.preprocess(blankToUndefined, z.string({ error: (issue) => (issue.input === undefined ? BOOKING_START_REQUIRED_MESSAGE : BOOKING_START_MESSAGE) }).pipe(isoDateTime(BOOKING_START_MESSAGE))),
  firstName: requiredText('Le prénom', { max: 100 }),
  lastName: requiredText('Le nom', { max: 100 }),
  email: emailField(),
  phone: optionalPhone(),
  message: optionalText('Le message', 5000),
  website: z.unknown().optional(),
  ...postedTouchFields,
});
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;
export type BookingRequest = z.output<typeof bookingRequestSchema>;

/** The same body when the team calls the person: the number becomes required. */
export const phoneBookingRequestSchema = bookingRequestSchema.extend({ phone: requiredPhone() });

/** The body's schema for the call's current mode. */
export function bookingRequestSchemaFor(mode: BookingMode) {
  return mode === 'phone' ? phoneBookingRequestSchema : bookingRequestSchema;
}

export const SLOTS_FROM_MESSAGE = 'La date de début doit être une date valide (AAAA-MM-JJ).';
export const SLOTS_DAYS_MAX = 62;

/** `GET /api/bookings/slots?from=YYYY-MM-DD&days=N`: from today (Swiss) and 14 days when omitted. */
export const bookingSlotsQuerySchema = z.object({
  from: z.preprocess(blankToUndefined, z.iso.date({ error: SLOTS_FROM_MESSAGE }).optional()),
  days: z.preprocess(blankToUndefined, integer('Le nombre de jours', 1, SLOTS_DAYS_MAX).default(14)),
});
export type BookingSlotsQuery = z.output<typeof bookingSlotsQuerySchema>;

/** The same words as ./manage.ts's 404 (api/features/booking), for an id that names no booking. */
export const BOOKING_NOT_FOUND_MESSAGE = 'Ce rendez-vous est introuvable.';
export const BOOKING_HOST_MESSAGE = 'L’hôte doit être l’identifiant d’un utilisateur (un nombre entier positif).';
export const BOOKING_RANGE_MESSAGE = 'La date de fin doit être après la date de début.';
export const BOOKINGS_LIMIT_MAX = 500;

/**
 * `GET /api/admin/bookings?from&to&hostId&status&limit`. `from` and `to` are a Swiss day
 * (`2027-03-29`, `to` includes the whole day) or an instant; calls are kept by their start.
 */
export const adminBookingsQuerySchema = z
  .object({
    from: optionalDateOrDateTime('La date de début'),
    to: optionalDateOrDateTime('La date de fin'),
    hostId: z.preprocess(blankToUndefined, integer('L’hôte', 1, MAX_SERIAL_ID, BOOKING_HOST_MESSAGE).optional()),
    status: optionalOneOf(BOOKING_STATUSES, BOOKING_STATUS_LABELS, 'Le statut'),
    limit: z.preprocess(blankToUndefined, integer('Le nombre de rendez-vous', 1, BOOKINGS_LIMIT_MAX).default(200)),
  })
  .superRefine((query, ctx) => {
    // A bare date is compared as the start of its day: "to" on the same day as "from" is a valid one-day range.
    if (query.from && query.to && query.to.slice(0, 10) < query.from.slice(0, 10)) ctx.addIssue({ code: 'custom', path: ['to'], message: BOOKING_RANGE_MESSAGE });
  });
export type AdminBookingsQuery = z.output<typeof adminBookingsQuerySchema>;

export const BOOKING_UPDATE_EMPTY_MESSAGE = 'Indiquez le nouveau statut de l’appel ou son nouveau créneau.';
export const BOOKING_UPDATE_BOTH_MESSAGE = 'Changez le statut ou déplacez l’appel, pas les deux à la fois.';

/** `PATCH /api/admin/bookings/{id}`: either `status` or `start` (the new start, one of the free ones). */
export const adminBookingUpdateSchema = z
  .object({
    status: z.preprocess(
      blankToUndefined,
      oneOf(BOOKING_TEAM_STATUSES, { held: BOOKING_STATUS_LABELS.held, 'no-show': BOOKING_STATUS_LABELS['no-show'], cancelled: BOOKING_STATUS_LABELS.cancelled }, 'Le statut').optional(),
    ),
    start: z.preprocess(blankToUndefined, z.string({ error: BOOKING_START_MESSAGE }).pipe(isoDateTime(BOOKING_START_MESSAGE)).optional()),
  })
  .superRefine((body, ctx) => {
    if (body.status === undefined && body.start === undefined) ctx.addIssue({ code: 'custom', path: ['status'], message: BOOKING_UPDATE_EMPTY_MESSAGE });
    if (body.status !== undefined && body.start !== undefined) ctx.addIssue({ code: 'custom', path: ['start'], message: BOOKING_UPDATE_BOTH_MESSAGE });
  });
export type AdminBookingUpdate = z.output<typeof adminBookingUpdateSchema>;

/** `:id` of a booking (`/bookings/:id`). */
export const bookingParamsSchema = z.object({ id: pathIdSchema(BOOKING_NOT_FOUND_MESSAGE) });
/** A manage link that is not (or no longer) one: the same answer for a wrong token and an unknown booking. */
export const BOOKING_LINK_MESSAGE = 'Ce lien n’est pas valide. Utilisez le lien reçu par e-mail, en entier.';

const bookingId = integer('Le rendez-vous', 1, 2_147_483_647, BOOKING_LINK_MESSAGE);
const manageToken = z.string({ error: BOOKING_LINK_MESSAGE }).regex(/^[A-Za-z0-9_-]{16,64}$/, BOOKING_LINK_MESSAGE);

/** `GET /api/bookings/manage?booking&token`: the booking of an e-mail's manage link, as it is now. */
export const bookingManageQuerySchema = z.object({ booking: bookingId, token: manageToken });
export type BookingManageQuery = z.output<typeof bookingManageQuerySchema>;

/** `POST /api/bookings/cancel` (JSON, or the manage page's form without JavaScript). */
export const bookingCancelSchema = z.object({ booking: bookingId, token: manageToken });
export type BookingCancel = z.output<typeof bookingCancelSchema>;

/** `POST /api/bookings/reschedule` (JSON, or the booking page's reschedule form): the same booking at `start`. */
export const bookingRescheduleSchema = z.object({
  booking: bookingId,
  token: manageToken,
  start: bookingRequestSchema.shape.start,
});
export type BookingReschedule = z.output<typeof bookingRescheduleSchema>;
