/**
 * Field building blocks shared by every schema. Conventions:
 * - text is trimmed; an empty or blank string from a form means "not given" (`undefined`);
 * - every message is a French sentence a visitor or an administrator can act on.
 */
import { z } from './zod.ts';

/** `''`, `'   '` and `null` mean "not given" (HTML forms always send every field). */
export function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return value;
}

/** A comma-joined query value (`vip,suisse romande`): its trimmed, non-empty items; not a string: as `blankToUndefined`. */
export function commaSeparated(value: unknown): unknown {
  return typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '')
    : blankToUndefined(value);
}

/** For partial updates: a blank value means "clear this field" (stored as null). */
export function blankToNull(value: unknown): unknown {
  if (typeof value === 'string' && value.trim() === '') return null;
  return value;
}

const textType = (label: string) => ({ error: `${label} doit être un texte.` });

/** Required text: trimmed, at least `min` characters. */
export function requiredText(label: string, options: { min?: number; max: number; minMessage?: string; requiredMessage?: string }) {
  const requiredMessage = options.requiredMessage ?? `${label} est obligatoire.`;
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : `${label} doit être un texte.`) })
    .trim()
    .min(1, { message: requiredMessage, abort: true })
    .min(options.min ?? 1, options.minMessage ?? `${label} doit comporter au moins ${options.min ?? 1} caractères.`)
    .max(options.max, `${label} ne doit pas dépasser ${options.max} caractères.`);
}

/** Optional text: trimmed, blank means not given. */
export function optionalText(label: string, max: number) {
  return z.preprocess(blankToUndefined, z.string(textType(label)).trim().max(max, `${label} ne doit pas dépasser ${max} caractères.`).optional());
}

/** Optional text in a partial update: blank or null clears the field. */
export function clearableText(label: string, max: number) {
  return z.preprocess(blankToNull, z.string(textType(label)).trim().max(max, `${label} ne doit pas dépasser ${max} caractères.`).nullable().optional());
}

export const EMAIL_INVALID = 'Email invalide';
export const EMAIL_MAX = 254;

/** Required email, trimmed and lower-cased (one contact per email, compared case-insensitively). */
export function emailField(requiredMessage = "L'email est obligatoire.") {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : EMAIL_INVALID) })
    .trim()
    .toLowerCase()
    .min(1, { message: requiredMessage, abort: true })
    .max(EMAIL_MAX, `L'email ne doit pas dépasser ${EMAIL_MAX} caractères.`)
    .pipe(z.email(EMAIL_INVALID));
}

export const PHONE_MAX = 40;
export const PHONE_PATTERN = /^[0-9 +().-]+$/;
export const PHONE_CHARACTERS_MESSAGE = 'Le numéro de téléphone ne peut contenir que des chiffres, des espaces et les signes + ( ) - .';

function phoneString() {
  return z
    .string({ error: 'Le numéro de téléphone doit être un texte.' })
    .trim()
    .max(PHONE_MAX, `Le numéro de téléphone ne doit pas dépasser ${PHONE_MAX} caractères.`)
    .regex(PHONE_PATTERN, PHONE_CHARACTERS_MESSAGE);
}

export const optionalPhone = () => z.preprocess(blankToUndefined, phoneString().optional());
export const clearablePhone = () => z.preprocess(blankToNull, phoneString().nullable().optional());
export const requiredPhone = () => z.preprocess(blankToUndefined, z.string({ error: 'Le numéro de téléphone est obligatoire.' }).pipe(phoneString()));

/**
 * The values of a closed list written as one object of French labels (each value once, with its
 * label): its keys, in order, typed as a non-empty list as `z.enum` and `oneOf` want it.
 */
export function labelledValues<V extends string>(labels: Record<V, string>): [V, ...V[]] {
  return Object.keys(labels) as [V, ...V[]];
}

/** One value of a closed list, with a French message naming the allowed labels. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, labels: Record<T[number], string>, label: string) {
  const allowed = values.map((value) => labels[value as T[number]]).join(', ');
  return z.enum(values, { error: `${label} doit être l'une des valeurs suivantes : ${allowed}.` });
}

/** A list filter or an optional field on a closed list: blank means not given, anything else must be one of `values`. */
export function optionalOneOf<const T extends readonly [string, ...string[]]>(values: T, labels: Record<T[number], string>, label: string) {
  return z.preprocess(blankToUndefined, oneOf(values, labels, label).optional());
}

/** Absolute http(s) URL (no `javascript:`, no relative path). */
export function httpUrl(label: string) {
  return z
    .string({ error: `${label} doit être un texte.` })
    .trim()
    .max(2000, `${label} ne doit pas dépasser 2000 caractères.`)
    .pipe(z.url({ protocol: /^https?$/, error: `${label} doit être une adresse complète commençant par http:// ou https://.` }));
}

/** Absolute http(s) URL, blank means not given. */
export function optionalHttpUrl(label: string) {
  return z.preprocess(blankToUndefined, httpUrl(label).optional());
}

/** ISO 8601 date-time with a time zone (`2026-12-01T17:00:00.000Z` or `...+01:00`). */
export function isoDateTime(message: string) {
  return z.iso.datetime({ offset: true, error: message });
}

/** A date (`2026-12-01`, from `<input type="date">`) or a full ISO date-time; blank means not given. */
export function optionalDateOrDateTime(label: string) {
  const message = `${label} doit être une date valide (AAAA-MM-JJ ou date ISO 8601).`;
  return z.preprocess(blankToUndefined, z.union([z.iso.date({ error: message }), isoDateTime(message)], { error: message }).optional());
}

/** A whole number from JSON or from a query string / form field (`"12"`); blank means not given. */
export function integer(label: string, min: number, max: number, message?: string) {
  const rangeMessage = message ?? `${label} doit être un nombre entier compris entre ${min} et ${max}.`;
  return z.preprocess(
    (value) => {
      const blank = blankToUndefined(value);
      return typeof blank === 'string' && /^-?\d+$/.test(blank.trim()) ? Number(blank) : blank;
    },
    z.number({ error: rangeMessage }).int(rangeMessage).min(min, rangeMessage).max(max, rangeMessage),
  );
}

/**
 * The contact form's single name field, split at the first space:
 * "Léa Favre-Morel" → { firstName: "Léa", lastName: "Favre-Morel" }; one word → no last name.
 * Used by the form script and, for posts made without JavaScript, by the API.
 */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  return space === -1 ? { firstName: trimmed, lastName: '' } : { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}
