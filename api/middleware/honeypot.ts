/**
 * The public forms' honeypot: a hidden `website` field that people leave empty. A robot filling it gets
 * the usual success answer and nothing is stored (telling it apart would teach it to leave the field empty).
 */
import type { Context, Next } from 'koa';
import { RECEIVED_WITHOUT_REGISTRATION } from '../presenters/index.ts';

export async function honeypot(ctx: Context, next: Next): Promise<void> {
  const body = ctx.request.body as Record<string, unknown> | undefined;
  const trap = body?.website;
  if (trap === undefined || trap === null || (typeof trap === 'string' && trap.trim() === '')) return next();
  ctx.logger.info({ reqId: ctx.state.requestId }, 'honeypot filled: submission ignored');
  ctx.status = 201;
  ctx.body = RECEIVED_WITHOUT_REGISTRATION;
}
