import type { RelationMappings } from 'objection';
import { BaseModel } from './BaseModel.ts';
import { WebinarRegistration } from './WebinarRegistration.ts';

export class Webinar extends BaseModel {
  static tableName = 'webinars';

  declare title: string;
  declare description: string | null;
  declare datetime: Date;
  declare duration: number;
  declare location: string;
  declare maxAttendees: number;
  declare registrationUrl: string | null;
  declare imageUrl: string | null;
  declare joinUrl: string | null;
  declare isActive: boolean;
  /** Raised on each change of date, duration or join link (calendar files' SEQUENCE). */
  declare calendarSequence: number;

  declare registrations?: WebinarRegistration[];

  static relationMappings = (): RelationMappings => ({
    registrations: {
      relation: BaseModel.HasManyRelation,
      modelClass: WebinarRegistration,
      join: { from: 'webinars.id', to: 'webinarRegistrations.webinarId' },
    },
  });
}
