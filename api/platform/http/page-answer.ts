/**
 * The public forms that also work without JavaScript (decision 051) and answer on one result page: a
 * plain HTML form post is answered with a page, a 303 to the result page with the signed message, its
 * refusals included; a JSON request gets JSON. The answer itself is the platform's one no-script form
 * answer (./html-form-fallback.ts, docs/decisions/137-one-public-entry.md); an unexpected failure is
 * left to the error handler.
 */
import type { Context, Middleware } from 'koa';
import { htmlFormFallback } from './html-form-fallback.ts';

/**
 * A form post is answered with a page (303 + signed message), its errors included; JSON gets JSON.
 * `resultPath` may depend on the request (a page showing the very thing the form changed).
 */
export function pageAnswer(resultPath: string | ((ctx: Context) => string), type?: string): Middleware {
  const path = (ctx: Context) => (typeof resultPath === 'function' ? resultPath(ctx) : resultPath);
  const query = type ? { type } : undefined;
  return htmlFormFallback({
    success: (ctx) => ({ path: path(ctx), query, message: (ctx.body as { message: string }).message }),
    failure: (ctx, _form, message) => ({ path: path(ctx), query, message }),
    serverErrors: 'rethrow',
  });
}
