/**
 * Reads request bodies with strict limits, for every route:
 * - JSON (`application/json`, `application/*+json`) and HTML form posts (`application/x-www-form-urlencoded`,
 *   accepted only by routes that opt in through `validate(..., { allowForm: true })`);
 * - any other content type with a body → 415; over 100 KB → 413; invalid UTF-8 → 400; malformed JSON → 400;
 * - `text/csv` is left unread (`bodyFormat: 'csv'`): only a route that opts in (`validate(..., { allowCsv: true })`)
 *   reads it, after its sign-in check, with its own limit (`readRawBody`), so nobody signed out makes the
 *   server hold a large upload. XML (`application/xml`, `text/xml`: a bank's camt file) likewise
 *   (`bodyFormat: 'xml'`, `allowXml`), and a browser's file upload (`multipart/form-data`: `bodyFormat: 'multipart'`,
 *   `allowMultipart`, read with `readMultipartFile` from ./multipart.ts; decision 142).
 * `__proto__`, `constructor` and `prototype` keys are dropped while parsing (no prototype pollution).
 */
import type { Context, Next } from 'koa';
import { HttpError, MESSAGES } from '../errors.ts';

export const BODY_LIMIT_BYTES = 100 * 1024;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export type BodyFormat = 'none' | 'json' | 'form' | 'csv' | 'xml' | 'multipart';
/** The attendance import's limit: a participants' export is larger than a form. */
export const CSV_LIMIT_BYTES = 2 * 1024 * 1024;
export const CSV_TOO_LARGE = 'Le fichier est trop volumineux (2 Mo au maximum).';

declare module 'koa' {
  interface Request {
    body?: unknown;
  }
}

function hasBody(ctx: Context): boolean {
  const length = ctx.get('content-length');
  if (ctx.get('transfer-encoding')) return true;
  return length !== '' && length !== '0';
}

/** The request body as bytes, refused with 413 beyond `limit`. */
export async function readRawBody(ctx: Context, limit = BODY_LIMIT_BYTES, tooLarge: string = MESSAGES.payloadTooLarge): Promise<Buffer> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limit) throw new HttpError(413, tooLarge);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      ctx.req.unpipe();
      ctx.req.resume();
      throw new HttpError(413, tooLarge);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function decodeUtf8(raw: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw new HttpError(400, MESSAGES.invalidEncoding);
  }
}

class NulCharacterError extends Error {}

/** PostgreSQL text cannot hold U+0000, and no form field needs it: refuse it up front. */
export function safeJsonParse(text: string): unknown {
  return JSON.parse(text, (key, value) => {
    if (FORBIDDEN_KEYS.has(key)) return undefined;
    if ((typeof value === 'string' && value.includes('\u0000')) || key.includes('\u0000')) throw new NulCharacterError();
    return value;
  });
}

function parseForm(text: string): Record<string, string> {
  const result: Record<string, string> = Object.create(null);
  for (const [key, value] of new URLSearchParams(text)) {
    if (value.includes('\u0000') || key.includes('\u0000')) throw new HttpError(400, MESSAGES.nulCharacter);
    if (!FORBIDDEN_KEYS.has(key)) result[key] = value;
  }
  return { ...result };
}

export function bodyParser() {
  return async function parseBody(ctx: Context, next: Next): Promise<void> {
    ctx.state.bodyFormat = 'none' satisfies BodyFormat;
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method) || !hasBody(ctx)) return next();

    if (ctx.is('text/csv') !== false) {
      ctx.state.bodyFormat = 'csv' satisfies BodyFormat;
      return next();
    }
    if (ctx.is('application/xml', 'text/xml') !== false) {
      ctx.state.bodyFormat = 'xml' satisfies BodyFormat;
      return next();
    }
    if (ctx.is('multipart/form-data') !== false) {
      ctx.state.bodyFormat = 'multipart' satisfies BodyFormat;
      return next();
    }
    const isJson = ctx.is('application/json', 'application/*+json') !== false;
    const isForm = !isJson && ctx.is('application/x-www-form-urlencoded') !== false;
    if (!isJson && !isForm) throw new HttpError(415, MESSAGES.unsupportedMediaType);

    const text = decodeUtf8(await readRawBody(ctx));
    if (isJson) {
      if (text.trim() === '') {
        ctx.request.body = undefined;
      } else {
        try {
          ctx.request.body = safeJsonParse(text);
        } catch (error) {
          throw new HttpError(400, error instanceof NulCharacterError ? MESSAGES.nulCharacter : MESSAGES.malformedJson);
        }
      }
      ctx.state.bodyFormat = 'json' satisfies BodyFormat;
    } else {
      ctx.request.body = parseForm(text);
      ctx.state.bodyFormat = 'form' satisfies BodyFormat;
    }
    return next();
  };
}

export const CSV_EXPECTED = 'Envoyez le fichier au format CSV (Content-Type: text/csv).';

/** The CSV body of a route that accepts one (UTF-8, at most CSV_LIMIT_BYTES). */
export async function readCsvBody(ctx: Context): Promise<string> {
  if (ctx.state.bodyFormat !== 'csv') throw new HttpError(415, CSV_EXPECTED);
  return decodeUtf8(await readRawBody(ctx, CSV_LIMIT_BYTES, CSV_TOO_LARGE));
}
