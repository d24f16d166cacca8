/**
 * `validate({ body, query, params })` parses the request with the contract's zod schemas (api/contract/, each feature's contract/)
 * and stores the typed result in `ctx.state.input`. A handler reads it with `input(ctx)`.
 * Bodies must be JSON unless the route opts in to HTML form posts (`allowForm`), to a CSV file (`allowCsv`)
 * to an XML file (`allowXml`) or to a file uploaded as `multipart/form-data` (`allowMultipart`).
 * A failure is a 400 with field errors, except a path id that names no record (`pathIdSchema`): 404
 * with the record's message, as for an id that does not exist.
 */
import type { Context, Next } from 'koa';
import { ZodError, type ZodType, type z } from 'zod';
import { HttpError, MESSAGES, notFound } from '../errors.ts';
import { NOT_FOUND_ISSUE } from '../../contract/params.ts';

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

export function validate<S extends Schemas>(schemas: S, options: { allowForm?: boolean; allowCsv?: boolean; allowXml?: boolean; allowMultipart?: boolean } = {}) {
  return async function validateRequest(ctx: Context, next: Next): Promise<void> {
    // A route that validates only its path ignores any body, as it did before paths were validated here.
    const readsRequest = schemas.body !== undefined || schemas.query !== undefined;
    if (readsRequest && ctx.state.bodyFormat === 'form' && !options.allowForm) throw new HttpError(415, MESSAGES.unsupportedMediaType);
    // A CSV body is read by the one route that takes it (the import); everywhere else it is refused.
    if (readsRequest && ctx.state.bodyFormat === 'csv' && !options.allowCsv) throw new HttpError(415, MESSAGES.unsupportedMediaType);
    if (ctx.state.bodyFormat === 'xml' && !options.allowXml) throw new HttpError(415, MESSAGES.unsupportedMediaType);
    if (ctx.state.bodyFormat === 'multipart' && !options.allowMultipart) throw new HttpError(415, MESSAGES.unsupportedMediaType);
    ctx.state.input = {
      body: schemas.body ? schemas.body.parse(ctx.request.body ?? {}) : undefined,
      query: schemas.query ? schemas.query.parse({ ...ctx.query }) : undefined,
      params: schemas.params ? parseParams(schemas.params, (ctx as Context & { params?: object }).params) : undefined,
    };
    return next();
  };
}

/** Path parameters; a malformed id is a 404 unless another parameter is a client's mistake (400). */
function parseParams(schema: ZodType, params: object | undefined): unknown {
  const result = schema.safeParse({ ...params });
  if (result.success) return result.data;
  const isNotFound = (issue: z.core.$ZodIssue) => issue.code === 'custom' && issue.params?.[NOT_FOUND_ISSUE] === true;
  if (result.error.issues.every(isNotFound)) throw notFound(result.error.issues[0]!.message);
  throw new ZodError(result.error.issues.filter((issue) => !isNotFound(issue)));
}

/** The validated input of `validate(schemas)`, typed by the same schemas. */
export function input<S extends Schemas>(ctx: Context, _schemas: S): Input<S> {
  return ctx.state.input as Input<S>;
}
