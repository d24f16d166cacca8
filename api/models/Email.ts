import { BaseModel } from './BaseModel.ts';

/** One e-mail: what was (or will be) sent, to whom, why, and how delivery went (migration 20261123_mail_1). */
export class Email extends BaseModel {
  static tableName = 'emails';

  declare kind: string;
  declare causeKey: string;
  declare toAddress: string;
  declare subject: string | null;
  declare textBody: string | null;
  declare htmlBody: string | null;
  declare status: 'queued' | 'sent' | 'failed' | 'cancelled';
  declare attempts: number;
  declare lastError: string | null;
  declare transport: string | null;
  declare messageId: string | null;
  declare data: Record<string, unknown>;
  declare leadId: number | null;
  declare webinarId: number | null;
  declare registrationId: number | null;
  declare resentFrom: number | null;
  declare sendAfter: Date;
  declare claimedUntil: Date | null;
  declare sentAt: Date | null;

  static modifiers = {
    /** Everything but the bodies: the list never loads the rendered HTML. */
    listFields(query: any) {
      query.select('id', 'kind', 'toAddress', 'subject', 'status', 'attempts', 'lastError', 'transport', 'createdAt', 'sentAt', 'sendAfter', 'leadId', 'webinarId', 'resentFrom');
    },
  };
}
