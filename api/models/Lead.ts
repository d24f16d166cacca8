import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel.ts';
import { Activity } from './Activity.ts';
import { WebinarRegistration } from './WebinarRegistration.ts';

export type LeadStatus = 'new' | 'contacted' | 'qualified' | 'unqualified';
export type NewsletterStatus = 'pending' | 'subscribed' | 'unsubscribed' | 'bounced';
export type LeadSource = 'form' | 'webinar' | 'referral' | 'website' | 'social' | 'other';

export class Lead extends BaseModel {
  static tableName = 'leads';

  declare firstName: string;
  declare lastName: string | null;
  declare email: string;
  declare phone: string | null;
  declare company: string | null;
  declare country: string | null;
  declare city: string | null;
  declare message: string | null;
  declare type: 'contact' | 'webinar';
  declare source: LeadSource | null;
  declare status: LeadStatus;
  declare tags: string[];
  declare assignedTo: number | null;
  declare lastContactedAt: Date | null;
  declare nextFollowUpAt: Date | null;
  declare notes: string | null;
  /** Newsletter double opt-in: null when never asked. */
  declare newsletterStatus: NewsletterStatus | null;
  declare newsletterRequestedAt: Date | null;
  declare newsletterConfirmedAt: Date | null;
  declare newsletterUnsubscribedAt: Date | null;
  declare newsletterToken: string | null;
  /** When the contact stopped the invitations and follow-ups in one click (decision 091); null: never. */
  declare webinarMarketingUnsubscribedAt: Date | null;
  /** Where the person came from when they first wrote in (decision 115); null: unknown. Never overwritten by a submission. */
  declare firstTouchChannel: 'search' | 'social' | 'email' | 'referral' | 'direct' | null;
  declare firstTouchSource: string | null;
  declare firstTouchMedium: string | null;
  declare firstTouchCampaign: string | null;
  declare firstTouchReferrer: string | null;
  declare firstTouchLandingPage: string | null;
  declare firstTouchAt: Date | null;
  /** One of the contact's invoices has received money and is not credited (kept by a trigger on invoices, decision 134). */
  declare isClient: boolean;

  declare activities?: Activity[];
  declare registrations?: WebinarRegistration[];

  static relationMappings = (): RelationMappings => ({
    activities: {
      relation: BaseModel.HasManyRelation,
      modelClass: Activity,
      join: { from: 'leads.id', to: 'activities.leadId' },
    },
    registrations: {
      relation: BaseModel.HasManyRelation,
      modelClass: WebinarRegistration,
      join: { from: 'leads.id', to: 'webinarRegistrations.leadId' },
    },
  });
}
