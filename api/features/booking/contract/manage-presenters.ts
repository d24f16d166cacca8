/** A booking as its manage link shows it (public: no person, no host, no message). */
export interface ManagedBookingInput {
  id: number;
  start: Date;
  end: Date;
  status: 'confirmed' | 'held' | 'no-show' | 'cancelled';
  mode: 'video' | 'phone';
}

export function presentManagedBooking(booking: ManagedBookingInput) {
  return { id: booking.id, start: booking.start.toISOString(), end: booking.end.toISOString(), status: booking.status, mode: booking.mode };
}
export type ManagedBookingView = ReturnType<typeof presentManagedBooking>;
