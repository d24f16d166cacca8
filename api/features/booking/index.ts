/** What other features may use of booking: the availability engine and the calendar-feed reader (decision 102). */
export { computeSlots, checkStart, chooseHost, blockedRange, swissDate, START_RULES, HOST_CHOICE_DAYS } from './availability.ts';
export type { SlotRules, FeedState, TimeInterval, BookedCall, HostSchedule, SlotsResponse, StartRule, StartCheck } from './availability.ts';
export { readFeed, FeedError, FEED_LIMITS } from './feed.ts';
export type { BusyInterval, FeedReading, FeedWindow, FeedErrorReason } from './feed.ts';
