/**
 * The only module that reads `process.env`. Everything else receives a typed `Config`.
 * Invalid configuration fails fast with one line naming the variable (see `loadConfigOrExit`).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { mailEnvSchema, mailConfig, type MailConfig } from './mail/config.ts';
import { backupEnvSchema, backupConfig, type BackupConfig } from './config-backup.ts';
import { retentionEnvSchema, retentionConfig, type RetentionConfig } from './config-retention.ts';

/** Argon2id cost of new password hashes in production: 64 MiB, 2 passes (api/platform/lib/passwords.ts). */
export const DEFAULT_PASSWORD_HASH_COST = { memoryKib: 65_536, passes: 2 } as const;
/** OWASP's minimum for Argon2id: 19 MiB and 2 passes. Below it, production refuses to start (decision 093). */
export const MINIMUM_PRODUCTION_PASSWORD_HASH_COST = { memoryKib: 19_456, passes: 2 } as const;

const booleanish = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'une URL postgres://utilisateur@hôte:port/base est attendue')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  SESSION_SECRET: z.string().min(32, 'au moins 32 caractères sont attendus').optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'une URL http(s) absolue est attendue' }).optional(),
  TRUST_PROXY: booleanish.default(false),
  TRUSTED_PROXY_COUNT: z.coerce.number().int().min(0).max(10).default(1),
  SESSION_IDLE_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(2 * 60 * 60),
  SESSION_ABSOLUTE_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(12 * 60 * 60),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
  // Argon2id cost of new hashes (decision 093). Argon2 itself needs at least 8 KiB and 1 pass.
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(8).max(4_194_304).default(DEFAULT_PASSWORD_HASH_COST.memoryKib),
  PASSWORD_HASH_PASSES: z.coerce.number().int().min(1).max(100).default(DEFAULT_PASSWORD_HASH_COST.passes),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SITE_DIST_DIR: z.string().min(1).default('./dist'),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(120).default(5),
  // Minutes before a booked call at which its reminders go (a day and an hour by default).
  BOOKING_REMINDERS: z
    .string()
    .regex(/^\s*\d{1,6}\s*(,\s*\d{1,6}\s*)*$/, 'des minutes séparées par des virgules sont attendues (ex. 1440,60)')
    .refine((value) => value.split(',').every((part) => Number(part) > 0), 'chaque rappel doit être d’au moins 1 minute')
    .default('1440,60'),
  // Visits are counted in memory and written in one batch this often (decision 111): a killed process loses at most this much.
  VISITS_FLUSH_SECONDS: z.coerce
    .number({ error: 'un nombre entier de secondes entre 1 et 3600 est attendu' })
    .int('un nombre entier de secondes entre 1 et 3600 est attendu')
    .min(1, 'un nombre entier de secondes entre 1 et 3600 est attendu')
    .max(3600, 'un nombre entier de secondes entre 1 et 3600 est attendu')
    .default(5),
  // Newsletter messages per minute, evenly paced across every instance (decision 112).
  NEWSLETTER_RATE_PER_MINUTE: z.coerce
    .number({ error: 'un nombre entier de messages par minute entre 1 et 6000 est attendu' })
    .int('un nombre entier de messages par minute entre 1 et 6000 est attendu')
    .min(1, 'un nombre entier de messages par minute entre 1 et 6000 est attendu')
    .max(6000, 'un nombre entier de messages par minute entre 1 et 6000 est attendu')
    .default(60),
  // Days after an invoice's due date at which an unpaid invoice is reminded (decision 129).
  INVOICE_REMINDER_DAYS: z
    .string()
    .regex(/^\s*\d{1,3}\s*(,\s*\d{1,3}\s*)*$/, 'des nombres de jours séparés par des virgules sont attendus (ex. 10,30)')
    .refine((value) => value.split(',').every((part) => Number(part) > 0 && Number(part) <= 365), 'chaque rappel doit tomber entre 1 et 365 jours après l’échéance')
    .default('10,30'),
  // A second factor for every account (decision 144); on by default in production only.
  MFA_REQUIRED: booleanish.optional(),
  // The access log is kept at least a year (OPDo art. 4; decision 147).
  ACCESS_LOG_RETENTION_DAYS: z.coerce
    .number({ error: 'un nombre entier de jours d’au moins 365 est attendu' })
    .int('un nombre entier de jours d’au moins 365 est attendu')
    .min(365, 'le journal des accès est gardé au moins 365 jours')
    .max(36_500, 'un nombre entier de jours d’au plus 36500 est attendu')
    .default(730),
  ...mailEnvSchema,
  ...backupEnvSchema,
  ...retentionEnvSchema,
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** `undefined` means the embedded PGlite database under `dataDir/pglite`. */
  databaseUrl: string | undefined;
  databasePoolMax: number;
  dataDir: string;
  sessionSecret: string;
  publicUrl: string | undefined;
  trustProxy: boolean;
  trustedProxyCount: number;
  sessionIdleTimeoutMs: number;
  sessionAbsoluteTimeoutMs: number;
  rateLimitsEnabled: boolean;
  /** At most this many Argon2 computations run at once (login, password change, account creation). */
  passwordHashConcurrency: number;
  /** How many more may wait for a slot; beyond it the answer is 503 at once. */
  passwordHashQueue: number;
  /** Argon2id cost of new hashes; a stored hash keeps the cost it was made with (decision 093). */
  passwordHashCost: { memoryKib: number; passes: number };
  logLevel: string;
  siteDistDir: string;
  /** How long a stopping server keeps serving (health says "draining") before it stops accepting. */
  shutdownGraceMs: number;
  /** Minutes before a booked call at which its reminders go, largest first (`BOOKING_REMINDERS`). */
  bookingReminders: number[];
  /** Days after the due date at which an unpaid invoice is reminded, smallest first (`INVOICE_REMINDER_DAYS`). */
  invoiceReminderDays: number[];
  /** How often the visits counted in memory are written to the database (decision 111). */
  visitsFlushMs: number;
  /** Newsletter messages per minute, paced evenly across instances (`NEWSLETTER_RATE_PER_MINUTE`, decision 112). */
  newsletterRatePerMinute: number;
  /** Whether an account without a second factor must enrol one right after its password (`MFA_REQUIRED`, decision 144). */
  mfaRequired: boolean;
  /** Days the access log is kept, at least 365 (`ACCESS_LOG_RETENTION_DAYS`, decision 147). */
  accessLogRetentionDays: number;
  /** E-mail and job-queue settings (api/platform/mail/config.ts). */
  mail: MailConfig;
  /** Scheduled backups (api/platform/config-backup.ts). */
  backup: BackupConfig;
  /** Personal-data retention (api/platform/config-retention.ts). */
  retention: RetentionConfig;
}

export class ConfigError extends Error {}

/** Reads and validates the environment. Throws `ConfigError` with a one-line French/English message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as "unset": `FOO= npm start` must not mean FOO="".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environnement');
    throw new ConfigError(`Configuration invalide : ${name} — ${issue.message}`);
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === 'production';
  if (isProduction && !values.SESSION_SECRET) {
    throw new ConfigError('Configuration invalide : SESSION_SECRET — obligatoire en production (au moins 32 caractères aléatoires)');
  }
  if (values.TRUST_PROXY && values.TRUSTED_PROXY_COUNT < 1) {
    // Trusting a proxy but reading 0 addresses from the right would let the client choose its own IP.
    throw new ConfigError('Configuration invalide : TRUSTED_PROXY_COUNT — doit valoir au moins 1 quand TRUST_PROXY=true');
  }
  // Links in e-mails need the public origin; PORT=0 (an ephemeral port: test harnesses) links to the bound address.
  if (isProduction && !values.PUBLIC_URL && values.PORT !== 0) {
    throw new ConfigError('Configuration invalide : PUBLIC_URL — obligatoire en production (adresse publique du site, ex. https://innercircle.example.ch)');
  }
  // Tests hash cheaply; production never does (decision 093).
  if (isProduction && values.PASSWORD_HASH_MEMORY_KIB < MINIMUM_PRODUCTION_PASSWORD_HASH_COST.memoryKib) {
    throw new ConfigError(`Configuration invalide : PASSWORD_HASH_MEMORY_KIB — au moins ${MINIMUM_PRODUCTION_PASSWORD_HASH_COST.memoryKib} (19 Mio) en production`);
  }
  if (isProduction && values.PASSWORD_HASH_PASSES < MINIMUM_PRODUCTION_PASSWORD_HASH_COST.passes) {
    throw new ConfigError(`Configuration invalide : PASSWORD_HASH_PASSES — au moins ${MINIMUM_PRODUCTION_PASSWORD_HASH_COST.passes} en production`);
  }
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    env: values.NODE_ENV,
    isProduction,
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    databasePoolMax: values.DATABASE_POOL_MAX,
    dataDir,
    sessionSecret: values.SESSION_SECRET ?? developmentSecret(dataDir),
    publicUrl: values.PUBLIC_URL?.replace(/\/$/, ''),
    trustProxy: values.TRUST_PROXY,
    trustedProxyCount: values.TRUSTED_PROXY_COUNT,
    sessionIdleTimeoutMs: values.SESSION_IDLE_TIMEOUT_SECONDS * 1000,
    sessionAbsoluteTimeoutMs: values.SESSION_ABSOLUTE_TIMEOUT_SECONDS * 1000,
    rateLimitsEnabled: values.RATE_LIMITS === 'on',
    passwordHashConcurrency: values.PASSWORD_HASH_CONCURRENCY,
    passwordHashQueue: values.PASSWORD_HASH_QUEUE,
    passwordHashCost: { memoryKib: values.PASSWORD_HASH_MEMORY_KIB, passes: values.PASSWORD_HASH_PASSES },
    logLevel: values.LOG_LEVEL,
    siteDistDir: path.resolve(values.SITE_DIST_DIR),
    shutdownGraceMs: values.SHUTDOWN_GRACE_SECONDS * 1000,
    bookingReminders: [...new Set(values.BOOKING_REMINDERS.split(',').map(Number))].sort((a, b) => b - a),
    invoiceReminderDays: [...new Set(values.INVOICE_REMINDER_DAYS.split(',').map(Number))].sort((a, b) => a - b),
    visitsFlushMs: values.VISITS_FLUSH_SECONDS * 1000,
    newsletterRatePerMinute: values.NEWSLETTER_RATE_PER_MINUTE,
    mfaRequired: values.MFA_REQUIRED ?? isProduction,
    accessLogRetentionDays: values.ACCESS_LOG_RETENTION_DAYS,
    mail: mailConfig(values, dataDir),
    backup: backupConfig(values, dataDir),
    retention: retentionConfig(values),
  };
}

/** Outside production a random secret is generated once and kept in DATA_DIR so sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** For entry points: print one clear line and exit non-zero on bad config. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}
