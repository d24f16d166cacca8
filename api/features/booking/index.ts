/** What other features may use of booking: the availability engine, the calendar-feed reader (decision 102), the storage (decision 104). */
export { BOOKING_FEEDS_QUEUE } from './feed-job.ts';

export { computeSlots, checkStart, chooseHost, blockedRange, swissDate, START_RULES, HOST_CHOICE_DAYS } from './availability.ts';
export type { SlotRules, FeedState, TimeInterval, BookedCall, HostSchedule, SlotsResponse, StartRule, StartCheck } from './availability.ts';
export { readFeed, FeedError, FEED_LIMITS } from './feed.ts';
export { readFeedInWorker } from './feed-thread.ts';
export type { BusyInterval, FeedReading, FeedWindow, FeedErrorReason } from './feed.ts';
export { bookCall, listSlots, nextFreeSlots, SlotUnavailableError, BOOKING_ACTIVITY_TITLE } from './book.ts';
export type { BookingReceipt, MadeBooking, BookingResult } from './book.ts';
export { readBookingSettings, writeBookingSettings, readHost, writeHost, loadHostSchedules, feedStatusOf, FEED_STALE_AFTER_MS } from './store.ts';
export type { HostRecord, FeedStatus } from './store.ts';
export { refreshHostFeed, refreshAllFeeds, alertUnreadFeeds, unreadFeeds, fetchFeed, FeedFetchError, FEED_FETCH_LIMITS } from './feed-refresh.ts';
export type { FeedAlertData, FeedAlertWording } from './feed-alert-email.ts';
export { hostCalendarFile } from './host-calendar.ts';
export { rescheduleBooking, cancelBooking, readManagedBooking, BOOKING_NOT_FOUND_MESSAGE } from './manage.ts';
export type { ManagedBooking, BookingActor, RescheduleInput, CancelInput } from './manage.ts';
export { manageToken, verifyManageToken, manageUrl, rescheduleUrl, MANAGE_PAGE_PATH } from './links.ts';
export { DEFAULT_BOOKING_REMINDERS, queueBookedEmails } from './mail.ts';
export type { BookingWording } from './email-wording.ts';
export type { BookingEmailData } from './mail.ts';
export { bookingPageUrl, BOOKING_PAGE_PATH, BOOKING_CONFIRMED_PATH } from './page-link.ts';
export { callDateText } from './page.ts';
