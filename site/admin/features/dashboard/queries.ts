/** The dashboard's own calls: the backup facts and the unread host calendars (its other cards read the contacts', webinars' and activities' queries). */
import type { BackupStatsJson } from '#contract/analytics';
import type { UnreadFeedsJson } from '#contract/booking';
import { getJson } from '../../lib/api.ts';
import { adminBase } from '../../lib/http.ts';
import { bookingKeys } from '../booking/queries.ts';

/** The dashboard's own cache key (the backups' facts); the unread calendars are under the booking's key. */
export const dashboardKeys = {
  backups: ['backups'] as const,
};

export const dashboardQueries = {
  backupStats: () => ({ key: [...dashboardKeys.backups, 'stats', adminBase()] as const, fetcher: getJson<BackupStatsJson>(`${adminBase()}/stats/backups`) }),
  /** Hosts whose own calendar is unread (their change in Paramètres refreshes `bookingKeys.feeds`). */
  unreadFeeds: () => ({ key: [...bookingKeys.feeds, adminBase()] as const, fetcher: getJson<UnreadFeedsJson>(`${adminBase()}/stats/booking-feeds`) }),
};
