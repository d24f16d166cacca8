/** Route parameters. An id that is not a positive integer is answered like an unknown id (404), by the routes. */
import { z } from './zod.ts';

/** Parses `"42"` into 42; anything else (`"abc"`, `"1.5"`, `"0"`, `"99999999999"`) gives `undefined`. */
export function parseId(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  // PostgreSQL `integer` (serial) ids stop at 2^31 - 1.
  return id <= 2_147_483_647 ? id : undefined;
}

export const idSchema = z.number().int().positive();
