/**
 * The e-mail and job-queue variables of the environment, validated with zod like the rest of
 * api/platform/config.ts (which spreads `mailEnvSchema` into its schema and calls `mailConfig`).
 */
import path from 'node:path';
import { z } from 'zod';

const emailAddress = z.email();

/** `Name <address>` or a bare address. */
function parseMailbox(value: string): { name?: string; address: string } | undefined {
  const named = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(value);
  const address = named ? named[2]! : value.trim();
  if (!emailAddress.safeParse(address).success) return undefined;
  return named && named[1] ? { name: named[1], address } : { address };
}

export const mailEnvSchema = {
  SMTP_URL: z
    .string()
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
      } catch {
        return false;
      }
    }, 'une URL smtp://hôte:port ou smtps://utilisateur:motdepasse@hôte:port est attendue')
    .optional(),
  MAIL_FROM: z
    .string()
    .refine((value) => parseMailbox(value) !== undefined, 'une adresse e-mail est attendue (ex. "Clairval <bonjour@clairval.ch>")')
    .optional(),
  NOTIFY_EMAIL: z
    .string()
    .refine((value) => value.split(',').every((part) => emailAddress.safeParse(part.trim()).success), 'des adresses e-mail séparées par des virgules sont attendues')
    .optional(),
  WEBINAR_REMINDERS: z
    .string()
    .regex(/^\s*\d{1,6}\s*(,\s*\d{1,6}\s*)*$/, 'des minutes séparées par des virgules sont attendues (ex. 1440,60)')
    .refine((value) => value.split(',').every((part) => Number(part) > 0), 'chaque rappel doit être d’au moins 1 minute')
    .default('1440,60'),
  WORKERS: z.enum(['on', 'off'], { error: 'on ou off est attendu' }).default('on'),
  EMAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  // A send job still running after this long (its process was killed mid-send) is taken again (decision 152).
  EMAIL_SEND_EXPIRE_SECONDS: z.coerce
    .number({ error: 'un nombre entier de secondes entre 30 et 3600 est attendu' })
    .int('un nombre entier de secondes entre 30 et 3600 est attendu')
    .min(30, 'un nombre entier de secondes entre 30 et 3600 est attendu')
    .max(3600, 'un nombre entier de secondes entre 30 et 3600 est attendu')
    .default(300),
};

type MailEnv = z.output<ReturnType<typeof z.object<typeof mailEnvSchema>>>;

export interface MailConfig {
  /** `undefined`: messages are written as .eml files under `fileDir`. */
  smtpUrl: string | undefined;
  fileDir: string;
  /** `undefined`: the brand's sender from the e-mail content file. */
  from: { name?: string; address: string } | undefined;
  /** `undefined`: every administrator's email. */
  notifyEmails: string[] | undefined;
  /** Minutes before a webinar, largest first. */
  reminderOffsets: number[];
  workers: boolean;
  retryDelaySeconds: number;
  /** Seconds after which a send job its process never finished is taken again (`EMAIL_SEND_EXPIRE_SECONDS`). */
  sendExpireSeconds: number;
}

export function mailConfig(values: MailEnv, dataDir: string): MailConfig {
  return {
    smtpUrl: values.SMTP_URL,
    fileDir: path.join(dataDir, 'mail'),
    from: values.MAIL_FROM ? parseMailbox(values.MAIL_FROM) : undefined,
    notifyEmails: values.NOTIFY_EMAIL?.split(',').map((part) => part.trim()),
    reminderOffsets: [...new Set(values.WEBINAR_REMINDERS.split(',').map(Number))].sort((a, b) => b - a),
    workers: values.WORKERS === 'on',
    retryDelaySeconds: values.EMAIL_RETRY_DELAY_SECONDS,
    sendExpireSeconds: values.EMAIL_SEND_EXPIRE_SECONDS,
  };
}
