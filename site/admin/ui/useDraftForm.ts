/**
 * The admin forms' shared behaviour: a draft of the inputs, a setter per field, validation with the
 * API's own zod schema before sending (first message per field under its input), and the server's
 * field errors after a refused save.
 */
import { useState } from 'react';
import type { z } from 'zod';
import { firstErrorByField } from '#schemas/field-errors.ts';
import { fieldErrors } from '../lib/http.ts';

export type FieldErrors = Record<string, string>;

export function useDraftForm<D extends object>(initial: () => D) {
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const set =
    <K extends keyof D>(key: K) =>
    (value: D[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));

  /** The props binding an input to a draft field: name, value, change handler, error. */
  const field = <K extends keyof D & string>(key: K) => ({ name: key, value: draft[key], onChange: set(key), error: errors[key] });

  /**
   * The parsed body, or undefined after showing the errors. `extraErrors` may add messages the
   * schema cannot give (a field the dialog requires although the API has a default for it).
   */
  function validate<S extends z.ZodType>(
    schema: S,
    body: unknown,
    options: { extraErrors?: (errors: FieldErrors) => void; focusFirstError?: boolean } = {},
  ): z.output<S> | undefined {
    const parsed = schema.safeParse(body);
    const found = parsed.success ? {} : firstErrorByField(parsed.error.issues);
    options.extraErrors?.(found);
    if (parsed.success && !Object.keys(found).length) {
      setErrors({});
      return parsed.data;
    }
    setErrors(found);
    if (options.focusFirstError) {
      // Bring the first invalid field into view and focus for keyboard and screen-reader users.
      window.requestAnimationFrame(() => (document.querySelector('[aria-invalid="true"]') as HTMLElement | null)?.focus());
    }
    return undefined;
  }

  /** Shows the field errors of a refused save; `adjust` may point a message at another field. */
  function showServerErrors(error: unknown, adjust?: (errors: FieldErrors) => void): void {
    const found = fieldErrors(error);
    adjust?.(found);
    setErrors(found);
  }

  function reset(): void {
    setDraft(initial());
    setErrors({});
  }

  return { draft, set, field, errors, clearErrors: () => setErrors({}), validate, showServerErrors, reset };
}
