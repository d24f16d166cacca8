import { BaseModel } from './BaseModel.ts';

export class User extends BaseModel {
  static tableName = 'users';

  declare username: string;
  declare email: string;
  /** Argon2id hash (see api/lib/passwords.ts); never presented (api/presenters/users.ts). */
  declare password: string;
  declare firstName: string | null;
  declare lastName: string | null;
  declare bio: string | null;
  declare profileImageUrl: string | null;
  declare isAdmin: boolean;
}
