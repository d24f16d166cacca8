/** What other features may use of booking: the availability engine, the calendar-feed reader (decision 102), the storage (decision 104). */
export { computeSlots, checkStart, chooseHost, blockedRange, swissDate, START_RULES, HOST_CHOICE_DAYS } from './availability.ts';
export type { SlotRules, FeedState, TimeInterval, BookedCall, HostSchedule, SlotsResponse, StartRule, StartCheck } from './availability.ts';
export { readFeed, FeedError, FEED_LIMITS } from './feed.ts';
export type { BusyInterval, FeedReading, FeedWindow, FeedErrorReason } from './feed.ts';
export { bookCall, listSlots, nextFreeSlots, SlotUnavailableError, BOOKING_ACTIVITY_TITLE } from './book.ts';
export type { BookingReceipt, MadeBooking, BookingResult } from './book.ts';
export { readBookingSettings, writeBookingSettings, readHost, writeHost, loadHostSchedules, feedStatusOf, FEED_STALE_AFTER_MS } from './store.ts';
export type { HostRecord, FeedStatus } from './store.ts';
export { bookingPageUrl, BOOKING_PAGE_PATH, BOOKING_CONFIRMED_PATH } from './page-link.ts';
export { bookingPageFiller, callDateText } from './page.ts';
export { manageToken, verifyManageToken } from './links.ts';
