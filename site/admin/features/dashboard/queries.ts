/** The dashboard's own call: the backup facts (its other cards read the contacts', webinars' and activities' queries). */
import type { BackupStatsJson } from '#presenters';
import { getJson } from '../../lib/api.ts';
import { adminBase } from '../../lib/http.ts';

export const dashboardQueries = {
  backupStats: () => ({ key: ['backups', 'stats', adminBase()] as const, fetcher: getJson<BackupStatsJson>(`${adminBase()}/stats/backups`) }),
};
