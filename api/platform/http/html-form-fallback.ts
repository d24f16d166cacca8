/**
 * The public forms without JavaScript: the browser posts the `<form>` itself, so the answer is a page,
 * not JSON. Success → 303 /merci/?type=… (with the webinar's notice, if any); a client mistake →
 * 303 /erreur-envoi/?type=…&message=<French message>. The message travels signed, so the page shows it
 * only with a valid signature (api/platform/lib/signed-message.ts): no content spoofing through the link.
 */
import type { Context, Next } from 'koa';
import { ZodError } from 'zod';
import { splitFullName } from '../../contract/fields.ts';
import { fieldErrorsFromZod, HttpError, MESSAGES, toHttpError } from '../errors.ts';
import { signMessage } from '../lib/signed-message.ts';

export async function htmlFormFallback(ctx: Context, next: Next): Promise<void> {
  if (ctx.state.bodyFormat !== 'form') return next();
  const form = ctx.request.body as Record<string, string>;
  const type = form.type === 'webinar' ? 'webinar' : 'contact';
  // The contact form has one name field; its script splits it, and so does the server when no script ran.
  if (typeof form.fullName === 'string' && !form.firstName) {
    const { fullName, ...rest } = form;
    ctx.request.body = { ...rest, ...splitFullName(fullName) };
  }
  try {
    await next();
  } catch (error) {
    redirectToPage(ctx, '/erreur-envoi/', { type, message: formErrorMessage(ctx, error) });
    return;
  }
  // Only the answer's optional `notice` matters here: the fallback reads it by shape, so the platform
  // depends on no feature's contract (docs/decisions/135-contract-beside-the-capability.md).
  const notice = (ctx.body as { notice?: string | null } | undefined)?.notice;
  redirectToPage(ctx, '/merci/', notice ? { type, message: notice } : { type });
}

function formErrorMessage(ctx: Context, error: unknown): string {
  if (error instanceof ZodError) return fieldErrorsFromZod(error)[0]?.message ?? MESSAGES.invalid;
  const known = toHttpError(error);
  if (known && known.status < 500) return known.message;
  ctx.logger.error({ err: error, reqId: ctx.state.requestId }, 'public form submission failed');
  return (known ?? new HttpError(500, MESSAGES.internal)).message;
}

function redirectToPage(ctx: Context, pathname: string, query: { type: string; message?: string }): void {
  const params = new URLSearchParams(query);
  if (query.message) params.set('sig', signMessage(ctx.config.sessionSecret, query.message));
  ctx.redirect(`${pathname}?${params.toString()}`);
  ctx.status = 303;
}
