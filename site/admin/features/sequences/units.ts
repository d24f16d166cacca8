/**
 * Delays are stored in minutes (the API's `afterMinutes`, `delayMinutes`) and entered in a person's
 * unit: minutes, hours or days. A stored delay is shown in the largest unit that divides it exactly.
 */
export const DELAY_UNITS = { minutes: 1, hours: 60, days: 24 * 60 } as const;
export type DelayUnit = keyof typeof DELAY_UNITS;

export interface HumanDelay {
  value: string;
  unit: DelayUnit;
}

export function toHuman(minutes: number): HumanDelay {
  if (minutes === 0) return { value: '0', unit: 'days' };
  if (minutes % DELAY_UNITS.days === 0) return { value: String(minutes / DELAY_UNITS.days), unit: 'days' };
  if (minutes % DELAY_UNITS.hours === 0) return { value: String(minutes / DELAY_UNITS.hours), unit: 'hours' };
  return { value: String(minutes), unit: 'minutes' };
}

/**
 * The minutes the API takes, or what was typed when it is no number (the API's schema then says why in
 * French, beside the field); an empty value is `undefined` (the schema's default or its "required").
 */
export function toMinutes(delay: HumanDelay): number | string | undefined {
  const text = delay.value.trim().replace(',', '.');
  if (text === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) return delay.value;
  return Math.round(value * DELAY_UNITS[delay.unit]);
}
