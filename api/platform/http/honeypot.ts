/**
 * The public forms' honeypot (docs/decisions/137-one-public-entry.md): a hidden `website` field that
 * people leave empty. A robot filling it gets the answer a person would get and nothing is recorded:
 * telling it apart would teach it to leave the field empty. Which answer a person gets is the feature's
 * (a contact request's receipt, a booking's confirmation, the newsletter's "received"): it passes it in.
 */
import type { Context, Middleware, Next } from 'koa';

/** Whether the posted `website` field holds anything a person would not have typed (nothing). */
export function honeypotFilled(body: unknown): boolean {
  const trap = (body as Record<string, unknown> | undefined)?.website;
  return !(trap === undefined || trap === null || (typeof trap === 'string' && trap.trim() === ''));
}

/** Lets a person's request through; answers a robot with `answerAsToAPerson` instead of the route. */
export function honeypot(answerAsToAPerson: (ctx: Context) => Promise<void> | void): Middleware {
  return async function honeypotCheck(ctx: Context, next: Next): Promise<void> {
    if (!honeypotFilled(ctx.request.body)) return next();
    ctx.logger.info({ reqId: ctx.state.requestId, path: ctx.path }, 'honeypot filled: submission ignored');
    await answerAsToAPerson(ctx);
  };
}
