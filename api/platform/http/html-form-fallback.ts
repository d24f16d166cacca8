/**
 * A public form posted without JavaScript (docs/decisions/137-one-public-entry.md): the browser posts
 * the `<form>` itself, so the answer is a page, not JSON: a 303 to the feature's page for a success,
 * and to its page for a refusal with the French message. The message travels signed, so the page shows
 * it only with a valid signature (api/platform/lib/signed-message.ts): no content spoofing through the
 * link. Which pages, and what their query carries, is the feature's: it passes them in. JSON is untouched.
 */
import type { Context, Middleware, Next } from 'koa';
import { ZodError } from 'zod';
import { fieldErrorsFromZod, HttpError, MESSAGES, toHttpError } from '../errors.ts';
import { signMessage } from '../lib/signed-message.ts';

/** A page the browser is sent to: its path, its query, the message it shows (signed), its anchor. */
export interface FormPage {
  path: string;
  query?: Record<string, string>;
  message?: string;
  anchor?: string;
}

/** The form as posted (form-encoded fields). */
export type PostedForm = Record<string, unknown>;

export interface FormPages {
  /** The posted form as the route should read it (e.g. one name field split in two). */
  prepare?: (form: PostedForm) => PostedForm;
  /** Where a success goes, knowing the route's JSON answer (`ctx.body`). */
  success: (ctx: Context, form: PostedForm) => FormPage;
  /** Where a refusal goes, with the French message to show. */
  failure: (ctx: Context, form: PostedForm, message: string) => FormPage;
  /** An unexpected failure (5xx): answered as a refusal with the generic message (default), or left to the error handler. */
  serverErrors?: 'page' | 'rethrow';
}

/** The middleware answering a form post with pages; put it before the route's other middleware. */
export function htmlFormFallback(pages: FormPages): Middleware {
  return async function formAnswer(ctx: Context, next: Next): Promise<void> {
    if (ctx.state.bodyFormat !== 'form') return next();
    const form = (ctx.request.body ?? {}) as PostedForm;
    if (pages.prepare) ctx.request.body = pages.prepare(form);
    let page: FormPage;
    try {
      await next();
      page = pages.success(ctx, form);
    } catch (error) {
      if (pages.serverErrors === 'rethrow' && isServerError(error)) throw error;
      page = pages.failure(ctx, form, formErrorMessage(ctx, error));
    }
    seeOther(ctx, page);
  };
}

/** A known failure of ours (5xx: the database unavailable…); an unknown error is answered with a page, logged. */
function isServerError(error: unknown): boolean {
  if (error instanceof ZodError) return false;
  const known = toHttpError(error);
  return known !== undefined && known.status >= 500;
}

/** The French message of a refusal; an unexpected failure is logged and answered with the generic one. */
function formErrorMessage(ctx: Context, error: unknown): string {
  if (error instanceof ZodError) return fieldErrorsFromZod(error)[0]?.message ?? MESSAGES.invalid;
  const known = toHttpError(error);
  if (known && known.status < 500) return known.message;
  ctx.logger.error({ err: error, reqId: ctx.state.requestId, path: ctx.path }, 'form submission failed');
  return (known ?? new HttpError(500, MESSAGES.internal)).message;
}

/** 303 to the page, its message signed. */
export function seeOther(ctx: Context, page: FormPage): void {
  const params = new URLSearchParams(page.query);
  if (page.message) {
    params.set('message', page.message);
    params.set('sig', signMessage(ctx.config.sessionSecret, page.message));
  }
  const query = params.toString();
  const separator = page.path.includes('?') ? '&' : '?';
  ctx.redirect(`${page.path}${query ? `${separator}${query}` : ''}${page.anchor ? `#${page.anchor}` : ''}`);
  ctx.status = 303;
}
