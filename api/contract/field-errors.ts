/**
 * zod issues as field errors, one definition for the API's 400 answers, the admin forms and the
 * public forms. Imports nothing: it reads only the `path` and `message` every zod issue carries
 * (and that the API's `errors` items carry too).
 */

export interface FieldIssue {
  path: readonly PropertyKey[] | string | undefined;
  message: string | undefined;
}

/** One item of the `errors` list of the API's 400 answers (api/platform/errors.ts throws them). */
export interface FieldError {
  path: string;
  message: string;
}

/** "address.city" for a nested field, "email" for a flat one, "" for the whole object. */
export function issuePath(path: FieldIssue['path']): string {
  if (path === undefined) return '';
  return typeof path === 'string' ? path : path.map(String).join('.');
}

/** Every issue as `{ path, message }`: the `errors` list of the API's 400 answers. */
export function fieldErrorList(issues: readonly FieldIssue[]): FieldError[] {
  return issues.map((issue) => ({ path: issuePath(issue.path), message: issue.message ?? '' }));
}

/**
 * The first message of each field, keyed by field name, for showing under the inputs. `fieldOf`
 * maps a path to the input that shows it (e.g. first and last name → one full-name input).
 */
export function firstErrorByField(issues: readonly FieldIssue[], fieldOf: (path: string) => string = (path) => path): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = fieldOf(issuePath(issue.path));
    if (field && issue.message && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
