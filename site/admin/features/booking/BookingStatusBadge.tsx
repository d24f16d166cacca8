/** Prévu (blue), Effectué (green), Absent (red), Annulé (gray): a call's status. */
import { BOOKING_STATUS_LABELS, type BookingStatus } from '#contract/booking';
import { Badge } from '../../ui/primitives.tsx';

const tones: Record<BookingStatus, 'blue' | 'green' | 'red' | 'gray'> = { confirmed: 'blue', held: 'green', 'no-show': 'red', cancelled: 'gray' };

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return <Badge tone={tones[status]}>{BOOKING_STATUS_LABELS[status]}</Badge>;
}
