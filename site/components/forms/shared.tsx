/**
 * Building blocks of the public forms (webinar, contact, reusable): labelled fields, the honeypot,
 * validation with the API's own zod schemas, and the submission with its idempotency key.
 *
 * Progressive enhancement: each form is a real `<form method="post" action="/api/leads">` with
 * native `required`/`type="email"` checks, so it works without JavaScript (the API answers with a
 * redirect to /merci/ or /erreur-envoi/). Once hydrated, the island turns native validation off and
 * validates with the shared schemas instead, to show the spec's toast and inline French messages.
 */
import { useCallback, useEffect, useRef, useState, type InputHTMLAttributes, type RefObject, type SubmitEvent } from 'react';
import type { z } from 'zod';
import { failureMessage, newIdempotencyKey, postLead, type LeadResponse } from '../../lib/leads.ts';
import { mountToaster, type ToasterLabels } from '../Toaster.tsx';
import { showToast } from '../../lib/toast.ts';

export interface CommonFormText {
  requiredHint: string;
  optionalSuffix: string;
  privacyNote: string;
  missingFields: { title: string; description: string };
  networkError: string;
  toaster: ToasterLabels;
}

/** Mounts the toaster and hands validation over from the browser to the island once hydrated. */
export function useEnhancedForm(toaster: ToasterLabels): RefObject<HTMLFormElement | null> {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    mountToaster(toaster);
    if (form.current) form.current.noValidate = true;
  }, [toaster]);
  return form;
}

/** The form's current values, trimmed, by field name (hidden fields included). */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') values[name] = value.trim();
  return values;
}

export type FieldErrors = Record<string, string>;

export type CheckResult = { ok: true } | { ok: false; errors: FieldErrors; missing: boolean };

/**
 * Validates `payload` with a shared schema. Errors are keyed by form field (`fieldOf` maps a payload
 * key to the input that holds it); `missing` says whether a required field was left empty, which
 * is the spec's "Champs requis" case, as opposed to a value in the wrong format.
 */
export function checkWithSchema(
  schema: z.ZodType,
  payload: Record<string, unknown>,
  values: Record<string, string>,
  fieldOf: (key: string) => string = (key) => key,
): CheckResult {
  const result = schema.safeParse(payload);
  if (result.success) return { ok: true };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(String(issue.path[0] ?? ''));
    errors[field] ??= issue.message;
  }
  const missing = Object.keys(errors).some((field) => !values[field]);
  return { ok: false, errors, missing };
}

/** Drops empty strings so optional fields are simply absent from the JSON body. */
export function compact(payload: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(payload).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

export type SubmitOutcome = { ok: true; response: LeadResponse } | { ok: false; message: string };

/**
 * Sends a lead. The idempotency key is kept while the same data is retried after a failure and
 * renewed as soon as the data changes or a submission succeeds.
 */
export function useLeadSubmission(networkError: string) {
  const [pending, setPending] = useState(false);
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const submit = useCallback(
    async (payload: Record<string, unknown>): Promise<SubmitOutcome> => {
      const body = JSON.stringify(payload);
      if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body };
      setPending(true);
      try {
        const response = await postLead(payload, attempt.current.key);
        attempt.current = null;
        return { ok: true, response };
      } catch (error) {
        return { ok: false, message: failureMessage(error, networkError) };
      } finally {
        setPending(false);
      }
    },
    [networkError],
  );

  return { pending, submit };
}

interface ToastText {
  title: string;
  description: string;
}

export interface LeadFormSetup {
  /** The shared schema the API validates with too. */
  schema: z.ZodType;
  /** The JSON body built from the form's values. */
  toPayload: (values: Record<string, string>) => Record<string, string>;
  /** Which input shows a schema issue (default: the field of the same name). */
  fieldOf?: (key: string) => string;
  /** A last word on the messages before they are shown. */
  adjustErrors?: (errors: FieldErrors, values: Record<string, string>) => void;
  text: { success: ToastText; error: ToastText };
  common: CommonFormText;
  /** The success toast's description for the API's answer (default: `text.success.description`). */
  successDescription?: (response: LeadResponse) => string;
  /** After a success, once the toast is shown (default: the form is cleared). */
  onSuccess?: (form: HTMLFormElement) => void;
}

/**
 * The behaviour every lead form shares (spec 4, 5, 8): validate with the shared schema (inline
 * messages, "Champs requis" toast, nothing sent), send, then clear the form with the success toast,
 * or keep what the visitor typed with the destructive toast carrying the server's message.
 */
export function useLeadForm(setup: LeadFormSetup) {
  const form = useEnhancedForm(setup.common.toaster);
  const { pending, submit } = useLeadSubmission(setup.common.networkError);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const values = formValues(element);
    const payload = setup.toPayload(values);
    const check = checkWithSchema(setup.schema, payload, values, setup.fieldOf);
    if (!check.ok) {
      setup.adjustErrors?.(check.errors, values);
      setErrors(check.errors);
      if (check.missing) showToast({ variant: 'destructive', ...setup.common.missingFields });
      focusFirstError(element, check.errors);
      return;
    }
    setErrors({});
    const outcome = await submit(payload);
    if (outcome.ok) {
      if (setup.onSuccess) setup.onSuccess(element);
      else element.reset();
      const description = setup.successDescription?.(outcome.response) ?? setup.text.success.description;
      showToast({ variant: 'success', title: setup.text.success.title, description });
    } else {
      showToast({
        variant: 'destructive',
        title: setup.text.error.title,
        description: setup.text.error.description.replace('{message}', outcome.message),
      });
    }
  }

  return { form, pending, errors, onSubmit };
}

/** Focuses the first field in error, in the form's order. */
export function focusFirstError(form: HTMLFormElement, errors: FieldErrors): void {
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute('name');
    if (name && errors[name] && element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}

type FieldProps = {
  id: string;
  name: string;
  label: string;
  error?: string;
  optionalSuffix?: string;
  multiline?: boolean;
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>;

const inputClass =
  'mt-1.5 block w-full rounded-xl border bg-white px-4 py-3 text-base text-ink shadow-xs placeholder:text-muted/80 focus:border-pine-700 aria-invalid:border-danger';

/** A labelled input (or textarea) with its inline error, linked for assistive technologies. */
export function Field({ id, name, label, error, optionalSuffix, multiline, className, required, ...input }: FieldProps) {
  const errorId = `${id}-error`;
  const shared = {
    id,
    name,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    className: `${inputClass} ${error ? 'border-danger' : 'border-line'}`,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
        {required && (
          <span aria-hidden="true" className="text-copper">
            {' '}
            *
          </span>
        )}
        {optionalSuffix && <span className="font-normal text-muted"> {optionalSuffix}</span>}
      </label>
      {multiline ? (
        <textarea {...shared} rows={4} placeholder={input.placeholder} maxLength={input.maxLength} />
      ) : (
        <input {...shared} {...input} />
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Anti-spam that costs people nothing: a field humans never see nor reach (off-screen, out of the
 * tab order, hidden from assistive technologies). Robots that fill every field give themselves away;
 * the API then pretends success and stores nothing.
 */
export function Honeypot({ id }: { id: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Ne pas remplir ce champ</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export function SubmitButton({
  pending,
  label,
  pendingLabel,
  className = '',
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  className?: string;
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      className={`inline-flex w-full items-center justify-center gap-2 rounded-full bg-copper px-6 py-3.5 text-base font-semibold text-white transition hover:bg-copper-dark disabled:cursor-wait disabled:opacity-80 ${className}`}
    >
      {pending && (
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-4 animate-spin motion-reduce:animate-none"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        >
          <path d="M12 3a9 9 0 1 0 9 9" strokeLinecap="round" />
        </svg>
      )}
      {pending ? pendingLabel : label}
    </button>
  );
}
