/**
 * `validate({ body, query, params })` parses the request with the shared zod schemas (api/schemas)
 * and stores the typed result in `ctx.state.input`. A handler reads it with `input(ctx)`.
 * Bodies must be JSON unless the route opts in to HTML form posts (`allowForm`).
 */
import type { Context, Next } from 'koa';
import type { ZodType, z } from 'zod';
import { HttpError, MESSAGES } from '../errors.ts';

interface Schemas {
  body?: ZodType;
  query?: ZodType;
  params?: ZodType;
}

export type Input<S extends Schemas> = {
  body: S['body'] extends ZodType ? z.output<S['body']> : undefined;
  query: S['query'] extends ZodType ? z.output<S['query']> : undefined;
  params: S['params'] extends ZodType ? z.output<S['params']> : undefined;
};

export function validate<S extends Schemas>(schemas: S, options: { allowForm?: boolean } = {}) {
  return async function validateRequest(ctx: Context, next: Next): Promise<void> {
    if (ctx.state.bodyFormat === 'form' && !options.allowForm) throw new HttpError(415, MESSAGES.unsupportedMediaType);
    ctx.state.input = {
      body: schemas.body ? schemas.body.parse(ctx.request.body ?? {}) : undefined,
      query: schemas.query ? schemas.query.parse({ ...ctx.query }) : undefined,
      params: schemas.params ? schemas.params.parse({ ...(ctx as Context & { params?: object }).params }) : undefined,
    };
    return next();
  };
}

/** The validated input of `validate(schemas)`, typed by the same schemas. */
export function input<S extends Schemas>(ctx: Context, _schemas: S): Input<S> {
  return ctx.state.input as Input<S>;
}
