import { iso } from '../../../contract/presenting.ts';

/** A passkey as `user_factors` holds it (the fields a presenter needs). */
export interface PasskeyRow {
  id: number;
  name: string;
  createdAt: Date;
}

/** One passkey, as the factor list shows every factor: `{id, type, name, createdAt}`. */
export function presentPasskey(row: PasskeyRow) {
  return { id: row.id, type: 'passkey' as const, name: row.name, createdAt: iso(row.createdAt)! };
}
export type PasskeyJson = ReturnType<typeof presentPasskey>;
