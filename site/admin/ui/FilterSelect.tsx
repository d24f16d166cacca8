/**
 * A list screen's filter: a native select under its label (the URL keeps the choice), whose first
 * option, the empty value, means no filter.
 */
import type { ReactNode } from 'react';
import { controlClass, cx } from './primitives.tsx';

export function FilterSelect({
  label,
  anyLabel,
  value,
  onChange,
  children,
}: {
  label: string;
  /** The first option's text: "Tous", "Tout le monde"… */
  anyLabel: string;
  value: string;
  onChange: (value: string) => void;
  /** The other options. */
  children: ReactNode;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      {label}
      <select className={cx(controlClass, 'h-10')} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{anyLabel}</option>
        {children}
      </select>
    </label>
  );
}
