/**
 * Retention variables, validated with zod like the rest of api/platform/config.ts (which spreads
 * `retentionEnvSchema` into its schema and calls `retentionConfig`).
 */
import { z } from 'zod';

/** Weekly, Monday 03:15 Swiss time: after the nightly backup, before anyone works. */
export const RETENTION_SCHEDULE = '15 3 * * 1';
export const RETENTION_TIME_ZONE = 'Europe/Zurich';

const whole = (min: number, max: number) =>
  z.coerce
    .number({ error: `un nombre entier entre ${min} et ${max} est attendu` })
    .int(`un nombre entier entre ${min} et ${max} est attendu`)
    .min(min, `un nombre entier entre ${min} et ${max} est attendu`)
    .max(max, `un nombre entier entre ${min} et ${max} est attendu`);

export const retentionEnvSchema = {
  RETENTION_MONTHS: whole(1, 240).default(24),
  EMAIL_BODY_RETENTION_DAYS: whole(1, 3650).default(90),
};

export interface RetentionConfig {
  /** A contact with no submission, activity, registration or e-mail for this long is erased. */
  months: number;
  /** E-mail bodies (and the facts they were rendered from) older than this are emptied. */
  emailBodyDays: number;
}

export function retentionConfig(values: { RETENTION_MONTHS: number; EMAIL_BODY_RETENTION_DAYS: number }): RetentionConfig {
  return { months: values.RETENTION_MONTHS, emailBodyDays: values.EMAIL_BODY_RETENTION_DAYS };
}
