/**
 * Errors a handler may throw, and the single error handler at the top of the Koa chain that turns
 * every error into JSON with a French `message` (never a stack trace, SQL text or HTML page).
 */
import type { Context, Next } from 'koa';
import { ZodError } from 'zod';
import { NotFoundError as ObjectionNotFoundError } from 'objection';
import type { Logger } from 'pino';
import { fieldErrorList, type FieldError } from '../contract/field-errors.ts';
import { NOT_FOUND_MESSAGES } from '../contract/params.ts';

export type { FieldError };

export class HttpError extends Error {
  readonly status: number;
  readonly errors?: FieldError[];
  readonly headers: Record<string, string>;
  /** More fields of the JSON answer beside `message` (a 409's next free slots, say). */
  readonly body: Record<string, unknown>;

  constructor(status: number, message: string, options: { errors?: FieldError[]; headers?: Record<string, string>; body?: Record<string, unknown> } = {}) {
    super(message);
    this.status = status;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
    this.body = options.body ?? {};
  }
}

export const MESSAGES = {
  invalid: 'Données invalides',
  unauthenticated: 'Veuillez vous connecter pour accéder à cette ressource.',
  forbidden: "Vous n'avez pas les droits nécessaires pour cette action.",
  notFound: "La ressource demandée n'existe pas.",
  routeNotFound: "Cette adresse de l'API n'existe pas.",
  leadNotFound: NOT_FOUND_MESSAGES.lead,
  webinarNotFound: NOT_FOUND_MESSAGES.webinar,
  conflict: 'Cette ressource existe déjà.',
  leadEmailTaken: 'Un contact avec cet email existe déjà.',
  tooManyRequests: 'Trop de tentatives. Veuillez réessayer plus tard.',
  unavailable: 'Service momentanément indisponible, veuillez réessayer.',
  busy: 'Le serveur traite déjà beaucoup de connexions. Veuillez réessayer dans quelques secondes.',
  internal: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
  malformedJson: "Le corps de la requête n'est pas un JSON valide.",
  invalidEncoding: "Le corps de la requête n'est pas un texte UTF-8 valide.",
  nulCharacter: "Le texte envoyé contient un caractère nul, qui n'est pas accepté.",
  payloadTooLarge: 'La requête est trop volumineuse (100 Ko au maximum).',
  unsupportedMediaType: 'Le contenu doit être envoyé au format JSON (Content-Type: application/json).',
} as const;

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, { errors });
export const unauthorized = () => new HttpError(401, MESSAGES.unauthenticated);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string = MESSAGES.conflict) => new HttpError(409, message);
export const tooManyRequests = (retryAfterSeconds: number) => new HttpError(429, MESSAGES.tooManyRequests, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });

export function fieldErrorsFromZod(error: ZodError): FieldError[] {
  return fieldErrorList(error.issues);
}

/** French messages for the unique constraints a client can run into. */
const UNIQUE_CONSTRAINT_MESSAGES: Record<string, string> = {
  leads_email_unique: MESSAGES.leadEmailTaken,
  users_email_unique: 'Un compte avec cet email existe déjà.',
  users_username_unique: "Ce nom d'utilisateur est déjà pris.",
};

interface PgError {
  code?: string;
  constraint?: string;
}

/** Connection-level failures: the database is down or unreachable, not the client's fault. */
function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (error.name === 'KnexTimeoutError') return true;
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code)) return true;
  // SQLSTATE class 08 (connection exception), 57P01-57P03 (admin shutdown, crash shutdown, cannot connect now), 53300 (too many connections).
  if (/^08/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
  return /Connection terminated|connection timeout|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(error.message);
}

export function toHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error instanceof ZodError) return new HttpError(400, MESSAGES.invalid, { errors: fieldErrorsFromZod(error) });
  if (error instanceof ObjectionNotFoundError) return notFound();
  // Objection wraps driver errors (UniqueViolationError…): judge the PostgreSQL error underneath.
  const native = (error as { nativeError?: unknown })?.nativeError;
  if (native && native !== error) return toHttpError(native);
  const pg = error as PgError;
  if (pg?.code === '23505') return conflict(UNIQUE_CONSTRAINT_MESSAGES[pg.constraint ?? ''] ?? MESSAGES.conflict);
  // An exclusion constraint (two bookings of one host overlapping): the resource is taken.
  if (pg?.code === '23P01') return conflict(MESSAGES.conflict);
  // Check, not-null and foreign-key violations mean the input slipped past validation: still the client's data.
  // 22xxx: data exceptions (bad number/date text, NUL byte in a query string, value too long...).
  if (pg?.code === '23514' || pg?.code === '23502' || /^22/.test(pg?.code ?? '')) {
    return badRequest(MESSAGES.invalid);
  }
  if (pg?.code === '23503') return notFound();
  if (isDatabaseUnavailable(error)) return new HttpError(503, MESSAGES.unavailable, { headers: { 'Retry-After': '5' } });
  // Koa/http-errors thrown by middleware (e.g. ctx.throw(413)).
  const status = (error as { status?: unknown })?.status;
  const expose = (error as { expose?: unknown })?.expose;
  if (typeof status === 'number' && status >= 400 && status < 500 && expose === true) {
    const byStatus: Record<number, string> = {
      400: MESSAGES.invalid,
      401: MESSAGES.unauthenticated,
      403: MESSAGES.forbidden,
      404: MESSAGES.notFound,
      413: MESSAGES.payloadTooLarge,
      415: MESSAGES.unsupportedMediaType,
    };
    return new HttpError(status, byStatus[status] ?? MESSAGES.invalid);
  }
  return undefined;
}

/** The top of the chain: every error becomes `{ message, errors? }` JSON. */
export function errorHandler(logger: Logger) {
  return async function handleErrors(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
    } catch (error) {
      const known = toHttpError(error);
      const httpError = known ?? new HttpError(500, MESSAGES.internal);
      if (!known || httpError.status >= 500) {
        logger.error({ err: error, reqId: ctx.state.requestId, method: ctx.method, path: ctx.path }, 'request failed');
      }
      ctx.status = httpError.status;
      ctx.set(httpError.headers);
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'application/json';
      ctx.body = { ...httpError.body, message: httpError.message, ...(httpError.errors ? { errors: httpError.errors } : {}) };
    }
  };
}
