/** The public forms' controls: a labelled input with its inline error, the honeypot, the submit button. */
import type { InputHTMLAttributes } from 'react';
import { EMAIL_MAX } from '#contract';

/** What ties an input to its form: its id, the name it posts, its message (useLeadForm's `field`). */
export interface FieldBinding {
  id: string;
  name: string;
  error?: string;
}

type FieldProps = FieldBinding & {
  label: string;
  optionalSuffix?: string;
  multiline?: boolean;
  className?: string;
  /** A line under the input, read with it by assistive technologies. */
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>;

// The input's look is one class of the public style sheet (site/layouts/public.css, decision 120).
const inputClass = 'field-input';

/** A labelled input (or textarea) with its inline error, linked for assistive technologies. */
export function Field({ id, name, label, error, optionalSuffix, multiline, className, required, hint, ...input }: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  const shared = {
    id,
    name,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    className: error ? `${inputClass} border-danger` : inputClass,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
        {/* One string per span: React writes no `<!-- -->` between two text pieces (decision 120). */}
        {required && (
          <span aria-hidden="true" className="text-copper">
            {' *'}
          </span>
        )}
        {optionalSuffix && <span className="font-normal text-muted">{` ${optionalSuffix}`}</span>}
      </label>
      {multiline ? <textarea {...shared} rows={4} placeholder={input.placeholder} maxLength={input.maxLength} /> : <input {...shared} {...input} />}
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
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

export function SubmitButton({ pending, label, pendingLabel, className = '' }: { pending: boolean; label: string; pendingLabel: string; className?: string }) {
  return (
    <button type="submit" disabled={pending} className={className ? `submit-button ${className}` : 'submit-button'}>
      {pending && (
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 animate-spin motion-reduce:animate-none" fill="none" stroke="currentColor" strokeWidth="2.5">
          <path d="M12 3a9 9 0 1 0 9 9" strokeLinecap="round" />
        </svg>
      )}
      {pending ? pendingLabel : label}
    </button>
  );
}

/** The required email input every lead form has. */
export function EmailField({ label, className, ...binding }: FieldBinding & { label: string; className?: string }) {
  return <Field {...binding} type="email" label={label} required autoComplete="email" inputMode="email" maxLength={EMAIL_MAX} className={className} />;
}

/** The optional company input ("Société (optionnel)"), full width. */
export function CompanyField({ label, optionalSuffix, ...binding }: FieldBinding & { label: string; optionalSuffix: string }) {
  return <Field {...binding} label={label} optionalSuffix={optionalSuffix} autoComplete="organization" className="sm:col-span-2" />;
}

/** The line under every public form: what the data is for, and the link to the privacy notice. */
export function PrivacyNote({ before, note, linkLabel }: { before?: string; note: string; linkLabel: string }) {
  return (
    <>
      {`${before ? `${before} ` : ''}${note} `}
      <a href="/confidentialite" className="underline underline-offset-2 hover:text-ink">
        {linkLabel}
      </a>
    </>
  );
}
