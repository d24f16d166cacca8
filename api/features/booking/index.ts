/** What other features may use of booking: the availability engine, the calendar-feed reader (decision 102), the storage (decision 104). */
export { BOOKING_FEEDS_QUEUE } from './calendars/feed-job.ts';

export { computeSlots, checkStart, chooseHost, blockedRange, START_RULES, HOST_CHOICE_DAYS } from './engine/availability.ts';
export type { SlotRules, FeedState, TimeInterval, BookedCall, HostSchedule, SlotsResponse, StartRule, StartCheck } from './engine/availability.ts';
export { readFeed, FeedError, FEED_LIMITS } from './calendars/feed.ts';
export { readFeedInWorker } from './calendars/feed-thread.ts';
export type { BusyInterval, FeedReading, FeedWindow, FeedErrorReason } from './calendars/feed.ts';
export { bookCall, listSlots, nextFreeSlots, SlotUnavailableError, BOOKING_ACTIVITY_TITLE } from './engine/book.ts';
export type { BookingReceipt, MadeBooking, BookingResult } from './engine/book.ts';
export { readBookingSettings, writeBookingSettings, readHost, writeHost, loadHostSchedules, feedStatusOf, FEED_STALE_AFTER_MS } from './engine/store.ts';
export type { HostRecord, FeedStatus } from './engine/store.ts';
export { refreshHostFeed, refreshAllFeeds, alertUnreadFeeds, unreadFeeds, fetchFeed, FeedFetchError, FEED_FETCH_LIMITS } from './calendars/feed-refresh.ts';
export type { FeedAlertData, FeedAlertWording } from './calendars/feed-alert-email.ts';
export { hostCalendarFile } from './calendars/host-calendar.ts';
export { rescheduleBooking, cancelBooking, readManagedBooking, BOOKING_NOT_FOUND_MESSAGE } from './manage/manage.ts';
export type { ManagedBooking, BookingActor, RescheduleInput, CancelInput } from './manage/manage.ts';
export { manageToken, verifyManageToken, manageUrl, rescheduleUrl, MANAGE_PAGE_PATH } from './manage/links.ts';
export { DEFAULT_BOOKING_REMINDERS, queueBookedEmails } from './mail/mail.ts';
export type { BookingWording } from './mail/email-wording.ts';
export type { BookingEmailData } from './mail/mail.ts';
export { bookingPageUrl, BOOKING_PAGE_PATH, BOOKING_CONFIRMED_PATH } from './pages/page-link.ts';
export { callDateText } from './pages/page.ts';
