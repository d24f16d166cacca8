import type { AccessLogAction } from '../../../contract/access-log.ts';
import { iso, presentPage } from '../../../contract/presenting.ts';

/** One entry of a contact's access log as privacy reads it back (./access-log.ts). */
export interface AccessLogEntryRow {
  at: Date;
  userId: number | null;
  userEmail: string | null;
  action: AccessLogAction;
}

/** Who opened or exported the contact's file, and when: the account's e-mail (null once the account is gone). */
export function presentAccessLogEntry(row: AccessLogEntryRow) {
  return { at: iso(row.at)!, userId: row.userId, userEmail: row.userEmail, action: row.action };
}
export type AccessLogEntryJson = ReturnType<typeof presentAccessLogEntry>;

export function presentAccessLogPage(entries: AccessLogEntryRow[], query: { page: number; limit: number }, total: number) {
  return { entries: entries.map(presentAccessLogEntry), pagination: presentPage(query, total) };
}
export type AccessLogPageJson = ReturnType<typeof presentAccessLogPage>;
