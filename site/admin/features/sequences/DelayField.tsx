/** A delay typed in a person's unit: a number and its unit (minutes, heures, jours), one label, the API's message under both. */
import { useId } from 'react';
import { controlClass, cx } from '../../ui/primitives.tsx';
import { SEQUENCE_COPY } from './copy.ts';
import { DELAY_UNITS, type DelayUnit, type HumanDelay } from './units.ts';

export function DelayField({
  label,
  hint,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string;
  hint?: string;
  value: HumanDelay;
  onChange: (value: HumanDelay) => void;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={`${id}-value`} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-value`}
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          value={value.value}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, value: event.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className={cx(controlClass, 'w-28')}
        />
        <select
          aria-label={`${label} : ${SEQUENCE_COPY.units.legend}`}
          value={value.unit}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, unit: event.target.value as DelayUnit })}
          className={cx(controlClass, 'w-32')}
        >
          {(Object.keys(DELAY_UNITS) as DelayUnit[]).map((unit) => (
            <option key={unit} value={unit}>
              {SEQUENCE_COPY.units[unit]}
            </option>
          ))}
        </select>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
