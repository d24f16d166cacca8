/**
 * Every e-mail kind the outbox sends, gathered from the features' manifests (./index.ts): the one
 * registry the sender works from, and the schema of the wording file those kinds read
 * (site/content/emails.yaml). The kinds are those of the browser contract (api/schemas/emails.ts, with
 * their labels): `REGISTRY_COMPLETE` below fails to compile while a kind has no definition, or a feature
 * defines an unknown one (docs/architecture.md, "Adding an e-mail kind").
 */
import { z } from 'zod';
import { commonWording, EMAIL_CONTENT_FILE, EmailContentError, loadContent } from '../platform/mail/content.ts';
import { composeWith, type ComposeContext as BaseContext, type ComposedEmail, type EmailKind, type EmailKinds } from '../platform/mail/kinds.ts';
import { FEATURES } from './index.ts';

type Feature = (typeof FEATURES)[number];
/** `A | B` → `A & B`: every feature's kinds (or wording sections) in one object type. */
type Merged<U> = (U extends unknown ? (whole: U) => void : never) extends (whole: infer I) => void ? I : never;
type KindsOf<F> = F extends { emailKinds: infer Kinds } ? Kinds : {};
type WordingOf<F> = F extends { emailWording: infer Wording } ? Wording : {};
type Registry = Merged<KindsOf<Feature>>;
type MissingKind = Exclude<EmailKind, keyof Registry>;
type UnknownKind = Exclude<keyof Registry, EmailKind>;

/** Compiles only while every kind has exactly one feature's definition; otherwise the error names the kinds. */
const REGISTRY_COMPLETE: [MissingKind, UnknownKind] extends [never, never] ? true : { missing: MissingKind; unknown: UnknownKind } = true;
void REGISTRY_COMPLETE;

const registry = Object.assign({}, ...FEATURES.map((feature) => ('emailKinds' in feature ? feature.emailKinds : {}))) as Registry;
export const emailKinds: EmailKinds = registry satisfies EmailKinds;

/** Every kind, in the registry's order. */
export const EMAIL_KINDS = Object.keys(emailKinds) as EmailKind[];

/** The wording file's schema: the shared fields first, then each feature's sections. */
const featureWording = Object.assign({}, ...FEATURES.map((feature) => ('emailWording' in feature ? feature.emailWording : {}))) as Merged<WordingOf<Feature>>;
export const emailContentSchema = z.strictObject({ ...commonWording, ...featureWording });
export type EmailContent = z.output<typeof emailContentSchema>;

export function loadEmailContent(file = EMAIL_CONTENT_FILE): EmailContent {
  return loadContent(emailContentSchema, file);
}

/** One e-mail as the sender writes it (tests and previews call it directly). */
export function composeEmail(kind: EmailKind, data: unknown, context: ComposeContext): Promise<ComposedEmail> {
  return composeWith(emailKinds, kind, data, context);
}

export { EMAIL_CONTENT_FILE, EmailContentError };
/** What composing needs, with the whole wording file. */
export type ComposeContext = BaseContext<EmailContent>;
export type { EmailKind };
export type { CancellationEmailData, RegistrationEmailData } from './webinars/index.ts';
