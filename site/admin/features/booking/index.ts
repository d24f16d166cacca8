/** What other admin features may use of the agenda of calls: its calls and cache keys. */
export { bookingQueries, bookingMutations, type AgendaQuery } from './queries.ts';
export { BookingStatusBadge } from './BookingStatusBadge.tsx';
