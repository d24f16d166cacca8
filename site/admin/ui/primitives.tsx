/** Small presentational building blocks shared by every admin screen. */
import { useState, type ReactNode } from 'react';
import { AlertIcon } from './icons.tsx';

export function cx(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}

export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600';

/** Text inputs, textareas and select buttons (invalid state from Headless UI's data-invalid or aria-invalid). */
export const controlClass =
  'block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:outline-2 focus:-outline-offset-2 focus:outline-accent-600 data-invalid:ring-red-500 aria-invalid:ring-red-500 disabled:bg-slate-50 disabled:text-slate-500';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger-ghost' | 'destructive';
type Size = 'sm' | 'md' | 'icon';

const variants: Record<Variant, string> = {
  primary: 'bg-accent-600 text-white shadow-sm hover:bg-accent-700 disabled:bg-accent-400',
  secondary: 'bg-white text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:text-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
  'danger-ghost': 'text-red-700 hover:bg-red-50 disabled:text-red-300',
  destructive: 'bg-red-600 text-white shadow-sm hover:bg-red-700 disabled:bg-red-400',
};
const sizes: Record<Size, string> = {
  sm: 'h-8 px-3 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
  icon: 'h-9 w-9 justify-center',
};

/** Classes of a button, also used on links that look like buttons. */
export function buttonClass(variant: Variant = 'primary', size: Size = 'md', extra?: string): string {
  return cx(
    'inline-flex shrink-0 items-center justify-center rounded-md font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed',
    focusRing,
    variants[variant],
    sizes[size],
    extra,
  );
}

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <svg className={cx('animate-spin', className ?? 'h-4 w-4')} viewBox="0 0 24 24" fill="none" role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true}>
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A card; `labelledBy` (the id of its heading) makes it a named region for assistive technology. */
export function Card({ children, className, labelledBy }: { children: ReactNode; className?: string; labelledBy?: string }) {
  return (
    <section aria-labelledby={labelledBy} className={cx('rounded-xl border border-slate-200 bg-white shadow-sm', className)}>
      {children}
    </section>
  );
}

export function CardHeader({ title, description, action, id }: { title: ReactNode; description?: ReactNode; action?: ReactNode; id?: string }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4">
      <div className="min-w-0">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {description ? <p className="mt-0.5 text-sm text-slate-500">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}

type Tone = 'gray' | 'blue' | 'green' | 'red' | 'amber' | 'indigo' | 'violet';
const tones: Record<Tone, string> = {
  gray: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  blue: 'bg-blue-50 text-blue-800 ring-blue-600/20',
  green: 'bg-green-50 text-green-800 ring-green-600/20',
  red: 'bg-red-50 text-red-800 ring-red-600/20',
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  indigo: 'bg-accent-50 text-accent-800 ring-accent-600/20',
  violet: 'bg-violet-50 text-violet-800 ring-violet-600/20',
};

export function Badge({ tone = 'gray', children, className }: { tone?: Tone; children: ReactNode; className?: string }) {
  return <span className={cx('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset', tones[tone], className)}>{children}</span>;
}

/** Initials of a person, for avatars: "Léa Favre" → "LF"; falls back to the email's first letter. */
export function initials(firstName?: string | null, lastName?: string | null, email?: string | null): string {
  const letters = `${firstName?.trim()[0] ?? ''}${lastName?.trim()[0] ?? ''}`;
  return (letters || email?.trim()[0] || 'U').toUpperCase();
}

export function Avatar({ text, imageUrl, size = 'md' }: { text: string; imageUrl?: string | null; size?: 'sm' | 'md' }) {
  const [broken, setBroken] = useState(false);
  const box = size === 'sm' ? 'h-8 w-8 text-xs' : 'h-10 w-10 text-sm';
  if (imageUrl && !broken) {
    return <img src={imageUrl} alt="" className={cx(box, 'shrink-0 rounded-full object-cover')} onError={() => setBroken(true)} />;
  }
  return (
    <span aria-hidden="true" className={cx(box, 'inline-flex shrink-0 items-center justify-center rounded-full bg-accent-100 font-semibold text-accent-700')}>
      {text}
    </span>
  );
}

export function Alert({ title, children, tone = 'red' }: { title: string; children?: ReactNode; tone?: 'red' | 'amber' }) {
  return (
    <div role="alert" className={cx('flex gap-3 rounded-lg border p-4', tone === 'red' ? 'border-red-200 bg-red-50 text-red-900' : 'border-amber-200 bg-amber-50 text-amber-900')}>
      <AlertIcon className="mt-0.5 shrink-0" />
      <div>
        <p className="font-semibold">{title}</p>
        {children ? <div className="mt-1 text-sm">{children}</div> : null}
      </div>
    </div>
  );
}

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {description ? <p className="mt-1 text-sm text-slate-500">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

/** A dash for empty table cells. */
export function orDash(value: string | null | undefined, dash = '-'): string {
  return value === null || value === undefined || String(value).trim() === '' ? dash : String(value);
}

export function fullName(person: { firstName?: string | null; lastName?: string | null }): string {
  return [person.firstName, person.lastName].filter((part) => part && part.trim()).join(' ');
}

/** The `<option>`s of a native select: one per value, showing its French label. */
export function LabelledOptions<V extends string>({ values, labels }: { values: readonly V[]; labels: Record<V, string> }) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {labels[value]}
        </option>
      ))}
    </>
  );
}

/** The "Voir tout…" link at the top right of a card that shows only the first items. */
export function CardLink({ href, text }: { href: string; text: string }) {
  return (
    <a href={href} className={buttonClass('ghost', 'sm')}>
      {text}
    </a>
  );
}
