/**
 * The wording of every e-mail lives in site/content/emails.yaml (beside the site's copy), so a
 * non-developer edits it without touching code. Each feature describes the sections of its own e-mails
 * (email-wording.ts in each feature folder); this module holds what they share: the placeholder rule, the
 * fields every e-mail has (sender, footer, signature) and the loader. The schema is strict (a misspelt
 * field is an error), no text is empty, and a text uses only the placeholders its e-mail can fill. The
 * content is loaded at start; a problem stops the start with the file and the field named.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { contentFile } from '../paths.ts';

export const EMAIL_CONTENT_FILE = contentFile('emails.yaml');

/** A text that may use only the given `{placeholders}`. */
export function template(...allowed: string[]) {
  return z
    .string()
    .trim()
    .min(1, 'ce texte ne peut pas être vide')
    .superRefine((value, ctx) => {
      for (const [, name] of value.matchAll(/\{(\w*)\}/g)) {
        if (!allowed.includes(name!)) {
          ctx.addIssue({
            code: 'custom',
            message: `la variable {${name}} n'existe pas ici (permises : ${allowed.map((item) => `{${item}}`).join(', ') || 'aucune'})`,
          });
        }
      }
    });
}

export const plain = template();
export const person = template('firstName', 'brand');
/** The greeting used when the typed first name does not look like a name (decision 087): no {firstName}. */
export const personNoName = template('brand');

/** The fields every e-mail shares, first in the file. */
export const commonWording = {
  senderAddress: z.email('une adresse e-mail est attendue'),
  senderName: plain,
  footer: plain,
  signature: plain,
};
export type CommonWording = z.output<z.ZodObject<typeof commonWording>>;

export class EmailContentError extends Error {}

/** Reads and checks the file with the schema the features' wordings make up (api/features/email-kinds.ts). */
export function loadContent<Schema extends z.ZodType>(schema: Schema, file = EMAIL_CONTENT_FILE): z.output<Schema> {
  const name = path.relative(process.cwd(), file) || file;
  let raw: unknown;
  try {
    raw = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new EmailContentError(`Contenu invalide : ${name} — ${(error as Error).message.split('\n')[0]}`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : 'racine');
    const where = issue.code === 'unrecognized_keys' ? [...issue.path, ...issue.keys].join('.') : field;
    throw new EmailContentError(`Contenu invalide : ${name}, champ ${where} — ${issue.code === 'unrecognized_keys' ? 'champ inconnu' : issue.message}`);
  }
  return parsed.data;
}

/** The sender's name and address alone (the settings screen), without checking the other sections. */
export function loadSender(file = EMAIL_CONTENT_FILE): { senderName: string; senderAddress: string } {
  return loadContent(z.object({ senderName: commonWording.senderName, senderAddress: commonWording.senderAddress }), file);
}

/** Replaces `{name}` placeholders (the schema guarantees only known ones are used). */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
