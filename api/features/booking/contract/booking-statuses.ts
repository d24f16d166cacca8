/**
 * A booking's statuses and their labels. Free of imports (like ./analytics-periods.ts), so the
 * dashboard's "Prochains appels" card does not pull zod into its JavaScript.
 */

/** A booking's life: confirmed when made, then held or missed (no-show) once it took place, or cancelled. */
export const BOOKING_STATUSES = ['confirmed', 'held', 'no-show', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = { confirmed: 'Prévu', held: 'Effectué', 'no-show': 'Absent', cancelled: 'Annulé' };

/** What the team may set: held and no-show once the call has started; cancelled tells the person. */
export const BOOKING_TEAM_STATUSES = ['held', 'no-show', 'cancelled'] as const;
export type BookingTeamStatus = (typeof BOOKING_TEAM_STATUSES)[number];
