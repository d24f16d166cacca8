/**
 * The one way an admin form is written: a draft of the inputs, `field(name)` binding an input to
 * it, `onSubmit(schema, send)` validating with the API's own zod schema from `#contract` before
 * sending (first message per field under its input), and the server's field errors after a refused
 * save. The save itself is a feature's mutation run through `useMutation` (decision 099).
 */
import { useState, type SubmitEvent } from 'react';
import type { z } from 'zod';
import { firstErrorByField } from '#contract';
import { fieldErrors } from '../lib/http.ts';

export type FieldErrors = Record<string, string>;

interface ValidateOptions {
  /** Adds messages the schema cannot give (a field the dialog requires although the API has a default for it). */
  extraErrors?: (errors: FieldErrors) => void;
  /** Moves the focus to the first invalid field (long forms). */
  focusFirstError?: boolean;
}

/**
 * A draft's text inputs filled from a saved record: each named field's value, or `''` where the
 * record has none (no record yet, a null or absent field), an input's empty state.
 */
export function textFields<K extends string>(record: { readonly [P in NoInfer<K>]?: string | null } | null | undefined, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, record?.[key] ?? ''])) as Record<K, string>;
}

export function useDraftForm<D extends object>(initial: () => D) {
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const set =
    <K extends keyof D>(key: K) =>
    (value: D[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));

  /** The props binding an input to a draft field: name, value, change handler, error. */
  const field = <K extends keyof D & string>(key: K) => ({ name: key, value: draft[key], onChange: set(key), error: errors[key] });

  /** The parsed body, or undefined after showing the errors. */
  function validate<S extends z.ZodType>(schema: S, body: unknown, options: ValidateOptions = {}): z.output<S> | undefined {
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

  /**
   * The form's submit handler: validates `body(draft)` (the draft itself by default) with `schema`
   * and hands the parsed body to `send`; an invalid draft shows its errors and sends nothing.
   */
  function onSubmit<S extends z.ZodType>(schema: S, send: (parsed: z.output<S>) => unknown, options: ValidateOptions & { body?: (draft: D) => unknown } = {}) {
    return (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      const parsed = validate(schema, options.body ? options.body(draft) : draft, options);
      if (parsed !== undefined) void send(parsed);
    };
  }

  function reset(): void {
    setDraft(initial());
    setErrors({});
  }

  /** Puts a whole new draft in place (the record as a save returned it), without errors. */
  function replace(next: D): void {
    setDraft(next);
    setErrors({});
  }

  return { draft, set, field, errors, setErrors, clearErrors: () => setErrors({}), validate, onSubmit, showServerErrors, reset, replace };
}
