/**
 * What Paramètres shows of booking: the call's settings, each host's schedule, video link and calendar
 * feed with its state, their subscription address, and the dashboard's warning about unread feeds.
 */
import type { BookingSettings } from './booking-schemas.ts';
import type { DateOverride, WeeklyRange } from './host-availability-schemas.ts';

export function presentBookingSettings(settings: BookingSettings) {
  return {
    durationMinutes: settings.durationMinutes,
    bufferBeforeMinutes: settings.bufferBeforeMinutes,
    bufferAfterMinutes: settings.bufferAfterMinutes,
    minimumNoticeMinutes: settings.minimumNoticeMinutes,
    horizonDays: settings.horizonDays,
    slotStepMinutes: settings.slotStepMinutes,
    dailyCapPerHost: settings.dailyCapPerHost,
    mode: settings.mode,
  };
}
export type BookingSettingsJson = ReturnType<typeof presentBookingSettings>;

interface FeedState {
  status: 'ok' | 'failed' | 'stale';
  readAt: string | null;
  busyCount: number;
  error: string | null;
}

/** The state of a host's calendar feed (`POST …/feed/refresh` answers it too); null without an address. */
export function presentFeedStatus(feed: FeedState) {
  return { status: feed.status, readAt: feed.readAt, busyCount: feed.busyCount, error: feed.error };
}
export type FeedStatusJson = ReturnType<typeof presentFeedStatus>;

/** `GET`/`PUT {base}/hosts/{userId}/availability`: the schedule as saved, the feed's state, the subscription address. */
export function presentHostAvailability(
  host: { userId: number; isHost: boolean; weekly: WeeklyRange[]; overrides: DateOverride[]; videoUrl: string | null; feedUrl: string | null; calendarToken: string; feed: FeedState | null },
  publicUrl: string | undefined,
) {
  return {
    userId: host.userId,
    isHost: host.isHost,
    weekly: host.weekly.map((range) => ({ weekday: range.weekday, start: range.start, end: range.end })),
    overrides: host.overrides.map((override) => ({ date: override.date, ranges: override.ranges.map((range) => ({ start: range.start, end: range.end })) })),
    videoUrl: host.videoUrl,
    feedUrl: host.feedUrl,
    feed: host.feed ? presentFeedStatus(host.feed) : null,
    /** The host's own subscription feed (secret); null until the host is set up once. */
    calendarUrl: host.calendarToken ? hostCalendarUrl(host.calendarToken, publicUrl) : null,
  };
}
export type HostAvailabilityJson = ReturnType<typeof presentHostAvailability>;

export function hostCalendarUrl(token: string, publicUrl: string | undefined): string {
  return `${publicUrl ?? ''}/api/calendar/${token}.ics`;
}

/** A row of `GET {base}/hosts`: every active user, whether they host calls, and their feed's state. */
export function presentHostSummary(host: { userId: number; firstName: string | null; lastName: string | null; email: string; isHost: boolean; feed: FeedState | null }) {
  return {
    userId: host.userId,
    firstName: host.firstName ?? '',
    lastName: host.lastName ?? '',
    email: host.email,
    isHost: host.isHost,
    feed: host.feed ? presentFeedStatus(host.feed) : null,
  };
}
export type HostSummaryJson = ReturnType<typeof presentHostSummary>;

/** `GET {base}/stats/booking-feeds`: hosts offering no slot because their calendar is unread. */
export function presentUnreadFeeds(hosts: Array<{ userId: number; name: string; feed: FeedState }>) {
  return { hosts: hosts.map((host) => ({ userId: host.userId, name: host.name, feed: presentFeedStatus(host.feed) })) };
}
export type UnreadFeedsJson = ReturnType<typeof presentUnreadFeeds>;
