/**
 * Labelled form controls on Headless UI's Field: label, hint and error are wired to the control
 * (aria-labelledby / aria-describedby / aria-invalid) without hand-made ids.
 */
import { Description, Field, Input, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions, Switch, Textarea } from '@headlessui/react';
import type { ReactNode } from 'react';
import { CheckIcon, ChevronUpDownIcon } from './icons.tsx';
import { buttonClass, controlClass, cx, Spinner } from './primitives.tsx';

export { controlClass };

function FieldLabel({ children, required }: { children: ReactNode; required?: boolean }) {
  return (
    <Label className="mb-1.5 block text-sm font-medium text-slate-800">
      {children}
      {required ? (
        <span className="text-red-600" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </Label>
  );
}

function FieldMessages({ hint, error }: { hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint ? <Description className="mt-1 text-xs text-slate-500">{hint}</Description> : null}
      {error ? <Description className="mt-1 text-sm text-red-700">{error}</Description> : null}
    </>
  );
}

interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  placeholder?: string;
  autoComplete?: string;
  min?: number | string;
  max?: number | string;
  inputMode?: 'numeric' | 'email' | 'tel' | 'url' | 'text';
  className?: string;
  disabled?: boolean;
}

export function TextField(props: TextFieldProps) {
  return (
    <Field className={props.className} disabled={props.disabled}>
      <FieldLabel required={props.required}>{props.label}</FieldLabel>
      <Input
        name={props.name}
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        invalid={Boolean(props.error)}
        aria-required={props.required || undefined}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete}
        min={props.min}
        max={props.max}
        inputMode={props.inputMode}
        className={controlClass}
      />
      <FieldMessages hint={props.hint} error={props.error} />
    </Field>
  );
}

/** An address field: the browser checks it is a URL and phones show their URL keyboard. */
export function UrlField(props: Omit<TextFieldProps, 'type' | 'inputMode' | 'min' | 'max'>) {
  return <TextField {...props} type="url" inputMode="url" />;
}

export function TextAreaField(props: Omit<TextFieldProps, 'type' | 'min' | 'max' | 'inputMode'> & { rows?: number }) {
  return (
    <Field className={props.className}>
      <FieldLabel required={props.required}>{props.label}</FieldLabel>
      <Textarea
        name={props.name}
        rows={props.rows ?? 4}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        invalid={Boolean(props.error)}
        aria-required={props.required || undefined}
        placeholder={props.placeholder}
        className={cx(controlClass, 'resize-y')}
      />
      <FieldMessages hint={props.hint} error={props.error} />
    </Field>
  );
}

export interface Option<V extends string> {
  value: V;
  label: string;
}

export function SelectField<V extends string>(props: {
  label: string;
  name: string;
  value: V;
  options: readonly Option<V>[];
  onChange: (value: V) => void;
  error?: string;
  hint?: ReactNode;
  className?: string;
  placeholder?: string;
}) {
  const selected = props.options.find((option) => option.value === props.value);
  return (
    <Field className={props.className}>
      <FieldLabel>{props.label}</FieldLabel>
      <Listbox value={props.value} onChange={props.onChange} name={props.name} invalid={Boolean(props.error)}>
        <ListboxButton className={cx(controlClass, 'relative pr-9 text-left')}>
          <span className={cx('block truncate', !selected && 'text-slate-500')}>{selected?.label ?? props.placeholder ?? '—'}</span>
          <ChevronUpDownIcon size={16} className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 text-slate-400" />
        </ListboxButton>
        <ListboxOptions
          anchor={{ to: 'bottom start', gap: 4 }}
          className="z-50 max-h-64 w-(--button-width) min-w-48 overflow-auto rounded-md bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 focus:outline-none"
        >
          {props.options.map((option) => (
            <ListboxOption
              key={option.value}
              value={option.value}
              className="group flex cursor-default items-center gap-2 rounded px-2 py-1.5 text-slate-800 select-none data-focus:bg-accent-50 data-focus:text-accent-900"
            >
              <CheckIcon size={16} className="invisible text-accent-600 group-data-selected:visible" />
              <span className="group-data-selected:font-medium">{option.label}</span>
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
      <FieldMessages hint={props.hint} error={props.error} />
    </Field>
  );
}

export function SwitchField({ label, checked, onChange, name }: { label: string; checked: boolean; onChange: (value: boolean) => void; name?: string }) {
  return (
    <Field className="flex items-center gap-3">
      <Switch
        checked={checked}
        onChange={onChange}
        name={name}
        className="group relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full bg-slate-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 data-checked:bg-accent-600"
      >
        <span aria-hidden="true" className="pointer-events-none mt-0.5 ml-0.5 inline-block h-5 w-5 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-5" />
      </Switch>
      <Label className="text-sm font-medium text-slate-800">{label}</Label>
    </Field>
  );
}

/** The submit button of an admin form, with its spinner (and `pendingLabel`) while the save is pending. */
export function SubmitButton(props: { label: ReactNode; pendingLabel?: ReactNode; pending: boolean; destructive?: boolean }) {
  return (
    <button type="submit" className={buttonClass(props.destructive ? 'destructive' : 'primary')} disabled={props.pending}>
      {props.pending ? <Spinner /> : null}
      {props.pending ? (props.pendingLabel ?? props.label) : props.label}
    </button>
  );
}

/**
 * The footer of an admin form: "Annuler" (a button or a link back) and the submit button; a form
 * without "Annuler" (a card of the settings) has its submit button alone on the right. A destructive
 * form (an erasure) cannot be cancelled while its request runs.
 */
export function FormActions(props: {
  cancel?: { onClick: () => void } | { href: string };
  submitLabel: ReactNode;
  pendingLabel?: ReactNode;
  pending: boolean;
  destructive?: boolean;
  className?: string;
}) {
  const submit = <SubmitButton label={props.submitLabel} pendingLabel={props.pendingLabel} pending={props.pending} destructive={props.destructive} />;
  if (!props.cancel) return <div className={cx('flex justify-end', props.className)}>{submit}</div>;
  return (
    <div className={cx('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', props.className)}>
      {'href' in props.cancel ? (
        <a href={props.cancel.href} className={buttonClass('secondary')}>
          Annuler
        </a>
      ) : (
        <button type="button" className={buttonClass('secondary')} onClick={props.cancel.onClick} disabled={props.destructive && props.pending}>
          Annuler
        </button>
      )}
      {submit}
    </div>
  );
}
