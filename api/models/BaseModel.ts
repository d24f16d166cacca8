import { Model } from 'objection';

/** Shared by every model: timestamps. Column/property case mapping is done by knex (api/platform/db.ts). */
export class BaseModel extends Model {
  declare id: number;
  declare createdAt: Date;
  declare updatedAt: Date;

  static get useLimitInFirst(): boolean {
    return true;
  }

  $beforeUpdate(): void {
    this.updatedAt = new Date();
  }
}
