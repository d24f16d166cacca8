/** What other admin features may use of the booking: the agenda's calls and cache keys, and Paramètres' Rendez-vous tab. */
export { bookingQueries, bookingMutations, type AgendaQuery } from './queries.ts';
export { BookingTab } from './BookingTab.tsx';
export { BookingStatusBadge } from './BookingStatusBadge.tsx';
