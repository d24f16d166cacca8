/**
 * The public forms that also work without JavaScript (decision 051): a plain HTML form post is answered
 * with a page, a 303 to the result page with the signed message (../lib/signed-message.ts), its errors
 * included; a JSON request gets JSON.
 */
import type { Context } from 'koa';
import { ZodError } from 'zod';
import { signMessage } from '../lib/signed-message.ts';
import { fieldErrorsFromZod, MESSAGES, toHttpError } from '../errors.ts';

/**
 * A form post is answered with a page (303 + signed message), its errors included; JSON gets JSON.
 * `resultPath` may depend on the request (a page showing the very thing the form changed).
 */
export function pageAnswer(resultPath: string | ((ctx: Context) => string), type?: string) {
  return async (ctx: Context, next: () => Promise<unknown>) => {
    if (ctx.state.bodyFormat !== 'form') return next();
    let message: string;
    try {
      await next();
      message = (ctx.body as { message: string }).message;
    } catch (error) {
      const known = error instanceof ZodError ? undefined : toHttpError(error);
      if (known && known.status >= 500) throw error;
      message = error instanceof ZodError ? (fieldErrorsFromZod(error)[0]?.message ?? MESSAGES.invalid) : (known?.message ?? MESSAGES.invalid);
    }
    const params = new URLSearchParams({ ...(type ? { type } : {}), message, sig: signMessage(ctx.config.sessionSecret, message) });
    const path = typeof resultPath === 'function' ? resultPath(ctx) : resultPath;
    ctx.redirect(`${path}${path.includes('?') ? '&' : '?'}${params.toString()}`);
    ctx.status = 303;
  };
}
