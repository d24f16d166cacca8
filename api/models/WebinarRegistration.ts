import { Model, type RelationMappings } from 'objection';
import type { RegistrationStatus } from '../contract/options.ts';
import { Lead } from './Lead.ts';
import { Webinar } from './Webinar.ts';

export type { RegistrationStatus };

/** No created_at/updated_at on this table: `registeredAt` is its timestamp. */
export class WebinarRegistration extends Model {
  static tableName = 'webinarRegistrations';

  declare id: number;
  declare webinarId: number;
  declare leadId: number;
  declare status: RegistrationStatus;
  declare registeredAt: Date;

  declare lead?: Lead;
  declare webinar?: Webinar;

  static relationMappings = (): RelationMappings => ({
    lead: {
      relation: Model.BelongsToOneRelation,
      modelClass: Lead,
      join: { from: 'webinarRegistrations.leadId', to: 'leads.id' },
    },
    webinar: {
      relation: Model.BelongsToOneRelation,
      modelClass: Webinar,
      join: { from: 'webinarRegistrations.webinarId', to: 'webinars.id' },
    },
  });
}
