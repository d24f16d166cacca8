import type { RelationMappings } from 'objection';
import type { VisitChannel } from '../contract/visit-channels.ts';
import { BaseModel } from './BaseModel.ts';
import { Lead } from './Lead.ts';
import { User } from './User.ts';

export type ActivityType = 'note' | 'call' | 'email' | 'meeting' | 'task';
export type ActivityStatus = 'planned' | 'in_progress' | 'completed' | 'cancelled';

/** `activities.touch` as the submissions write it (api/features/attribution/touch.ts, `touchJson`). */
export interface ActivityTouch {
  channel: VisitChannel;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  referrer: string | null;
  landingPage: string | null;
  at: string;
}

export class Activity extends BaseModel {
  static tableName = 'activities';

  declare leadId: number;
  declare type: ActivityType;
  declare title: string;
  declare description: string | null;
  declare status: ActivityStatus;
  declare outcome: string | null;
  declare dueDate: Date | null;
  declare scheduledAt: Date | null;
  declare completedAt: Date | null;
  declare createdBy: number | null;
  declare assignedTo: number | null;
  /** Where a public submission's visitor came from (decision 115): set on the note the submission writes. */
  declare touch: ActivityTouch | null;

  declare lead?: Lead;
  declare author?: User;

  static relationMappings = (): RelationMappings => ({
    lead: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Lead,
      join: { from: 'activities.leadId', to: 'leads.id' },
    },
    author: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'activities.createdBy', to: 'users.id' },
    },
  });
}
