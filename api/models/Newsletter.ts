import { BaseModel } from './BaseModel.ts';
import type { NewsletterIssueStatus } from '../contract/options.ts';

/** One newsletter issue (migration 20261129_newsletter_1_issues, decision 112); its messages are `emails` rows. */
export class Newsletter extends BaseModel {
  static tableName = 'newsletters';

  declare subject: string;
  declare preheader: string;
  /** Markdown, with the blocks' lines (decision 113). */
  declare body: string;
  declare tags: string[];
  declare archive: boolean;
  declare slug: string | null;
  declare status: NewsletterIssueStatus;
  declare scheduledAt: Date | null;
  declare startedAt: Date | null;
  declare sentAt: Date | null;
  declare pausedReason: string | null;
  /** Temporary refusals in a row during this issue's sending (three pause it). */
  declare refusals: number;
  declare createdBy: number | null;
}

/** An issue's messages counted by status, and the recipients who unsubscribed since it started. */
export interface NewsletterCounts {
  recipients: number;
  queued: number;
  sent: number;
  failed: number;
  cancelled: number;
  unsubscribedSince: number;
}
